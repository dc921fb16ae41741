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
ALTER TABLE "online_payment_checkouts" ADD CONSTRAINT "online_payment_checkouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "online_payment_events" ADD CONSTRAINT "online_payment_events_checkout_id_online_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."online_payment_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "online_payment_checkouts_payable_idx" ON "online_payment_checkouts" USING btree ("payable_type","payable_id");--> statement-breakpoint
CREATE INDEX "online_payment_checkouts_transaction_idx" ON "online_payment_checkouts" USING btree ("provider","transaction_id");