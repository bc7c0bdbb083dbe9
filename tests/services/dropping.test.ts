/**
 * "Who is dropping" (decision 072) on a real database, from a fixture small enough to work out by
 * hand: five sellers under two TLs (two BDMs, one AVP), their placed and picked orders as daily and
 * monthly rollups, the Daily Performance snapshot taken at noon IST on Friday 27-11-2026. Checked:
 * the week-on-week counts, the change's sorts, the Dropping preset (by seller and by TL), the
 * total row, a tl's scope, the CSV's columns; and the Dashboard's growth by seller and by TL, whose
 * total is the Dashboard's own Total Growth — today's picked orders left out of both.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dashboardData, growthBy } from "~/services/analytics/dashboard.server";
import { growthCsv, sortGrowthRows } from "~/services/analytics/growth-by";
import { refreshDailyPerformance } from "~/services/analytics/snapshot.server";
import { dailyPerformance, dailyPerformanceCsv } from "~/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY, type TrackerQuery } from "~/services/analytics/tracker-query";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { orderDailyRollups, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";
import { insertFixtureSeller } from "../support/fixture-sellers";

/** Noon IST, Friday 27 November 2026: this week is 20–26 Nov, last week 13–19 Nov; last month October (31 days), 26 whole days of November. */
const NOW = new Date("2026-11-27T06:30:00Z");

let h: DbHandle;
const ids: Record<string, number> = {};
const viewer = (key: string, role: StaffRole) => ({ id: ids[key], role });

/** Each seller's rollups: day → [placed, picked]. */
const FIXTURE: Record<string, { tl: "T1" | "T2"; days: Record<string, [number, number]> }> = {
  // 14 this week against exactly 20 last week: −30 %, dropping. Orders outside the two weeks and
  // today's don't count. October 310 picked (10.00 a day), November 260 to yesterday (10.00): 0 %.
  c1: {
    tl: "T1",
    days: {
      "2026-11-27": [50, 40],
      "2026-11-26": [10, 0],
      "2026-11-20": [4, 0],
      "2026-11-19": [15, 0],
      "2026-11-13": [5, 0],
      "2026-11-12": [100, 0],
      "2026-11-10": [0, 260],
      "2026-10-15": [0, 310],
    },
  },
  // Nothing last week: no per cent. Nothing picked in October: no growth.
  c2: { tl: "T1", days: { "2026-11-22": [15, 0], "2026-11-05": [0, 52] } },
  // 19 last week, none this week: −100 %, but under 20 orders: not dropping. 62 → 13 picked: −75 %.
  c3: { tl: "T2", days: { "2026-11-15": [19, 0], "2026-10-03": [0, 62], "2026-11-03": [0, 13] } },
  // 100 → 71: −29 %, not dropping. 93 → 104 picked: 3.00 → 4.00 a day, +33 %.
  c4: {
    tl: "T2",
    days: { "2026-11-16": [100, 0], "2026-11-21": [71, 0], "2026-10-20": [0, 93], "2026-11-20": [0, 104] },
  },
  // 33 → 23: −30.3 %, shown −30, dropping. No picked orders.
  c5: { tl: "T1", days: { "2026-11-18": [33, 0], "2026-11-24": [23, 0] } },
};

beforeAll(async () => {
  h = await openTestDb({ seeded: false });
  const person = async (key: string, role: StaffRole) => {
    const [s] = await h.db
      .insert(staff)
      .values({ name: `${key} Person`, email: `${key.toLowerCase()}@fixture.test`, role })
      .returning({ id: staff.id });
    ids[key] = s.id;
  };
  await person("VP", "vp");
  await person("A", "avp");
  await person("B1", "bdm");
  await person("B2", "bdm");
  await person("T1", "tl");
  await person("T2", "tl");
  for (const [key, seller] of Object.entries(FIXTURE)) {
    const n = key.slice(1);
    const id = await insertFixtureSeller(h.db, n, {
      avp_id: ids.A,
      bdm_id: seller.tl === "T1" ? ids.B1 : ids.B2,
      tl_id: ids[seller.tl],
    });
    ids[key] = id;
    await h.db
      .insert(orderDailyRollups)
      .values(Object.entries(seller.days).map(([day, [placed, picked]]) => ({ client_id: id, day, placed, picked })));
  }
  // The monthly rollups are the daily ones summed (what the writers keep, decision 030).
  await h.db.execute(sql`
    insert into order_monthly_rollups (client_id, month, placed, picked)
    select client_id, date_trunc('month', day)::date, sum(placed), sum(picked) from order_daily_rollups group by 1, 2`);
  expect(await refreshDailyPerformance(h.db, { now: NOW, force: true })).toBe("refreshed");
}, 120_000);
afterAll(() => h?.close());

const q = (over: Partial<TrackerQuery>): TrackerQuery => ({ ...DEFAULT_TRACKER_QUERY, ...over });
const names = (rows: { name: string }[]) => rows.map((r) => r.name);

describe("Daily Performance week on week", () => {
  it("keeps each seller's two weeks (today and days outside them left out) and sorts by the change", async () => {
    const vp = viewer("VP", "vp");
    const byName = await dailyPerformance(h.db, vp, q({ sort: "name", dir: "asc" }));
    expect(byName.rows.map((r) => [r.name, r.week, r.weekBefore])).toEqual([
      ["Seller 1", 14, 20],
      ["Seller 2", 15, 0],
      ["Seller 3", 0, 19],
      ["Seller 4", 71, 100],
      ["Seller 5", 23, 33],
    ]);
    expect(byName.weeks).toEqual({
      thisWeek: { from: "2026-11-20", to: "2026-11-26" },
      lastWeek: { from: "2026-11-13", to: "2026-11-19" },
    });
    // Today's 50 are in today's column, not in the week.
    expect(byName.rows[0].placed.slice(0, 2)).toEqual([50, 10]);
    // The total row: every seller, every day and both weeks.
    expect(byName.sum).toMatchObject({ rows: 5, week: 123, weekBefore: 172 });
    expect(byName.sum.placed[0]).toBe(50);

    const percentUp = await dailyPerformance(h.db, vp, q({ sort: "week_percent", dir: "asc" }));
    // −100, −30.3, −30, −29, and no per cent (last week none) last.
    expect(names(percentUp.rows)).toEqual(["Seller 3", "Seller 5", "Seller 1", "Seller 4", "Seller 2"]);
    const percentDown = await dailyPerformance(h.db, vp, q({ sort: "week_percent", dir: "desc" }));
    expect(names(percentDown.rows)).toEqual(["Seller 4", "Seller 1", "Seller 5", "Seller 3", "Seller 2"]);
    const change = await dailyPerformance(h.db, vp, q({ sort: "week_change", dir: "asc" }));
    expect(names(change.rows)).toEqual(["Seller 4", "Seller 3", "Seller 5", "Seller 1", "Seller 2"]);
  });

  it("the Dropping preset keeps the rows down 30 % or more on 20 or more orders, by seller and by TL", async () => {
    const vp = viewer("VP", "vp");
    const dropping = await dailyPerformance(h.db, vp, q({ preset: "dropping", sort: "week_percent", dir: "asc" }));
    expect(names(dropping.rows)).toEqual(["Seller 5", "Seller 1"]);
    expect(dropping.total).toBe(2);
    expect(dropping.sum).toMatchObject({ rows: 2, week: 37, weekBefore: 53 });
    // With a search too.
    const searched = await dailyPerformance(h.db, vp, q({ preset: "dropping", q: "seller5@" }));
    expect(names(searched.rows)).toEqual(["Seller 5"]);
    expect(searched.sum).toMatchObject({ rows: 1, week: 23, weekBefore: 33 });

    // By TL: T1 is 52 against 53 (−1 %), T2 71 against 119 (−40 %): only T2 is dropping.
    const byTl = await dailyPerformance(h.db, vp, q({ view: "tl", sort: "name", dir: "asc" }));
    expect(byTl.rows.map((r) => [r.name, r.week, r.weekBefore, r.sellers])).toEqual([
      ["T1 Person", 52, 53, 3],
      ["T2 Person", 71, 119, 2],
    ]);
    const tlDropping = await dailyPerformance(h.db, vp, q({ view: "tl", preset: "dropping" }));
    expect(names(tlDropping.rows)).toEqual(["T2 Person"]);
    expect(tlDropping.sum).toMatchObject({ rows: 1, week: 71, weekBefore: 119 });
    // By AVP: 123 against 172 is −28 %: not dropping.
    expect((await dailyPerformance(h.db, vp, q({ view: "avp", preset: "dropping" }))).rows).toEqual([]);
  });

  it("a tl sees only their own sellers, and their total", async () => {
    const tl = await dailyPerformance(h.db, viewer("T1", "tl"), q({ sort: "name", dir: "asc" }));
    expect(names(tl.rows)).toEqual(["Seller 1", "Seller 2", "Seller 5"]);
    expect(tl.sum).toMatchObject({ rows: 3, week: 52, weekBefore: 53 });
    const dropping = await dailyPerformance(h.db, viewer("T2", "tl"), q({ preset: "dropping" }));
    expect(dropping.rows).toEqual([]);
    expect(dropping.sum.rows).toBe(0);
  });

  it("the CSV has the two weeks (ISO dates), the change and the per cent as plain numbers", async () => {
    const csv = await dailyPerformanceCsv(h.db, viewer("VP", "vp"), q({ sort: "name", dir: "asc" }));
    expect(csv.header.slice(-4)).toEqual([
      "Placed 2026-11-20 to 2026-11-26",
      "Placed 2026-11-13 to 2026-11-19",
      "Change",
      "Change %",
    ]);
    expect(csv.header[2]).toBe("Placed 2026-11-27");
    expect(csv.records.map((r) => [r[0], ...r.slice(-4)])).toEqual([
      ["Seller 1", "14", "20", "-6", "-30"],
      ["Seller 2", "15", "0", "15", ""],
      ["Seller 3", "0", "19", "-19", "-100"],
      ["Seller 4", "71", "100", "-29", "-29"],
      ["Seller 5", "23", "33", "-10", "-30"],
    ]);
    const dropping = await dailyPerformanceCsv(
      h.db,
      viewer("VP", "vp"),
      q({ preset: "dropping", sort: "name", dir: "asc" }),
    );
    expect(dropping.records.map((r) => r[0])).toEqual(["Seller 1", "Seller 5"]);
  });
});

describe("the Dashboard's growth by seller and by TL", () => {
  it("per seller: October per day against November's whole days, today's picked orders left out", async () => {
    const data = await growthBy(h.db, viewer("VP", "vp"), "seller", NOW);
    expect(data.days).toEqual({ lastMonthDays: 31, wholeDays: 26 });
    const rows = sortGrowthRows(data.rows, "name", "asc");
    expect(rows.map((r) => [r.name, r.lastMonth, r.thisMonth, r.lastAverage, r.thisAverage, r.growth])).toEqual([
      ["Seller 1", 310, 260, 10, 10, 0],
      ["Seller 2", 0, 52, 0, 2, null],
      ["Seller 3", 62, 13, 2, 0.5, -75],
      ["Seller 4", 93, 104, 3, 4, 33],
      ["Seller 5", 0, 0, 0, 0, null],
    ]);
    expect(rows[1].noGrowth).toBe("No orders last month to compare with");
    // The total is the Dashboard's Total Growth: 465 → 429 picked, 15.00 → 16.50 a day, +10 %.
    expect(data.total).toMatchObject({
      lastMonth: 465,
      thisMonth: 429,
      lastAverage: 15,
      thisAverage: 16.5,
      growth: 10,
    });
    const dashboard = await dashboardData(h.db, viewer("VP", "vp"), NOW);
    expect(dashboard.growth.total).toEqual({ kind: "value", percent: 10, label: "10%" });
    // Sorted by growth, the falls first and the rows without a figure last.
    expect(sortGrowthRows(data.rows, "growth", "asc").map((r) => r.name)).toEqual([
      "Seller 3",
      "Seller 1",
      "Seller 4",
      "Seller 2",
      "Seller 5",
    ]);
  });

  it("by TL for the vp, and only the tl's own sellers for a tl; the CSV has the same numbers and the total", async () => {
    const byTl = await growthBy(h.db, viewer("VP", "vp"), "tl", NOW);
    expect(sortGrowthRows(byTl.rows, "name", "asc").map((r) => [r.name, r.sellers, r.growth])).toEqual([
      ["T1 Person", 3, 20],
      ["T2 Person", 2, -10],
    ]);
    const tl = await growthBy(h.db, viewer("T2", "tl"), "seller", NOW);
    expect(tl.rows.map((r) => r.name).sort()).toEqual(["Seller 3", "Seller 4"]);
    expect(tl.total).toMatchObject({ lastMonth: 155, thisMonth: 117, growth: -10 });
    const csv = growthCsv(tl, { by: "seller", sort: "growth", dir: "desc" });
    expect(csv.header.slice(2, 5)).toEqual([
      "Picked per day 2026-10-01",
      "Picked per day 2026-11-01 (today left out)",
      "Growth %",
    ]);
    expect(csv.records).toEqual([
      ["Seller 4", "seller4@fixture.test", "3.00", "4.00", "33", "93", "104", "1"],
      ["Seller 3", "seller3@fixture.test", "2.00", "0.50", "-75", "62", "13", "1"],
      ["Total", "", "5.00", "4.50", "-10", "155", "117", "2"],
    ]);
  });

  it("on the 1st of a month there is no whole day: no growth figure, as on the Dashboard", async () => {
    const data = await growthBy(h.db, viewer("VP", "vp"), "seller", new Date("2026-12-01T06:30:00Z"));
    expect(data.days).toEqual({ lastMonthDays: 30, wholeDays: 0 });
    expect(data.rows.every((r) => r.growth === null && r.thisAverage === null)).toBe(true);
    expect(data.total.noGrowth).toBe("From tomorrow: this month has no whole day yet");
  });
});
