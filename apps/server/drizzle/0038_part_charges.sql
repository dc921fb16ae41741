ALTER TABLE "products" DROP CONSTRAINT "products_prices_check";--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "environmental_fee_kind" text;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "environmental_fee" bigint;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "core_charge" bigint;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "core_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "part_charges_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "part_charges_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "unit_cost" bigint;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "environmental_fee_kind" text;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "environmental_fee" bigint;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "core_charge" bigint;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "core_returned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "part_charges_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "part_charges_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "environmental_fee_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "core_charge" bigint;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_environmental_fee_kind_check" CHECK ("repair_items"."environmental_fee_kind" IN ('tire', 'battery'));--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_part_charges_check" CHECK ("repair_items"."unit_cost" >= 0 AND "repair_items"."environmental_fee" >= 0 AND "repair_items"."core_charge" >= 0);--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_environmental_fee_kind_check" CHECK ("estimation_items"."environmental_fee_kind" IN ('tire', 'battery'));--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_part_charges_check" CHECK ("estimation_items"."unit_cost" >= 0 AND "estimation_items"."environmental_fee" >= 0 AND "estimation_items"."core_charge" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_environmental_fee_kind_check" CHECK ("products"."environmental_fee_kind" IN ('tire', 'battery'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_prices_check" CHECK ("products"."buying_price" >= 0 AND "products"."selling_price" >= 0 AND "products"."price" >= 0 AND "products"."core_charge" >= 0);