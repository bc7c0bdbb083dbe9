/**
 * The daily order rollups (decision 030): orders placed and picked up per client per IST day,
 * kept by placement and by the scans that set or move an order's first pickup, in the same
 * transaction, and always equal to what rebuildRollups() computes from the order book.
 */
import { and, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { clients, courierServices, orderDailyRollups, orders } from "~/services/db/schema";
import { placeOrder } from "~/services/orders/place.server";
import { parseOrder } from "~/services/orders/place-form";
import { addPlacedOrderToRollups, rebuildRollups, rollupDifferences } from "~/services/orders/rollups.server";
import { ingestEvents } from "~/services/orders/tracking.server";
import { createPrng } from "~/services/seed/prng";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(() => h?.close());

const rollup = async (clientId: number, day: string) =>
  (
    await h.db
      .select({ placed: orderDailyRollups.placed, picked: orderDailyRollups.picked })
      .from(orderDailyRollups)
      .where(and(eq(orderDailyRollups.client_id, clientId), eq(orderDailyRollups.day, day)))
  )[0] ?? { placed: 0, picked: 0 };

describe("daily order rollups", () => {
  it("the seed's rollups are the order book's, by IST day", async () => {
    expect(await rollupDifferences(h.db)).toEqual([]);
    const [sums] = (
      await h.db
        .execute(sql`select (select sum(placed)::int from order_daily_rollups) as placed, (select sum(picked)::int from order_daily_rollups) as picked,
      (select count(pickup_at)::int from orders) as pickups`)
    ).rows as { placed: number; picked: number; pickups: number }[];
    expect(sums.placed).toBe(1500);
    expect(sums.picked).toBe(sums.pickups);
    expect(sums.picked).toBeGreaterThan(1000);
  });

  it("placement adds to the IST day it was placed on; the first pickup scan adds a picked order, an earlier one moves it", async () => {
    const [c] = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .orderBy(clients.id)
      .limit(1);
    const parsed = parseOrder({
      pickup_pincode: "110001",
      drop_pincode: "560001",
      payment_mode: "prepaid",
      invoice_value: 899,
      weight: 1.2,
      length: 20,
      breadth: 15,
      height: 10,
      items: [{ name: "Kurta", sku: "K-1", quantity: 2 }],
      customer_name: "Priya Sharma",
      customer_phone: "9876543210",
      customer_address: "12 MG Road, Bengaluru",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    // 20:00 UTC on 1 Jan is 01:30 IST on 2 Jan.
    const placed = await placeOrder(h.db, c.id, parsed.order, { now: new Date("2030-01-01T20:00:00Z") });
    expect(placed.status).toBe(201);
    expect(await rollup(c.id, "2030-01-01")).toEqual({ placed: 0, picked: 0 });
    expect(await rollup(c.id, "2030-01-02")).toEqual({ placed: 1, picked: 0 });

    const [o] = await h.db
      .select({ awb: orders.courier_tracking_id, courierId: courierServices.courier_id })
      .from(orders)
      .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
      .where(eq(orders.pickrr_order_id, (placed.body as { pickrr_order_id: string }).pickrr_order_id));
    const scan = (id: string, at: string) => ({ awb: o.awb, event_id: id, status: "picked_up", location: "Delhi", at });
    // The scans arrive on 3 Jan 2030: they are judged by that day's clock (decision 059).
    const then = { now: new Date("2030-01-03T00:00:00Z") };
    // 19:00 UTC on 2 Jan is 00:30 IST on 3 Jan.
    await ingestEvents(h.db, o.courierId, [scan("p-1", "2030-01-02T19:00:00Z")], then);
    expect(await rollup(c.id, "2030-01-03")).toEqual({ placed: 0, picked: 1 });
    // A pickup scan timed earlier arrives late: the order was picked up on 2 Jan (IST).
    await ingestEvents(h.db, o.courierId, [scan("p-0", "2030-01-02T10:00:00Z")], then);
    expect(await rollup(c.id, "2030-01-03")).toEqual({ placed: 0, picked: 0 });
    expect(await rollup(c.id, "2030-01-02")).toEqual({ placed: 1, picked: 1 });
    // A repeat changes nothing.
    await ingestEvents(
      h.db,
      o.courierId,
      [scan("p-0", "2030-01-02T10:00:00Z"), scan("p-1", "2030-01-02T19:00:00Z")],
      then,
    );
    expect(await rollup(c.id, "2030-01-02")).toEqual({ placed: 1, picked: 1 });
    expect(await rollupDifferences(h.db)).toEqual([]);
  });

  it("rebuilding from the order book gives the same numbers", async () => {
    const snapshot = async () =>
      (
        await h.db.execute(
          sql`select client_id, day::text, placed, picked from order_daily_rollups where placed <> 0 or picked <> 0 order by 1, 2`,
        )
      ).rows;
    const kept = await snapshot();
    await h.db.transaction((tx) => rebuildRollups(tx));
    expect(await snapshot()).toEqual(kept);
    // And a damaged rollup is found, then repaired by the rebuild.
    await h.db.execute(
      sql`update order_daily_rollups set placed = placed + 5 where (client_id, day) = (select client_id, day from order_daily_rollups limit 1)`,
    );
    // The day against the order book, and its month against the days.
    expect((await rollupDifferences(h.db)).map((d) => d.day.startsWith("month "))).toEqual([false, true]);
    await h.db.transaction((tx) => rebuildRollups(tx));
    expect(await rollupDifferences(h.db)).toEqual([]);
    // A monthly weekday count that drifted is found too, and repaired.
    await h.db.execute(
      sql`update order_monthly_rollups set picked_3 = picked_3 + 1 where (client_id, month) = (select client_id, month from order_monthly_rollups limit 1)`,
    );
    expect((await rollupDifferences(h.db)).map((d) => d.day.startsWith("month "))).toEqual([true]);
    await h.db.transaction((tx) => rebuildRollups(tx));
    expect(await rollupDifferences(h.db)).toEqual([]);
    // And an old-account mark that drifted (decision 092).
    await h.db.execute(
      sql`update order_monthly_rollups set old_account = not old_account where (client_id, month) = (select client_id, month from order_monthly_rollups order by month desc limit 1)`,
    );
    expect((await rollupDifferences(h.db)).map((d) => d.day.startsWith("month "))).toEqual([true]);
    await h.db.transaction((tx) => rebuildRollups(tx));
    expect(await rollupDifferences(h.db)).toEqual([]);
  });

  it("marks a client's months after its first month with placed orders as an old account's, a back-dated order included", async () => {
    // A client with no orders yet: its first order opens its first month.
    const [fresh] = (
      await h.db.execute(
        sql`select c.id from clients c where not exists (select 1 from order_monthly_rollups m where m.client_id = c.id) order by c.id limit 1`,
      )
    ).rows as { id: number }[];
    expect(fresh, "the seed leaves a client without orders").toBeDefined();
    const marks = async () =>
      (
        await h.db.execute(
          sql`select month::text, placed, old_account from order_monthly_rollups where client_id = ${fresh.id} order by month`,
        )
      ).rows;
    // Placement's own rollup path (the order itself is not what is tested here).
    const place = (at: string) => addPlacedOrderToRollups(h.db, fresh.id, new Date(at));
    await place("2032-05-10T06:00:00Z");
    await place("2032-06-10T06:00:00Z");
    expect(await marks()).toEqual([
      { month: "2032-05-01", placed: 1, old_account: false },
      { month: "2032-06-01", placed: 1, old_account: true },
    ]);
    // Back-dated into an earlier month: the months after it become an old account's.
    await place("2032-03-10T06:00:00Z");
    expect(await marks()).toEqual([
      { month: "2032-03-01", placed: 1, old_account: false },
      { month: "2032-05-01", placed: 1, old_account: true },
      { month: "2032-06-01", placed: 1, old_account: true },
    ]);
    // The same marks as a rebuild from the daily rows would give (the months against the days;
    // the days have no orders behind them here).
    expect((await rollupDifferences(h.db)).filter((d) => d.day.startsWith("month "))).toEqual([]);
    // Rollups without their orders: gone again, so the book and its rollups agree for what follows.
    await h.db.execute(sql`delete from order_daily_rollups where client_id = ${fresh.id}`);
    await h.db.execute(sql`delete from order_monthly_rollups where client_id = ${fresh.id}`);
  });

  it("equal a direct count over the order book after random placements and pickup scans (property)", async () => {
    const clientsWithToken = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .orderBy(clients.id)
      .limit(5);
    for (const seed of [11, 12, 13]) {
      const rng = createPrng(seed);
      const placed: { id: string; at: number }[] = [];
      for (let i = 0; i < 6; i++) {
        const c = clientsWithToken[rng.int(0, clientsWithToken.length - 1)];
        const parsed = parseOrder({
          pickup_pincode: "110001",
          drop_pincode: rng.chance(0.5) ? "560001" : "400001",
          payment_mode: rng.chance(0.5) ? "cod" : "prepaid",
          cod_amount: 500,
          invoice_value: 500,
          weight: 0.5,
          length: 10,
          breadth: 10,
          height: 10,
          items: [{ name: "Tee", sku: "T-1", quantity: 1 }],
          customer_name: "Asha Rao",
          customer_phone: "9876500000",
          customer_address: "1 Park Street, Kolkata",
        });
        if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
        // Anywhere in two days around an IST midnight, to the minute.
        const at = Date.parse("2031-03-01T17:00:00Z") + rng.int(0, 48 * 60) * 60_000;
        const res = await placeOrder(h.db, c.id, parsed.order, { now: new Date(at) });
        expect(res.status).toBe(201);
        placed.push({ id: (res.body as { pickrr_order_id: string }).pickrr_order_id, at });
      }
      // Random pickup scans, some orders twice (a later and then an earlier time), in random batches.
      for (const p of placed) {
        if (!rng.chance(0.7)) continue;
        const [o] = await h.db
          .select({ awb: orders.courier_tracking_id, courierId: courierServices.courier_id })
          .from(orders)
          .innerJoin(courierServices, eq(courierServices.id, orders.courier_service_id))
          .where(eq(orders.pickrr_order_id, p.id));
        const scanAt = (hours: number) => new Date(p.at + hours * 3_600_000).toISOString();
        const first = rng.int(2, 30);
        const events = [
          { awb: o.awb, event_id: `${p.id}-a`, status: "picked_up", location: "Delhi", at: scanAt(first) },
        ];
        if (rng.chance(0.5))
          events.push({
            awb: o.awb,
            event_id: `${p.id}-b`,
            status: "picked_up",
            location: "Delhi",
            at: scanAt(first - rng.int(1, first - 1)),
          });
        // Judged by the clock of the hour of the last scan (decision 059).
        const then = { now: new Date(scanAt(first)) };
        if (rng.chance(0.5)) await ingestEvents(h.db, o.courierId, events, then);
        else for (const e of events) await ingestEvents(h.db, o.courierId, [e], then);
      }
      expect(await rollupDifferences(h.db), `seed ${seed}`).toEqual([]);
    }
    const [made] = (
      await h.db.execute(
        sql`select count(*)::int as n, count(pickup_at)::int as picked from orders where placed_at >= '2031-03-01'`,
      )
    ).rows as { n: number; picked: number }[];
    expect(made.n).toBe(18);
    expect(made.picked).toBeGreaterThan(5);
  });
});
