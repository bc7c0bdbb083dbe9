DROP INDEX "money_movements_remittance_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_remittance_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "billing_cycle_id" integer;--> statement-breakpoint
ALTER TABLE "money_movements" ADD COLUMN "bill_id" integer;--> statement-breakpoint
-- Hand-written: the orders of the cycles already there (the seed's, decision 031) are in them.
UPDATE "orders" o SET
  "cod_remittance_id" = CASE WHEN o."payment_mode" = 'cod' AND o."delivered_at" IS NOT NULL THEN (SELECT r."id" FROM "cod_remittances" r
    WHERE r."client_id" = o."client_id" AND r."start_date" = date_trunc('week', o."delivered_at" AT TIME ZONE 'Asia/Kolkata')::date) END,
  "billing_cycle_id" = (SELECT b."id" FROM "billing_cycles" b
    WHERE b."client_id" = o."client_id" AND b."start_date" = date_trunc('week', o."pickup_at" AT TIME ZONE 'Asia/Kolkata')::date)
WHERE o."pickup_at" IS NOT NULL AND EXISTS (SELECT 1 FROM "billing_cycles" b WHERE b."client_id" = o."client_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("cod_remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_billing_cycle_id_billing_cycles_id_fk" FOREIGN KEY ("billing_cycle_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_bill_id_billing_cycles_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_uncycled_cod_idx" ON "orders" USING btree ("client_id","delivered_at") WHERE "orders"."payment_mode" = 'cod' and "orders"."delivered_at" is not null and "orders"."cod_remittance_id" is null;--> statement-breakpoint
CREATE INDEX "orders_unbilled_idx" ON "orders" USING btree ("client_id","pickup_at") WHERE "orders"."pickup_at" is not null and "orders"."billing_cycle_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_release_idx" ON "money_movements" USING btree ("remittance_id") WHERE "money_movements"."kind" = 'cod_release';--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_netting_idx" ON "money_movements" USING btree ("remittance_id","bill_id") WHERE "money_movements"."kind" = 'bill_netting';--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_wallet_idx" ON "money_movements" USING btree ("bill_id") WHERE "money_movements"."kind" = 'wallet_debit';--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_outstanding_check" CHECK ("billing_cycles"."outstanding_amount" >= 0 and "billing_cycles"."outstanding_amount" <= "billing_cycles"."total_amount");--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_kind_check" CHECK ("money_movements"."kind" in ('cod_release', 'bill_netting', 'wallet_debit'));