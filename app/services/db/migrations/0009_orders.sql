CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickrr_order_id" text NOT NULL,
	"pickrr_tracking_id" text NOT NULL,
	"courier_tracking_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"courier_service_id" integer NOT NULL,
	"courier_name" text NOT NULL,
	"service" text NOT NULL,
	"payment_mode" text NOT NULL,
	"cod_amount" numeric(12, 2) NOT NULL,
	"invoice_value" numeric(12, 2) NOT NULL,
	"items" jsonb NOT NULL,
	"dead_weight" numeric(10, 3) NOT NULL,
	"length" numeric(8, 2) NOT NULL,
	"breadth" numeric(8, 2) NOT NULL,
	"height" numeric(8, 2) NOT NULL,
	"pickup_pincode" integer NOT NULL,
	"pickup_city" text NOT NULL,
	"pickup_state" text NOT NULL,
	"drop_pincode" integer NOT NULL,
	"drop_city" text NOT NULL,
	"drop_state" text NOT NULL,
	"order_zone" text NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_address" text NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"pickup_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"rto_at" timestamp with time zone,
	"current_status" text NOT NULL,
	"edd_stamp" text NOT NULL,
	"promise_edd" text,
	"charge" jsonb NOT NULL,
	"charged_amount" numeric(12, 2) NOT NULL,
	"last_synced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"location" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"courier_event_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_pickrr_order_id_idx" ON "orders" USING btree ("pickrr_order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_tracking_id_idx" ON "orders" USING btree ("pickrr_tracking_id");--> statement-breakpoint
CREATE INDEX "orders_courier_tracking_id_idx" ON "orders" USING btree ("courier_tracking_id");--> statement-breakpoint
CREATE INDEX "orders_customer_phone_idx" ON "orders" USING btree ("customer_phone");--> statement-breakpoint
CREATE INDEX "orders_client_placed_idx" ON "orders" USING btree ("client_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "tracking_events_order_event_idx" ON "tracking_events" USING btree ("order_id","courier_event_id");--> statement-breakpoint
CREATE INDEX "tracking_events_order_at_idx" ON "tracking_events" USING btree ("order_id","at");
--> statement-breakpoint
-- hand-written (keep at merge): customer-name contains search (decision 023), the same extension on PGlite and PostgreSQL
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops);
