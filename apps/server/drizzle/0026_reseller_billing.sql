CREATE TABLE "reseller_record_codes" (
	"reseller_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "reseller_record_codes_reseller_id_prefix_year_pk" PRIMARY KEY("reseller_id","prefix","year")
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
ALTER TABLE "resellers" ADD COLUMN "brand_color" text;--> statement-breakpoint
ALTER TABLE "reseller_record_codes" ADD CONSTRAINT "reseller_record_codes_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
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
CREATE INDEX "subscriptions_renewal_idx" ON "subscriptions" USING btree ("end_time") WHERE "subscriptions"."auto_renew";