ALTER TABLE "messages" ADD COLUMN "error_code" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "provider_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_error_code_check" CHECK ("messages"."error_code" IN ('provider_unavailable', 'provider_refused'));