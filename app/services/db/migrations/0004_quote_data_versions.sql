-- Data versions for the quote engine's in-memory caches (docs/decisions/008-quote-data-and-caches.md).
-- Any statement that changes serviceability or pincodes stamps the data set with a new value
-- from one sequence; a sequence never goes back (not even after TRUNCATE … RESTART IDENTITY,
-- which resets only owned sequences), so a cache can never mistake new data for what it holds.
CREATE SEQUENCE IF NOT EXISTS "data_version_seq";
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bump_data_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "data_versions" ("name", "version")
  VALUES (TG_ARGV[0], nextval('data_version_seq'))
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "courier_serviceability_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courier_serviceability"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('serviceability');
--> statement-breakpoint
CREATE TRIGGER "pincodes_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "pincodes"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('pincodes');
