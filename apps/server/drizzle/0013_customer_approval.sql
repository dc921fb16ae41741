CREATE TABLE "estimation_answer_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"answer_id" uuid NOT NULL,
	"estimation_item_id" uuid NOT NULL,
	"detail" text NOT NULL,
	"total" integer NOT NULL,
	"decision" text NOT NULL,
	CONSTRAINT "estimation_answer_items_decision_check" CHECK ("estimation_answer_items"."decision" IN ('approved', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "estimation_answers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"estimation_id" uuid NOT NULL,
	"approval_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signature" text NOT NULL,
	"ip" text NOT NULL,
	"user_agent" text,
	"accepted_total" integer NOT NULL,
	"declined_total" integer NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimation_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"estimation_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"email" text,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimation_approvals_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "estimation_approvals_locale_check" CHECK ("estimation_approvals"."locale" IN ('fr', 'en'))
);
--> statement-breakpoint
CREATE TABLE "deferred_work" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"customer_id" uuid,
	"estimation_id" uuid,
	"estimation_item_id" uuid,
	"reoffered_in_id" uuid,
	"detail" text NOT NULL,
	"condition" text,
	"urgency" text,
	"total" integer NOT NULL,
	"declined_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"note" text,
	"closed_at" timestamp with time zone,
	"closed_by_id" uuid,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deferred_work_state_check" CHECK ("deferred_work"."state" IN ('open', 'reoffered', 'done', 'dismissed')),
	CONSTRAINT "deferred_work_condition_check" CHECK ("deferred_work"."condition" IN ('to_replace', 'to_repair', 'to_verify', 'to_monitor', 'to_schedule')),
	CONSTRAINT "deferred_work_urgency_check" CHECK ("deferred_work"."urgency" IN ('urgent', 'soon', 'monitor'))
);
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_object_type_check";--> statement-breakpoint
ALTER TABLE "estimation_answer_items" ADD CONSTRAINT "estimation_answer_items_answer_id_estimation_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."estimation_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_answers" ADD CONSTRAINT "estimation_answers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_answers" ADD CONSTRAINT "estimation_answers_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_answers" ADD CONSTRAINT "estimation_answers_approval_id_estimation_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."estimation_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_approvals" ADD CONSTRAINT "estimation_approvals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_approvals" ADD CONSTRAINT "estimation_approvals_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimation_approvals" ADD CONSTRAINT "estimation_approvals_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_reoffered_in_id_estimations_id_fk" FOREIGN KEY ("reoffered_in_id") REFERENCES "public"."estimations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD CONSTRAINT "deferred_work_closed_by_id_users_id_fk" FOREIGN KEY ("closed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimation_answer_items_answer_idx" ON "estimation_answer_items" USING btree ("answer_id");--> statement-breakpoint
CREATE INDEX "estimation_answers_estimation_idx" ON "estimation_answers" USING btree ("estimation_id","version");--> statement-breakpoint
CREATE INDEX "estimation_approvals_estimation_idx" ON "estimation_approvals" USING btree ("estimation_id");--> statement-breakpoint
CREATE INDEX "deferred_work_vehicle_state_idx" ON "deferred_work" USING btree ("vehicle_id","state");--> statement-breakpoint
CREATE INDEX "deferred_work_org_declined_idx" ON "deferred_work" USING btree ("organization_id","declined_at");--> statement-breakpoint
ALTER TABLE "estimations" ADD CONSTRAINT "estimations_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repair_items" ADD CONSTRAINT "repair_items_estimation_item_id_estimation_items_id_fk" FOREIGN KEY ("estimation_item_id") REFERENCES "public"."estimation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repairs" ADD CONSTRAINT "repairs_estimation_id_estimations_id_fk" FOREIGN KEY ("estimation_id") REFERENCES "public"."estimations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_object_type_check" CHECK ("comments"."object_type" IN ('inspections', 'inspection-fields', 'estimations', 'repairs'));--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "repair_id" uuid;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_repair_id_repairs_id_fk" FOREIGN KEY ("repair_id") REFERENCES "public"."repairs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- A customer's answer is a record of what they signed: nothing changes it (deleting an estimate or
-- an organization still takes its answers with it).
CREATE FUNCTION refuse_update_of_answers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'a customer''s answer is never changed (%)', TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER estimation_answers_immutable BEFORE UPDATE ON "estimation_answers" FOR EACH ROW EXECUTE FUNCTION refuse_update_of_answers();--> statement-breakpoint
CREATE TRIGGER estimation_answer_items_immutable BEFORE UPDATE ON "estimation_answer_items" FOR EACH ROW EXECUTE FUNCTION refuse_update_of_answers();
