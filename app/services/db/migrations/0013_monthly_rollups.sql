CREATE TABLE "order_monthly_rollups" (
	"client_id" integer NOT NULL,
	"month" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	"picked_1" integer DEFAULT 0 NOT NULL,
	"picked_2" integer DEFAULT 0 NOT NULL,
	"picked_3" integer DEFAULT 0 NOT NULL,
	"picked_4" integer DEFAULT 0 NOT NULL,
	"picked_5" integer DEFAULT 0 NOT NULL,
	"picked_6" integer DEFAULT 0 NOT NULL,
	"picked_7" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_monthly_rollups_client_id_month_pk" PRIMARY KEY("client_id","month")
);
--> statement-breakpoint
ALTER TABLE "order_monthly_rollups" ADD CONSTRAINT "order_monthly_rollups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_monthly_rollups_month_idx" ON "order_monthly_rollups" USING btree ("month");--> statement-breakpoint
INSERT INTO "order_monthly_rollups" ("client_id", "month", "placed", "picked", "picked_1", "picked_2", "picked_3", "picked_4", "picked_5", "picked_6", "picked_7")
SELECT "client_id", date_trunc('month', "day")::date, sum("placed")::int, sum("picked")::int,
  (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 1), 0))::int, (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 2), 0))::int,
  (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 3), 0))::int, (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 4), 0))::int,
  (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 5), 0))::int, (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 6), 0))::int,
  (coalesce(sum("picked") FILTER (WHERE extract(isodow FROM "day") = 7), 0))::int
FROM "order_daily_rollups" GROUP BY 1, 2;
