ALTER TABLE "canned_job_template_adoptions" DROP COLUMN "copy_hash";--> statement-breakpoint
ALTER TABLE "canned_job_template_versions" DROP COLUMN "hash";--> statement-breakpoint
ALTER TABLE "form_template_versions" DROP COLUMN "hash";