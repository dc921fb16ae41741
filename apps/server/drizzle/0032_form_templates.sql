CREATE TABLE "form_template_adoptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"form_template_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"skipped_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_template_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_template_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"structure" jsonb NOT NULL,
	"hash" text NOT NULL,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"published_by_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"source_form_id" uuid,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD COLUMN "template_key" uuid;--> statement-breakpoint
ALTER TABLE "inspection_form_sections" ADD COLUMN "template_key" uuid;--> statement-breakpoint
ALTER TABLE "form_template_adoptions" ADD CONSTRAINT "form_template_adoptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_adoptions" ADD CONSTRAINT "form_template_adoptions_form_template_id_form_templates_id_fk" FOREIGN KEY ("form_template_id") REFERENCES "public"."form_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_adoptions" ADD CONSTRAINT "form_template_adoptions_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_form_template_id_form_templates_id_fk" FOREIGN KEY ("form_template_id") REFERENCES "public"."form_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_published_by_id_users_id_fk" FOREIGN KEY ("published_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_source_form_id_inspection_forms_id_fk" FOREIGN KEY ("source_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_adoptions_form_unique" ON "form_template_adoptions" USING btree ("inspection_form_id");--> statement-breakpoint
CREATE INDEX "form_template_adoptions_template_idx" ON "form_template_adoptions" USING btree ("form_template_id","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_template_versions_number_unique" ON "form_template_versions" USING btree ("form_template_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "form_templates_name_unique" ON "form_templates" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE INDEX "form_templates_source_idx" ON "form_templates" USING btree ("source_form_id");