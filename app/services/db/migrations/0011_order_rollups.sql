CREATE TABLE "order_daily_rollups" (
	"client_id" integer NOT NULL,
	"day" date NOT NULL,
	"placed" integer DEFAULT 0 NOT NULL,
	"picked" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_daily_rollups_client_id_day_pk" PRIMARY KEY("client_id","day")
);
--> statement-breakpoint
ALTER TABLE "order_daily_rollups" ADD CONSTRAINT "order_daily_rollups_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_daily_rollups_day_idx" ON "order_daily_rollups" USING btree ("day");