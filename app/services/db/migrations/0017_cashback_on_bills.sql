ALTER TABLE "billing_cycles" DROP CONSTRAINT "billing_cycles_outstanding_check";--> statement-breakpoint
ALTER TABLE "money_movements" DROP CONSTRAINT "money_movements_kind_check";--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD COLUMN "cashback_amount" numeric(12, 2) DEFAULT '0.00' NOT NULL;--> statement-breakpoint
ALTER TABLE "cashback_credits" ADD COLUMN "applied_bill_id" integer;--> statement-breakpoint
ALTER TABLE "cashback_credits" ADD CONSTRAINT "cashback_credits_applied_bill_id_billing_cycles_id_fk" FOREIGN KEY ("applied_bill_id") REFERENCES "public"."billing_cycles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cashback_credits_waiting_idx" ON "cashback_credits" USING btree ("client_id","bill_start") WHERE "cashback_credits"."applied_bill_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_cashback_idx" ON "money_movements" USING btree ("bill_id") WHERE "money_movements"."kind" = 'cashback_credit';--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_cashback_check" CHECK ("billing_cycles"."cashback_amount" >= 0 and "billing_cycles"."cashback_amount" <= "billing_cycles"."total_amount");--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_outstanding_check" CHECK ("billing_cycles"."outstanding_amount" >= 0 and "billing_cycles"."outstanding_amount" <= "billing_cycles"."total_amount" - "billing_cycles"."cashback_amount");--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_kind_check" CHECK ("money_movements"."kind" in ('cod_release', 'bill_netting', 'wallet_debit', 'cashback_credit'));