DROP INDEX "supplier_products_supplier_idx";--> statement-breakpoint
ALTER TABLE "supplier_products" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "supplier_products_supplier_idx" ON "supplier_products" USING btree ("supplier_id","position");--> statement-breakpoint
-- Existing products take their place in the order they were listed in (by code).
UPDATE "supplier_products" SET "position" = o.n FROM (
  SELECT "id", (row_number() OVER (PARTITION BY "supplier_id" ORDER BY lower("supplier_sku"), "id") - 1)::int AS n FROM "supplier_products"
) o WHERE o."id" = "supplier_products"."id";
