/**
 * The order book's seed (decision 029): set-based chunks that each draw from their
 * own fork of the seed, so `npm start`'s background fill — one chunk per transaction, resumed
 * after a restart, shared by several app copies — makes exactly the orders and scan events the
 * one-transaction seed makes (the run's template database: SEED_ORDERS=1500 in statements of
 * 1,000; the fill here in transactions of 500, the most recent orders first: decision 077).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { refreshDailyPerformance } from "~/services/analytics/snapshot.server";
import { dailyPerformance } from "~/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY } from "~/services/analytics/tracker-query";
import { isDropping } from "~/services/analytics/week-over-week";
import type { DbHandle } from "~/services/db/client.server";
import { createActivity, createPacer } from "~/services/http/activity";
import { rollupDifferences } from "~/services/orders/rollups.server";
import { chunkPace, FILL_BANDS_DAYS, fillOrderBook, ORDER_FILL_SETTING } from "~/services/seed/orders.server";
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

describe("the fill's pace for a chunk (decision 077)", () => {
  it("spares the rest only to the most recent band's first chunk: the rest of the band and older bands rest while people click", () => {
    expect(chunkPace(0, 0)).toEqual(["recent", { urgent: true }]);
    expect(chunkPace(0, 250)).toEqual(["recent", { urgent: false }]);
    expect(chunkPace(1, 0)).toEqual(["chunk"]);
    expect(chunkPace(2, 500)).toEqual(["chunk"]);
  });
});

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

    // The most recent days first (decision 077): after the first chunk, what a person sees on
    // signing in — the last seven days of Daily Performance — already has orders, and nothing older
    // than the first band is in yet.
    const until = new Date(inject("seedOrdersUntil"));
    let recent = 0;
    const first = await fillOrderBook(fresh.db, { maxChunks: 1, onRecent: async () => void recent++ });
    expect(first).toBeGreaterThan(0);
    const early = await one<{ n: number; oldest: string; days: number }>(
      fresh,
      sql`select count(*)::int as n, min(placed_at)::text as oldest,
            count(distinct (placed_at at time zone 'Asia/Kolkata')::date) filter (
              where placed_at >= ${new Date(until.getTime() - 7 * 86_400_000).toISOString()}::timestamptz)::int as days
          from orders`,
    );
    expect(early.n).toBe(first);
    expect(Date.parse(early.oldest)).toBeGreaterThan(until.getTime() - FILL_BANDS_DAYS[0] * 86_400_000);
    expect(early.days).toBeGreaterThanOrEqual(7);
    const snapshotDays = await one<{ n: number }>(
      fresh,
      sql`select count(distinct day)::int as n from order_daily_rollups where placed > 0`,
    );
    expect(snapshotDays.n).toBeGreaterThanOrEqual(14);
    // The first band was all of that one chunk here (about 160 of 1,500 orders): the snapshot was taken again.
    expect(recent).toBe(1);

    // Two copies of the app start filling at once: each chunk is made once.
    const added = await Promise.all([fillOrderBook(fresh.db), fillOrderBook(fresh.db)]);
    expect(first + added[0] + added[1]).toBe(1500);
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
    // A restart in the middle: the oldest band's chunks (orders 90 days old or more, written
    // last) were never committed.
    const cut = new Date(new Date(inject("seedOrdersUntil")).getTime() - FILL_BANDS_DAYS[2] * 86_400_000).toISOString();
    const { n } = await one<{ n: number }>(
      fresh,
      sql`select count(*)::int as n from orders where placed_at <= ${cut}::timestamptz`,
    );
    expect(n).toBeGreaterThan(500);
    await fresh.db.execute(
      sql`delete from tracking_events where order_id in (select id from orders where placed_at <= ${cut}::timestamptz)`,
    );
    await fresh.db.execute(sql`delete from orders where placed_at <= ${cut}::timestamptz`);
    await fresh.db.execute(
      sql`insert into settings (key, value) values (${ORDER_FILL_SETTING}, ${JSON.stringify(plan)}::jsonb)`,
    );
    // It stops again while putting the orders in their cycles, a range of ids per transaction
    // (decision 077): the orders are back, some still outside their cycles, the plan still there.
    expect(await fillOrderBook(fresh.db, { maxLinkChunks: 1, linkChunk: 400 })).toBe(n);
    const half = await book(fresh);
    expect(half.n).toBe(1500);
    expect(half.orders).not.toBe((await book(template)).orders);
    const unlinked = async () =>
      (
        await one<{ n: number }>(
          fresh,
          sql`select count(*)::int as n from orders where pickup_at is not null and billing_cycle_id is null`,
        )
      ).n;
    const before = await unlinked();
    expect(before).toBeGreaterThan(0);
    // The next start finishes them (a range done twice changes nothing), paced while requests
    // never stop (decision 077): every step rests and waits for a gap that never comes, and the
    // fill still ends, at most a rest and the most it waits for a gap later per step.
    const activity = createActivity();
    let endRequest = activity.begin();
    const stream = setInterval(() => {
      const next = activity.begin();
      endRequest();
      endRequest = next;
    }, 3);
    const pacer = createPacer(activity, {
      idleAfterMs: 1_500,
      restFactor: 1,
      quietMs: 5,
      freshMs: 5,
      maxGapWaitMs: 20,
    });
    try {
      expect(await fillOrderBook(fresh.db, { linkChunk: 400, pace: pacer.pace })).toBe(0);
    } finally {
      clearInterval(stream);
      endRequest();
    }
    expect(pacer.summary()).toMatch(/link 4× .*upkeep \d+×/);
    expect(await book(fresh)).toEqual(await book(template));
    expect(await unlinked()).toBeLessThan(before);
    expect(
      await one<{ n: number }>(fresh, sql`select count(*)::int as n from settings where key = ${ORDER_FILL_SETTING}`),
    ).toEqual({ n: 0 });
  });
});

describe("the seed's falling sellers (decision 072's Dropping preset)", { timeout: LONG }, () => {
  let h: DbHandle;
  beforeAll(async () => {
    h = await openTestDb({ seeded: true });
  }, LONG);
  afterAll(() => h?.close());

  it("gives Daily Performance at least one seller down 30 % or more on 20 or more orders, the largest among them", async () => {
    // The snapshot as of the moment the book ends: its "this week" is the seed's.
    await refreshDailyPerformance(h.db, { force: true, now: new Date(inject("seedOrdersUntil")) });
    const [vp] = (await h.db.execute(sql`select id from staff where email = 'vp@demo.test'`)).rows as { id: number }[];
    const dropping = await dailyPerformance(
      h.db,
      { id: Number(vp.id), role: "vp" },
      { ...DEFAULT_TRACKER_QUERY, preset: "dropping" },
    );
    expect(dropping.rows.length).toBeGreaterThanOrEqual(1);
    for (const r of dropping.rows) {
      expect(r.weekBefore).toBeGreaterThanOrEqual(20);
      expect(isDropping({ thisWeek: r.week, lastWeek: r.weekBefore })).toBe(true);
    }
    // The largest seller (volume rank 0, one of FALLING_RANKS) is one of them.
    const [largest] = (
      await h.db.execute(sql`select client_id from orders group by client_id order by count(*) desc limit 1`)
    ).rows as { client_id: number }[];
    const ids = (
      await h.db.execute(
        sql`select id from clients where email in (select jsonb_array_elements_text(${JSON.stringify(dropping.rows.map((r) => r.email))}::jsonb))`,
      )
    ).rows.map((r) => Number((r as { id: number }).id));
    expect(ids).toContain(Number(largest.client_id));
  });
});
