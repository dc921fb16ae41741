CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"part_number" text,
	"barcode" text,
	"unit" text,
	"buying_price" bigint,
	"selling_price" bigint,
	"price" bigint,
	"tax_group_id" uuid,
	"category" text,
	"active" boolean DEFAULT true NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_prices_check" CHECK ("products"."buying_price" >= 0 AND "products"."selling_price" >= 0 AND "products"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movement_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"stock_movement_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_cost" bigint,
	"applied" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movement_items_quantity_check" CHECK ("stock_movement_items"."quantity" >= 0),
	CONSTRAINT "stock_movement_items_unit_cost_check" CHECK ("stock_movement_items"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"type" text NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"notes" text,
	"source_warehouse_id" uuid,
	"destination_warehouse_id" uuid,
	"trigger_object_type" text,
	"trigger_object_id" uuid,
	"item_count" integer DEFAULT 0 NOT NULL,
	"total_cost" bigint DEFAULT 0 NOT NULL,
	"creator_id" uuid,
	"validated_by_id" uuid,
	"validated_at" timestamp with time zone,
	"canceled_by_id" uuid,
	"canceled_at" timestamp with time zone,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_type_check" CHECK ("stock_movements"."type" IN ('add', 'remove', 'move', 'correct')),
	CONSTRAINT "stock_movements_state_check" CHECK ("stock_movements"."state" IN ('draft', 'validated', 'canceled')),
	CONSTRAINT "stock_movements_trigger_type_check" CHECK ("stock_movements"."trigger_object_type" IN ('repairs'))
);
--> statement-breakpoint
CREATE TABLE "warehouse_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"supplier_id" uuid,
	"quantity_on_hand" numeric(18, 4) DEFAULT '0' NOT NULL,
	"quantity_reserved" numeric(18, 4) DEFAULT '0' NOT NULL,
	"quantity_available" numeric(18, 4) GENERATED ALWAYS AS (quantity_on_hand - quantity_reserved) STORED,
	"minimum" numeric(18, 4),
	"maximum" numeric(18, 4),
	"stock_value" bigint DEFAULT 0 NOT NULL,
	"average_cost" bigint DEFAULT 0 NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "warehouse_products_points_check" CHECK ("warehouse_products"."minimum" >= 0 AND "warehouse_products"."maximum" >= 0)
);
--> statement-breakpoint
CREATE TABLE "warehouses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"location_id" uuid NOT NULL,
	"name" text NOT NULL,
	"allow_negative_stock" boolean DEFAULT false NOT NULL,
	"allow_unregistered_products" boolean DEFAULT false NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_items" ADD CONSTRAINT "stock_movement_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_items" ADD CONSTRAINT "stock_movement_items_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movement_items" ADD CONSTRAINT "stock_movement_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_source_warehouse_id_warehouses_id_fk" FOREIGN KEY ("source_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_destination_warehouse_id_warehouses_id_fk" FOREIGN KEY ("destination_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_warehouse_id_warehouses_id_fk" FOREIGN KEY ("warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouse_products" ADD CONSTRAINT "warehouse_products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "warehouses" ADD CONSTRAINT "warehouses_location_id_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."locations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "products_org_sku_unique" ON "products" USING btree ("organization_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_org_name_idx" ON "products" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "products_barcode_idx" ON "products" USING btree ("organization_id","barcode");--> statement-breakpoint
CREATE INDEX "products_location_ids_idx" ON "products" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "stock_movement_items_movement_idx" ON "stock_movement_items" USING btree ("stock_movement_id","position");--> statement-breakpoint
CREATE INDEX "stock_movement_items_product_idx" ON "stock_movement_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_org_code_unique" ON "stock_movements" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "stock_movements_org_state_idx" ON "stock_movements" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_source_idx" ON "stock_movements" USING btree ("source_warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_destination_idx" ON "stock_movements" USING btree ("destination_warehouse_id");--> statement-breakpoint
CREATE INDEX "stock_movements_trigger_idx" ON "stock_movements" USING btree ("trigger_object_id");--> statement-breakpoint
CREATE INDEX "stock_movements_location_ids_idx" ON "stock_movements" USING gin ("location_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "warehouse_products_warehouse_product_unique" ON "warehouse_products" USING btree ("warehouse_id","product_id");--> statement-breakpoint
CREATE INDEX "warehouse_products_product_idx" ON "warehouse_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "warehouse_products_location_ids_idx" ON "warehouse_products" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "warehouses_org_name_idx" ON "warehouses" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "warehouses_location_idx" ON "warehouses" USING btree ("location_id");--> statement-breakpoint
CREATE INDEX "warehouses_location_ids_idx" ON "warehouses" USING gin ("location_ids");--> statement-breakpoint
ALTER TABLE "supplier_products" ADD CONSTRAINT "supplier_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;