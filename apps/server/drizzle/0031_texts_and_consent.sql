CREATE TABLE "customer_consents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"contact" text NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"given" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"given_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_consents_channel_check" CHECK ("customer_consents"."channel" IN ('sms', 'email')),
	CONSTRAINT "customer_consents_kind_check" CHECK ("customer_consents"."kind" IN ('transactional', 'promotional')),
	CONSTRAINT "customer_consents_source_check" CHECK ("customer_consents"."source" IN ('counter', 'form', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"direction" text NOT NULL,
	"customer_id" uuid,
	"contact" text NOT NULL,
	"subject_type" text,
	"subject_id" uuid,
	"consent_id" uuid,
	"provider_sid" text,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_org_provider_sid_key" UNIQUE("organization_id","provider_sid"),
	CONSTRAINT "messages_channel_check" CHECK ("messages"."channel" IN ('sms', 'email')),
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" IN ('in', 'out')),
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" IN ('queued', 'sent', 'delivered', 'failed', 'received')),
	CONSTRAINT "messages_subject_type_check" CHECK ("messages"."subject_type" IN ('inspections', 'estimations', 'repairs', 'sales-invoices'))
);
--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_consents" ADD CONSTRAINT "customer_consents_given_by_id_users_id_fk" FOREIGN KEY ("given_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_consent_id_customer_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."customer_consents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_id_users_id_fk" FOREIGN KEY ("sent_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_consents_customer_idx" ON "customer_consents" USING btree ("customer_id","channel","kind","at");--> statement-breakpoint
CREATE INDEX "customer_consents_org_contact_idx" ON "customer_consents" USING btree ("organization_id","channel","contact");--> statement-breakpoint
CREATE INDEX "messages_customer_idx" ON "messages" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "messages_contact_idx" ON "messages" USING btree ("channel","contact","at");