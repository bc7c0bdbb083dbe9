/**
 * The cycle cutter (decision 031): after the seed, new COD remittance cycles and
 * billing cycles are cut from the order book as weeks close. Delivered COD orders not yet in a
 * remittance cycle go into their seller's cycle (money/cycles.ts planCycles: the week they were
 * delivered in, or the seller's next cycle when that week was already cut); the freight of
 * picked-up orders not yet billed goes into billing cycles the same way. Each order records its
 * cycle (orders.cod_remittance_id, orders.billing_cycle_id: one column each, so an order is in
 * at most one cycle of each kind), and a cycle's amounts are its orders' sums in paise.
 *
 * Several app servers run the schedule. A cut runs in one transaction under a transaction-level
 * advisory lock — the schedule tries it and gives up when another server holds it ("busy");
 * on demand (scripts/cut-cycles.ts) it waits — and it takes only orders whose cycle column is
 * still empty, so a second cut, concurrent or later, finds nothing left and changes nothing.
 * New cycles of a seller finance is holding are held too; a WALLET seller's bill is taken
 * from the wallet when it is cut (a wallet_debit movement), as the seed pays them. Advantage
 * cashback credits whose week has closed are credited on the seller's newest bill of the cut
 * (creditsForBill: whole credits while they fit; a cashback_credit movement), which leaves that
 * much less outstanding or taken from the wallet.
 */
import { eq, sql } from "drizzle-orm";

import { jobMs } from "../core/env.server";
import { addDays, istDayOf } from "../core/ist-dates";
import { paiseToRupeesString, percentOfPaise, rupeesToPaise } from "../core/money";
import { startPeriodic } from "../core/periodic";
import { bulkInsert } from "../db/bulk-insert.server";
import type { Db, Executor, Tx } from "../db/client.server";
import { billingCycles, codRemittances, moneyMovements, settings } from "../db/schema";
import { transaction } from "../db/transaction.server";
import {
  billDueDate,
  billReference,
  creditsForBill,
  planCycles,
  type PlannedCycle,
  remittanceDate,
  remittanceReference,
  SERVICE_TAX_PERCENT,
  type UncutWeek,
  weekStart,
} from "./cycles";
import { customerTypeOf } from "./hold";
import { payOutDueRemittances } from "./remittances.server";

export const CYCLE_CUT_SETTING = "money.cycles.cut";
/**
 * The scheduled cut runs at most once an hour across all servers (a week closes at IST midnight on
 * Sunday); JOB_TIME_SCALE shortens the hour for tests (decision 079: `jobMs`).
 */
export const CYCLE_CUT_PERIOD_MS = 60 * 60 * 1000;
/** pg advisory lock key of the cut (a fixed number unique in the app). */
const CYCLE_CUT_LOCK = 727_031;
/** Set while a demo's order book is still filling: its money is seeded once the book is full (decision 031). */
const ORDER_FILL_SETTING = "seed.order_book_fill";

export type CutMeta = { at: string; through: string };
export type CutSummary = {
  remittances: number;
  codOrders: number;
  bills: number;
  billedOrders: number;
  lateOrders: number;
  through: string;
};
export type CutOutcome = ({ outcome: "cut" } & CutSummary) | { outcome: "fresh" | "busy" | "filling" };

export type CutOptions = {
  now?: Date;
  /** Cut even when the last cut was less than a period ago (on demand). */
  force?: boolean;
  /** Wait for another server's cut to finish instead of giving up (on demand). */
  wait?: boolean;
  /** Tests: runs after the cycles are written, before the commit. */
  beforeCommit?: (tx: Executor) => Promise<void> | void;
};

const rows = async <T>(tx: Tx, query: ReturnType<typeof sql>) => (await tx.execute(query)).rows as T[];
const ids = (list: readonly number[]) => JSON.stringify(list);

export async function lastCut(db: Executor): Promise<CutMeta | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, CYCLE_CUT_SETTING));
  const v = row?.value as Partial<CutMeta> | undefined;
  return v && typeof v.at === "string" && typeof v.through === "string" ? { at: v.at, through: v.through } : null;
}

/** Cuts the cycles of every week closed by `now` (IST) whose orders are not in a cycle yet. */
export async function cutCycles(db: Db, options: CutOptions = {}): Promise<CutOutcome> {
  const now = options.now ?? new Date();
  const today = istDayOf(now);
  // Weeks end on Sunday, IST: the current week is open; the one before it is the latest closed.
  const openMonday = weekStart(today);
  const latest = addDays(openMonday, -7);
  const cutoff = sql`((${openMonday}::date)::timestamp at time zone 'Asia/Kolkata')`;
  return transaction(db, async (tx) => {
    if (options.wait) await tx.execute(sql`select pg_advisory_xact_lock(${CYCLE_CUT_LOCK})`);
    else {
      const [{ locked }] = await rows<{ locked: boolean }>(
        tx,
        sql`select pg_try_advisory_xact_lock(${CYCLE_CUT_LOCK}) as locked`,
      );
      if (!locked) return { outcome: "busy" as const };
    }
    const [{ filling }] = await rows<{ filling: boolean }>(
      tx,
      sql`select exists (select 1 from ${settings} where key = ${ORDER_FILL_SETTING}) as filling`,
    );
    if (filling) return { outcome: "filling" as const };
    const meta = await lastCut(tx);
    if (!options.force && meta && now.getTime() - Date.parse(meta.at) < jobMs(CYCLE_CUT_PERIOD_MS) - jobMs(30_000))
      return { outcome: "fresh" as const };

    const cod = await cutRemittances(tx, cutoff, latest);
    const bills = await cutBills(tx, cutoff, latest, now);
    const value: CutMeta = { at: now.toISOString(), through: addDays(latest, 6) };
    await tx
      .insert(settings)
      .values({ key: CYCLE_CUT_SETTING, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    await options.beforeCommit?.(tx);
    return {
      outcome: "cut" as const,
      remittances: cod.cycles,
      codOrders: cod.orders,
      bills: bills.cycles,
      billedOrders: bills.orders,
      lateOrders: cod.late + bills.late,
      through: value.through,
    };
  });
}

/** The uncut orders grouped by seller and week, and which of those sellers' weeks are already cut. */
async function uncut(
  tx: Tx,
  query: ReturnType<typeof sql>,
  table: typeof codRemittances | typeof billingCycles,
  latest: string,
) {
  const found = await rows<{ client_id: number; week: string; ids: string; amount: string; extra: string }>(tx, query);
  const weeks: UncutWeek[] = found.map((w) => ({
    client_id: w.client_id,
    week: w.week,
    order_ids: JSON.parse(w.ids) as number[],
    amount: rupeesToPaise(w.amount),
    extra: Number(w.extra),
  }));
  if (weeks.length === 0) return [];
  const clientIds = [...new Set(weeks.map((w) => w.client_id))];
  const earliest = weeks.reduce((m, w) => (w.week < m ? w.week : m), latest);
  const existing = await rows<{ k: string }>(
    tx,
    sql`select client_id || ':' || to_char(start_date, 'YYYY-MM-DD') as k from ${table}
        where client_id in (select value::int from jsonb_array_elements_text(${ids(clientIds)}::jsonb)) and start_date >= ${earliest}::date`,
  );
  return planCycles(weeks, new Set(existing.map((e) => e.k)), latest);
}

/** Puts each planned cycle's orders in it (only orders still in none: a changed row means a race, and the cut rolls back). */
async function attach(
  tx: Tx,
  column: "cod_remittance_id" | "billing_cycle_id",
  plan: readonly PlannedCycle[],
  cycleIds: readonly number[],
) {
  const pairs = plan.flatMap((p, i) => p.order_ids.map((id) => [id, cycleIds[i]]));
  const result = await tx.execute(sql`
    update orders o set ${sql.identifier(column)} = x.cycle
    from (select (e->>0)::int as id, (e->>1)::int as cycle from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) e) x
    where o.id = x.id and o.${sql.identifier(column)} is null`);
  const changed = result.rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows;
  if (changed !== pairs.length)
    throw new Error(`Cycle cut: ${pairs.length} orders to put in cycles, ${changed} were free; nothing was cut`);
}

const counts = (plan: readonly PlannedCycle[]) => ({
  cycles: plan.length,
  orders: plan.reduce((n, p) => n + p.order_ids.length, 0),
  late: plan.reduce((n, p) => n + p.late, 0),
});

/** "On hold by finance; 2 late deliveries from earlier weeks", or null. */
const remarkOf = (...parts: (string | null)[]) => parts.filter(Boolean).join("; ") || null;
const lateNote = (late: number, one: string, many: string) =>
  late ? `${late} late ${late === 1 ? one : many} from earlier weeks` : null;

async function cutRemittances(tx: Tx, cutoff: ReturnType<typeof sql>, latest: string) {
  const plan = await uncut(
    tx,
    sql`select client_id, to_char(date_trunc('week', delivered_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as week,
          json_agg(id order by id)::text as ids, sum(cod_amount)::text as amount, sum((charge->>'cod_charge')::bigint)::text as extra
        from orders where payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null and delivered_at < ${cutoff}
        group by 1, 2`,
    codRemittances,
    latest,
  );
  if (plan.length === 0) return counts(plan);
  // A seller finance is holding stays held: its new cycles are held too.
  const held = new Set(
    (
      await rows<{ client_id: number }>(
        tx,
        sql`select distinct client_id from ${codRemittances} where current_action = 'HOLD' and status <> 'RELEASED'
            and client_id in (select value::int from jsonb_array_elements_text(${ids([...new Set(plan.map((p) => p.client_id))])}::jsonb))`,
      )
    ).map((r) => r.client_id),
  );
  const inserted = await bulkInsert(
    tx,
    codRemittances,
    plan.map((p) => {
      const end = addDays(p.start, 6);
      return {
        pickrr_reference_id: remittanceReference(p.client_id, p.start),
        client_id: p.client_id,
        start_date: p.start,
        end_date: end,
        remittance_date: remittanceDate(end),
        order_count: p.order_ids.length,
        total_amount: paiseToRupeesString(p.amount),
        ecod_charges: paiseToRupeesString(p.extra),
        pending_amount: paiseToRupeesString(p.amount - p.extra),
        status: "PENDING" as const,
        current_action: held.has(p.client_id) ? "HOLD" : null,
        remark: remarkOf(
          held.has(p.client_id) ? "On hold by finance" : null,
          lateNote(p.late, "delivery", "deliveries"),
        ),
      };
    }),
    ["id"],
  );
  await attach(
    tx,
    "cod_remittance_id",
    plan,
    inserted.map((r) => Number(r.id)),
  );
  return counts(plan);
}

async function cutBills(tx: Tx, cutoff: ReturnType<typeof sql>, latest: string, now: Date) {
  const plan = await uncut(
    tx,
    sql`select client_id, to_char(date_trunc('week', pickup_at at time zone 'Asia/Kolkata'), 'YYYY-MM-DD') as week,
          json_agg(id order by id)::text as ids, sum(charged_amount)::text as amount, '0' as extra
        from orders where pickup_at is not null and billing_cycle_id is null and pickup_at < ${cutoff}
        group by 1, 2`,
    billingCycles,
    latest,
  );
  if (plan.length === 0) return counts(plan);
  const sellers = new Map(
    (
      await rows<{ id: number; has_wallet: boolean; deduct_cod: boolean; credit: number }>(
        tx,
        sql`select id, coalesce((pickrr_config->>'has_wallet')::boolean, false) as has_wallet,
                   coalesce((pickrr_config->>'deduct_cod')::boolean, false) as deduct_cod,
                   coalesce((pickrr_config->>'credit_period')::int, 0) as credit
            from clients where id in (select value::int from jsonb_array_elements_text(${ids([...new Set(plan.map((p) => p.client_id))])}::jsonb))`,
      )
    ).map((c) => [
      c.id,
      { type: customerTypeOf({ has_wallet: c.has_wallet, has_cod_minus_bill: c.deduct_cod }), credit: c.credit },
    ]),
  );
  // Cashback credits waiting for a bill (their week closed) go on the seller's newest bill of this cut.
  const waiting = await rows<{ order_id: number; client_id: number; bill_start: string; amount: string }>(
    tx,
    sql`select order_id, client_id, to_char(bill_start, 'YYYY-MM-DD') as bill_start, amount::text as amount from cashback_credits
        where applied_bill_id is null and bill_start <= ${latest}::date
          and client_id in (select value::int from jsonb_array_elements_text(${ids([...new Set(plan.map((p) => p.client_id))])}::jsonb))`,
  );
  const newest = new Map<number, PlannedCycle>();
  for (const p of plan)
    if (!newest.has(p.client_id) || newest.get(p.client_id)!.start < p.start) newest.set(p.client_id, p);
  const priced = plan.map((p) => {
    const seller = sellers.get(p.client_id)!;
    const tax = percentOfPaise(p.amount, SERVICE_TAX_PERCENT);
    const total = p.amount + tax;
    const cashback =
      newest.get(p.client_id) === p
        ? creditsForBill(
            total,
            waiting
              .filter((w) => w.client_id === p.client_id)
              .map((w) => ({ order_id: w.order_id, bill_start: w.bill_start, amount: rupeesToPaise(w.amount) })),
          )
        : { order_ids: [], amount: 0 };
    return { p, seller, tax, total, cashback, due: total - cashback.amount, wallet: seller.type === "WALLET" };
  });
  const inserted = await bulkInsert(
    tx,
    billingCycles,
    priced.map(({ p, seller, tax, total, cashback, due, wallet }) => {
      const end = addDays(p.start, 6);
      return {
        reference_id: billReference(p.client_id, p.start),
        client_id: p.client_id,
        start_date: p.start,
        end_date: end,
        due_date: billDueDate(end, seller.type, seller.credit),
        order_count: p.order_ids.length,
        freight_charge: paiseToRupeesString(p.amount),
        entry_tax: "0.00",
        kk_tax: "0.00",
        service_tax: paiseToRupeesString(tax),
        total_tax: paiseToRupeesString(tax),
        total_amount: paiseToRupeesString(total),
        cashback_amount: paiseToRupeesString(cashback.amount),
        // A wallet seller's bill is taken from the wallet as it is cut; cashback leaves less to pay.
        outstanding_amount: wallet ? "0.00" : paiseToRupeesString(due),
        cleared_at: wallet || due === 0 ? now : null,
        transaction_reference: wallet ? "WALLET" : due === 0 ? "CASHBACK" : null,
        remark: remarkOf(
          cashback.amount > 0
            ? `Cashback ₹${paiseToRupeesString(cashback.amount)} credited (${cashback.order_ids.length} ${cashback.order_ids.length === 1 ? "order" : "orders"})`
            : null,
          wallet ? "Taken from the wallet" : null,
          lateNote(p.late, "pick-up", "pick-ups"),
        ),
      };
    }),
    ["id"],
  );
  const billIds = inserted.map((r) => Number(r.id));
  await attach(tx, "billing_cycle_id", plan, billIds);
  await applyCashback(
    tx,
    priced.map(({ p, cashback }, i) => ({
      client_id: p.client_id,
      bill_id: billIds[i],
      reference: billReference(p.client_id, p.start),
      ...cashback,
    })),
    now,
  );
  const debits = priced.flatMap(({ p, due, wallet }, i) =>
    wallet && due > 0
      ? [{ client_id: p.client_id, bill_id: billIds[i], amount: due, reference: billReference(p.client_id, p.start) }]
      : [],
  );
  if (debits.length > 0) {
    await bulkInsert(
      tx,
      moneyMovements,
      debits.map((d) => ({
        client_id: d.client_id,
        kind: "wallet_debit",
        bill_id: d.bill_id,
        amount: paiseToRupeesString(d.amount),
        transaction_reference: d.reference,
        at: now,
      })),
    );
    // The wallet pays: its balance falls by the bill (a client without a money profile starts at 0).
    await tx.execute(sql`
      insert into client_money_profiles (client_id, wallet_balance)
      select (e->>0)::int, -((e->>1)::numeric / 100) from jsonb_array_elements(${JSON.stringify(debits.map((d) => [d.client_id, d.amount]))}::jsonb) e
      on conflict (client_id) do update set wallet_balance = client_money_profiles.wallet_balance + excluded.wallet_balance`);
  }
  return counts(plan);
}

/**
 * Marks the credits each new bill took as applied to it and records one cashback_credit movement
 * per bill (only credits still waiting: a changed row means a race, and the cut rolls back).
 */
async function applyCashback(
  tx: Tx,
  bills: readonly { client_id: number; bill_id: number; reference: string; order_ids: number[]; amount: number }[],
  now: Date,
) {
  const taken = bills.filter((b) => b.amount > 0);
  if (taken.length === 0) return;
  const pairs = taken.flatMap((b) => b.order_ids.map((id) => [id, b.bill_id]));
  const result = await tx.execute(sql`
    update cashback_credits c set applied_bill_id = x.bill
    from (select (e->>0)::int as id, (e->>1)::int as bill from jsonb_array_elements(${JSON.stringify(pairs)}::jsonb) e) x
    where c.order_id = x.id and c.applied_bill_id is null`);
  const changed = result.rowCount ?? (result as unknown as { affectedRows?: number }).affectedRows;
  if (changed !== pairs.length)
    throw new Error(`Cycle cut: ${pairs.length} cashback credits to apply, ${changed} were waiting; nothing was cut`);
  await bulkInsert(
    tx,
    moneyMovements,
    taken.map((b) => ({
      client_id: b.client_id,
      kind: "cashback_credit",
      bill_id: b.bill_id,
      amount: paiseToRupeesString(b.amount),
      transaction_reference: b.reference,
      at: now,
    })),
  );
}

/**
 * Tries a cut every `checkEveryMs` (and once at once); only one server cuts, at most once a
 * period. Each try then pays out the remittances whose payout day has come (payOutDueRemittances:
 * per seller, under its own lock). A failed cut rolls back and is logged; the next one takes the same orders. Returns a stop function.
 */
export function startCycleCutter(db: Db, log: (line: string) => void, checkEveryMs = jobMs(5 * 60_000)): () => void {
  return startPeriodic(
    "cycle-cutter",
    async () => {
      const t0 = Date.now();
      const r = await cutCycles(db);
      // Every cut is logged, one with nothing new too: once an hour, the sign the schedule runs.
      if (r.outcome === "cut") {
        log(
          `Cycles cut through ${r.through} in ${Date.now() - t0} ms: ${r.remittances} COD remittances (${r.codOrders} orders), ${r.bills} bills (${r.billedOrders} orders)`,
        );
      }
      // Remittances whose payout day has come: paid out, or held by the seller's verdict.
      if (r.outcome !== "filling") {
        const p = await payOutDueRemittances(db);
        if (p.paid + p.held > 0)
          log(`Payout day: ${p.paid} COD remittances paid out, ${p.held} put on hold (${p.sellers} sellers)`);
      }
    },
    "Cutting COD remittance and billing cycles failed; the orders wait for the next cut",
    checkEveryMs,
  );
}
