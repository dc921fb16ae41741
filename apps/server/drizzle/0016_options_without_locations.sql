ALTER TABLE "options" DROP COLUMN "location_ids";
