ALTER TABLE "inspection_form_notes" ADD COLUMN "text_en" text;--> statement-breakpoint
ALTER TABLE "inspection_form_reminders" ADD COLUMN "text_en" text;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "inspection_form_section_fields" ADD COLUMN "required" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "inspection_form_sections" ADD COLUMN "name_en" text;--> statement-breakpoint
-- hand-written (formslang): a free text is a remark, mandatory only when its form says so (issue 20
-- point 16); fields of every other kind stay required, as completing treated them before the flag.
UPDATE "inspection_form_section_fields" SET "required" = false WHERE "field_type" = 'TEXT';
