-- Scheduled rate changes name their card (decision 076): a client's courier-wise card, a client's plan card
-- (client_id + plan) or a segment card (segment, no client).
ALTER TABLE "scheduled_rate_changes" ALTER COLUMN "client_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "scheduled_rate_changes" ADD COLUMN "plan" text;--> statement-breakpoint
ALTER TABLE "scheduled_rate_changes" ADD COLUMN "segment" integer;--> statement-breakpoint
CREATE INDEX "scheduled_rate_changes_segment_idx" ON "scheduled_rate_changes" USING btree ("segment","effective_at") WHERE "scheduled_rate_changes"."status" = 'pending' and "scheduled_rate_changes"."segment" is not null;--> statement-breakpoint
ALTER TABLE "scheduled_rate_changes" ADD CONSTRAINT "scheduled_rate_changes_one_card" CHECK (("scheduled_rate_changes"."client_id" is null) <> ("scheduled_rate_changes"."segment" is null) and ("scheduled_rate_changes"."plan" is null or "scheduled_rate_changes"."client_id" is not null));