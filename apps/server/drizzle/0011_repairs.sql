CREATE TABLE "repair_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"repair_id" uuid NOT NULL,
	"estimation_item_id" uuid,
	"position" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"condition" text,
	"part" text,
	"part_number" text,
	"supplier_id" uuid,
	"quantity" numeric(14, 4) DEFAULT '1' NOT NULL,
	"unit_price" bigint,
	"manual_labour" bigint,
	"time" numeric(10, 4),
	"hourly_rate" bigint,
	"tax_group_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"repair_mode" text DEFAULT 'internal' NOT NULL,
	"part_status" text,
	"time_spent" numeric(12, 4) DEFAULT '0' NOT NULL,
	"running_clocks" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"parts_total" bigint DEFAULT 0 NOT NULL,
	"labour_total" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"warranty_total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repair_items_state_check" CHECK ("repair_items"."state" IN ('pending', 'in_progress', 'done', 'not_done')),
	CONSTRAINT "repair_items_mode_check" CHECK ("repair_items"."repair_mode" IN ('internal', 'external', 'warranty')),
	CONSTRAINT "repair_items_part_status_check" CHECK ("repair_items"."part_status" IN ('to_order', 'ordered', 'received')),
	CONSTRAINT "repair_items_condition_check" CHECK ("repair_items"."condition" IN ('to_replace', 'to_repair', 'to_verify', 'to_monitor', 'to_schedule'))
);
--> statement-breakpoint
CREATE TABLE "repair_time_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"repair_id" uuid NOT NULL,
	"repair_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"hours" numeric(10, 4),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repairs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"type" text DEFAULT 'customer' NOT NULL,
	"department" text,
	"notes" text,
	"customer_id" uuid,
	"vehicle_id" uuid,
	"inspection_id" uuid,
	"estimation_id" uuid,
	"creator_id" uuid,
	"approver_id" uuid,
	"assigned_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"repairer_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_by_id" uuid,
	"started_by_id" uuid,
	"holder_id" uuid,
	"ended_by_id" uuid,
	"completed_by_id" uuid,
	"validated_by_id" uuid,
	"canceled_by_id" uuid,
	"assigned_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"validated_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"planned_time" numeric(12, 4) DEFAULT '0' NOT NULL,
	"time_spent" numeric(12, 4) DEFAULT '0' NOT NULL,
	"parts_total" bigint DEFAULT 0 NOT NULL,
	"labour_total" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"warranty_total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repairs_state_check" CHECK ("repairs"."state" IN ('draft', 'pending', 'assigned', 'in_progress', 'validated', 'approved', 'reviewed', 'denied', 'completed', 'canceled')),
	CONSTRAINT "repairs_type_check" CHECK ("repairs"."type" IN ('customer', 'internal', 'warranty'))
);
--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_time_entries" ADD CONSTRAINT "repair_time_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_time_entries" ADD CONSTRAINT "repair_time_entries_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_time_entries" ADD CONSTRAINT "repair_time_entries_repair_item_id_repair_items_id_fk" FOREIGN KEY ("repair_item_id") REFERENCES "public"."repair_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_time_entries" ADD CONSTRAINT "repair_time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_ended_by_id_users_id_fk" FOREIGN KEY ("ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repair_items_repair_idx" ON "repair_items" USING btree ("repair_id","position");--> statement-breakpoint
CREATE INDEX "repair_items_tax_group_idx" ON "repair_items" USING btree ("tax_group_id");--> statement-breakpoint
CREATE INDEX "repair_items_estimation_item_idx" ON "repair_items" USING btree ("estimation_item_id");--> statement-breakpoint
CREATE INDEX "repair_time_entries_repair_idx" ON "repair_time_entries" USING btree ("repair_id","started_at");--> statement-breakpoint
CREATE INDEX "repair_time_entries_item_idx" ON "repair_time_entries" USING btree ("repair_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "repair_time_entries_running_unique" ON "repair_time_entries" USING btree ("user_id") WHERE "repair_time_entries"."ended_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "repairs_org_code_unique" ON "repairs" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "repairs_org_created_idx" ON "repairs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "repairs_org_state_idx" ON "repairs" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "repairs_vehicle_idx" ON "repairs" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "repairs_estimation_idx" ON "repairs" USING btree ("estimation_id");--> statement-breakpoint
CREATE INDEX "repairs_inspection_idx" ON "repairs" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "repairs_location_ids_idx" ON "repairs" USING gin ("location_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "repairs_vehicle_in_progress_unique" ON "repairs" USING btree ("vehicle_id") WHERE "repairs"."state" = 'in_progress';--> statement-breakpoint
-- Written by hand: work order numbers R-2026-000123 (assign_record_code of 0003).
CREATE TRIGGER "repairs_code" BEFORE INSERT ON "repairs" FOR EACH ROW EXECUTE FUNCTION "assign_record_code"('R', '6');
