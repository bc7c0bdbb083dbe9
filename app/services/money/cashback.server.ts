/**
 * Advantage cashback becomes money (decision 031): when a scan makes an order of a
 * client on an activated Premium plan delivered (or returned), its cashback is computed with the
 * client's saved settings and the order's frozen charge (advantage/cashback.ts) and credited on
 * the client's bill for that week. Called inside the transaction that stores the scan, so the
 * credit commits with it; once per order (the primary key), and the credits on one bill never
 * exceed the client's max_tat_liability (counted under a per-client advisory lock).
 */
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";

import { cashbackSettingsFromRow } from "../advantage/advantage.server";
import { computeCashback } from "../advantage/cashback";
import { daysBetween, istDayOf } from "../core/ist-dates";
import { paiseToRupeesString, rupeesToPaise } from "../core/money";
import { isZone } from "../core/zones";
import { bulkInsert } from "../db/bulk-insert.server";
import type { Executor } from "../db/client.server";
import type { FrozenCharge } from "../db/schema";
import { cashbackCredits, cashbackSettings, clientAdvantagePlans, orders, trackingEvents } from "../db/schema";
import { billReference, weekStart } from "./cycles";

const CASHBACK_LOCK = 0x0f1a_0002;

/** `rank`: orders settled by several webhook batches at once are credited batch by batch (orders/tracking.server.ts). */
type Settled = { id: number; delivered_at: Date | null; rto_at: Date | null; rank?: number };

/** Credits the cashback these orders earned, if any and not yet credited. Returns the new credits. */
export async function creditCashback(tx: Executor, settled: readonly Settled[], now = new Date()): Promise<number> {
  const done = settled.filter((o) => o.delivered_at || o.rto_at);
  if (done.length === 0) return 0;
  // Orders of clients on an activated Premium plan with saved settings, not yet credited.
  const candidates = await tx
    .select({
      id: orders.id,
      client_id: orders.client_id,
      pickrr_order_id: orders.pickrr_order_id,
      zone: orders.order_zone,
      charge: orders.charge,
      pickup_at: orders.pickup_at,
      activated_at: clientAdvantagePlans.activated_at,
      settings: cashbackSettings,
    })
    .from(orders)
    .innerJoin(
      clientAdvantagePlans,
      and(
        eq(clientAdvantagePlans.client_id, orders.client_id),
        eq(clientAdvantagePlans.plan, "advantage_premium"),
        isNotNull(clientAdvantagePlans.activated_at),
      ),
    )
    .innerJoin(
      cashbackSettings,
      and(eq(cashbackSettings.client_id, orders.client_id), eq(cashbackSettings.plan, "advantage_premium")),
    )
    .where(
      and(
        inArray(
          orders.id,
          done.map((o) => o.id),
        ),
        sql`not exists (select 1 from ${cashbackCredits} c where c.order_id = ${orders.id})`,
      ),
    );
  // First settled, first credited: which credits a bill's max liability leaves out does not depend on the query's row order.
  const states = new Map(done.map((d) => [d.id, d]));
  const stateOf = (id: number) => states.get(id)!;
  const settledAt = (id: number) => (stateOf(id).delivered_at ?? stateOf(id).rto_at!).getTime();
  const rank = (id: number) => stateOf(id).rank ?? 0;
  candidates.sort((a, b) => rank(a.id) - rank(b.id) || settledAt(a.id) - settledAt(b.id) || a.id - b.id);
  // Set-based, so a batch of scans costs a few statements however many orders it settles: the
  // first delivery attempts of the returns, then the credits computed in memory, each bill's
  // credits so far read once under its clients' locks, and one insert.
  const returns = candidates.filter((o) => stateOf(o.id).rto_at).map((o) => o.id);
  const attempts = new Map<number, Date>();
  if (returns.length)
    for (const row of (
      await tx.execute(
        sql`select ${trackingEvents.order_id} as order_id, min(${trackingEvents.at}) as at from ${trackingEvents}
          where ${trackingEvents.status} = 'ndr' and ${trackingEvents.order_id} in (select value::int from jsonb_array_elements_text(${JSON.stringify(returns)}::jsonb))
          group by 1`,
      )
    ).rows as { order_id: number; at: Date | string }[])
      attempts.set(Number(row.order_id), new Date(row.at));
  const earned = candidates.flatMap((o) => {
    const state = stateOf(o.id);
    if (!o.pickup_at || !isZone(o.zone)) return [];
    const outcome = state.rto_at ? ("rto" as const) : ("delivered" as const);
    // An RTO is measured to the first delivery attempt (an NDR scan), else to the RTO itself.
    const end = (outcome === "rto" ? attempts.get(o.id) : undefined) ?? state.delivered_at ?? state.rto_at!;
    // Only orders that settle while the plan is active earn it.
    if (!o.activated_at || end < o.activated_at) return [];
    const freight = paiseToRupeesString((o.charge as FrozenCharge).total);
    const actualDays = Math.max(0, daysBetween(istDayOf(o.pickup_at), istDayOf(end)));
    const result = computeCashback({
      settings: cashbackSettingsFromRow(o.settings),
      zone: o.zone,
      actualDays,
      outcome,
      forwardFreight: freight,
      // The order book freezes one (forward) charge; the return leg is charged at the same rate.
      rtoFreight: outcome === "rto" ? freight : "0",
    });
    if (result.paise === 0) return [];
    const billStart = weekStart(istDayOf(end));
    return [{ o, outcome, result, actualDays, billStart, reference: billReference(o.client_id, billStart) }];
  });
  if (earned.length === 0) return 0;
  const clients = [...new Set(earned.map((e) => e.o.client_id))].sort((a, b) => a - b);
  await tx.execute(
    sql`select pg_advisory_xact_lock(${CASHBACK_LOCK}, c) from (select unnest(${`{${clients.join(",")}}`}::int[]) as c order by c) x`,
  );
  const bills = [
    ...new Map(earned.map((e) => [e.reference, { client_id: e.o.client_id, reference: e.reference }])).values(),
  ];
  const sums = new Map<string, number>();
  for (const row of (
    await tx.execute(
      sql`select ${cashbackCredits.bill_reference} as reference, coalesce(sum(${cashbackCredits.amount}), 0)::text as sum
        from ${cashbackCredits} join json_to_recordset(${JSON.stringify(bills)}::json) as b(client_id int, reference text)
          on ${cashbackCredits.client_id} = b.client_id and ${cashbackCredits.bill_reference} = b.reference
        group by 1`,
    )
  ).rows as { reference: string; sum: string }[])
    sums.set(row.reference, rupeesToPaise(row.sum));
  const rows = earned.map(({ o, outcome, result, actualDays, billStart, reference }) => {
    const s = o.settings;
    const sum = sums.get(reference) ?? 0;
    const room = Math.max(0, rupeesToPaise(s.max_tat_liability) - sum);
    const amount = Math.min(result.paise, room);
    sums.set(reference, sum + amount);
    const explanation = [
      ...result.explanation,
      ...(amount < result.paise
        ? [
            `Credited ₹${paiseToRupeesString(amount)}: the bill's cashback reached the max liability ₹${s.max_tat_liability}.`,
          ]
        : []),
    ].join(" ");
    return {
      order_id: o.id,
      client_id: o.client_id,
      pickrr_order_id: o.pickrr_order_id,
      outcome,
      bill_reference: reference,
      bill_start: billStart,
      amount: paiseToRupeesString(amount),
      computed_amount: result.rupees,
      promised_days: result.promisedDays,
      actual_days: actualDays,
      explanation,
      credited_at: now,
    };
  });
  const credited = (await bulkInsert(tx, cashbackCredits, rows, ["order_id"], { onConflictDoNothing: true })).length;
  return credited;
}
