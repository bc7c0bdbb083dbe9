/**
 * A client's cashback statement (decision 067): per cycle — the bill week a credit is counted in,
 * whose credits the max liability caps (money/cashback.server.ts) — each late or returned order the
 * tracking ingestion credited, with its EDD, the day it settled, why it breached, its freight, the
 * cashback computed and credited, and the Account Ledger line it went to; the cycle's totals and
 * what the configured max liability still leaves. Reads cashback_credits by its (client_id,
 * bill_reference) index, one page of orders by primary key: three small statements whatever the
 * size of the order book. The caller has already checked that the client is in the viewer's scope.
 */
import { sql } from "drizzle-orm";

import { istDayOf } from "../core/ist-dates";
import { paiseToRupeesString } from "../core/money";
import type { Db } from "../db/client.server";
import {
  breachReason,
  ledgerLineOf,
  ledgerViewOfCredit,
  remainingLiability,
  STATEMENT_PAGE_SIZE,
  type StatementQuery,
} from "./cashback-statement";
import { billReference } from "./cycles";

export type StatementCycle = { start: string; reference: string; orders: number; credited: string };

export type StatementRow = {
  order_id: number;
  pickrr_order_id: string;
  edd: string;
  settled_on: string;
  outcome: "delivered" | "rto";
  reason: string;
  freight: string;
  computed: string;
  credited: string;
  ledger_line: string;
  ledger_view: "pending" | "cleared" | "future";
  /** The bill that took the credit, once one has. */
  applied_bill: string | null;
};

export type CashbackStatement =
  | { premium: false }
  | {
      premium: true;
      activated_on: string | null;
      max_liability: string;
      cycles: StatementCycle[];
      /** The cycle shown (null when there is none yet). */
      cycle: (StatementCycle & { computed: string; remaining: string; capped: number }) | null;
      rows: StatementRow[];
      page: number;
      pages: number;
    };

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

export async function cashbackStatement(
  db: Db,
  clientId: number,
  query: StatementQuery,
  now = new Date(),
): Promise<CashbackStatement> {
  const [plan] = await rows<{ activated_at: string | null; max: string | null }>(
    db,
    sql`select to_char(p.activated_at at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as activated_at, s.max_tat_liability::text as max
        from client_advantage_plans p
        left join cashback_settings s on s.client_id = p.client_id and s.plan = p.plan
        where p.client_id = ${clientId} and p.plan = 'advantage_premium' and p.activated_at is not null`,
  );
  if (!plan) return { premium: false };
  const cycles = await rows<StatementCycle & { computed: string; capped: number }>(
    db,
    sql`select to_char(bill_start, 'YYYY-MM-DD') as start, bill_reference as reference, count(*)::int as orders, sum(amount)::text as credited,
               sum(computed_amount)::text as computed, count(*) filter (where amount < computed_amount)::int as capped
        from cashback_credits where client_id = ${clientId}
        group by bill_reference, bill_start order by bill_start desc`,
  );
  const maxLiability = plan.max ?? "0.00";
  const base = {
    premium: true as const,
    activated_on: plan.activated_at,
    max_liability: maxLiability,
    cycles: cycles.map(({ start, reference, orders, credited }) => ({ start, reference, orders, credited })),
  };
  const chosen = (query.cycle && cycles.find((c) => c.start === query.cycle)) || cycles[0];
  if (!chosen) return { ...base, cycle: null, rows: [], page: 1, pages: 1 };

  const reference = billReference(clientId, chosen.start);
  const pages = Math.max(1, Math.ceil(chosen.orders / STATEMENT_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  const today = istDayOf(now);
  const credits = await rows<{
    order_id: number;
    pickrr_order_id: string;
    edd: string;
    settled_on: string;
    outcome: "delivered" | "rto";
    zone: string;
    promised_days: number;
    actual_days: number;
    freight: string;
    computed: string;
    credited: string;
    bill_start: string;
    applied_bill: string | null;
  }>(
    db,
    sql`select c.order_id, c.pickrr_order_id, o.edd_stamp as edd,
               to_char(coalesce(o.delivered_at, o.rto_at) at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as settled_on,
               c.outcome, o.order_zone as zone, c.promised_days, c.actual_days, o.charged_amount::text as freight,
               c.computed_amount::text as computed, c.amount::text as credited, to_char(c.bill_start, 'YYYY-MM-DD') as bill_start,
               b.reference_id as applied_bill
        from cashback_credits c
        join orders o on o.id = c.order_id
        left join billing_cycles b on b.id = c.applied_bill_id
        where c.client_id = ${clientId} and c.bill_reference = ${reference}
        order by coalesce(o.delivered_at, o.rto_at), c.order_id
        limit ${STATEMENT_PAGE_SIZE} offset ${(page - 1) * STATEMENT_PAGE_SIZE}`,
  );
  return {
    ...base,
    cycle: {
      ...chosen,
      remaining: paiseToRupeesString(remainingLiability(maxLiability, chosen.credited)),
    },
    rows: credits.map((c) => ({
      order_id: c.order_id,
      pickrr_order_id: c.pickrr_order_id,
      edd: c.edd,
      settled_on: c.settled_on,
      outcome: c.outcome,
      reason: breachReason(c),
      freight: c.freight,
      computed: c.computed,
      credited: c.credited,
      ledger_line: ledgerLineOf(reference),
      ledger_view: ledgerViewOfCredit({ applied: c.applied_bill !== null, bill_start: c.bill_start }, today),
      applied_bill: c.applied_bill,
    })),
    page,
    pages,
  };
}
