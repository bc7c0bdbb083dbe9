-- The order book's months are India's calendar months (decision 097): a month partition holds the
-- orders placed from the 1st 00:00 IST to the next month's 1st 00:00 IST, so that `npm run
-- orders:archive -- --before 2025-01` archives exactly the orders placed before 1 January 2025 as
-- staff read the date, and none of the month they keep. Migration 0031 cut them at UTC midnight
-- (05:30 IST). Written by hand: drizzle cannot declare partitions. On PGlite (one table, decision
-- 085) only the function changes, and it does nothing there.
CREATE OR REPLACE FUNCTION "order_month_partition"(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', month)::date;
  lo text := to_char(m, 'YYYY-MM-DD') || ' 00:00:00+05:30';
  hi text := to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+05:30';
  suffix text := to_char(m, 'YYYY_MM');
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'orders'::regclass) <> 'p' THEN RETURN false; END IF;
  IF to_regclass(format('%I', 'orders_' || suffix)) IS NOT NULL THEN RETURN false; END IF;
  -- Moving rows out of the default partition keeps their order_keys rows (the delete trigger skips).
  PERFORM set_config('app.order_keys_kept', 'on', true);
  EXECUTE format('CREATE TABLE %I (LIKE orders INCLUDING DEFAULTS)', 'orders_' || suffix);
  EXECUTE format('WITH moved AS (DELETE FROM orders_default WHERE placed_at >= %L AND placed_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    lo, hi, 'orders_' || suffix);
  EXECUTE format('ALTER TABLE orders ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', 'orders_' || suffix, lo, hi);
  EXECUTE format('CREATE TABLE %I (LIKE tracking_events INCLUDING DEFAULTS)', 'tracking_events_' || suffix);
  EXECUTE format('WITH moved AS (DELETE FROM tracking_events_default WHERE order_placed_at >= %L AND order_placed_at < %L RETURNING *) INSERT INTO %I SELECT * FROM moved',
    lo, hi, 'tracking_events_' || suffix);
  EXECUTE format('ALTER TABLE tracking_events ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)', 'tracking_events_' || suffix, lo, hi);
  PERFORM set_config('app.order_keys_kept', 'off', true);
  RETURN true;
END $$;
--> statement-breakpoint
-- The live months made at UTC midnight are cut again: every month partition is detached and its
-- rows put back into the default partitions, themselves detached meanwhile (no trigger runs on a
-- detached table: the orders keep their order_keys rows); then each IST month of the book, and the
-- current one and the three after it, is made by the function above. Archived months (the schema
-- archive) stay as they were archived. The book is copied twice: on a large book this migration
-- takes minutes, once.
DO $$
DECLARE
  t record;
  m date;
  today date := ((now() AT TIME ZONE 'UTC') + interval '330 minutes')::date;
BEGIN
  IF (SELECT relkind FROM pg_class WHERE oid = 'orders'::regclass) <> 'p' THEN RETURN; END IF;
  FOR t IN
    SELECT c.relname AS child, p.relname AS parent
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
    WHERE p.relname IN ('orders', 'tracking_events') AND p.relnamespace = 'public'::regnamespace
      AND c.relname ~ '_[0-9]{4}_[0-9]{2}$'
  LOOP
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', t.parent, t.child);
  END LOOP;
  ALTER TABLE orders DETACH PARTITION orders_default;
  ALTER TABLE tracking_events DETACH PARTITION tracking_events_default;
  FOR t IN
    SELECT relname FROM pg_class
    WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' AND relname ~ '^(orders|tracking_events)_[0-9]{4}_[0-9]{2}$'
  LOOP
    EXECUTE format('INSERT INTO %I SELECT * FROM %I',
      CASE WHEN t.relname LIKE 'orders\_%' THEN 'orders_default' ELSE 'tracking_events_default' END, t.relname);
    EXECUTE format('DROP TABLE %I', t.relname);
  END LOOP;
  ALTER TABLE orders ATTACH PARTITION orders_default DEFAULT;
  ALTER TABLE tracking_events ATTACH PARTITION tracking_events_default DEFAULT;
  FOR m IN
    SELECT date_trunc('month', (placed_at AT TIME ZONE 'UTC') + interval '330 minutes')::date FROM orders_default
    UNION SELECT date_trunc('month', (order_placed_at AT TIME ZONE 'UTC') + interval '330 minutes')::date FROM tracking_events_default
    UNION SELECT generate_series(date_trunc('month', today), date_trunc('month', today) + interval '3 months', interval '1 month')::date
    ORDER BY 1
  LOOP
    PERFORM order_month_partition(m);
  END LOOP;
END $$;
