ALTER TABLE "order_monthly_rollups" ADD COLUMN "old_account" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The rows already kept: a client is an old account in a month when it placed orders in an earlier one (decision 092).
UPDATE "order_monthly_rollups" m SET "old_account" = true
WHERE EXISTS (SELECT 1 FROM "order_monthly_rollups" e WHERE e."client_id" = m."client_id" AND e."month" < m."month" AND e."placed" > 0);
