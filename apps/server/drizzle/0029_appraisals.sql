CREATE TABLE "appraisals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"source" text NOT NULL,
	"vehicle_id" uuid,
	"vin" text,
	"year" integer,
	"make" text,
	"model" text,
	"series" text,
	"style" text,
	"mileage" integer NOT NULL,
	"province" text NOT NULL,
	"condition" text NOT NULL,
	"accident" boolean DEFAULT false NOT NULL,
	"rebuilt" boolean DEFAULT false NOT NULL,
	"damage_cost" integer DEFAULT 0 NOT NULL,
	"desired_profit" integer DEFAULT 0 NOT NULL,
	"aggression_percentage" numeric DEFAULT '0' NOT NULL,
	"offer" integer NOT NULL,
	"market_retail" integer NOT NULL,
	"range_low" integer,
	"range_high" integer,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reconditioning_cents" integer DEFAULT 0 NOT NULL,
	"reconditioning_origin" text DEFAULT 'none' NOT NULL,
	"inspection_id" uuid,
	"inspection_score" integer,
	"user_id" uuid,
	"key_hint" text,
	"host" text,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appraisals_source_check" CHECK ("appraisals"."source" IN ('screen', 'api', 'frame')),
	CONSTRAINT "appraisals_province_check" CHECK ("appraisals"."province" IN ('AB', 'BC', 'CN', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT')),
	CONSTRAINT "appraisals_condition_check" CHECK ("appraisals"."condition" IN ('excellent', 'good', 'average', 'poor')),
	CONSTRAINT "appraisals_reconditioning_origin_check" CHECK ("appraisals"."reconditioning_origin" IN ('inspection_estimate', 'canned_jobs', 'none'))
);
--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_inspection_id_inspections_id_fk" FOREIGN KEY ("inspection_id") REFERENCES "public"."inspections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appraisals" ADD CONSTRAINT "appraisals_lead_id_requests_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appraisals_org_created_idx" ON "appraisals" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "appraisals_vehicle_idx" ON "appraisals" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "appraisals_org_vin_idx" ON "appraisals" USING btree ("organization_id",lower("vin"));