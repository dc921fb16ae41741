CREATE TABLE "record_codes" (
	"organization_id" uuid NOT NULL,
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "record_codes_organization_id_prefix_year_pk" PRIMARY KEY("organization_id","prefix","year")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "record_codes" ADD CONSTRAINT "record_codes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Written by hand: the requests that exist get their codes in the order they were made, per organization and year (UTC).
UPDATE "requests" AS r SET "code" = 'D-' || x.y || '-' || lpad(x.n::text, greatest(4, length(x.n::text)), '0')
FROM (
	SELECT "id", extract(year FROM "created_at" AT TIME ZONE 'UTC')::int AS y,
		row_number() OVER (PARTITION BY "organization_id", extract(year FROM "created_at" AT TIME ZONE 'UTC') ORDER BY "created_at", "id") AS n
	FROM "requests"
) AS x
WHERE r."id" = x."id";--> statement-breakpoint
INSERT INTO "record_codes" ("organization_id", "prefix", "year", "last")
SELECT "organization_id", 'D', extract(year FROM "created_at" AT TIME ZONE 'UTC')::int, count(*) FROM "requests" GROUP BY 1, 3;--> statement-breakpoint
-- Written by hand: a row inserted without a code gets the next number of its organization, prefix
-- (TG_ARGV[0]) and year, padded to TG_ARGV[1] digits (more once past them): D-2026-0003. The counter
-- row is locked until the transaction ends, so two requests made together never share a number.
CREATE FUNCTION "assign_record_code"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	code_prefix text := TG_ARGV[0];
	digits integer := TG_ARGV[1]::integer;
	code_year integer := extract(year FROM coalesce(NEW."created_at", now()) AT TIME ZONE 'UTC')::integer;
	n integer;
BEGIN
	IF NEW."code" IS NULL THEN
		INSERT INTO "record_codes" AS c ("organization_id", "prefix", "year", "last")
		VALUES (NEW."organization_id", code_prefix, code_year, 1)
		ON CONFLICT ("organization_id", "prefix", "year") DO UPDATE SET "last" = c."last" + 1
		RETURNING c."last" INTO n;
		NEW."code" := code_prefix || '-' || code_year || '-' || lpad(n::text, greatest(digits, length(n::text)), '0');
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "requests_code" BEFORE INSERT ON "requests" FOR EACH ROW EXECUTE FUNCTION "assign_record_code"('D', '4');--> statement-breakpoint
CREATE UNIQUE INDEX "requests_org_code_unique" ON "requests" USING btree ("organization_id","code");
