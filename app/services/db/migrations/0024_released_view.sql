-- On Hold COD's Released view (decision 066): a release keeps what it paid out and the e-mail it
-- sent on the remittance, and the view reads an approver's releases by time (and by approver).
ALTER TABLE "cod_remittances" ADD COLUMN "released_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD COLUMN "release_mail_id" integer;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_release_mail_id_mail_outbox_id_fk" FOREIGN KEY ("release_mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Releases made before this migration: the amount from their money movements (paid out plus bills
-- netted), the e-mail by its subject (one release, one "COD remittance … released" message).
UPDATE "cod_remittances" r SET "released_amount" = m.amount
  FROM (SELECT "remittance_id", sum("amount") AS amount FROM "money_movements"
        WHERE "kind" IN ('cod_release', 'bill_netting') AND "remittance_id" IS NOT NULL GROUP BY "remittance_id") m
  WHERE m."remittance_id" = r."id" AND r."status" = 'RELEASED';--> statement-breakpoint
UPDATE "cod_remittances" r SET "release_mail_id" = (
    SELECT min(o."id") FROM "mail_outbox" o WHERE o."subject" = 'COD remittance ' || r."pickrr_reference_id" || ' released')
  WHERE r."approver_email" IS NOT NULL;--> statement-breakpoint
-- The held list's index carries the pending amount and the seller too: the list's totals (count
-- and sum of the filter) read it alone, as its count did.
DROP INDEX IF EXISTS "cod_remittances_held_idx";--> statement-breakpoint
CREATE INDEX "cod_remittances_held_idx" ON "cod_remittances" USING btree ("start_date","id") INCLUDE ("pending_amount","client_id") WHERE "cod_remittances"."current_action" = 'HOLD' and "cod_remittances"."status" in ('PENDING', 'PARTIAL');--> statement-breakpoint
-- Both carry the amount and the seller, so the view's count and sum (and a kam's scope) read the
-- index alone. drizzle's schema cannot say INCLUDE; it declares the same names without it.
CREATE INDEX "cod_remittances_released_idx" ON "cod_remittances" USING btree ("released_at","id") INCLUDE ("released_amount","client_id") WHERE "cod_remittances"."approver_email" is not null;--> statement-breakpoint
CREATE INDEX "cod_remittances_released_approver_idx" ON "cod_remittances" USING btree ("approver_email","released_at","id") INCLUDE ("released_amount","client_id") WHERE "cod_remittances"."approver_email" is not null;
