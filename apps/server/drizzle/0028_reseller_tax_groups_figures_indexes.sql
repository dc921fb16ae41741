CREATE TABLE "reseller_tax_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_taxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reseller_tax_group_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_taxes_type_check" CHECK ("reseller_taxes"."type" IN ('percentage', 'amount')),
	CONSTRAINT "reseller_taxes_rate_check" CHECK ("reseller_taxes"."rate" >= 0 AND ("reseller_taxes"."type" = 'amount' OR "reseller_taxes"."rate" <= 100))
);
--> statement-breakpoint
ALTER TABLE "packages" DROP CONSTRAINT "packages_tax_code_check";--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" DROP CONSTRAINT "reseller_invoice_items_tax_code_check";--> statement-breakpoint
ALTER TABLE "reseller_products" DROP CONSTRAINT "reseller_products_tax_code_check";--> statement-breakpoint
ALTER TABLE "reseller_services" DROP CONSTRAINT "reseller_services_tax_code_check";--> statement-breakpoint
ALTER TABLE "packages" ADD COLUMN "tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD COLUMN "tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_products" ADD COLUMN "tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_services" ADD COLUMN "tax_group_id" uuid;--> statement-breakpoint
ALTER TABLE "reseller_tax_groups" ADD CONSTRAINT "reseller_tax_groups_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_taxes" ADD CONSTRAINT "reseller_taxes_reseller_tax_group_id_reseller_tax_groups_id_fk" FOREIGN KEY ("reseller_tax_group_id") REFERENCES "public"."reseller_tax_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_tax_groups_name_unique" ON "reseller_tax_groups" USING btree ("reseller_id",lower("name"));--> statement-breakpoint
CREATE INDEX "reseller_taxes_group_idx" ON "reseller_taxes" USING btree ("reseller_tax_group_id","position");--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_tax_group_id_reseller_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."reseller_tax_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" ADD CONSTRAINT "reseller_invoice_items_tax_group_id_reseller_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."reseller_tax_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_products" ADD CONSTRAINT "reseller_products_tax_group_id_reseller_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."reseller_tax_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_services" ADD CONSTRAINT "reseller_services_tax_group_id_reseller_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."reseller_tax_groups"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repairs_org_completed_idx" ON "repairs" USING btree ("organization_id","completed_at");--> statement-breakpoint
CREATE INDEX "repairs_vehicle_completed_idx" ON "repairs" USING btree ("vehicle_id","completed_at");--> statement-breakpoint
-- Data: each reseller gets a tax group for each tax code its rows used ('none' had no taxes: no group),
-- with the rates the code stood for, and its rows name that group before the codes go.
INSERT INTO "reseller_tax_groups" ("id", "reseller_id", "name")
SELECT gen_random_uuid(), u.reseller_id, c.name
FROM (
  SELECT "reseller_id", "tax_code" FROM "packages"
  UNION SELECT "reseller_id", "tax_code" FROM "reseller_products"
  UNION SELECT "reseller_id", "tax_code" FROM "reseller_services"
  UNION SELECT i."reseller_id", it."tax_code" FROM "reseller_invoice_items" it JOIN "reseller_invoices" i ON i."id" = it."reseller_invoice_id"
) u
JOIN (VALUES ('gst_qst', 'TPS et TVQ'), ('gst', 'TPS seulement'), ('hst_13', 'TVH 13 %'), ('hst_15', 'TVH 15 %')) AS c(code, name) ON c.code = u.tax_code;--> statement-breakpoint
INSERT INTO "reseller_taxes" ("id", "reseller_tax_group_id", "code", "rate", "type", "position")
SELECT gen_random_uuid(), g."id", r.code, r.rate, 'percentage', r.position
FROM "reseller_tax_groups" g
JOIN (VALUES ('TPS et TVQ', 'TPS', 5, 0), ('TPS et TVQ', 'TVQ', 9.975, 1), ('TPS seulement', 'TPS', 5, 0), ('TVH 13 %', 'TVH', 13, 0), ('TVH 15 %', 'TVH', 15, 0)) AS r(grp, code, rate, position) ON r.grp = g."name";--> statement-breakpoint
UPDATE "packages" x SET "tax_group_id" = g."id" FROM "reseller_tax_groups" g JOIN (VALUES ('gst_qst', 'TPS et TVQ'), ('gst', 'TPS seulement'), ('hst_13', 'TVH 13 %'), ('hst_15', 'TVH 15 %')) AS c(code, name) ON c.name = g."name" WHERE g."reseller_id" = x."reseller_id" AND c.code = x."tax_code";--> statement-breakpoint
UPDATE "reseller_products" x SET "tax_group_id" = g."id" FROM "reseller_tax_groups" g JOIN (VALUES ('gst_qst', 'TPS et TVQ'), ('gst', 'TPS seulement'), ('hst_13', 'TVH 13 %'), ('hst_15', 'TVH 15 %')) AS c(code, name) ON c.name = g."name" WHERE g."reseller_id" = x."reseller_id" AND c.code = x."tax_code";--> statement-breakpoint
UPDATE "reseller_services" x SET "tax_group_id" = g."id" FROM "reseller_tax_groups" g JOIN (VALUES ('gst_qst', 'TPS et TVQ'), ('gst', 'TPS seulement'), ('hst_13', 'TVH 13 %'), ('hst_15', 'TVH 15 %')) AS c(code, name) ON c.name = g."name" WHERE g."reseller_id" = x."reseller_id" AND c.code = x."tax_code";--> statement-breakpoint
UPDATE "reseller_invoice_items" x SET "tax_group_id" = g."id" FROM "reseller_invoices" i, "reseller_tax_groups" g JOIN (VALUES ('gst_qst', 'TPS et TVQ'), ('gst', 'TPS seulement'), ('hst_13', 'TVH 13 %'), ('hst_15', 'TVH 15 %')) AS c(code, name) ON c.name = g."name" WHERE i."id" = x."reseller_invoice_id" AND g."reseller_id" = i."reseller_id" AND c.code = x."tax_code";--> statement-breakpoint
ALTER TABLE "packages" DROP COLUMN "tax_code";--> statement-breakpoint
ALTER TABLE "reseller_invoice_items" DROP COLUMN "tax_code";--> statement-breakpoint
ALTER TABLE "reseller_products" DROP COLUMN "tax_code";--> statement-breakpoint
ALTER TABLE "reseller_services" DROP COLUMN "tax_code";