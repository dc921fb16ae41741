CREATE TABLE "inspection_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"field_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"value" jsonb,
	"action" text,
	"touched" boolean DEFAULT false NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment" text,
	"not_applicable" boolean DEFAULT false NOT NULL,
	"points" numeric DEFAULT '0' NOT NULL,
	"max_points" numeric DEFAULT '0' NOT NULL,
	"score" integer DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_fields_action_check" CHECK ("inspection_fields"."action" IN ('replace', 'repair', 'schedule', 'verify', 'monitor', 'leakage', 'vibrations', 'rectify', 'recommended_maintenance'))
);
--> statement-breakpoint
CREATE TABLE "inspections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"inspection_form_version_id" uuid NOT NULL,
	"form_version" integer NOT NULL,
	"customer_id" uuid,
	"request_id" uuid,
	"vehicle_id" uuid,
	"creator_id" uuid,
	"assigned_user_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_role_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"assigned_by_id" uuid,
	"started_by_id" uuid,
	"holder_id" uuid,
	"completed_by_id" uuid,
	"approved_by_id" uuid,
	"canceled_by_id" uuid,
	"assigned_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"touched_sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"odometer" integer,
	"tire_type" text,
	"tire_season" text,
	"battery_amps" integer,
	"battery_volts" numeric,
	"battery_charge" integer,
	"comments" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"signature" text,
	"shared" boolean DEFAULT false NOT NULL,
	"score_data" jsonb,
	"vehicle_score" integer,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspections_state_check" CHECK ("inspections"."state" IN ('draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'repairing', 'canceled'))
);
--> statement-breakpoint
ALTER TABLE "inspection_forms" ADD COLUMN "inspections_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_fields" ADD CONSTRAINT "inspection_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_fields" ADD CONSTRAINT "inspection_fields_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_inspection_form_version_id_inspection_form_versions_id_fk" FOREIGN KEY ("inspection_form_version_id") REFERENCES "public"."inspection_form_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_assigned_by_id_users_id_fk" FOREIGN KEY ("assigned_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_completed_by_id_users_id_fk" FOREIGN KEY ("completed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_approved_by_id_users_id_fk" FOREIGN KEY ("approved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_canceled_by_id_users_id_fk" FOREIGN KEY ("canceled_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_fields_inspection_field_unique" ON "inspection_fields" USING btree ("inspection_id","field_id");--> statement-breakpoint
CREATE INDEX "inspection_fields_inspection_idx" ON "inspection_fields" USING btree ("inspection_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_org_code_unique" ON "inspections" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "inspections_org_created_idx" ON "inspections" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "inspections_org_state_idx" ON "inspections" USING btree ("organization_id","state");--> statement-breakpoint
CREATE INDEX "inspections_form_idx" ON "inspections" USING btree ("inspection_form_id");--> statement-breakpoint
CREATE INDEX "inspections_version_idx" ON "inspections" USING btree ("inspection_form_version_id");--> statement-breakpoint
CREATE INDEX "inspections_vehicle_idx" ON "inspections" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "inspections_request_idx" ON "inspections" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "inspections_location_ids_idx" ON "inspections" USING gin ("location_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "inspections_vehicle_in_progress_unique" ON "inspections" USING btree ("vehicle_id") WHERE "inspections"."state" = 'in_progress';--> statement-breakpoint
-- Written by hand: codes I-2026-000042 (assign_record_code of 0003).
CREATE TRIGGER "inspections_code" BEFORE INSERT ON "inspections" FOR EACH ROW EXECUTE FUNCTION "assign_record_code"('I', '6');--> statement-breakpoint
-- Written by hand: inspection_forms.inspections_count, the inspections made from the form and not
-- canceled, kept by the database so every writer (and every list) sees it exact without a count.
CREATE FUNCTION "count_form_inspections"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Only a change that moves the count touches the form (its row lock serializes the form's writers).
	IF TG_OP = 'UPDATE' AND (OLD."state" = 'canceled') = (NEW."state" = 'canceled') AND OLD."inspection_form_id" = NEW."inspection_form_id" THEN
		RETURN NULL;
	END IF;
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."state" <> 'canceled' THEN
		UPDATE "inspection_forms" SET "inspections_count" = "inspections_count" - 1 WHERE "id" = OLD."inspection_form_id";
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."state" <> 'canceled' THEN
		UPDATE "inspection_forms" SET "inspections_count" = "inspections_count" + 1 WHERE "id" = NEW."inspection_form_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspections_form_count" AFTER INSERT OR DELETE OR UPDATE OF "state", "inspection_form_id" ON "inspections" FOR EACH ROW EXECUTE FUNCTION "count_form_inspections"();
