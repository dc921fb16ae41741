ALTER TABLE "repairs" ADD COLUMN "shop_supplies_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "shop_supplies_cap" integer;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "shop_supplies_tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "document_discount_percent" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "document_discount_amount" integer;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "shop_supplies_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "document_discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "shop_supplies_percent" numeric(7, 4) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "shop_supplies_cap" integer;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "shop_supplies_tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "document_discount_percent" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "document_discount_amount" integer;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "shop_supplies_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "document_discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_shop_supplies_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("shop_supplies_tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_shop_supplies_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("shop_supplies_tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;