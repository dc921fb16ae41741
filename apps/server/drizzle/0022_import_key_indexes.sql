CREATE INDEX "vehicles_org_vin_lower_idx" ON "vehicles" USING btree ("organization_id",lower("vin"));--> statement-breakpoint
CREATE INDEX "contacts_org_email_idx" ON "contacts" USING btree ("organization_id",lower("email"));--> statement-breakpoint
CREATE INDEX "customers_org_company_idx" ON "customers" USING btree ("organization_id",lower("company_name"));