ALTER TABLE "inspections" DROP CONSTRAINT "inspections_state_check";--> statement-breakpoint
ALTER TABLE "repairs" ADD COLUMN "odometer" integer;--> statement-breakpoint
ALTER TABLE "estimations" ADD COLUMN "odometer" integer;--> statement-breakpoint
ALTER TABLE "deferred_work" ADD COLUMN "reoffered_item_id" uuid;--> statement-breakpoint
ALTER TABLE "inspections" ADD CONSTRAINT "inspections_state_check" CHECK ("inspections"."state" IN ('draft', 'pending', 'assigned', 'in_progress', 'completed', 'approved', 'repairing', 'repaired', 'canceled'));--> statement-breakpoint
-- hand-written (moneyflow):
-- Existing estimates and repairs made from an inspection take its reading as their visit's (the others print the vehicle's, as before).
UPDATE "estimations" SET "odometer" = i."odometer" FROM "inspections" i WHERE "estimations"."inspection_id" = i."id" AND "estimations"."odometer" IS NULL;--> statement-breakpoint
UPDATE "repairs" SET "odometer" = i."odometer" FROM "inspections" i WHERE "repairs"."inspection_id" = i."id" AND "repairs"."odometer" IS NULL;--> statement-breakpoint
-- An inspection whose repair is already done (completed or validated) is repaired.
UPDATE "inspections" SET "state" = 'repaired' FROM "repairs" r WHERE "inspections"."repair_id" = r."id" AND "inspections"."state" = 'repairing' AND r."state" IN ('completed', 'validated');
