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
import type { Executor } from "../db/client.server";
import type { FrozenCharge } from "../db/schema";
import { cashbackCredits, cashbackSettings, clientAdvantagePlans, orders, trackingEvents } from "../db/schema";
import { billReference, weekStart } from "./cycles";

const CASHBACK_LOCK = 0x0f1a_0002;

type Settled = { id: number; delivered_at: Date | null; rto_at: Date | null };

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
  candidates.sort((a, b) => settledAt(a.id) - settledAt(b.id) || a.id - b.id);
  let credited = 0;
  for (const o of candidates) {
    const state = stateOf(o.id);
    if (!o.pickup_at || !isZone(o.zone)) continue;
    const outcome = state.rto_at ? "rto" : "delivered";
    // An RTO is measured to the first delivery attempt (an NDR scan), else to the RTO itself.
    let end = state.delivered_at ?? state.rto_at!;
    if (outcome === "rto") {
      const [attempt] = await tx
        .select({ at: sql<Date>`min(${trackingEvents.at})` })
        .from(trackingEvents)
        .where(and(eq(trackingEvents.order_id, o.id), eq(trackingEvents.status, "ndr")));
      if (attempt?.at) end = new Date(attempt.at);
    }
    // Only orders that settle while the plan is active earn it.
    if (!o.activated_at || end < o.activated_at) continue;
    const s = o.settings;
    const settings = cashbackSettingsFromRow(s);
    const freight = paiseToRupeesString((o.charge as FrozenCharge).total);
    const result = computeCashback({
      settings,
      zone: o.zone,
      actualDays: Math.max(0, daysBetween(istDayOf(o.pickup_at), istDayOf(end))),
      outcome,
      forwardFreight: freight,
      // The order book freezes one (forward) charge; the return leg is charged at the same rate.
      rtoFreight: outcome === "rto" ? freight : "0",
    });
    if (result.paise === 0) continue;
    const billStart = weekStart(istDayOf(end));
    const reference = billReference(o.client_id, billStart);
    await tx.execute(sql`select pg_advisory_xact_lock(${CASHBACK_LOCK}, ${o.client_id})`);
    const [{ sum }] = (
      await tx.execute(
        sql`select coalesce(sum(amount), 0)::text as sum from ${cashbackCredits} where client_id = ${o.client_id} and bill_reference = ${reference}`,
      )
    ).rows as { sum: string }[];
    const room = Math.max(0, rupeesToPaise(s.max_tat_liability) - rupeesToPaise(sum));
    const amount = Math.min(result.paise, room);
    const explanation = [
      ...result.explanation,
      ...(amount < result.paise
        ? [
            `Credited ₹${paiseToRupeesString(amount)}: the bill's cashback reached the max liability ₹${s.max_tat_liability}.`,
          ]
        : []),
    ].join(" ");
    const inserted = await tx
      .insert(cashbackCredits)
      .values({
        order_id: o.id,
        client_id: o.client_id,
        pickrr_order_id: o.pickrr_order_id,
        outcome,
        bill_reference: reference,
        bill_start: billStart,
        amount: paiseToRupeesString(amount),
        computed_amount: result.rupees,
        promised_days: result.promisedDays,
        actual_days: Math.max(0, daysBetween(istDayOf(o.pickup_at), istDayOf(end))),
        explanation,
        credited_at: now,
      })
      .onConflictDoNothing()
      .returning({ id: cashbackCredits.order_id });
    credited += inserted.length;
  }
  return credited;
}
