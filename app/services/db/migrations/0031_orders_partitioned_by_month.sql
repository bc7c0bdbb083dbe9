-- The order book partitioned by month (decision 085). Written by hand around what drizzle-kit
-- generated: drizzle cannot declare partitioning or triggers. Both tables are rebuilt: the old
-- ones renamed, the partitioned ones made with the same columns, the rows copied, the old dropped.
-- The ids' global uniqueness moves to order_keys, kept by triggers on orders.
CREATE TABLE "order_keys" (
	"id" integer PRIMARY KEY NOT NULL,
	"pickrr_order_id" text NOT NULL,
	"pickrr_tracking_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"client_order_id" text,
	"placed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_keys" (id, pickrr_order_id, pickrr_tracking_id, client_id, client_order_id, placed_at)
  SELECT id, pickrr_order_id, pickrr_tracking_id, client_id, client_order_id, placed_at FROM "orders";--> statement-breakpoint
CREATE UNIQUE INDEX "order_keys_pickrr_order_id_idx" ON "order_keys" USING btree ("pickrr_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_keys_tracking_id_idx" ON "order_keys" USING btree ("pickrr_tracking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_keys_client_order_id_idx" ON "order_keys" USING btree ("client_order_id","client_id") WHERE "order_keys"."client_order_id" is not null;--> statement-breakpoint
ALTER TABLE "tracking_events" DROP CONSTRAINT "tracking_events_order_id_orders_id_fk";--> statement-breakpoint
ALTER TABLE "orders" RENAME TO "orders_unpartitioned";--> statement-breakpoint
ALTER TABLE "tracking_events" RENAME TO "tracking_events_unpartitioned";--> statement-breakpoint
-- PGlite (the embedded database) keeps one table each: partitioned, its searches across months were
-- 3–10× slower there (decision 085's measurement). Same columns, keys, indexes and triggers.
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE TABLE "orders" (LIKE "orders_unpartitioned" INCLUDING DEFAULTS);
    CREATE TABLE "tracking_events" (LIKE "tracking_events_unpartitioned" INCLUDING DEFAULTS, "order_placed_at" timestamp with time zone NOT NULL);
  ELSE
    CREATE TABLE "orders" (LIKE "orders_unpartitioned" INCLUDING DEFAULTS) PARTITION BY RANGE ("placed_at");
    CREATE TABLE "tracking_events" (LIKE "tracking_events_unpartitioned" INCLUDING DEFAULTS, "order_placed_at" timestamp with time zone NOT NULL) PARTITION BY RANGE ("order_placed_at");
    CREATE TABLE "orders_default" PARTITION OF "orders" DEFAULT;
    CREATE TABLE "tracking_events_default" PARTITION OF "tracking_events" DEFAULT;
  END IF;
END $$;
--> statement-breakpoint
ALTER SEQUENCE "orders_id_seq" OWNED BY "orders"."id";--> statement-breakpoint
ALTER SEQUENCE "tracking_events_id_seq" OWNED BY "tracking_events"."id";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_id_placed_at_pk" PRIMARY KEY("id","placed_at");--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_id_order_placed_at_pk" PRIMARY KEY("id","order_placed_at");--> statement-breakpoint
-- One month of both tables (UTC calendar month of the order's placed_at), made if missing; rows of
-- that month in the default partitions are moved into it (a partition cannot be attached over rows
-- the default holds). True when it made the month; false on a table that is not partitioned (PGlite).
-- The partition-ahead job and the seed call it.
CREATE FUNCTION "order_month_partition"(month date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  m date := date_trunc('month', month)::date;
  lo text := to_char(m, 'YYYY-MM-DD') || ' 00:00:00+00';
  hi text := to_char((m + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00';
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
-- The months of the book there is, and the current month and the three after it.
DO $$
DECLARE m date;
BEGIN
  m := date_trunc('month', coalesce((SELECT min(placed_at) FROM orders_unpartitioned), now()) AT TIME ZONE 'UTC')::date;
  WHILE m <= (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '3 months')::date LOOP
    PERFORM order_month_partition(m);
    m := (m + interval '1 month')::date;
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "orders" SELECT * FROM "orders_unpartitioned";--> statement-breakpoint
INSERT INTO "tracking_events" (id, order_id, order_placed_at, status, location, at, courier_event_id, received_at)
  SELECT e.id, e.order_id, o.placed_at, e.status, e.location, e.at, e.courier_event_id, e.received_at
  FROM "tracking_events_unpartitioned" e JOIN "orders_unpartitioned" o ON o.id = e.order_id;--> statement-breakpoint
DROP TABLE "tracking_events_unpartitioned";--> statement-breakpoint
DROP TABLE "orders_unpartitioned";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("cod_remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_billing_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("billing_cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_id_order_keys_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_keys"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_pickrr_order_id_idx" ON "orders" USING btree ("pickrr_order_id");--> statement-breakpoint
CREATE INDEX "orders_tracking_id_idx" ON "orders" USING btree ("pickrr_tracking_id");--> statement-breakpoint
CREATE INDEX "orders_courier_tracking_id_idx" ON "orders" USING btree ("courier_tracking_id");--> statement-breakpoint
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_client_placed_idx" ON "orders" USING btree ("client_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops) WITH (fastupdate = off);--> statement-breakpoint
CREATE INDEX "orders_client_order_id_idx" ON "orders" USING btree ("client_order_id","client_id") WHERE "orders"."client_order_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_uncycled_cod_idx" ON "orders" USING btree ("client_id","delivered_at") WHERE "orders"."payment_mode" = 'cod' and "orders"."delivered_at" is not null and "orders"."cod_remittance_id" is null;--> statement-breakpoint
CREATE INDEX "orders_unbilled_idx" ON "orders" USING btree ("client_id","pickup_at") WHERE "orders"."pickup_at" is not null and "orders"."billing_cycle_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_order_event_idx" ON "tracking_events" USING btree ("order_id","courier_event_id","order_placed_at");--> statement-breakpoint
CREATE INDEX "tracking_events_order_at_idx" ON "tracking_events" USING btree ("order_id","at");--> statement-breakpoint
-- order_keys kept by triggers (decision 085). BEFORE triggers, so that an update moving an order to
-- another month (a delete from one partition, an insert into another) deletes and inserts its key row
-- in that order. A taken (client_order_id, client_id) skips the order row (decision 058's 409).
CREATE FUNCTION "order_keys_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_keys (id, pickrr_order_id, pickrr_tracking_id, client_id, client_order_id, placed_at)
    VALUES (NEW.id, NEW.pickrr_order_id, NEW.pickrr_tracking_id, NEW.client_id, NEW.client_order_id, NEW.placed_at)
    ON CONFLICT (client_order_id, client_id) WHERE client_order_id IS NOT NULL DO NOTHING;
  IF NOT FOUND THEN RETURN NULL; END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_keys_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE order_keys SET id = NEW.id, pickrr_order_id = NEW.pickrr_order_id, pickrr_tracking_id = NEW.pickrr_tracking_id,
    client_id = NEW.client_id, client_order_id = NEW.client_order_id, placed_at = NEW.placed_at
    WHERE id = OLD.id;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_keys_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('app.order_keys_kept', true), 'off') <> 'on' THEN
    DELETE FROM order_keys WHERE id = OLD.id;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_keys_insert" BEFORE INSERT ON "orders" FOR EACH ROW EXECUTE FUNCTION order_keys_insert();--> statement-breakpoint
CREATE TRIGGER "orders_keys_update" BEFORE UPDATE OF id, pickrr_order_id, pickrr_tracking_id, client_id, client_order_id, placed_at ON "orders"
  FOR EACH ROW WHEN ((OLD.id, OLD.pickrr_order_id, OLD.pickrr_tracking_id, OLD.client_id, OLD.client_order_id, OLD.placed_at)
    IS DISTINCT FROM (NEW.id, NEW.pickrr_order_id, NEW.pickrr_tracking_id, NEW.client_id, NEW.client_order_id, NEW.placed_at))
  EXECUTE FUNCTION order_keys_update();--> statement-breakpoint
CREATE TRIGGER "orders_keys_delete" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION order_keys_delete();
--> statement-breakpoint
-- The archived months' orders (decision 085): none yet. `npm run orders:archive` redefines it over archive.orders_YYYY_MM.
CREATE VIEW "archived_orders" AS SELECT client_id, placed_at, pickup_at FROM "orders" WHERE false;
