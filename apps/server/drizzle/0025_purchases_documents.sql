CREATE TABLE "purchases_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"notes" text,
	"validated_by_id" uuid,
	"validated_at" timestamp with time zone,
	"canceled_by_id" uuid,
	"canceled_at" timestamp with time zone,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"purchases_order_id" uuid NOT NULL,
	"supplier_id" uuid NOT NULL,
	"destination_warehouse_id" uuid NOT NULL,
	"stock_movement_id" uuid,
	"supplier_reference" text,
	"received_on" date,
	"item_count" integer DEFAULT 0 NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_deliveries_state_check" CHECK ("purchases_deliveries"."state" IN ('draft', 'validated', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "purchases_delivery_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"purchases_delivery_id" uuid NOT NULL,
	"purchases_order_item_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_cost" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_delivery_items_quantity_check" CHECK ("purchases_delivery_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchases_invoice_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"purchases_invoice_id" uuid NOT NULL,
	"purchases_order_item_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" bigint,
	"discount" numeric(7, 4),
	"tax_group_id" uuid,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_invoice_items_quantity_check" CHECK ("purchases_invoice_items"."quantity" >= 0),
	CONSTRAINT "purchases_invoice_items_unit_price_check" CHECK ("purchases_invoice_items"."unit_price" >= 0),
	CONSTRAINT "purchases_invoice_items_discount_check" CHECK ("purchases_invoice_items"."discount" >= 0 AND "purchases_invoice_items"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "purchases_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"notes" text,
	"validated_by_id" uuid,
	"validated_at" timestamp with time zone,
	"canceled_by_id" uuid,
	"canceled_at" timestamp with time zone,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"purchases_order_id" uuid,
	"invoicing_type" text,
	"supplier_reference" text,
	"issued_on" date,
	"expiration_time" date,
	"billing_address" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"payment_status" text DEFAULT 'unpaid' NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_invoices_state_check" CHECK ("purchases_invoices"."state" IN ('draft', 'validated', 'canceled')),
	CONSTRAINT "purchases_invoices_invoicing_type_check" CHECK ("purchases_invoices"."invoicing_type" IN ('complete', 'amount', 'product')),
	CONSTRAINT "purchases_invoices_payment_status_check" CHECK ("purchases_invoices"."payment_status" IN ('unpaid', 'partially_paid', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "purchases_order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"purchases_order_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" bigint,
	"discount" numeric(7, 4),
	"tax_group_id" uuid,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quantity_delivered" numeric(18, 4) DEFAULT '0' NOT NULL,
	"quantity_invoiced" numeric(18, 4) DEFAULT '0' NOT NULL,
	"repair_item_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_order_items_quantity_check" CHECK ("purchases_order_items"."quantity" >= 0),
	CONSTRAINT "purchases_order_items_unit_price_check" CHECK ("purchases_order_items"."unit_price" >= 0),
	CONSTRAINT "purchases_order_items_discount_check" CHECK ("purchases_order_items"."discount" >= 0 AND "purchases_order_items"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "purchases_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"notes" text,
	"validated_by_id" uuid,
	"validated_at" timestamp with time zone,
	"canceled_by_id" uuid,
	"canceled_at" timestamp with time zone,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"state" text DEFAULT 'draft' NOT NULL,
	"supplier_id" uuid NOT NULL,
	"destination_warehouse_id" uuid NOT NULL,
	"issuer_id" uuid,
	"invoicing_type" text DEFAULT 'complete' NOT NULL,
	"invoicing_status" text DEFAULT 'pending' NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"expected_on" date,
	"supplier_reference" text,
	"completed_at" timestamp with time zone,
	"item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_orders_state_check" CHECK ("purchases_orders"."state" IN ('draft', 'validated', 'completed', 'canceled')),
	CONSTRAINT "purchases_orders_invoicing_type_check" CHECK ("purchases_orders"."invoicing_type" IN ('complete', 'amount', 'product')),
	CONSTRAINT "purchases_orders_invoicing_status_check" CHECK ("purchases_orders"."invoicing_status" IN ('pending', 'partially_invoiced', 'invoiced')),
	CONSTRAINT "purchases_orders_delivery_status_check" CHECK ("purchases_orders"."delivery_status" IN ('pending', 'partially_delivered', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "purchases_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"purchases_invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"notes" text,
	"creator_id" uuid,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchases_payments_amount_check" CHECK ("purchases_payments"."amount" > 0),
	CONSTRAINT "purchases_payments_method_check" CHECK ("purchases_payments"."method" IN ('transfer', 'cheque', 'card', 'cash', 'other'))
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_trigger_type_check";--> statement-breakpoint
ALTER TABLE "repair_items" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_purchases_order_id_purchases_orders_id_fk" FOREIGN KEY ("purchases_order_id") REFERENCES "public"."purchases_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_destination_warehouse_id_warehouses_id_fk" FOREIGN KEY ("destination_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_deliveries" ADD CONSTRAINT "purchases_deliveries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_delivery_items" ADD CONSTRAINT "purchases_delivery_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_delivery_items" ADD CONSTRAINT "purchases_delivery_items_purchases_delivery_id_purchases_deliveries_id_fk" FOREIGN KEY ("purchases_delivery_id") REFERENCES "public"."purchases_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_delivery_items" ADD CONSTRAINT "purchases_delivery_items_purchases_order_item_id_purchases_order_items_id_fk" FOREIGN KEY ("purchases_order_item_id") REFERENCES "public"."purchases_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_delivery_items" ADD CONSTRAINT "purchases_delivery_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoice_items" ADD CONSTRAINT "purchases_invoice_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoice_items" ADD CONSTRAINT "purchases_invoice_items_purchases_invoice_id_purchases_invoices_id_fk" FOREIGN KEY ("purchases_invoice_id") REFERENCES "public"."purchases_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoice_items" ADD CONSTRAINT "purchases_invoice_items_purchases_order_item_id_purchases_order_items_id_fk" FOREIGN KEY ("purchases_order_item_id") REFERENCES "public"."purchases_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoice_items" ADD CONSTRAINT "purchases_invoice_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoice_items" ADD CONSTRAINT "purchases_invoice_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_purchases_order_id_purchases_orders_id_fk" FOREIGN KEY ("purchases_order_id") REFERENCES "public"."purchases_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_invoices" ADD CONSTRAINT "purchases_invoices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_purchases_order_id_purchases_orders_id_fk" FOREIGN KEY ("purchases_order_id") REFERENCES "public"."purchases_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_repair_item_id_repair_items_id_fk" FOREIGN KEY ("repair_item_id") REFERENCES "public"."repair_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_destination_warehouse_id_warehouses_id_fk" FOREIGN KEY ("destination_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_orders" ADD CONSTRAINT "purchases_orders_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_payments" ADD CONSTRAINT "purchases_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_payments" ADD CONSTRAINT "purchases_payments_purchases_invoice_id_purchases_invoices_id_fk" FOREIGN KEY ("purchases_invoice_id") REFERENCES "public"."purchases_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchases_payments" ADD CONSTRAINT "purchases_payments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_deliveries_org_code_unique" ON "purchases_deliveries" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "purchases_deliveries_org_state_idx" ON "purchases_deliveries" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "purchases_deliveries_location_ids_idx" ON "purchases_deliveries" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "purchases_deliveries_order_idx" ON "purchases_deliveries" USING btree ("purchases_order_id");--> statement-breakpoint
CREATE INDEX "purchases_delivery_items_delivery_idx" ON "purchases_delivery_items" USING btree ("purchases_delivery_id","position");--> statement-breakpoint
CREATE INDEX "purchases_delivery_items_order_item_idx" ON "purchases_delivery_items" USING btree ("purchases_order_item_id");--> statement-breakpoint
CREATE INDEX "purchases_invoice_items_invoice_idx" ON "purchases_invoice_items" USING btree ("purchases_invoice_id","position");--> statement-breakpoint
CREATE INDEX "purchases_invoice_items_order_item_idx" ON "purchases_invoice_items" USING btree ("purchases_order_item_id");--> statement-breakpoint
CREATE INDEX "purchases_invoice_items_product_idx" ON "purchases_invoice_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_invoices_org_code_unique" ON "purchases_invoices" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "purchases_invoices_org_state_idx" ON "purchases_invoices" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "purchases_invoices_location_ids_idx" ON "purchases_invoices" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "purchases_invoices_order_idx" ON "purchases_invoices" USING btree ("purchases_order_id");--> statement-breakpoint
CREATE INDEX "purchases_invoices_supplier_idx" ON "purchases_invoices" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchases_order_items_order_idx" ON "purchases_order_items" USING btree ("purchases_order_id","position");--> statement-breakpoint
CREATE INDEX "purchases_order_items_repair_item_idx" ON "purchases_order_items" USING btree ("repair_item_id");--> statement-breakpoint
CREATE INDEX "purchases_order_items_product_idx" ON "purchases_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchases_orders_org_code_unique" ON "purchases_orders" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "purchases_orders_org_state_idx" ON "purchases_orders" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "purchases_orders_location_ids_idx" ON "purchases_orders" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "purchases_orders_supplier_idx" ON "purchases_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchases_orders_warehouse_idx" ON "purchases_orders" USING btree ("destination_warehouse_id");--> statement-breakpoint
CREATE INDEX "purchases_payments_invoice_idx" ON "purchases_payments" USING btree ("purchases_invoice_id");--> statement-breakpoint
CREATE INDEX "purchases_payments_location_ids_idx" ON "purchases_payments" USING gin ("location_ids");--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_trigger_type_check" CHECK ("stock_movements"."trigger_object_type" IN ('repairs', 'purchases-deliveries'));