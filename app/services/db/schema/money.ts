/**
 * Money (decision 031, docs/product.md §3 "Held COD remittance", "Hold analytics", "Ledger entry"):
 * what a seller is owed (COD remittance cycles: the COD collected on its delivered orders, one
 * cycle per IST week of delivery) and what it owes (billing cycles: the freight of the orders
 * picked up in a week, with taxes). Amounts are numeric(12,2) rupees, computed in paise
 * (core/money.ts). A seller's customer type follows its pickrr_config (has_wallet → WALLET,
 * deduct_cod → COD_MINUS_BILL, else SEPARATE_BILL; credit days = credit_period); the figures
 * the hold verdicts need beyond those live in client_money_profiles.
 */
import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { clients } from "./clients";
import { mailOutbox } from "./mail";
import { staff } from "./staff";

export const clientMoneyProfiles = pgTable("client_money_profiles", {
  client_id: integer("client_id")
    .primaryKey()
    .references(() => clients.id, { onDelete: "cascade" }),
  /** The safety margin on future COD in the hold verdicts, percent. */
  buffer_percent: numeric("buffer_percent", { precision: 6, scale: 2 }).notNull().default("0"),
  /** The prepaid wallet's balance (WALLET sellers; negative when freight ran past it). */
  wallet_balance: numeric("wallet_balance", { precision: 12, scale: 2 }).notNull().default("0"),
});

export const REMITTANCE_STATUSES = ["PENDING", "PARTIAL", "RELEASED"] as const;
export type RemittanceStatus = (typeof REMITTANCE_STATUSES)[number];

export const codRemittances = pgTable(
  "cod_remittances",
  {
    id: serial("id").primaryKey(),
    pickrr_reference_id: text("pickrr_reference_id").notNull(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** The cycle: deliveries from start_date to end_date (IST, Monday to Sunday). */
    start_date: date("start_date", { mode: "string" }).notNull(),
    end_date: date("end_date", { mode: "string" }).notNull(),
    /** When the cycle is due to be paid out (the ledger's clearance date while pending). */
    remittance_date: date("remittance_date", { mode: "string" }).notNull(),
    order_count: integer("order_count").notNull(),
    total_amount: numeric("total_amount", { precision: 12, scale: 2 }).notNull(),
    /** The COD charges of the cycle's orders, deducted from the payout. */
    ecod_charges: numeric("ecod_charges", { precision: 12, scale: 2 }).notNull(),
    /** What is still to be paid out (total − ecod while PENDING, less after a PARTIAL payout, 0 once RELEASED). */
    pending_amount: numeric("pending_amount", { precision: 12, scale: 2 }).notNull(),
    status: text("status").$type<RemittanceStatus>().notNull(),
    /** HOLD while finance holds it; null otherwise. */
    current_action: text("current_action"),
    released_at: timestamp("released_at", { withTimezone: true }),
    released_by: integer("released_by").references(() => staff.id),
    approver_email: text("approver_email"),
    approver_reason: text("approver_reason"),
    transaction_reference: text("transaction_reference"),
    remark: text("remark"),
    /** What the release paid out of the remittance (its pending amount then, before any netting; decision 066). */
    released_amount: numeric("released_amount", { precision: 12, scale: 2 }),
    /** The e-mail the release sent the seller (decision 066). */
    release_mail_id: integer("release_mail_id").references(() => mailOutbox.id),
  },
  (t) => [
    uniqueIndex("cod_remittances_reference_idx").on(t.pickrr_reference_id),
    uniqueIndex("cod_remittances_client_cycle_idx").on(t.client_id, t.start_date),
    // The On Hold COD list reads only held, unreleased rows, by date (migration 0026 adds INCLUDE
    // (pending_amount, client_id) for the list's totals, decision 066).
    index("cod_remittances_held_idx")
      .on(t.start_date, t.id)
      .where(sql`${t.current_action} = 'HOLD' and ${t.status} in ('PENDING', 'PARTIAL')`),
    // On Hold COD's Released view (decision 066): an approver's releases by time, and by approver and
    // time; migration 0026 adds INCLUDE (released_amount, client_id) to both, which drizzle cannot say.
    index("cod_remittances_released_idx")
      .on(t.released_at, t.id)
      .where(sql`${t.approver_email} is not null`),
    index("cod_remittances_released_approver_idx")
      .on(t.approver_email, t.released_at, t.id)
      .where(sql`${t.approver_email} is not null`),
    check("cod_remittances_status_check", sql`${t.status} in ('PENDING', 'PARTIAL', 'RELEASED')`),
  ],
);

export const billingCycles = pgTable(
  "billing_cycles",
  {
    id: serial("id").primaryKey(),
    reference_id: text("reference_id").notNull(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** Pick-ups from start_date to end_date (IST, Monday to Sunday); the bill is dated end_date. */
    start_date: date("start_date", { mode: "string" }).notNull(),
    end_date: date("end_date", { mode: "string" }).notNull(),
    due_date: date("due_date", { mode: "string" }).notNull(),
    order_count: integer("order_count").notNull(),
    freight_charge: numeric("freight_charge", { precision: 12, scale: 2 }).notNull(),
    entry_tax: numeric("entry_tax", { precision: 12, scale: 2 }).notNull(),
    kk_tax: numeric("kk_tax", { precision: 12, scale: 2 }).notNull(),
    service_tax: numeric("service_tax", { precision: 12, scale: 2 }).notNull(),
    total_tax: numeric("total_tax", { precision: 12, scale: 2 }).notNull(),
    total_amount: numeric("total_amount", { precision: 12, scale: 2 }).notNull(),
    /** Advantage cashback credited on this bill when it was cut (cashback_credits.applied_bill_id); what is outstanding is the total less it. */
    cashback_amount: numeric("cashback_amount", { precision: 12, scale: 2 }).notNull().default("0.00"),
    outstanding_amount: numeric("outstanding_amount", { precision: 12, scale: 2 }).notNull(),
    cleared_at: timestamp("cleared_at", { withTimezone: true }),
    transaction_reference: text("transaction_reference"),
    remark: text("remark"),
  },
  (t) => [
    uniqueIndex("billing_cycles_reference_idx").on(t.reference_id),
    uniqueIndex("billing_cycles_client_cycle_idx").on(t.client_id, t.start_date),
    // Netting and wallet debits reduce what is outstanding, never past nothing.
    check(
      "billing_cycles_outstanding_check",
      sql`${t.outstanding_amount} >= 0 and ${t.outstanding_amount} <= ${t.total_amount} - ${t.cashback_amount}`,
    ),
    check(
      "billing_cycles_cashback_check",
      sql`${t.cashback_amount} >= 0 and ${t.cashback_amount} <= ${t.total_amount}`,
    ),
  ],
);

/**
 * Money that moved (decision 031): `cod_release` — a remittance paid out (amount = what was paid
 * after netting), `bill_netting` — part or all of a bill netted against a COD-minus-bill
 * seller's remittance at its release (remittance and bill), `wallet_debit` — a WALLET seller's
 * bill taken from the wallet when the bill is cut, `cashback_credit` — Advantage cashback credited
 * on a bill when it is cut (bill; amount = the credits applied to it), `bill_payment` — a payment a
 * finance approver recorded against a bill (a separately billed seller paying its invoice; decision 040). The partial unique indexes make each of the first four happen
 * at most once, even if two writers ever raced past the row locks.
 */
export const moneyMovements = pgTable(
  "money_movements",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** cod_release, bill_netting, wallet_debit, cashback_credit or bill_payment. */
    kind: text("kind").notNull(),
    remittance_id: integer("remittance_id").references(() => codRemittances.id),
    bill_id: integer("bill_id").references(() => billingCycles.id),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    transaction_reference: text("transaction_reference").notNull(),
    staff_id: integer("staff_id").references(() => staff.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("money_movements_release_idx")
      .on(t.remittance_id)
      .where(sql`${t.kind} = 'cod_release'`),
    uniqueIndex("money_movements_netting_idx")
      .on(t.remittance_id, t.bill_id)
      .where(sql`${t.kind} = 'bill_netting'`),
    uniqueIndex("money_movements_wallet_idx")
      .on(t.bill_id)
      .where(sql`${t.kind} = 'wallet_debit'`),
    uniqueIndex("money_movements_cashback_idx")
      .on(t.bill_id)
      .where(sql`${t.kind} = 'cashback_credit'`),
    index("money_movements_client_idx").on(t.client_id, t.at),
    check(
      "money_movements_kind_check",
      sql`${t.kind} in ('cod_release', 'bill_netting', 'wallet_debit', 'cashback_credit', 'bill_payment')`,
    ),
  ],
);

/**
 * Finance Analytics requests (decision 031, docs/product.md §2): a job per request, built in the
 * background by whichever server claims it (FOR UPDATE SKIP LOCKED) and e-mailed with an .xlsx.
 */
export const financeReportJobs = pgTable(
  "finance_report_jobs",
  {
    id: serial("id").primaryKey(),
    staff_id: integer("staff_id")
      .notNull()
      .references(() => staff.id),
    requested_at: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    /** queued, running, done, failed. */
    status: text("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** A running job whose lease ran out (its server stopped) is taken again. */
    lease_until: timestamp("lease_until", { withTimezone: true }),
    finished_at: timestamp("finished_at", { withTimezone: true }),
    /** Why it failed (the last attempt). */
    error: text("error"),
    rows: integer("rows"),
  },
  (t) => [
    index("finance_report_jobs_staff_idx").on(t.staff_id, t.requested_at),
    index("finance_report_jobs_open_idx")
      .on(t.id)
      .where(sql`${t.status} in ('queued', 'running')`),
    check("finance_report_jobs_status_check", sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
  ],
);

/**
 * Pickrr Advantage Premium cashback earned by an order (decision 031): at most one per
 * order (the primary key), credited on the client's bill for the week the order was delivered
 * or returned (`bill_reference`), the sum per bill capped by the client's max_tat_liability.
 */
export const cashbackCredits = pgTable(
  "cashback_credits",
  {
    order_id: integer("order_id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    pickrr_order_id: text("pickrr_order_id").notNull(),
    /** delivered or rto. */
    outcome: text("outcome").notNull(),
    bill_reference: text("bill_reference").notNull(),
    /** The bill's week (its Monday) and its Sunday, the ledger's due date. */
    bill_start: date("bill_start", { mode: "string" }).notNull(),
    amount: numeric("amount", { precision: 12, scale: 2 }).notNull(),
    /** Before the per-bill cap. */
    computed_amount: numeric("computed_amount", { precision: 12, scale: 2 }).notNull(),
    promised_days: integer("promised_days").notNull(),
    actual_days: integer("actual_days").notNull(),
    explanation: text("explanation").notNull(),
    credited_at: timestamp("credited_at", { withTimezone: true }).notNull().defaultNow(),
    /** The bill it was credited on (the client's next bill cut after the credit's week closed); null while it waits. */
    applied_bill_id: integer("applied_bill_id").references(() => billingCycles.id),
  },
  (t) => [
    index("cashback_credits_client_bill_idx").on(t.client_id, t.bill_reference),
    index("cashback_credits_waiting_idx")
      .on(t.client_id, t.bill_start)
      .where(sql`${t.applied_bill_id} is null`),
  ],
);
