CREATE TABLE "saved_quotes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"created_by" integer,
	"created_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"input" jsonb NOT NULL,
	"document" jsonb NOT NULL,
	"rate_card_version" integer NOT NULL,
	"valid_until" date NOT NULL,
	CONSTRAINT "saved_quotes_rate_card_version_positive" CHECK ("saved_quotes"."rate_card_version" > 0)
);
--> statement-breakpoint
ALTER TABLE "saved_quotes" ADD CONSTRAINT "saved_quotes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_quotes" ADD CONSTRAINT "saved_quotes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_quotes_client_idx" ON "saved_quotes" USING btree ("client_id","id");