-- Decision 058: an Idempotency-Key bound to its order's fingerprint and kept 24 hours (the created_at index
-- finds expired keys); the seller's client_order_id, unique per client, its index led by the id so the
-- header's Client Order ID search reads it too. Both columns are nullable: no table rewrite.
ALTER TABLE "order_requests" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_order_id" text;--> statement-breakpoint
CREATE INDEX "order_requests_created_idx" ON "order_requests" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_client_order_id_idx" ON "orders" USING btree ("client_order_id","client_id") WHERE "orders"."client_order_id" is not null;