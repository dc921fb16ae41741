CREATE TABLE "callback_deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"event" text NOT NULL,
	"url" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"response_code" integer,
	"last_error" text,
	"response_excerpt" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "callback_deliveries_status_check" CHECK ("callback_deliveries"."status" IN ('pending', 'delivered', 'failed')),
	CONSTRAINT "callback_deliveries_event_check" CHECK ("callback_deliveries"."event" IN ('inspection.completed', 'estimation.pending_approval', 'estimation.approved', 'repair.completed'))
);
--> statement-breakpoint
CREATE TABLE "callback_secrets" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tax_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "taxes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"tax_group_id" uuid NOT NULL,
	"code" text NOT NULL,
	"rate" numeric(12, 4) NOT NULL,
	"type" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "taxes_type_check" CHECK ("taxes"."type" IN ('percentage', 'amount')),
	CONSTRAINT "taxes_rate_check" CHECK ("taxes"."rate" >= 0 AND ("taxes"."type" = 'amount' OR "taxes"."rate" <= 100))
);
--> statement-breakpoint
ALTER TABLE "callback_deliveries" ADD CONSTRAINT "callback_deliveries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "callback_secrets" ADD CONSTRAINT "callback_secrets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_groups" ADD CONSTRAINT "tax_groups_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "taxes" ADD CONSTRAINT "taxes_tax_group_id_tax_groups_id_fk" FOREIGN KEY ("tax_group_id") REFERENCES "public"."tax_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "callback_deliveries_org_idx" ON "callback_deliveries" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "callback_deliveries_due_idx" ON "callback_deliveries" USING btree ("next_attempt_at") WHERE "callback_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tax_groups_org_name_unique" ON "tax_groups" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "taxes_group_idx" ON "taxes" USING btree ("tax_group_id","position");--> statement-breakpoint
-- One-time backfill: every organization that exists now gets the Canadian tax groups (rates in force
-- on 1 April 2025, as packages/domain/src/taxes/canadian-taxes.ts has them) in its language, and its
-- province's group as the default of estimates. New organizations get them from organization-setup.ts.
-- Ids are derived from the organization and the group's key so the taxes can name their group.
INSERT INTO "tax_groups" ("id", "organization_id", "name")
SELECT md5(o."id"::text || d.key)::uuid, o."id", CASE WHEN o."locale" = 'en' THEN d.name_en ELSE d.name_fr END
  FROM "organizations" o CROSS JOIN (VALUES
  ('gst', 'TPS (5 %)', 'GST (5%)'),
  ('qc', 'Québec : TPS + TVQ', 'Quebec: GST + QST'),
  ('on', 'Ontario : TVH (13 %)', 'Ontario: HST (13%)'),
  ('hst_15', 'TVH (15 %)', 'HST (15%)'),
  ('ns', 'Nouvelle-Écosse : TVH (14 %)', 'Nova Scotia: HST (14%)'),
  ('bc', 'Colombie-Britannique : TPS + TVP', 'British Columbia: GST + PST'),
  ('sk', 'Saskatchewan : TPS + TVP', 'Saskatchewan: GST + PST'),
  ('mb', 'Manitoba : TPS + TVD', 'Manitoba: GST + RST'),
  ('exempt', 'Exempté', 'Exempt')
  ) AS d(key, name_fr, name_en);--> statement-breakpoint
INSERT INTO "taxes" ("id", "organization_id", "tax_group_id", "code", "rate", "type", "position")
SELECT gen_random_uuid(), o."id", md5(o."id"::text || d.key)::uuid, CASE WHEN o."locale" = 'en' THEN d.code_en ELSE d.code_fr END, d.rate, 'percentage', d.position
  FROM "organizations" o CROSS JOIN (VALUES
  ('gst', 0, 'TPS', 'GST', 5),
  ('qc', 0, 'TPS', 'GST', 5),
  ('qc', 1, 'TVQ', 'QST', 9.975),
  ('on', 0, 'TVH', 'HST', 13),
  ('hst_15', 0, 'TVH', 'HST', 15),
  ('ns', 0, 'TVH', 'HST', 14),
  ('bc', 0, 'TPS', 'GST', 5),
  ('bc', 1, 'TVP', 'PST', 7),
  ('sk', 0, 'TPS', 'GST', 5),
  ('sk', 1, 'TVP', 'PST', 6),
  ('mb', 0, 'TPS', 'GST', 5),
  ('mb', 1, 'TVD', 'RST', 7)
  ) AS d(key, position, code_fr, code_en, rate);--> statement-breakpoint
INSERT INTO "options" ("id", "organization_id", "name", "value")
SELECT gen_random_uuid(), o."id", 'estimations.default_tax_group', to_jsonb(md5(o."id"::text || coalesce(p.key, 'gst'))::uuid::text)
  FROM "organizations" o LEFT JOIN (VALUES
  ('AB', 'gst'), ('BC', 'bc'), ('CN', 'gst'), ('MB', 'mb'), ('NB', 'hst_15'), ('NL', 'hst_15'), ('NS', 'ns'),
  ('NT', 'gst'), ('NU', 'gst'), ('ON', 'on'), ('PE', 'hst_15'), ('QC', 'qc'), ('SK', 'sk'), ('YT', 'gst')
  ) AS p(province, key) ON p.province = o."province"
ON CONFLICT ("organization_id", "name") DO UPDATE SET "value" = excluded."value" WHERE "options"."value" IS NULL OR "options"."value" = 'null'::jsonb;
