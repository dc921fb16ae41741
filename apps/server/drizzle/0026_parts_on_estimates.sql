ALTER TABLE "estimation_items" ADD COLUMN "part_status" text;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD COLUMN "estimation_item_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_estimation_item_id_estimation_items_id_fk" FOREIGN KEY ("estimation_item_id") REFERENCES "public"."estimation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_order_items_estimation_item_idx" ON "purchases_order_items" USING btree ("estimation_item_id");--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_part_status_check" CHECK ("estimation_items"."part_status" IN ('to_order', 'ordered', 'received'));