/**
 * A client's Account Ledger (docs/product.md §7 GET /finance/live-user-account-ledger-api/ with
 * `type`; decision 031): its COD remittance cycles (type cod) and billing cycles (type bill).
 * Pending = open and due by today; Future = open and due later; Cleared = paid out / paid.
 * A released remittance therefore moves from Pending (or Future) to Cleared. Cashback credits
 * (money/cashback.server.ts) show as a bill line per week, negative, naming their orders, until
 * the cycle cutter credits them on the seller's next bill (then Cleared, naming that bill). The caller has
 * already checked that the client is in the viewer's scope.
 */
import { sql } from "drizzle-orm";

import { istDayOf } from "../core/ist-dates";
import type { Db } from "../db/client.server";
import { billingCycles, cashbackCredits, codRemittances } from "../db/schema";
import { CASHBACK_LINE_SUFFIX, type LedgerEntry, ledgerTotals, type LedgerView } from "./ledger";

/** Entries of one view, newest cycle first, and their totals by direction (ledger.ts ledgerTotals, decision 064). */
export async function accountLedger(db: Db, clientId: number, view: LedgerView, now = new Date()) {
  const today = istDayOf(now);
  const codWhere = {
    pending: sql`status <> 'RELEASED' and remittance_date <= ${today}::date`,
    future: sql`status <> 'RELEASED' and remittance_date > ${today}::date`,
    cleared: sql`status = 'RELEASED'`,
  }[view];
  const billWhere = {
    pending: sql`outstanding_amount > 0 and due_date <= ${today}::date`,
    future: sql`outstanding_amount > 0 and due_date > ${today}::date`,
    cleared: sql`outstanding_amount = 0`,
  }[view];
  // Cashback credits wait for a bill (Future while their week is open, then Pending) and are
  // Cleared once credited on one (the cycle cutter: the seller's next bill).
  const creditWhere = {
    pending: sql`c.applied_bill_id is null and c.bill_start + 6 <= ${today}::date`,
    future: sql`c.applied_bill_id is null and c.bill_start + 6 > ${today}::date`,
    cleared: sql`c.applied_bill_id is not null`,
  }[view];
  const entries = (
    await db.execute(sql`
      select * from (
        select 'cod' as type, pickrr_reference_id as reference_id, order_count, (total_amount - ecod_charges)::text as total_amount,
               total_amount::text as collected_cod_amount, pending_amount::text as outstanding_amount,
               to_char(released_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as clearance_date, to_char(remittance_date, 'YYYY-MM-DD') as cycle_due_date,
               remark, transaction_reference, null as freight_charge, null as entry_tax, null as kk_tax, null as service_tax, null as total_tax,
               null as cashback_amount, start_date
        from ${codRemittances} where client_id = ${clientId} and ${codWhere}
        union all
        select 'bill', reference_id, order_count, total_amount::text, null, outstanding_amount::text,
               to_char(cleared_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD'), to_char(due_date, 'YYYY-MM-DD'),
               remark, transaction_reference, freight_charge::text, entry_tax::text, kk_tax::text, service_tax::text, total_tax::text,
               cashback_amount::text, start_date
        from ${billingCycles} where client_id = ${clientId} and ${billWhere}
        union all
        select 'bill', c.bill_reference || ${CASHBACK_LINE_SUFFIX}, count(*)::int, (-sum(c.amount))::text, null,
               (case when c.applied_bill_id is null then -sum(c.amount) else 0.00 end)::numeric(12,2)::text,
               to_char(min(b.end_date), 'YYYY-MM-DD'), to_char(c.bill_start + 6, 'YYYY-MM-DD'),
               'Cashback credit for ' || string_agg(c.pickrr_order_id, ', ' order by c.pickrr_order_id)
                 || coalesce('; credited on ' || min(b.reference_id), ''),
               min(b.reference_id), null, null, null, null, null, null, c.bill_start
        from ${cashbackCredits} c left join ${billingCycles} b on b.id = c.applied_bill_id
        where c.client_id = ${clientId} and ${creditWhere} group by c.bill_reference, c.bill_start, c.applied_bill_id
      ) e order by start_date desc, type desc, reference_id`)
  ).rows.map(({ start_date: _, ...e }) => e as LedgerEntry);
  const totals = ledgerTotals(entries);
  return { entries, totals, today };
}
