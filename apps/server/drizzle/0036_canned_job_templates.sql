CREATE TABLE "canned_job_template_adoptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"canned_job_template_id" uuid NOT NULL,
	"canned_job_id" uuid NOT NULL,
	"copy_hash" text NOT NULL,
	"version" integer NOT NULL,
	"skipped_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canned_job_template_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"number" integer NOT NULL,
	"hash" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"canned_job_template_id" uuid NOT NULL,
	"content" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "canned_job_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source_canned_job_id" uuid
);
--> statement-breakpoint
ALTER TABLE "canned_job_template_adoptions" ADD CONSTRAINT "canned_job_template_adoptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_template_adoptions" ADD CONSTRAINT "canned_job_template_adoptions_canned_job_template_id_canned_job_templates_id_fk" FOREIGN KEY ("canned_job_template_id") REFERENCES "public"."canned_job_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_template_adoptions" ADD CONSTRAINT "canned_job_template_adoptions_canned_job_id_canned_jobs_id_fk" FOREIGN KEY ("canned_job_id") REFERENCES "public"."canned_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_template_versions" ADD CONSTRAINT "canned_job_template_versions_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_template_versions" ADD CONSTRAINT "canned_job_template_versions_canned_job_template_id_canned_job_templates_id_fk" FOREIGN KEY ("canned_job_template_id") REFERENCES "public"."canned_job_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_templates" ADD CONSTRAINT "canned_job_templates_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "canned_job_templates" ADD CONSTRAINT "canned_job_templates_source_canned_job_id_canned_jobs_id_fk" FOREIGN KEY ("source_canned_job_id") REFERENCES "public"."canned_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "canned_job_template_adoptions_job_unique" ON "canned_job_template_adoptions" USING btree ("canned_job_id");--> statement-breakpoint
CREATE INDEX "canned_job_template_adoptions_template_idx" ON "canned_job_template_adoptions" USING btree ("canned_job_template_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "canned_job_template_versions_number_unique" ON "canned_job_template_versions" USING btree ("canned_job_template_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "canned_job_templates_name_unique" ON "canned_job_templates" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE INDEX "canned_job_templates_source_idx" ON "canned_job_templates" USING btree ("source_canned_job_id");