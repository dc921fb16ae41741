ALTER TABLE "roles" ADD COLUMN "max_discount_percent" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "discount_percent" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "discount_amount" bigint;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "discount_percent" numeric(7, 4);--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "discount_amount" integer;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "discount_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_discount_check" CHECK ("repair_items"."discount_percent" BETWEEN 0 AND 100 AND "repair_items"."discount_amount" >= 0 AND ("repair_items"."discount_percent" IS NULL OR "repair_items"."discount_amount" IS NULL));--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_discount_check" CHECK ("estimation_items"."discount_percent" BETWEEN 0 AND 100 AND "estimation_items"."discount_amount" >= 0 AND ("estimation_items"."discount_percent" IS NULL OR "estimation_items"."discount_amount" IS NULL));