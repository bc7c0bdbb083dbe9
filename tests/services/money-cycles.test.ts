/**
 * The cycle cutter (decision 031; PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * orders delivered and picked up after the seed (through the courier webhook) end up, once their
 * week has closed, in exactly one COD remittance cycle and one billing cycle of their seller; a
 * late delivery goes into the seller's next cycle; two concurrent cuts make what one makes; a
 * second cut changes nothing; every cycle's amounts are its orders' sums to the paisa.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addDays, istDayOf } from "~/services/core/ist-dates";
import { rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { clientMoneyProfiles, codRemittances, orders } from "~/services/db/schema";
import { cutCycles, lastCut } from "~/services/money/cycle-cutter.server";
import { remittanceReference, weekStart } from "~/services/money/cycles";
import { ingestEvents } from "~/services/orders/tracking.server";

import { openTestDb } from "../support/db";
import { placeAndPickUp } from "../support/orders-api";

const DAY = 86_400_000;
let a: DbHandle;
let b: DbHandle;

/** Picked-up COD orders not yet delivered, with what a courier needs to scan them. */
async function openCodOrders(h: DbHandle, n: number, sellerHasCycleOf?: string) {
  return (
    await h.db.execute(sql`
      select o.id, o.client_id, o.courier_tracking_id as awb, cs.courier_id
      from orders o join courier_services cs on cs.id = o.courier_service_id
      where o.payment_mode = 'cod' and o.pickup_at is not null and o.pickup_at < now() - interval '1 day' and o.delivered_at is null and o.rto_at is null
        and o.current_status in ('picked_up', 'in_transit', 'out_for_delivery')
        ${sellerHasCycleOf ? sql`and o.client_id in (select client_id from cod_remittances where start_date = ${sellerHasCycleOf}::date)` : sql``}
      order by o.id limit ${n}`)
  ).rows as { id: number; client_id: number; awb: string; courier_id: number }[];
}

/** Delivers the orders through the courier webhook's path, at `at`. */
async function deliver(h: DbHandle, list: { id: number; awb: string; courier_id: number }[], at: Date) {
  for (const o of list) {
    const [r] = await ingestEvents(h.db, o.courier_id, [
      { awb: o.awb, event_id: `cut-${o.id}`, status: "delivered", location: "Drop", at: at.toISOString() },
    ]);
    expect(r.status).toBe(201);
  }
}

/** Cycles whose amounts or counts differ from their orders' (must be none), per kind. */
async function drift(h: DbHandle) {
  const [cod] = (
    await h.db.execute(sql`select count(*)::int as n from cod_remittances r left join lateral (
        select count(*)::int as c, coalesce(sum(cod_amount), 0) as total, coalesce(sum((charge->>'cod_charge')::bigint), 0) as ecod
        from orders where cod_remittance_id = r.id) o on true
      where r.order_count <> o.c or r.total_amount <> o.total or r.ecod_charges * 100 <> o.ecod`)
  ).rows as { n: number }[];
  const [bill] = (
    await h.db.execute(sql`select count(*)::int as n from billing_cycles b left join lateral (
        select count(*)::int as c, coalesce(sum(charged_amount), 0) as freight from orders where billing_cycle_id = b.id) o on true
      where b.order_count <> o.c or b.freight_charge <> o.freight or b.total_amount <> b.freight_charge + b.total_tax`)
  ).rows as { n: number }[];
  return { cod: cod.n, bill: bill.n };
}

/** Everything a cut writes, without serial ids: equal fingerprints mean equal results. */
async function fingerprint(h: DbHandle) {
  const q = async (query: ReturnType<typeof sql>) => JSON.stringify((await h.db.execute(query)).rows);
  return {
    cod: await q(sql`select r.pickrr_reference_id, r.order_count, r.total_amount, r.ecod_charges, r.pending_amount, r.status, r.current_action, r.remark,
        (select json_agg(o.id order by o.id) from orders o where o.cod_remittance_id = r.id) as orders
      from cod_remittances r order by r.pickrr_reference_id`),
    bills:
      await q(sql`select b.reference_id, b.order_count, b.total_amount, b.outstanding_amount, b.due_date, b.transaction_reference,
        (select json_agg(o.id order by o.id) from orders o where o.billing_cycle_id = b.id) as orders
      from billing_cycles b order by b.reference_id`),
    wallets: await q(sql`select client_id, wallet_balance from client_money_profiles order by client_id`),
    movements: await q(
      sql`select m.kind, m.amount, b.reference_id from money_movements m left join billing_cycles b on b.id = m.bill_id order by b.reference_id, m.kind`,
    ),
  };
}

const today = istDayOf(new Date());
/** A week after today: today's week has closed. */
const nextWeek = new Date(Date.now() + 7 * DAY);
let delivered: { id: number; client_id: number; awb: string; courier_id: number }[] = [];

beforeAll(async () => {
  [a, b] = await Promise.all([openTestDb({ seeded: true }), openTestDb({ seeded: true })]);
  // The same orders delivered now on both copies (the webhook's path). The first is a seller's with
  // another open COD order, left open: that seller then has this week's cycle, and the late
  // delivery's test below delivers its other order (a small book at some hours has no other such).
  const open = await openCodOrders(a, 1_000);
  const perSeller = new Map<number, number>();
  for (const o of open) perSeller.set(o.client_id, (perSeller.get(o.client_id) ?? 0) + 1);
  const twice = open.find((o) => perSeller.get(o.client_id)! >= 2);
  expect(twice, "a seller with two open COD orders").toBeDefined();
  const list = [twice!, ...open.filter((o) => o.client_id !== twice!.client_id).slice(0, 5)];
  expect(list).toHaveLength(6);
  const now = new Date();
  for (const h of [a, b]) await deliver(h, list, now);
  delivered = list;
  // And two picked up now, a wallet seller's and another's, for the bills: early on a Monday (IST)
  // the seed's open week has no pickup yet. The same on both copies.
  const wallet = (yes: boolean) => sql`coalesce((c.pickrr_config->>'has_wallet')::boolean, false) = ${yes}`;
  for (const h of [a, b]) for (const yes of [true, false]) await placeAndPickUp(h.db, wallet(yes), now);
}, 120_000);
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

describe("the seed's cycles", () => {
  it("hold their orders: every delivered COD order of a closed week is in a cycle, and each cycle's sums are its orders'", async () => {
    const [{ loose }] = (
      await a.db
        .execute(sql`select count(*)::int as loose from orders where payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null
        and delivered_at < ((${weekStart(today)}::date)::timestamp at time zone 'Asia/Kolkata')`)
    ).rows as { loose: number }[];
    expect(loose).toBe(0);
    expect(await drift(a)).toEqual({ cod: 0, bill: 0 });
    // Nothing closed since the seed: a cut now finds nothing.
    const r = await cutCycles(a.db, { force: true });
    expect(r).toMatchObject({ outcome: "cut", remittances: 0, bills: 0 });
  });
});

describe("the cycle cutter", () => {
  it("puts orders delivered after the seed in exactly one cycle once their week has closed; two concurrent cuts make what one makes", async () => {
    const before = await a.db.select({ n: sql<number>`count(*)::int` }).from(codRemittances);
    const walletsBefore = new Map(
      (await a.db.select().from(clientMoneyProfiles)).map((p) => [p.client_id, rupeesToPaise(p.wallet_balance)]),
    );
    // One cut on a; two at once on b (one waits for the lock, one gives up if it is taken).
    const one = await cutCycles(a.db, { now: nextWeek, force: true });
    const two = await Promise.all([
      cutCycles(b.db, { now: nextWeek, force: true, wait: true }),
      cutCycles(b.db, { now: nextWeek, force: true }),
    ]);
    expect(one.outcome).toBe("cut");
    if (one.outcome !== "cut") return;
    expect(one.remittances).toBeGreaterThan(0);
    expect(one.bills).toBeGreaterThan(0);
    const cuts = two.filter((r) => r.outcome === "cut" && r.remittances > 0);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]).toMatchObject({
      remittances: one.remittances,
      bills: one.bills,
      codOrders: one.codOrders,
      billedOrders: one.billedOrders,
    });
    expect(await fingerprint(b)).toEqual(await fingerprint(a));

    const after = await a.db.select({ n: sql<number>`count(*)::int` }).from(codRemittances);
    expect(after[0].n - before[0].n).toBe(one.remittances);
    const monday = weekStart(today);
    for (const o of delivered) {
      const [row] = await a.db
        .select({ cycle: orders.cod_remittance_id, bill: orders.billing_cycle_id })
        .from(orders)
        .where(eq(orders.id, o.id));
      expect(row.cycle).not.toBeNull();
      const [cycle] = await a.db.select().from(codRemittances).where(eq(codRemittances.id, row.cycle!));
      // Delivered this week: this week's cycle of its seller.
      expect(cycle).toMatchObject({
        client_id: o.client_id,
        start_date: monday,
        end_date: addDays(monday, 6),
        pickrr_reference_id: remittanceReference(o.client_id, monday),
      });
      expect(cycle.status).toBe("PENDING");
      expect(row.bill).not.toBeNull();
    }
    // No delivered COD order of a closed week is left out; the sums are the orders' to the paisa.
    const [{ loose }] = (
      await a.db
        .execute(sql`select count(*)::int as loose from orders where payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null
        and delivered_at < ((${addDays(monday, 7)}::date)::timestamp at time zone 'Asia/Kolkata')`)
    ).rows as { loose: number }[];
    expect(loose).toBe(0);
    expect(await drift(a)).toEqual({ cod: 0, bill: 0 });
    // A wallet seller's new bills were taken from its wallet, one movement each.
    const debits = (
      await a.db
        .execute(sql`select m.client_id, sum(m.amount)::text as amount, count(*)::int as n, count(distinct m.bill_id)::int as bills
      from money_movements m join billing_cycles b on b.id = m.bill_id where m.kind = 'wallet_debit' group by m.client_id`)
    ).rows as { client_id: number; amount: string; n: number; bills: number }[];
    expect(debits.length).toBeGreaterThan(0);
    for (const d of debits) {
      expect(d.n).toBe(d.bills);
      const [p] = await a.db.select().from(clientMoneyProfiles).where(eq(clientMoneyProfiles.client_id, d.client_id));
      expect(rupeesToPaise(p.wallet_balance)).toBe((walletsBefore.get(d.client_id) ?? 0) - rupeesToPaise(d.amount));
    }
    // A held seller's new cycle is held as well.
    const [heldNew] = (
      await a.db
        .execute(sql`select count(*)::int as n from cod_remittances r where r.start_date = ${monday}::date and r.current_action = 'HOLD'
      and exists (select 1 from cod_remittances e where e.client_id = r.client_id and e.start_date < ${monday}::date and e.current_action = 'HOLD' and e.status <> 'RELEASED')`)
    ).rows as { n: number }[];
    const [heldSellers] = (
      await a.db.execute(sql`select count(*)::int as n from cod_remittances r where r.start_date = ${monday}::date
      and exists (select 1 from cod_remittances e where e.client_id = r.client_id and e.start_date < ${monday}::date and e.current_action = 'HOLD' and e.status <> 'RELEASED')`)
    ).rows as { n: number }[];
    expect(heldNew.n).toBe(heldSellers.n);
    expect(await lastCut(a.db)).toEqual({ at: nextWeek.toISOString(), through: addDays(monday, 6) });
  });

  it("a second cut changes nothing, and the schedule does not cut again within the hour", async () => {
    const before = await fingerprint(a);
    expect(await cutCycles(a.db, { now: new Date(nextWeek.getTime() + 60_000) })).toEqual({ outcome: "fresh" });
    expect(await cutCycles(a.db, { now: new Date(nextWeek.getTime() + 60_000), force: true })).toMatchObject({
      outcome: "cut",
      remittances: 0,
      bills: 0,
      codOrders: 0,
      billedOrders: 0,
    });
    expect(await fingerprint(a)).toEqual(before);
  });

  it("a delivery reported after its week was cut goes into the seller's next cycle, once", async () => {
    const monday = weekStart(today);
    const [late] = await openCodOrders(a, 1, monday);
    // Delivered in the week already cut (this week, cut as of next week), reported only now.
    await deliver(a, [late], new Date());
    const cutAgain = await cutCycles(a.db, { now: nextWeek, force: true });
    // Its own week is cut and so is the latest closed one: it waits for the next cut.
    expect(cutAgain).toMatchObject({ outcome: "cut", remittances: 0 });
    expect(
      (await a.db.select({ c: orders.cod_remittance_id }).from(orders).where(eq(orders.id, late.id)))[0].c,
    ).toBeNull();
    const weekAfter = new Date(nextWeek.getTime() + 7 * DAY);
    const r = await cutCycles(a.db, { now: weekAfter, force: true });
    expect(r).toMatchObject({ outcome: "cut" });
    const [row] = await a.db.select({ c: orders.cod_remittance_id }).from(orders).where(eq(orders.id, late.id));
    const [cycle] = await a.db.select().from(codRemittances).where(eq(codRemittances.id, row.c!));
    expect(cycle.start_date).toBe(addDays(monday, 7));
    expect(cycle.remark).toMatch(/late deliver/);
    expect(await drift(a)).toEqual({ cod: 0, bill: 0 });
    // And a cut after that leaves it where it is.
    await cutCycles(a.db, { now: weekAfter, force: true });
    expect((await a.db.select({ c: orders.cod_remittance_id }).from(orders).where(eq(orders.id, late.id)))[0].c).toBe(
      row.c,
    );
  });

  it("an order points at one real cycle of each kind", async () => {
    const [row] = await a.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`${orders.cod_remittance_id} is not null`)
      .limit(1);
    await expect(
      a.db.execute(sql`update orders set cod_remittance_id = 2147483000 where id = ${row.id}`),
    ).rejects.toThrow();
    await expect(
      a.db.execute(sql`update orders set billing_cycle_id = 2147483000 where id = ${row.id}`),
    ).rejects.toThrow();
  });
});
