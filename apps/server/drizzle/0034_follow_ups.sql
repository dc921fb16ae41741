CREATE TABLE "follow_ups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"deferred_work_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"customer_id" uuid,
	"step" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"reason" text,
	"channel" text,
	"contact" text,
	"message_id" uuid,
	"error" text,
	"token" text NOT NULL,
	"lease_until" timestamp with time zone,
	"done_at" timestamp with time zone,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follow_ups_work_step_key" UNIQUE("deferred_work_id","step"),
	CONSTRAINT "follow_ups_token_key" UNIQUE("token"),
	CONSTRAINT "follow_ups_status_check" CHECK ("follow_ups"."status" IN ('scheduled', 'sending', 'sent', 'skipped', 'failed', 'stopped')),
	CONSTRAINT "follow_ups_reason_check" CHECK ("follow_ups"."reason" IN ('no_consent', 'no_contact', 'replied', 'booked', 'closed', 'disabled', 'provider_error', 'interrupted', 'late')),
	CONSTRAINT "follow_ups_channel_check" CHECK ("follow_ups"."channel" IN ('sms', 'email'))
);
--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_deferred_work_id_deferred_work_id_fk" FOREIGN KEY ("deferred_work_id") REFERENCES "public"."deferred_work"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follow_ups" ADD CONSTRAINT "follow_ups_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follow_ups_vehicle_idx" ON "follow_ups" USING btree ("vehicle_id","due_at");--> statement-breakpoint
CREATE INDEX "follow_ups_org_idx" ON "follow_ups" USING btree ("organization_id","due_at");--> statement-breakpoint
CREATE INDEX "follow_ups_due_idx" ON "follow_ups" USING btree ("due_at") WHERE "follow_ups"."status" IN ('scheduled', 'sending');