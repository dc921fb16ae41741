CREATE TABLE "inspection_shares" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"locale" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_shares_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "inspection_shares_locale_check" CHECK ("inspection_shares"."locale" IN ('fr', 'en'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "locale" text DEFAULT 'fr' NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_shares" ADD CONSTRAINT "inspection_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_shares_inspection_idx" ON "inspection_shares" USING btree ("inspection_id");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_locale_check" CHECK ("customers"."locale" IN ('fr', 'en'));