CREATE TABLE "inspection_form_multipliers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"type" text NOT NULL,
	"field" text NOT NULL,
	"operation" text NOT NULL,
	"value" text NOT NULL,
	"multiplier" numeric NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_form_multipliers_type_check" CHECK ("inspection_form_multipliers"."type" IN ('points', 'repair_value')),
	CONSTRAINT "inspection_form_multipliers_field_check" CHECK ("inspection_form_multipliers"."field" IN ('make', 'model_year', 'odometer', 'model', 'year', 'style')),
	CONSTRAINT "inspection_form_multipliers_operation_check" CHECK ("inspection_form_multipliers"."operation" IN ('equals', 'greater_than', 'less_than', 'contains')),
	CONSTRAINT "inspection_form_multipliers_multiplier_check" CHECK ("inspection_form_multipliers"."multiplier" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_form_notes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"minimum_value" integer NOT NULL,
	"maximum_value" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_form_notes_range_check" CHECK ("inspection_form_notes"."minimum_value" <= "inspection_form_notes"."maximum_value")
);
--> statement-breakpoint
CREATE TABLE "inspection_form_reminders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"text" text NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_form_section_fields" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"name" text NOT NULL,
	"field_type" text NOT NULL,
	"points_threshold" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL,
	"can_upload_image" boolean DEFAULT false NOT NULL,
	"can_add_comment" boolean DEFAULT false NOT NULL,
	"enable_na" boolean DEFAULT false NOT NULL,
	"is_copy" boolean DEFAULT false NOT NULL,
	"copied_field_id" uuid,
	"icon" text,
	"coefficient" numeric DEFAULT '1' NOT NULL,
	"conditional_field" boolean DEFAULT false NOT NULL,
	"conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"condition_relation" text DEFAULT 'and' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_form_section_fields_type_check" CHECK ("inspection_form_section_fields"."field_type" IN ('CHECK', 'SELECT_SINGLE', 'SELECT_MULTIPLE', 'NUMBER', 'RANGE_SLIDER', 'TEXT', 'STATE_WIDGET', 'BATTERY_STATE_WIDGET', 'TIRE_STATE_WIDGET', 'GAS_BATTERY_STATE_WIDGET', 'DRUM_THICKNESS_WIDGET', 'PAD_THICKNESS_WIDGET')),
	CONSTRAINT "inspection_form_section_fields_relation_check" CHECK ("inspection_form_section_fields"."condition_relation" IN ('and', 'or')),
	CONSTRAINT "inspection_form_section_fields_coefficient_check" CHECK ("inspection_form_section_fields"."coefficient" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_form_sections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"icon" text,
	"factor" numeric DEFAULT '1' NOT NULL,
	"order_number" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inspection_form_sections_factor_check" CHECK ("inspection_form_sections"."factor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inspection_form_versions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"inspection_form_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"structure" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_forms" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"location_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inspection_form_multipliers" ADD CONSTRAINT "inspection_form_multipliers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_multipliers" ADD CONSTRAINT "inspection_form_multipliers_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_notes" ADD CONSTRAINT "inspection_form_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_notes" ADD CONSTRAINT "inspection_form_notes_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_reminders" ADD CONSTRAINT "inspection_form_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_reminders" ADD CONSTRAINT "inspection_form_reminders_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD CONSTRAINT "inspection_form_section_fields_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD CONSTRAINT "inspection_form_section_fields_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD CONSTRAINT "inspection_form_section_fields_section_id_inspection_form_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."inspection_form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD CONSTRAINT "inspection_form_section_fields_copied_field_id_inspection_form_section_fields_id_fk" FOREIGN KEY ("copied_field_id") REFERENCES "public"."inspection_form_section_fields"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_sections" ADD CONSTRAINT "inspection_form_sections_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_sections" ADD CONSTRAINT "inspection_form_sections_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_sections" ADD CONSTRAINT "inspection_form_sections_parent_id_inspection_form_sections_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."inspection_form_sections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_versions" ADD CONSTRAINT "inspection_form_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_form_versions" ADD CONSTRAINT "inspection_form_versions_inspection_form_id_inspection_forms_id_fk" FOREIGN KEY ("inspection_form_id") REFERENCES "public"."inspection_forms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_forms" ADD CONSTRAINT "inspection_forms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_form_multipliers_form_idx" ON "inspection_form_multipliers" USING btree ("inspection_form_id");--> statement-breakpoint
CREATE INDEX "inspection_form_notes_form_idx" ON "inspection_form_notes" USING btree ("inspection_form_id","minimum_value");--> statement-breakpoint
CREATE INDEX "inspection_form_reminders_form_idx" ON "inspection_form_reminders" USING btree ("inspection_form_id","order_number");--> statement-breakpoint
CREATE INDEX "inspection_form_section_fields_section_idx" ON "inspection_form_section_fields" USING btree ("section_id","order_number");--> statement-breakpoint
CREATE INDEX "inspection_form_section_fields_form_idx" ON "inspection_form_section_fields" USING btree ("inspection_form_id");--> statement-breakpoint
CREATE INDEX "inspection_form_section_fields_copied_idx" ON "inspection_form_section_fields" USING btree ("copied_field_id");--> statement-breakpoint
CREATE INDEX "inspection_form_sections_form_idx" ON "inspection_form_sections" USING btree ("inspection_form_id","order_number");--> statement-breakpoint
CREATE INDEX "inspection_form_sections_parent_idx" ON "inspection_form_sections" USING btree ("parent_id","order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_form_versions_form_number_unique" ON "inspection_form_versions" USING btree ("inspection_form_id","number");--> statement-breakpoint
CREATE INDEX "inspection_forms_org_name_idx" ON "inspection_forms" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "inspection_forms_location_ids_idx" ON "inspection_forms" USING gin ("location_ids");