CREATE TABLE "daily_performance_rows" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"placed_0" integer DEFAULT 0 NOT NULL,
	"placed_1" integer DEFAULT 0 NOT NULL,
	"placed_2" integer DEFAULT 0 NOT NULL,
	"placed_3" integer DEFAULT 0 NOT NULL,
	"placed_4" integer DEFAULT 0 NOT NULL,
	"placed_5" integer DEFAULT 0 NOT NULL,
	"placed_6" integer DEFAULT 0 NOT NULL,
	"picked_0" integer DEFAULT 0 NOT NULL,
	"picked_1" integer DEFAULT 0 NOT NULL,
	"picked_2" integer DEFAULT 0 NOT NULL,
	"picked_3" integer DEFAULT 0 NOT NULL,
	"picked_4" integer DEFAULT 0 NOT NULL,
	"picked_5" integer DEFAULT 0 NOT NULL,
	"picked_6" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "daily_performance_rows" ADD CONSTRAINT "daily_performance_rows_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;