ALTER TABLE "inspections" ADD COLUMN "approver_id" uuid;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "points" numeric;--> statement-breakpoint
ALTER TABLE "inspections" ADD COLUMN "max_points" numeric;--> statement-breakpoint
-- Written by hand: the points of the inspections scored before, from the scores they keep. They
-- are the visible sub-sections' totals (the domain's scoring), which score_data holds.
UPDATE "inspections" SET
	"points" = coalesce((
		SELECT sum((sub.value->>'points')::numeric)
		FROM jsonb_each("inspections"."score_data"->'sectionsScores') sec, jsonb_each(sec.value->'subSections') sub
		WHERE (sub.value->>'visible')::boolean
	), 0),
	"max_points" = coalesce((
		SELECT sum((sub.value->>'max')::numeric)
		FROM jsonb_each("inspections"."score_data"->'sectionsScores') sec, jsonb_each(sec.value->'subSections') sub
		WHERE (sub.value->>'visible')::boolean
	), 0)
WHERE jsonb_typeof("score_data"->'sectionsScores') = 'object';--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Written by hand: tire type and season were free text; they become the codes of spec §9. A value
-- that is a code or a label (French or English, any case, spaces around) becomes its code; any
-- other value is dropped (null), so the checks below hold. Both cases of 'Été' are listed: lower()
-- leaves accented capitals as they are under the C locale.
UPDATE "inspections" SET "tire_type" = (
	SELECT m."code" FROM (VALUES
		('standard', 'standard'),
		('off_road', 'off_road'), ('off-road', 'off_road'), ('tout-terrain', 'off_road'),
		('super_sport', 'super_sport'), ('super sport', 'super_sport')
	) AS m("name", "code") WHERE m."name" = lower(btrim("inspections"."tire_type"))
) WHERE "tire_type" IS NOT NULL;--> statement-breakpoint
UPDATE "inspections" SET "tire_season" = (
	SELECT m."code" FROM (VALUES
		('summer', 'summer'), ('été', 'summer'), ('Été', 'summer'),
		('winter', 'winter'), ('hiver', 'winter'),
		('four_seasons', 'four_seasons'), ('four seasons', 'four_seasons'), ('quatre saisons', 'four_seasons')
	) AS m("name", "code") WHERE m."name" = lower(btrim("inspections"."tire_season"))
) WHERE "tire_season" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_tire_type_check" CHECK ("inspections"."tire_type" IN ('standard', 'off_road', 'super_sport'));--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_tire_season_check" CHECK ("inspections"."tire_season" IN ('summer', 'winter', 'four_seasons'));