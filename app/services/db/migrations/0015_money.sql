CREATE TABLE "billing_cycles" (
	"id" serial PRIMARY KEY NOT NULL,
	"reference_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"due_date" date NOT NULL,
	"order_count" integer NOT NULL,
	"freight_charge" numeric(12, 2) NOT NULL,
	"entry_tax" numeric(12, 2) NOT NULL,
	"kk_tax" numeric(12, 2) NOT NULL,
	"service_tax" numeric(12, 2) NOT NULL,
	"total_tax" numeric(12, 2) NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"outstanding_amount" numeric(12, 2) NOT NULL,
	"cleared_at" timestamp with time zone,
	"transaction_reference" text,
	"remark" text
);
--> statement-breakpoint
CREATE TABLE "cashback_credits" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"pickrr_order_id" text NOT NULL,
	"outcome" text NOT NULL,
	"bill_reference" text NOT NULL,
	"bill_start" date NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"computed_amount" numeric(12, 2) NOT NULL,
	"promised_days" integer NOT NULL,
	"actual_days" integer NOT NULL,
	"explanation" text NOT NULL,
	"credited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "client_money_profiles" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"buffer_percent" numeric(6, 2) DEFAULT '0' NOT NULL,
	"wallet_balance" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"pickrr_reference_id" text NOT NULL,
	"client_id" integer NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"remittance_date" date NOT NULL,
	"order_count" integer NOT NULL,
	"total_amount" numeric(12, 2) NOT NULL,
	"ecod_charges" numeric(12, 2) NOT NULL,
	"pending_amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"current_action" text,
	"released_at" timestamp with time zone,
	"released_by" integer,
	"approver_email" text,
	"approver_reason" text,
	"transaction_reference" text,
	"remark" text,
	CONSTRAINT "cod_remittances_status_check" CHECK ("cod_remittances"."status" in ('PENDING', 'PARTIAL', 'RELEASED'))
);
--> statement-breakpoint
CREATE TABLE "finance_report_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"error" text,
	"rows" integer,
	CONSTRAINT "finance_report_jobs_status_check" CHECK ("finance_report_jobs"."status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "money_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"kind" text NOT NULL,
	"remittance_id" integer,
	"amount" numeric(12, 2) NOT NULL,
	"transaction_reference" text NOT NULL,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "billing_cycles" ADD CONSTRAINT "billing_cycles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashback_credits" ADD CONSTRAINT "cashback_credits_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_money_profiles" ADD CONSTRAINT "client_money_profiles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_released_by_staff_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_report_jobs" ADD CONSTRAINT "finance_report_jobs_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_reference_idx" ON "billing_cycles" USING btree ("reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_cycles_client_cycle_idx" ON "billing_cycles" USING btree ("client_id","start_date");--> statement-breakpoint
CREATE INDEX "cashback_credits_client_bill_idx" ON "cashback_credits" USING btree ("client_id","bill_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_reference_idx" ON "cod_remittances" USING btree ("pickrr_reference_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_client_cycle_idx" ON "cod_remittances" USING btree ("client_id","start_date");--> statement-breakpoint
CREATE INDEX "cod_remittances_held_idx" ON "cod_remittances" USING btree ("start_date","id") WHERE "cod_remittances"."current_action" = 'HOLD' and "cod_remittances"."status" in ('PENDING', 'PARTIAL');--> statement-breakpoint
CREATE INDEX "finance_report_jobs_staff_idx" ON "finance_report_jobs" USING btree ("staff_id","requested_at");--> statement-breakpoint
CREATE INDEX "finance_report_jobs_open_idx" ON "finance_report_jobs" USING btree ("id") WHERE "finance_report_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "money_movements_remittance_idx" ON "money_movements" USING btree ("kind","remittance_id");--> statement-breakpoint
CREATE INDEX "money_movements_client_idx" ON "money_movements" USING btree ("client_id","at");