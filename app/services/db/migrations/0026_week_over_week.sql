-- Daily Performance week on week (decision 072): each client's placed orders of the seven whole
-- days before the snapshot's day, and of the seven days before those.
ALTER TABLE "daily_performance_rows" ADD COLUMN "placed_week" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_performance_rows" ADD COLUMN "placed_week_before" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The stored snapshot gets its two weeks from the rollups now, for the snapshot's own day (clients
-- with orders only in those two weeks get a row), rather than showing zeros until the next refresh.
INSERT INTO "daily_performance_rows" ("client_id", "placed_week", "placed_week_before")
  SELECT r."client_id",
    coalesce(sum(r."placed") FILTER (WHERE r."day" BETWEEN s.d - 7 AND s.d - 1), 0)::int,
    coalesce(sum(r."placed") FILTER (WHERE r."day" BETWEEN s.d - 14 AND s.d - 8), 0)::int
  FROM "order_daily_rollups" r
  JOIN (SELECT ("value"->>'day')::date AS d FROM "settings" WHERE "key" = 'daily_performance.snapshot') s
    ON r."day" BETWEEN s.d - 14 AND s.d - 1
  GROUP BY r."client_id"
  ON CONFLICT ("client_id") DO UPDATE
    SET "placed_week" = excluded."placed_week", "placed_week_before" = excluded."placed_week_before";
