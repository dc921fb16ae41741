ALTER TABLE "notification_subscriptions" ADD COLUMN "events" text[];--> statement-breakpoint
-- hand-written (specgaps): a request names the work made in answer to it (its responseObject,
-- response_type + response_id): the newest inspection made from it, else the newest estimate. Kept
-- by the database, so every path that makes the work (screen, API, import, redo) keeps it.
CREATE FUNCTION "request_response_from_work"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."request_id" IS NOT NULL AND (TG_OP = 'INSERT' OR NEW."request_id" IS DISTINCT FROM OLD."request_id") THEN
		IF TG_TABLE_NAME = 'inspections' THEN
			UPDATE "requests" SET "response_type" = 'inspections', "response_id" = NEW."id" WHERE "id" = NEW."request_id";
		ELSE
			UPDATE "requests" SET "response_type" = 'estimations', "response_id" = NEW."id"
			 WHERE "id" = NEW."request_id" AND "response_type" IS DISTINCT FROM 'inspections';
		END IF;
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "inspections_request_response" AFTER INSERT OR UPDATE OF "request_id" ON "inspections" FOR EACH ROW EXECUTE FUNCTION "request_response_from_work"();--> statement-breakpoint
CREATE TRIGGER "estimations_request_response" AFTER INSERT OR UPDATE OF "request_id" ON "estimations" FOR EACH ROW EXECUTE FUNCTION "request_response_from_work"();--> statement-breakpoint
UPDATE "requests" r SET "response_type" = 'estimations', "response_id" = e."id"
  FROM (SELECT DISTINCT ON ("request_id") "request_id", "id" FROM "estimations" WHERE "request_id" IS NOT NULL ORDER BY "request_id", "created_at" DESC) e
 WHERE e."request_id" = r."id";--> statement-breakpoint
UPDATE "requests" r SET "response_type" = 'inspections', "response_id" = i."id"
  FROM (SELECT DISTINCT ON ("request_id") "request_id", "id" FROM "inspections" WHERE "request_id" IS NOT NULL ORDER BY "request_id", "created_at" DESC) i
 WHERE i."request_id" = r."id";
