-- The customer names of the order book, once each (decision 093). Written by hand after what
-- drizzle-kit generated (the table): drizzle cannot declare triggers, an index's INCLUDE or a
-- trigram operator class. The Customer Name search finds the matching names here, then their
-- orders by equality on orders_customer_name_idx, instead of a trigram scan of every month's orders.
CREATE TABLE "order_customer_names" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
INSERT INTO "order_customer_names" ("name") SELECT DISTINCT lower("customer_name") FROM "orders";--> statement-breakpoint
CREATE INDEX "order_customer_names_trgm_idx" ON "order_customer_names" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- A name's orders read from the index alone: the ids and times the page is chosen by, the client for
-- the scope, and customer_name itself (PostgreSQL reads an expression index alone only when the
-- columns the expression is made of are in it too).
CREATE INDEX "orders_customer_name_idx" ON "orders" USING btree (lower("customer_name"), "placed_at") INCLUDE ("id", "client_id", "customer_name");--> statement-breakpoint
-- Kept by triggers: a statement trigger for inserts (one statement per placement, one per seed chunk:
-- the names of its rows in one insert), a row trigger for the rare change of a name.
CREATE FUNCTION "order_customer_names_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_customer_names (name) SELECT DISTINCT lower(customer_name) FROM new_orders ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "order_customer_names_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_customer_names (name) VALUES (lower(NEW.customer_name)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "orders_customer_names_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION order_customer_names_insert();--> statement-breakpoint
CREATE TRIGGER "orders_customer_names_update" AFTER UPDATE OF customer_name ON "orders"
  FOR EACH ROW WHEN (lower(OLD.customer_name) IS DISTINCT FROM lower(NEW.customer_name))
  EXECUTE FUNCTION order_customer_names_update();
