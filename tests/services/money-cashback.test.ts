/**
 * Advantage cashback becomes money (decision 031; PGlite, and PostgreSQL with TEST_DATABASE_URL): a
 * late delivery of an order of a client on an activated Premium plan credits its cashback once,
 * however often the delivery scan is replayed, capped per bill by max_tat_liability, and the
 * Account Ledger shows the credit on that week's bill with the order ids; a client without the
 * plan earns nothing. Once the week has closed, the cycle cutter credits it on the client's next
 * bill: that much less is outstanding (or taken from the wallet), once, and the ledger shows the
 * credit Cleared on that bill.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { computeCashback } from "~/services/advantage/cashback";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import { paiseToRupeesString } from "~/services/core/money";
import { anyOfIds } from "~/services/db/any-of";
import type { DbHandle } from "~/services/db/client.server";
import {
  billingCycles,
  cashbackCredits,
  cashbackSettings,
  clientAdvantagePlans,
  moneyMovements,
  orders,
} from "~/services/db/schema";
import { cutCycles } from "~/services/money/cycle-cutter.server";
import { billReference, weekStart } from "~/services/money/cycles";
import { accountLedger } from "~/services/money/ledger.server";
import { ingestEvents } from "~/services/orders/tracking.server";

import { openTestDb } from "../support/db";
import { placeAndPickUp } from "../support/orders-api";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(() => h?.close());

/** Orders picked up but not yet settled, by client, with what a courier needs to scan them. */
async function openOrders(minAgeDays: number) {
  return (
    await h.db.execute(sql`
    select o.id, o.client_id, o.pickrr_order_id, o.courier_tracking_id as awb, cs.courier_id, o.order_zone as zone, (o.charge->>'total')::bigint as total, o.pickup_at
    from orders o join courier_services cs on cs.id = o.courier_service_id
    where o.pickup_at is not null and o.delivered_at is null and o.rto_at is null and o.current_status in ('picked_up', 'in_transit', 'out_for_delivery') and o.pickup_at < now() - make_interval(days => ${minAgeDays})
    order by o.client_id, o.id`)
  ).rows as {
    id: number;
    client_id: number;
    pickrr_order_id: string;
    awb: string;
    courier_id: number;
    zone: "A" | "B" | "C" | "D" | "E";
    total: string;
    pickup_at: string;
  }[];
}

async function premium(clientId: number, maxLiability: string) {
  await h.db.delete(clientAdvantagePlans).where(eq(clientAdvantagePlans.client_id, clientId));
  await h.db
    .insert(clientAdvantagePlans)
    .values({ client_id: clientId, plan: "advantage_premium", activated_at: new Date(Date.now() - 90 * 86_400_000) });
  await h.db.delete(cashbackSettings).where(eq(cashbackSettings.client_id, clientId));
  await h.db.insert(cashbackSettings).values({
    client_id: clientId,
    plan: "advantage_premium",
    assurance: 90,
    return_plan: 1,
    return_forward_percentage: "100.00",
    return_rto_percentage: "100.00",
    delivered_plan: 1,
    delivered_forward_percentage: "100.00",
    delivered_rto_percentage: "100.00",
    tat_zoneA: 1,
    tat_zoneB: 1,
    tat_zoneC: 1,
    tat_zoneD: 1,
    tat_zoneE: 1,
    max_tat_liability: maxLiability,
  });
}

describe("Premium cashback credits", () => {
  it("a late delivery credits its cashback once, replayed or not, and the ledger shows it on that week's bill", async () => {
    const [o] = await openOrders(3);
    await premium(o.client_id, "100000.00");
    const deliveredAt = new Date();
    const scan = {
      awb: o.awb,
      event_id: `cb-${o.id}`,
      status: "delivered",
      location: "Drop",
      at: deliveredAt.toISOString(),
    };
    const first = await ingestEvents(h.db, o.courier_id, [scan]);
    expect(first[0].status).toBe(201);
    // Replayed: the same event, and a second delivery scan with another id.
    await ingestEvents(h.db, o.courier_id, [scan]);
    await ingestEvents(h.db, o.courier_id, [{ ...scan, event_id: `cb-${o.id}-again` }]);
    const credits = await h.db.select().from(cashbackCredits).where(eq(cashbackCredits.order_id, o.id));
    expect(credits).toHaveLength(1);
    const expected = computeCashback({
      settings: {
        assurance: 90,
        return_cashback: {
          plan: 1,
          forward_percentage: "100.00",
          forward_value: null,
          rto_percentage: "100.00",
          rto_value: null,
        },
        delivered_cashback: {
          plan: 1,
          forward_percentage: "100.00",
          forward_value: null,
          rto_percentage: "100.00",
          rto_value: null,
        },
        tat_zoneA: 1,
        tat_zoneB: 1,
        tat_zoneC: 1,
        tat_zoneD: 1,
        tat_zoneE: 1,
        max_tat_liability: "100000.00",
      },
      zone: o.zone,
      actualDays: Math.round(
        (Date.parse(`${istDayOf(deliveredAt)}T00:00:00Z`) -
          Date.parse(`${istDayOf(new Date(o.pickup_at))}T00:00:00Z`)) /
          86_400_000,
      ),
      outcome: "delivered",
      forwardFreight: paiseToRupeesString(Number(o.total)),
      rtoFreight: "0",
    });
    expect(expected.breached).toBe(true);
    const reference = billReference(o.client_id, weekStart(istDayOf(deliveredAt)));
    expect(credits[0]).toMatchObject({
      amount: expected.rupees,
      outcome: "delivered",
      bill_reference: reference,
      pickrr_order_id: o.pickrr_order_id,
    });
    // Future while its week is open; from the week's last day (the line's cycle due date) Pending,
    // as a bill is on its due date. Read at fixed times, not today's, which may be that last day.
    const week = weekStart(istDayOf(deliveredAt));
    const at = (day: string) => new Date(`${day}T12:00:00+05:30`);
    const lineIn = async (view: "future" | "pending", day: string) =>
      (await accountLedger(h.db, o.client_id, view, at(day))).entries.find(
        (e) => e.reference_id === `${reference}-CASHBACK`,
      );
    const line = await lineIn("future", week);
    expect(line).toMatchObject({ type: "bill", total_amount: `-${expected.rupees}`, order_count: 1 });
    expect(line!.remark).toContain(o.pickrr_order_id);
    expect(await lineIn("pending", week)).toBeUndefined();
    expect(await lineIn("future", addDays(week, 6))).toBeUndefined();
    expect(await lineIn("pending", addDays(week, 6))).toMatchObject({ total_amount: `-${expected.rupees}` });
  });

  it("the credits on one bill stop at max_tat_liability; a client without the plan earns none", async () => {
    const all = await openOrders(0);
    const byClient = new Map<number, typeof all>();
    for (const o of all) byClient.set(o.client_id, [...(byClient.get(o.client_id) ?? []), o]);
    const used = (await h.db.select({ c: cashbackCredits.client_id }).from(cashbackCredits)).map((r) => r.c);
    const [clientId, mine] = [...byClient].find(([c, list]) => list.length >= 3 && !used.includes(c))!;
    await premium(clientId, "50.00");
    // Delivered ten days from now: late whenever it was picked up.
    const at = new Date(Date.now() + 10 * 86_400_000).toISOString();
    // Scans are judged by the clock of the day they arrive (decision 059).
    const then = { now: new Date(at) };
    for (const o of mine.slice(0, 3))
      await ingestEvents(
        h.db,
        o.courier_id,
        [{ awb: o.awb, event_id: `cap-${o.id}`, status: "delivered", location: "Drop", at }],
        then,
      );
    const credits = await h.db
      .select()
      .from(cashbackCredits)
      .where(
        inArray(
          cashbackCredits.order_id,
          mine.slice(0, 3).map((o) => o.id),
        ),
      );
    const total = credits.reduce((s, c) => s + Math.round(Number(c.amount) * 100), 0);
    expect(total).toBe(5000);
    const [other] = [...byClient].find(([c]) => c !== clientId && !used.includes(c))![1];
    await h.db
      .delete(clientAdvantagePlans)
      .where(
        and(eq(clientAdvantagePlans.client_id, other.client_id), eq(clientAdvantagePlans.plan, "advantage_premium")),
      );
    await ingestEvents(
      h.db,
      other.courier_id,
      [{ awb: other.awb, event_id: `none-${other.id}`, status: "delivered", location: "Drop", at }],
      then,
    );
    expect(await h.db.select().from(cashbackCredits).where(eq(cashbackCredits.order_id, other.id))).toHaveLength(0);
    const [delivered] = await h.db.select({ s: orders.current_status }).from(orders).where(eq(orders.id, other.id));
    expect(delivered.s).toBe("delivered");
  });

  it("the next bill cut takes the credit: less to pay, one cashback movement, Cleared in the ledger, once", async () => {
    const used = (await h.db.select({ c: cashbackCredits.client_id }).from(cashbackCredits)).map((r) => r.c);
    // An order not billed yet (picked up Monday–Friday of the open week), so its client gets a
    // bill at the cut; delivered on that week's Sunday evening (IST), so at least two IST days
    // after its pickup — late against a 1-day promise whatever the day and hour of the run.
    const monday = weekStart(istDayOf(new Date()));
    const at = new Date(`${addDays(monday, 6)}T22:00:00+05:30`);
    // Early on a Monday (IST) the seed's open week has no pickup yet: one is placed and picked up
    // now, as a seller and a courier would (now is then a Monday).
    const o =
      (await openOrders(0)).find(
        (x) =>
          !used.includes(x.client_id) &&
          istDayOf(new Date(x.pickup_at)) >= monday &&
          istDayOf(new Date(x.pickup_at)) <= addDays(monday, 4),
      ) ?? (await placeAndPickUp(h.db, sql`not ${anyOfIds(sql`c.id`, used)}`, new Date()));
    await premium(o.client_id, "100000.00");
    await ingestEvents(
      h.db,
      o.courier_id,
      [{ awb: o.awb, event_id: `next-${o.id}`, status: "delivered", location: "Drop", at: at.toISOString() }],
      { now: at }, // the clock of the Sunday it arrives (decision 059)
    );
    const [credit] = await h.db.select().from(cashbackCredits).where(eq(cashbackCredits.order_id, o.id));
    expect(credit.applied_bill_id).toBeNull();
    const credited = Math.round(Number(credit.amount) * 100);
    expect(credited).toBeGreaterThan(0);

    // A week later the week has closed: the cut bills the client and credits the cashback on that bill.
    const later = new Date(Date.now() + 7 * 86_400_000);
    const cut = await cutCycles(h.db, { now: later, force: true, wait: true });
    expect(cut.outcome).toBe("cut");
    const [applied] = await h.db.select().from(cashbackCredits).where(eq(cashbackCredits.order_id, o.id));
    expect(applied.applied_bill_id).not.toBeNull();
    const [bill] = await h.db.select().from(billingCycles).where(eq(billingCycles.id, applied.applied_bill_id!));
    expect(bill.client_id).toBe(o.client_id);
    expect(Math.round(Number(bill.cashback_amount) * 100)).toBe(credited);
    const total = Math.round(Number(bill.total_amount) * 100);
    const movements = await h.db.select().from(moneyMovements).where(eq(moneyMovements.bill_id, bill.id));
    expect(movements.filter((m) => m.kind === "cashback_credit").map((m) => m.amount)).toEqual([credit.amount]);
    const debit = movements.find((m) => m.kind === "wallet_debit");
    if (bill.transaction_reference === "WALLET")
      expect(Math.round(Number(debit?.amount ?? 0) * 100)).toBe(total - credited);
    else expect(Math.round(Number(bill.outstanding_amount) * 100)).toBe(total - credited);
    expect(bill.remark).toContain(`Cashback ₹${credit.amount} credited (1 order)`);

    const cleared = await accountLedger(h.db, o.client_id, "cleared", later);
    const line = cleared.entries.find((e) => e.reference_id === `${credit.bill_reference}-CASHBACK`);
    expect(line).toMatchObject({
      total_amount: `-${credit.amount}`,
      outstanding_amount: "0.00",
      transaction_reference: bill.reference_id,
    });
    expect(line!.remark).toContain(`credited on ${bill.reference_id}`);
    for (const view of ["pending", "future"] as const)
      expect(
        (await accountLedger(h.db, o.client_id, view, later)).entries.some(
          (e) => e.reference_id === `${credit.bill_reference}-CASHBACK`,
        ),
      ).toBe(false);

    // Cut again: nothing more is credited.
    await cutCycles(h.db, { now: later, force: true, wait: true });
    expect(
      (
        await h.db
          .select()
          .from(moneyMovements)
          .where(and(eq(moneyMovements.bill_id, bill.id), eq(moneyMovements.kind, "cashback_credit")))
      ).length,
    ).toBe(1);
    const [again] = await h.db.select().from(billingCycles).where(eq(billingCycles.id, bill.id));
    expect(again.cashback_amount).toBe(bill.cashback_amount);
  });
});
