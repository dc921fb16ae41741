ALTER TABLE "repairs" ADD COLUMN "promised_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "repairs_promised_idx" ON "repairs" USING btree ("organization_id","promised_at");