CREATE TABLE "estimation_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"estimation_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"detail" text NOT NULL,
	"condition" text,
	"urgency" text,
	"state" text,
	"part" text,
	"part_number" text,
	"quantity" numeric DEFAULT '1' NOT NULL,
	"unit_price" integer,
	"manual_labour" integer,
	"time" numeric,
	"hourly_rate" integer,
	"warranty" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_decision" text,
	"customer_decided_at" timestamp with time zone,
	"supplier_id" uuid,
	"tax_group_id" uuid,
	"inspection_field_id" uuid,
	"parts_total" bigint DEFAULT 0 NOT NULL,
	"labour_total" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"warranty_total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimation_items_condition_check" CHECK ("estimation_items"."condition" IN ('to_replace', 'to_repair', 'to_verify', 'to_monitor', 'to_schedule')),
	CONSTRAINT "estimation_items_urgency_check" CHECK ("estimation_items"."urgency" IN ('urgent', 'soon', 'monitor')),
	CONSTRAINT "estimation_items_state_check" CHECK ("estimation_items"."state" IN ('approved', 'reviewed', 'denied')),
	CONSTRAINT "estimation_items_customer_decision_check" CHECK ("estimation_items"."customer_decision" IN ('approved', 'declined'))
);--> statement-breakpoint
--> statement-breakpoint
CREATE TABLE "estimations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"components_status" text DEFAULT 'pending' NOT NULL,
	"times_status" text DEFAULT 'pending' NOT NULL,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"components_holder_id" uuid,
	"times_holder_id" uuid,
	"approval_holder_id" uuid,
	"type" text DEFAULT 'customer' NOT NULL,
	"department" text,
	"stock" text,
	"notes" text,
	"repair_value_multiplier" numeric DEFAULT '1' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"sent_at" timestamp with time zone,
	"customer_id" uuid,
	"vehicle_id" uuid,
	"inspection_id" uuid,
	"request_id" uuid,
	"repair_id" uuid,
	"creator_id" uuid,
	"approver_id" uuid,
	"official_mechanic_id" uuid,
	"estimator_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"mechanic_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_by_id" uuid,
	"components_started_by_id" uuid,
	"components_ended_by_id" uuid,
	"times_started_by_id" uuid,
	"times_ended_by_id" uuid,
	"approval_started_by_id" uuid,
	"approval_ended_by_id" uuid,
	"validated_by_id" uuid,
	"approved_by_id" uuid,
	"reviewed_by_id" uuid,
	"denied_by_id" uuid,
	"completed_by_id" uuid,
	"canceled_by_id" uuid,
	"assigned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"parts_total" bigint DEFAULT 0 NOT NULL,
	"labour_total" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_total" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"warranty_total" bigint DEFAULT 0 NOT NULL,
	"tax_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"approved_total" bigint DEFAULT 0 NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimations_state_check" CHECK ("estimations"."state" IN ('draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'reviewed', 'denied', 'canceled')),
	CONSTRAINT "estimations_type_check" CHECK ("estimations"."type" IN ('customer', 'internal', 'warranty')),
	CONSTRAINT "estimations_components_status_check" CHECK ("estimations"."components_status" IN ('pending', 'in_progress', 'done')),
	CONSTRAINT "estimations_times_status_check" CHECK ("estimations"."times_status" IN ('pending', 'in_progress', 'done')),
	CONSTRAINT "estimations_approval_status_check" CHECK ("estimations"."approval_status" IN ('pending', 'in_progress', 'done'))
);--> statement-breakpoint
--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "estimation_id" uuid;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_items" ADD CONSTRAINT "estimation_items_inspection_field_id_inspection_fields_id_fk" FOREIGN KEY ("inspection_field_id") REFERENCES "public"."inspection_fields"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_components_holder_id_users_id_fk" FOREIGN KEY ("components_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_times_holder_id_users_id_fk" FOREIGN KEY ("times_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approval_holder_id_users_id_fk" FOREIGN KEY ("approval_holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_official_mechanic_id_users_id_fk" FOREIGN KEY ("official_mechanic_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_components_started_by_id_users_id_fk" FOREIGN KEY ("components_started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_components_ended_by_id_users_id_fk" FOREIGN KEY ("components_ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_times_started_by_id_users_id_fk" FOREIGN KEY ("times_started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_times_ended_by_id_users_id_fk" FOREIGN KEY ("times_ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approval_started_by_id_users_id_fk" FOREIGN KEY ("approval_started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approval_ended_by_id_users_id_fk" FOREIGN KEY ("approval_ended_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_validated_by_id_users_id_fk" FOREIGN KEY ("validated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_denied_by_id_users_id_fk" FOREIGN KEY ("denied_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimation_items_estimation_idx" ON "estimation_items" USING btree ("estimation_id","position");--> statement-breakpoint
CREATE INDEX "estimation_items_tax_group_idx" ON "estimation_items" USING btree ("tax_group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimations_org_code_unique" ON "estimations" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "estimations_org_created_idx" ON "estimations" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "estimations_org_state_idx" ON "estimations" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "estimations_vehicle_idx" ON "estimations" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "estimations_inspection_idx" ON "estimations" USING btree ("inspection_id");--> statement-breakpoint
CREATE INDEX "estimations_customer_idx" ON "estimations" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "estimations_location_ids_idx" ON "estimations" USING gin ("location_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "estimations_vehicle_in_progress_unique" ON "estimations" USING btree ("vehicle_id") WHERE "estimations"."state" = 'in_progress';--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand: codes E-2026-000042 (assign_record_code of 0003).
CREATE TRIGGER "estimations_code" BEFORE INSERT ON "estimations" FOR EACH ROW EXECUTE FUNCTION "assign_record_code"('E', '6');
