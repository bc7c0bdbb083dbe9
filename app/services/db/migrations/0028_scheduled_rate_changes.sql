-- Rate changes scheduled to take effect at a time (decision 075): the row changes, who scheduled them, and
-- the outcome; the job and the quotes read only the pending ones (partial indexes).
CREATE TABLE "scheduled_rate_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mail_kind" text NOT NULL,
	"note" text,
	"details" jsonb,
	"changes" jsonb NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"scheduled_by" integer,
	"scheduled_by_email" text NOT NULL,
	"scheduled_by_role" text NOT NULL,
	"scheduled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by_email" text,
	"outcome" jsonb,
	CONSTRAINT "scheduled_rate_changes_status" CHECK ("scheduled_rate_changes"."status" in ('pending', 'applied', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "scheduled_rate_changes" ADD CONSTRAINT "scheduled_rate_changes_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_rate_changes" ADD CONSTRAINT "scheduled_rate_changes_scheduled_by_staff_id_fk" FOREIGN KEY ("scheduled_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scheduled_rate_changes_due_idx" ON "scheduled_rate_changes" USING btree ("effective_at") WHERE "scheduled_rate_changes"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "scheduled_rate_changes_client_idx" ON "scheduled_rate_changes" USING btree ("client_id","effective_at") WHERE "scheduled_rate_changes"."status" = 'pending';