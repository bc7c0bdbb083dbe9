/**
 * The order book's seed (decision 029): set-based chunks that each draw from their
 * own fork of the seed, so `npm start`'s background fill — one chunk per transaction, resumed
 * after a restart, shared by several app copies — makes exactly the orders and scan events the
 * one-transaction seed makes (the run's template database: SEED_ORDERS=1500 in statements of
 * 1,000; the fill here in transactions of 500).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { rollupDifferences } from "~/services/orders/rollups.server";
import { fillOrderBook, ORDER_FILL_SETTING } from "~/services/seed/orders.server";
import { seedDemoData } from "~/services/seed/seed.server";

import { openTestDb } from "../support/db";

const LONG = 180_000;

async function one<T>(h: DbHandle, query: ReturnType<typeof sql>): Promise<T> {
  return (await h.db.execute(query)).rows[0] as T;
}

/** The orders and their events as data (the events' own serial ids left out), and the money derived from them (decision 031). */
async function book(h: DbHandle) {
  return one<{ orders: string; events: string; n: number; e: number; money: string }>(
    h,
    sql`select (select md5(string_agg(to_jsonb(o)::text, '|' order by id)) from orders o) as orders,
               (select md5(coalesce((select string_agg(to_jsonb(r)::text, '|' order by id) from cod_remittances r), '')
                 || coalesce((select string_agg(to_jsonb(b)::text, '|' order by id) from billing_cycles b), '')
                 || coalesce((select string_agg(to_jsonb(p)::text, '|' order by client_id) from client_money_profiles p), ''))) as money,
               (select md5(string_agg((to_jsonb(e) - 'id')::text, '|' order by order_id, courier_event_id)) from tracking_events e) as events,
               (select count(*)::int from orders) as n, (select count(*)::int from tracking_events) as e`,
  );
}

describe("the demo order book filled after start-up", { timeout: LONG }, () => {
  let template: DbHandle;
  let fresh: DbHandle;
  /** The fill plan the start-up seed wrote (seed, reference date, chunk size). */
  let plan: unknown;

  beforeAll(async () => {
    [template, fresh] = await Promise.all([openTestDb({ seeded: true }), openTestDb({ seeded: false })]);
    await seedDemoData(fresh.db, { ordersLater: true, ordersUntil: new Date(inject("seedOrdersUntil")) });
  }, LONG);
  afterAll(async () => {
    await template?.close();
    await fresh?.close();
  });

  it("starts with no orders and a plan to fill, then fills exactly what the one-transaction seed makes, once across two copies", async () => {
    expect((await book(fresh)).n).toBe(0);
    ({ value: plan } = await one<{ value: unknown }>(
      fresh,
      sql`select value from settings where key = ${ORDER_FILL_SETTING}`,
    ));
    expect(plan).toMatchObject({ target: 1500 });
    // An order placed meanwhile through the API takes an id after the seed's.
    expect(
      await one<{ next: number }>(fresh, sql`select nextval(pg_get_serial_sequence('orders', 'id'))::int as next`),
    ).toEqual({ next: 1501 });

    // Two copies of the app start filling at once: each chunk is made once.
    const added = await Promise.all([fillOrderBook(fresh.db), fillOrderBook(fresh.db)]);
    expect(added[0] + added[1]).toBe(1500);
    const expected = await book(template);
    expect(expected.n).toBe(1500);
    expect(expected.e).toBeGreaterThan(1500 * 3);
    expect(await book(fresh)).toEqual(expected);
    expect(
      await one<{ n: number }>(fresh, sql`select count(*)::int as n from settings where key = ${ORDER_FILL_SETTING}`),
    ).toEqual({ n: 0 });
    // The fill kept the daily rollups as it went.
    expect(await rollupDifferences(fresh.db)).toEqual([]);
    // Filled: nothing more to do.
    expect(await fillOrderBook(fresh.db)).toBe(0);
  });

  it("resumes after a restart where it stopped, making the same orders", async () => {
    // A restart in the middle: the last two chunks (orders 501…1500) were never committed.
    await fresh.db.execute(sql`delete from tracking_events where order_id > 500`);
    await fresh.db.execute(sql`delete from orders where id > 500`);
    await fresh.db.execute(
      sql`insert into settings (key, value) values (${ORDER_FILL_SETTING}, ${JSON.stringify(plan)}::jsonb)`,
    );
    expect(await fillOrderBook(fresh.db)).toBe(1000);
    expect(await book(fresh)).toEqual(await book(template));
  });
});
