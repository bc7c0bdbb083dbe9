-- Stamps for the Order Tracker's page cache (docs/decisions/088-daily-performance-cache.md): any
-- statement that changes the clients, the staff or the Daily Performance snapshot's rows gives
-- its data set a new value from the one sequence of decision 008 (bump_data_version, 0004), so a
-- page read under the old stamps is never served again, whichever server cached it.
CREATE TRIGGER "clients_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('clients');
--> statement-breakpoint
CREATE TRIGGER "staff_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "staff"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('staff');
--> statement-breakpoint
CREATE TRIGGER "daily_performance_rows_version"
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "daily_performance_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_data_version"('daily_performance');
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version")
  SELECT n, nextval('data_version_seq') FROM unnest(ARRAY['clients', 'staff', 'daily_performance']) AS n
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
