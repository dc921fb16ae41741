ALTER TABLE "roles" ADD COLUMN "users_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Written by hand: roles.users_count, the users of the role's owner (its organization; for a
-- reseller's or the platform's role, that reseller's or the platform's own users) holding the
-- role, kept by the database as inspection_forms.inspections_count is (0006): exact for every
-- writer, and a list of roles reads it without a count per row. Both owners are set at creation
-- only, so only the links move the count (role_user_matches: the role $1 and the user $2 have
-- one owner); adding and subtracting one (rather than counting
-- again) stays exact when two links of a role are written at once.
CREATE FUNCTION "role_user_matches"(uuid, uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT EXISTS (
		SELECT 1 FROM "roles" r JOIN "users" u ON u."id" = $2
		WHERE r."id" = $1
			AND u."organization_id" IS NOT DISTINCT FROM r."organization_id"
			AND (r."organization_id" IS NOT NULL OR u."reseller_id" IS NOT DISTINCT FROM r."reseller_id")
	)
$$;--> statement-breakpoint
CREATE FUNCTION "count_role_users"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' AND "role_user_matches"(NEW."role_id", NEW."user_id") THEN
		UPDATE "roles" SET "users_count" = "users_count" + 1 WHERE "id" = NEW."role_id";
	ELSIF TG_OP = 'DELETE' AND "role_user_matches"(OLD."role_id", OLD."user_id") THEN
		UPDATE "roles" SET "users_count" = "users_count" - 1 WHERE "id" = OLD."role_id";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "user_roles_role_count" AFTER INSERT OR DELETE ON "user_roles" FOR EACH ROW EXECUTE FUNCTION "count_role_users"();--> statement-breakpoint
-- A user deleted takes their links first, while the user is still there to be matched (the
-- cascade would remove them once the user is gone).
CREATE FUNCTION "release_user_roles"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM "user_roles" WHERE "user_id" = OLD."id";
	RETURN OLD;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_release_roles" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "release_user_roles"();--> statement-breakpoint
UPDATE "roles" r SET "users_count" = (SELECT count(*) FROM "user_roles" ur WHERE ur."role_id" = r."id" AND "role_user_matches"(r."id", ur."user_id"));
