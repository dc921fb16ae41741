CREATE TABLE "reseller_record_codes" (
	"reseller_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "reseller_record_codes_reseller_id_prefix_year_pk" PRIMARY KEY("reseller_id","prefix","year")
);
--> statement-breakpoint
CREATE TABLE "sales_deliveries" (
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
	"sales_order_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"source_warehouse_id" uuid NOT NULL,
	"stock_movement_id" uuid,
	"delivered_on" date,
	"item_count" integer DEFAULT 0 NOT NULL,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_deliveries_state_check" CHECK ("sales_deliveries"."state" IN ('draft', 'validated', 'canceled'))
);
--> statement-breakpoint
CREATE TABLE "sales_delivery_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sales_delivery_id" uuid NOT NULL,
	"sales_order_item_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"product_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_delivery_items_quantity_check" CHECK ("sales_delivery_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sales_invoice_id" uuid NOT NULL,
	"sales_order_item_id" uuid,
	"repair_item_id" uuid,
	"deducted_invoice_id" uuid,
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
	CONSTRAINT "sales_invoice_items_unit_price_check" CHECK ("sales_invoice_items"."unit_price" >= 0),
	CONSTRAINT "sales_invoice_items_discount_check" CHECK ("sales_invoice_items"."discount" >= 0 AND "sales_invoice_items"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "sales_invoice_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sales_invoice_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"url" text NOT NULL,
	"locale" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_invoice_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "sales_invoice_links_locale_check" CHECK ("sales_invoice_links"."locale" IN ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "sales_invoices" (
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
	"kind" text DEFAULT 'standard' NOT NULL,
	"customer_id" uuid NOT NULL,
	"sales_order_id" uuid,
	"repair_id" uuid,
	"vehicle_id" uuid,
	"source_warehouse_id" uuid,
	"invoicing_type" text,
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
	CONSTRAINT "sales_invoices_state_check" CHECK ("sales_invoices"."state" IN ('draft', 'validated', 'canceled')),
	CONSTRAINT "sales_invoices_kind_check" CHECK ("sales_invoices"."kind" IN ('standard', 'deposit')),
	CONSTRAINT "sales_invoices_invoicing_type_check" CHECK ("sales_invoices"."invoicing_type" IN ('complete', 'amount', 'product')),
	CONSTRAINT "sales_invoices_payment_status_check" CHECK ("sales_invoices"."payment_status" IN ('unpaid', 'partially_paid', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "sales_order_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sales_order_id" uuid NOT NULL,
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
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_order_items_quantity_check" CHECK ("sales_order_items"."quantity" >= 0),
	CONSTRAINT "sales_order_items_unit_price_check" CHECK ("sales_order_items"."unit_price" >= 0),
	CONSTRAINT "sales_order_items_discount_check" CHECK ("sales_order_items"."discount" >= 0 AND "sales_order_items"."discount" <= 100)
);
--> statement-breakpoint
CREATE TABLE "sales_orders" (
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
	"issuer_id" uuid,
	"invoicing_type" text DEFAULT 'complete' NOT NULL,
	"invoicing_status" text DEFAULT 'pending' NOT NULL,
	"delivery_status" text DEFAULT 'pending' NOT NULL,
	"expected_on" date,
	"completed_at" timestamp with time zone,
	"item_count" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_total" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_id" uuid NOT NULL,
	"source_warehouse_id" uuid,
	"invoice_type" text DEFAULT 'standard' NOT NULL,
	"customer_reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_orders_state_check" CHECK ("sales_orders"."state" IN ('draft', 'validated', 'completed', 'canceled')),
	CONSTRAINT "sales_orders_invoicing_type_check" CHECK ("sales_orders"."invoicing_type" IN ('complete', 'amount', 'product')),
	CONSTRAINT "sales_orders_invoice_type_check" CHECK ("sales_orders"."invoice_type" IN ('standard', 'deposit')),
	CONSTRAINT "sales_orders_invoicing_status_check" CHECK ("sales_orders"."invoicing_status" IN ('pending', 'partially_invoiced', 'invoiced')),
	CONSTRAINT "sales_orders_delivery_status_check" CHECK ("sales_orders"."delivery_status" IN ('pending', 'partially_delivered', 'delivered'))
);
--> statement-breakpoint
CREATE TABLE "sales_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"sales_invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"notes" text,
	"creator_id" uuid,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"transaction_id" text,
	"transaction_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sales_payments_amount_check" CHECK ("sales_payments"."amount" <> 0),
	CONSTRAINT "sales_payments_method_check" CHECK ("sales_payments"."method" IN ('transfer', 'cheque', 'card', 'cash', 'other')),
	CONSTRAINT "sales_payments_source_check" CHECK ("sales_payments"."source" IN ('manual', 'stripe', 'paypal'))
);
--> statement-breakpoint
CREATE TABLE "online_payment_checkouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"payable_type" text NOT NULL,
	"payable_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text NOT NULL,
	"url" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"transaction_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "online_payment_checkouts_reference_key" UNIQUE("provider","provider_reference"),
	CONSTRAINT "online_payment_checkouts_provider_check" CHECK ("online_payment_checkouts"."provider" IN ('stripe', 'paypal')),
	CONSTRAINT "online_payment_checkouts_state_check" CHECK ("online_payment_checkouts"."state" IN ('open', 'paid', 'refused')),
	CONSTRAINT "online_payment_checkouts_amount_check" CHECK ("online_payment_checkouts"."amount" > 0),
	CONSTRAINT "online_payment_checkouts_refunded_check" CHECK ("online_payment_checkouts"."refunded_amount" BETWEEN 0 AND "online_payment_checkouts"."amount")
);
--> statement-breakpoint
CREATE TABLE "online_payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event_type" text NOT NULL,
	"checkout_id" uuid,
	"outcome" text NOT NULL,
	"summary" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "online_payment_events_event_key" UNIQUE("provider","event_id"),
	CONSTRAINT "online_payment_events_provider_check" CHECK ("online_payment_events"."provider" IN ('stripe', 'paypal')),
	CONSTRAINT "online_payment_events_outcome_check" CHECK ("online_payment_events"."outcome" IN ('recorded', 'already_paid', 'amount_mismatch', 'unknown_checkout', 'payable_refused', 'ignored'))
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"tax_code" text DEFAULT 'gst_qst' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"frequency" text NOT NULL,
	"maximum_users" integer,
	"default_role_id" uuid,
	CONSTRAINT "packages_frequency_check" CHECK ("packages"."frequency" IN ('monthly', 'yearly')),
	CONSTRAINT "packages_tax_code_check" CHECK ("packages"."tax_code" IN ('gst_qst', 'gst', 'hst_13', 'hst_15', 'none')),
	CONSTRAINT "packages_maximum_users_check" CHECK ("packages"."maximum_users" IS NULL OR "packages"."maximum_users" > 0)
);
--> statement-breakpoint
CREATE TABLE "reseller_invoice_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"reseller_invoice_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"reseller_product_id" uuid,
	"reseller_service_id" uuid,
	"description" text,
	"quantity" numeric(18, 4) NOT NULL,
	"unit_price" bigint,
	"discount" numeric(7, 4),
	"tax_code" text,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_invoice_items_quantity_check" CHECK ("reseller_invoice_items"."quantity" >= 0),
	CONSTRAINT "reseller_invoice_items_unit_price_check" CHECK ("reseller_invoice_items"."unit_price" >= 0),
	CONSTRAINT "reseller_invoice_items_discount_check" CHECK ("reseller_invoice_items"."discount" >= 0 AND "reseller_invoice_items"."discount" <= 100),
	CONSTRAINT "reseller_invoice_items_tax_code_check" CHECK ("reseller_invoice_items"."tax_code" IN ('gst_qst', 'gst', 'hst_13', 'hst_15', 'none'))
);
--> statement-breakpoint
CREATE TABLE "reseller_invoices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"code" text,
	"notes" text,
	"validated_by_id" uuid,
	"validated_at" timestamp with time zone,
	"canceled_by_id" uuid,
	"canceled_at" timestamp with time zone,
	"state" text DEFAULT 'draft' NOT NULL,
	"subscription_id" uuid,
	"period_start" date,
	"period_end" date,
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
	CONSTRAINT "reseller_invoices_state_check" CHECK ("reseller_invoices"."state" IN ('draft', 'validated', 'canceled')),
	CONSTRAINT "reseller_invoices_payment_status_check" CHECK ("reseller_invoices"."payment_status" IN ('unpaid', 'partially_paid', 'paid'))
);
--> statement-breakpoint
CREATE TABLE "reseller_payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"reseller_invoice_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"notes" text,
	"creator_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_payments_amount_check" CHECK ("reseller_payments"."amount" > 0),
	CONSTRAINT "reseller_payments_method_check" CHECK ("reseller_payments"."method" IN ('transfer', 'cheque', 'card', 'cash', 'other'))
);
--> statement-breakpoint
CREATE TABLE "reseller_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"tax_code" text DEFAULT 'gst_qst' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_products_tax_code_check" CHECK ("reseller_products"."tax_code" IN ('gst_qst', 'gst', 'hst_13', 'hst_15', 'none'))
);
--> statement-breakpoint
CREATE TABLE "reseller_services" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"price" bigint DEFAULT 0 NOT NULL,
	"tax_code" text DEFAULT 'gst_qst' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_services_tax_code_check" CHECK ("reseller_services"."tax_code" IN ('gst_qst', 'gst', 'hst_13', 'hst_15', 'none'))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"reseller_id" uuid NOT NULL,
	"package_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"auto_renew" boolean DEFAULT true NOT NULL,
	"notes" text,
	"renewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_state_check" CHECK ("subscriptions"."state" IN ('active', 'renewable', 'expired')),
	CONSTRAINT "subscriptions_period_check" CHECK ("subscriptions"."end_time" > "subscriptions"."start_time")
);
--> statement-breakpoint
ALTER TABLE "stock_movements" DROP CONSTRAINT "stock_movements_trigger_type_check";--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD COLUMN "part_status" text;--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD COLUMN "estimation_item_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_record_codes" ADD CONSTRAINT "reseller_record_codes_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_source_warehouse_id_warehouses_id_fk" FOREIGN KEY ("source_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_stock_movement_id_stock_movements_id_fk" FOREIGN KEY ("stock_movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_deliveries" ADD CONSTRAINT "sales_deliveries_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_items" ADD CONSTRAINT "sales_delivery_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_items" ADD CONSTRAINT "sales_delivery_items_sales_delivery_id_sales_deliveries_id_fk" FOREIGN KEY ("sales_delivery_id") REFERENCES "public"."sales_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_items" ADD CONSTRAINT "sales_delivery_items_sales_order_item_id_sales_order_items_id_fk" FOREIGN KEY ("sales_order_item_id") REFERENCES "public"."sales_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_delivery_items" ADD CONSTRAINT "sales_delivery_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_sales_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("sales_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_sales_order_item_id_sales_order_items_id_fk" FOREIGN KEY ("sales_order_item_id") REFERENCES "public"."sales_order_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_repair_item_id_repair_items_id_fk" FOREIGN KEY ("repair_item_id") REFERENCES "public"."repair_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_deducted_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("deducted_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_links" ADD CONSTRAINT "sales_invoice_links_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_links" ADD CONSTRAINT "sales_invoice_links_sales_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("sales_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoice_links" ADD CONSTRAINT "sales_invoice_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_source_warehouse_id_warehouses_id_fk" FOREIGN KEY ("source_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_sales_order_id_sales_orders_id_fk" FOREIGN KEY ("sales_order_id") REFERENCES "public"."sales_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_order_items" ADD CONSTRAINT "sales_order_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_orders" ADD CONSTRAINT "sales_orders_source_warehouse_id_warehouses_id_fk" FOREIGN KEY ("source_warehouse_id") REFERENCES "public"."warehouses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_sales_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("sales_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_checkouts" ADD CONSTRAINT "online_payment_checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_events" ADD CONSTRAINT "online_payment_events_checkout_id_online_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."online_payment_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_default_role_id_roles_id_fk" FOREIGN KEY ("default_role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD CONSTRAINT "reseller_invoice_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD CONSTRAINT "reseller_invoice_items_reseller_invoice_id_reseller_invoices_id_fk" FOREIGN KEY ("reseller_invoice_id") REFERENCES "public"."reseller_invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD CONSTRAINT "reseller_invoice_items_reseller_product_id_reseller_products_id_fk" FOREIGN KEY ("reseller_product_id") REFERENCES "public"."reseller_products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD CONSTRAINT "reseller_invoice_items_reseller_service_id_reseller_services_id_fk" FOREIGN KEY ("reseller_service_id") REFERENCES "public"."reseller_services"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoices" ADD CONSTRAINT "reseller_invoices_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_payments" ADD CONSTRAINT "reseller_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_payments" ADD CONSTRAINT "reseller_payments_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_payments" ADD CONSTRAINT "reseller_payments_reseller_invoice_id_reseller_invoices_id_fk" FOREIGN KEY ("reseller_invoice_id") REFERENCES "public"."reseller_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_payments" ADD CONSTRAINT "reseller_payments_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_products" ADD CONSTRAINT "reseller_products_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_services" ADD CONSTRAINT "reseller_services_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sales_deliveries_org_code_unique" ON "sales_deliveries" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "sales_deliveries_org_state_idx" ON "sales_deliveries" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "sales_deliveries_location_ids_idx" ON "sales_deliveries" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "sales_deliveries_order_idx" ON "sales_deliveries" USING btree ("sales_order_id");--> statement-breakpoint
CREATE INDEX "sales_delivery_items_delivery_idx" ON "sales_delivery_items" USING btree ("sales_delivery_id","position");--> statement-breakpoint
CREATE INDEX "sales_delivery_items_order_item_idx" ON "sales_delivery_items" USING btree ("sales_order_item_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_items_invoice_idx" ON "sales_invoice_items" USING btree ("sales_invoice_id","position");--> statement-breakpoint
CREATE INDEX "sales_invoice_items_order_item_idx" ON "sales_invoice_items" USING btree ("sales_order_item_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_items_product_idx" ON "sales_invoice_items" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_items_deducted_idx" ON "sales_invoice_items" USING btree ("deducted_invoice_id");--> statement-breakpoint
CREATE INDEX "sales_invoice_links_invoice_idx" ON "sales_invoice_links" USING btree ("sales_invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_org_code_unique" ON "sales_invoices" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "sales_invoices_org_state_idx" ON "sales_invoices" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "sales_invoices_location_ids_idx" ON "sales_invoices" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "sales_invoices_order_idx" ON "sales_invoices" USING btree ("sales_order_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_customer_idx" ON "sales_invoices" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_invoices_repair_unique" ON "sales_invoices" USING btree ("repair_id") WHERE "sales_invoices"."repair_id" IS NOT NULL AND "sales_invoices"."state" <> 'canceled';--> statement-breakpoint
CREATE INDEX "sales_order_items_order_idx" ON "sales_order_items" USING btree ("sales_order_id","position");--> statement-breakpoint
CREATE INDEX "sales_order_items_product_idx" ON "sales_order_items" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_orders_org_code_unique" ON "sales_orders" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "sales_orders_org_state_idx" ON "sales_orders" USING btree ("organization_id","state","created_at");--> statement-breakpoint
CREATE INDEX "sales_orders_location_ids_idx" ON "sales_orders" USING gin ("location_ids");--> statement-breakpoint
CREATE INDEX "sales_orders_customer_idx" ON "sales_orders" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sales_orders_warehouse_idx" ON "sales_orders" USING btree ("source_warehouse_id");--> statement-breakpoint
CREATE INDEX "sales_payments_invoice_idx" ON "sales_payments" USING btree ("sales_invoice_id");--> statement-breakpoint
CREATE INDEX "sales_payments_location_ids_idx" ON "sales_payments" USING gin ("location_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "sales_payments_transaction_unique" ON "sales_payments" USING btree ("source","transaction_id") WHERE "sales_payments"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "online_payment_checkouts_payable_idx" ON "online_payment_checkouts" USING btree ("payable_type","payable_id");--> statement-breakpoint
CREATE INDEX "online_payment_checkouts_transaction_idx" ON "online_payment_checkouts" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_name_unique" ON "packages" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE INDEX "reseller_invoice_items_invoice_idx" ON "reseller_invoice_items" USING btree ("reseller_invoice_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_invoices_code_unique" ON "reseller_invoices" USING btree ("reseller_id","code");--> statement-breakpoint
CREATE INDEX "reseller_invoices_reseller_state_idx" ON "reseller_invoices" USING btree ("reseller_id","state","created_at");--> statement-breakpoint
CREATE INDEX "reseller_invoices_organization_idx" ON "reseller_invoices" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_invoices_period_unique" ON "reseller_invoices" USING btree ("subscription_id","period_start") WHERE "reseller_invoices"."state" <> 'canceled';--> statement-breakpoint
CREATE INDEX "reseller_payments_invoice_idx" ON "reseller_payments" USING btree ("reseller_invoice_id");--> statement-breakpoint
CREATE INDEX "reseller_payments_reseller_idx" ON "reseller_payments" USING btree ("reseller_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_products_name_unique" ON "reseller_products" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_services_name_unique" ON "reseller_services" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "subscriptions_organization_unique" ON "subscriptions" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "subscriptions_reseller_idx" ON "subscriptions" USING btree ("reseller_id","end_time");--> statement-breakpoint
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("end_time") WHERE "subscriptions"."auto_renew";--> statement-breakpoint
ALTER TABLE "purchases_order_items" ADD CONSTRAINT "purchases_order_items_estimation_item_id_estimation_items_id_fk" FOREIGN KEY ("estimation_item_id") REFERENCES "public"."estimation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchases_order_items_estimation_item_idx" ON "purchases_order_items" USING btree ("estimation_item_id");--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_part_status_check" CHECK ("estimation_items"."part_status" IN ('to_order', 'ordered', 'received'));--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_trigger_type_check" CHECK ("stock_movements"."trigger_object_type" IN ('repairs', 'purchases-deliveries', 'sales-deliveries'));