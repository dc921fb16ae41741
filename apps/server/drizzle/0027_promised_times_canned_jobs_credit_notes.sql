CREATE TABLE "canned_job_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"canned_job_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"part" text,
	"part_number" text,
	"quantity" numeric DEFAULT '1' NOT NULL,
	"unit_price" integer,
	"manual_labour" integer,
	"time" numeric,
	"hourly_rate" integer,
	"product_id" uuid,
	"supplier_id" uuid,
	"tax_group_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "canned_job_items_quantity_check" CHECK ("canned_job_items"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "canned_job_triggers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"canned_job_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"field_id" uuid NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canned_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sales_invoices" DROP CONSTRAINT "sales_invoices_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD COLUMN "credited_item_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "estimation_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "credited_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD COLUMN "amount_credited" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD COLUMN "refund_of_id" uuid;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD COLUMN "amount_refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "canned_job_items" ADD CONSTRAINT "canned_job_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_items" ADD CONSTRAINT "canned_job_items_canned_job_id_canned_jobs_id_fk" FOREIGN KEY ("canned_job_id") REFERENCES "public"."canned_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_items" ADD CONSTRAINT "canned_job_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_items" ADD CONSTRAINT "canned_job_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_items" ADD CONSTRAINT "canned_job_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_triggers" ADD CONSTRAINT "canned_job_triggers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_triggers" ADD CONSTRAINT "canned_job_triggers_canned_job_id_canned_jobs_id_fk" FOREIGN KEY ("canned_job_id") REFERENCES "public"."canned_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_triggers" ADD CONSTRAINT "canned_job_triggers_field_id_inspection_form_section_fields_id_fk" FOREIGN KEY ("field_id") REFERENCES "public"."inspection_form_section_fields"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_jobs" ADD CONSTRAINT "canned_jobs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "canned_job_items_job_idx" ON "canned_job_items" USING btree ("canned_job_id","position");--> statement-breakpoint
CREATE INDEX "canned_job_triggers_job_idx" ON "canned_job_triggers" USING btree ("canned_job_id","position");--> statement-breakpoint
CREATE INDEX "canned_job_triggers_field_idx" ON "canned_job_triggers" USING btree ("organization_id","field_id");--> statement-breakpoint
CREATE UNIQUE INDEX "canned_job_triggers_unique" ON "canned_job_triggers" USING btree ("canned_job_id","field_id",lower("value"));--> statement-breakpoint
CREATE UNIQUE INDEX "canned_jobs_org_name_unique" ON "canned_jobs" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "canned_jobs_org_code_unique" ON "canned_jobs" USING btree ("organization_id",lower("code"));--> statement-breakpoint
CREATE INDEX "canned_jobs_location_ids_idx" ON "canned_jobs" USING gin ("location_ids");--> statement-breakpoint
ALTER TABLE "sales_invoice_items" ADD CONSTRAINT "sales_invoice_items_credited_item_id_sales_invoice_items_id_fk" FOREIGN KEY ("credited_item_id") REFERENCES "public"."sales_invoice_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_credited_invoice_id_sales_invoices_id_fk" FOREIGN KEY ("credited_invoice_id") REFERENCES "public"."sales_invoices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_refund_of_id_sales_payments_id_fk" FOREIGN KEY ("refund_of_id") REFERENCES "public"."sales_payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repairs_promised_idx" ON "repairs" USING btree ("organization_id","promised_at");--> statement-breakpoint
CREATE INDEX "sales_invoice_items_credited_idx" ON "sales_invoice_items" USING btree ("credited_item_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_credited_idx" ON "sales_invoices" USING btree ("credited_invoice_id");--> statement-breakpoint
CREATE INDEX "sales_invoices_estimation_idx" ON "sales_invoices" USING btree ("estimation_id");--> statement-breakpoint
CREATE INDEX "sales_payments_refund_of_idx" ON "sales_payments" USING btree ("refund_of_id");--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_credit_note_check" CHECK (("sales_invoices"."kind" = 'credit_note') = ("sales_invoices"."credited_invoice_id" IS NOT NULL));--> statement-breakpoint
ALTER TABLE "sales_invoices" ADD CONSTRAINT "sales_invoices_kind_check" CHECK ("sales_invoices"."kind" IN ('standard', 'deposit', 'credit_note'));--> statement-breakpoint
ALTER TABLE "sales_payments" ADD CONSTRAINT "sales_payments_refunded_check" CHECK ("sales_payments"."amount_refunded" >= 0 AND ("sales_payments"."amount" < 0 OR "sales_payments"."amount_refunded" <= "sales_payments"."amount"));