-- A stamp for the Order Tracker's daily stats of past days (docs/decisions/088-daily-performance-cache.md,
-- amended): any statement that changes the placed count of a day before the database's IST today in
-- `order_daily_rollups` (the seed, a rebuild, a back-dated order) gives `order_days` a new value from
-- decision 008's sequence. A placement (today's row) or a pickup (the picked count) leaves it alone:
-- the statement triggers look at the statement's rows (transition tables) and write nothing then,
-- so the stamp's row is no point of contention for the order book's writers.
CREATE OR REPLACE FUNCTION "bump_order_days_version"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  today date := ((clock_timestamp() at time zone 'UTC') + interval '330 minutes')::date;
  changed boolean := TG_OP = 'TRUNCATE';
BEGIN
  -- One branch a kind of statement: a transition table exists only for its own kind.
  IF TG_OP = 'INSERT' THEN
    changed := EXISTS (SELECT 1 FROM new_rows WHERE day < today AND placed <> 0);
  ELSIF TG_OP = 'DELETE' THEN
    changed := EXISTS (SELECT 1 FROM old_rows WHERE day < today AND placed <> 0);
  ELSIF TG_OP = 'UPDATE' THEN
    changed := EXISTS (
      (SELECT client_id, day, placed FROM new_rows WHERE day < today
        EXCEPT SELECT client_id, day, placed FROM old_rows WHERE day < today)
      UNION ALL
      (SELECT client_id, day, placed FROM old_rows WHERE day < today
        EXCEPT SELECT client_id, day, placed FROM new_rows WHERE day < today));
  END IF;
  IF changed THEN
    INSERT INTO "data_versions" ("name", "version") VALUES ('order_days', nextval('data_version_seq'))
    ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "order_daily_rollups_days_insert"
  AFTER INSERT ON "order_daily_rollups" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_days_version"();
--> statement-breakpoint
CREATE TRIGGER "order_daily_rollups_days_update"
  AFTER UPDATE ON "order_daily_rollups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_days_version"();
--> statement-breakpoint
CREATE TRIGGER "order_daily_rollups_days_delete"
  AFTER DELETE ON "order_daily_rollups" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_days_version"();
--> statement-breakpoint
CREATE TRIGGER "order_daily_rollups_days_truncate"
  AFTER TRUNCATE ON "order_daily_rollups"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_order_days_version"();
--> statement-breakpoint
INSERT INTO "data_versions" ("name", "version") VALUES ('order_days', nextval('data_version_seq'))
  ON CONFLICT ("name") DO UPDATE SET "version" = excluded."version";
