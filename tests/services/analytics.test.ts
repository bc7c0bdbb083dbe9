/**
 * The Dashboard and Order Tracker numbers (decision 030) on a real database: they read the rollups
 * and the Daily Performance snapshot, and must equal what a direct count over the order book
 * gives — for every role's scope. The snapshot refreshes once per period across servers and a
 * failed refresh keeps the previous one.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dashboardData } from "~/services/analytics/dashboard.server";
import { growthFigures, monthSeries, monthWeekdaysOf, weekdayAverages } from "~/services/analytics/growth";
import { refreshDailyPerformance, snapshotMeta } from "~/services/analytics/snapshot.server";
import { dailyPerformance, dailyPerformanceCsv, dailyStats, sellerEmails } from "~/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY } from "~/services/analytics/tracker-query";
import { addDays, istDayOf, monthStart, previousMonthStart } from "~/services/core/ist-dates";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { clients, dailyPerformanceRows, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers: Record<string, { id: number; role: StaffRole; email: string }> = {};
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const role of ["vp", "kam", "avp", "bdm", "tl"] as const) {
    const [s] = await h.db
      .select({ id: staff.id, email: staff.email })
      .from(staff)
      .where(eq(staff.email, `${role}@demo.test`));
    viewers[role] = { id: s.id, role, email: s.email };
  }
});
afterAll(() => h?.close());

const now = new Date();
const today = istDayOf(now);
const ist = (col: string) => sql.raw(`((${col} at time zone 'UTC') + interval '330 minutes')::date`);

/** The scope rule written out again, for the direct counts. */
function scopeSql(role: StaffRole, id: number) {
  if (role === "avp" || role === "bdm" || role === "tl") return sql`c.${sql.identifier(`${role}_id`)} = ${id}`;
  return sql`true`;
}

describe("the Dashboard from the rollups", () => {
  it.each(["vp", "avp", "tl"] as const)(
    "equals the order book's picked orders per weekday and per month (%s)",
    async (role) => {
      const v = viewers[role];
      const data = await dashboardData(h.db, v, now);
      const perDay = (
        await h.db.execute(sql`
      select ${ist("o.pickup_at")}::text as day, count(*)::int as picked from orders o join clients c on c.id = o.client_id
      where o.pickup_at is not null and ${scopeSql(role, v.id)} and ${ist("o.pickup_at")} between ${previousMonthStart(today)} and ${today}
      group by 1`)
      ).rows as { day: string; picked: number }[];
      const pickedToday = perDay.find((d) => d.day === today)?.picked ?? 0;
      // Today's picked orders so far are left out of the per-day averages (decision 070).
      expect(data.weekdays).toEqual(weekdayAverages(monthWeekdaysOf(perDay), today, pickedToday));
      const monthly = (
        await h.db.execute(sql`
      with firsts as (select o.client_id, min(${ist("o.placed_at")}) as first_day from orders o group by o.client_id)
      select to_char(date_trunc('month', ${ist("o.pickup_at")}), 'YYYY-MM-DD') as month, count(*)::int as total,
        (count(*) filter (where f.first_day < date_trunc('month', ${ist("o.pickup_at")})))::int as old
      from orders o join clients c on c.id = o.client_id join firsts f on f.client_id = o.client_id
      where o.pickup_at is not null and ${scopeSql(role, v.id)} and ${ist("o.pickup_at")} <= ${today}
      group by 1`)
      ).rows as { month: string; total: number; old: number }[];
      const series = monthSeries(monthly, today);
      expect(data.series).toEqual(series);
      const oldToday = (
        await h.db.execute(sql`
      with firsts as (select o.client_id, min(${ist("o.placed_at")}) as first_day from orders o group by o.client_id)
      select count(*)::int as old from orders o join clients c on c.id = o.client_id join firsts f on f.client_id = o.client_id
      where o.pickup_at is not null and ${scopeSql(role, v.id)} and ${ist("o.pickup_at")} = ${today}
        and f.first_day < ${monthStart(today)}`)
      ).rows[0] as { old: number };
      expect(data.growth).toEqual(growthFigures(series, today, { total: pickedToday, old: oldToday.old }));
      // The seed has months of orders: the figures are numbers, and this month's points are there.
      expect(data.series.length).toBeGreaterThanOrEqual(2);
      expect(data.series.at(-1)?.month).toBe(monthStart(today));
      // On the 1st the month has no whole day yet, so no figure (decision 070).
      expect(data.growth.total.kind).toBe(today === monthStart(today) ? "first-day" : "value");
    },
  );

  it("an avp's figures are a part of the vp's", async () => {
    const vp = await dashboardData(h.db, viewers.vp, now);
    const avp = await dashboardData(h.db, viewers.avp, now);
    const sum = (d: typeof vp) => d.series.reduce((n, p) => n + p.total, 0);
    expect(sum(avp)).toBeGreaterThan(0);
    expect(sum(avp)).toBeLessThan(sum(vp));
  });
});

describe("the Order Tracker", () => {
  it("daily stats equal the placed orders per IST day, for everyone in scope and for one seller", async () => {
    const v = viewers.bdm;
    const range = { from: addDays(today, -29), to: today };
    const stats = await dailyStats(h.db, v, range, null);
    expect(stats).toHaveLength(30);
    const direct = (
      await h.db.execute(sql`
      select ${ist("o.placed_at")}::text as day, count(*)::int as placed from orders o join clients c on c.id = o.client_id
      where ${scopeSql("bdm", v.id)} and ${ist("o.placed_at")} between ${range.from} and ${range.to} group by 1`)
    ).rows as { day: string; placed: number }[];
    const byDay = new Map(direct.map((r) => [r.day, r.placed]));
    expect(stats).toEqual(stats.map((s) => ({ day: s.day, placed: byDay.get(s.day) ?? 0 })));
    expect(stats.reduce((n, s) => n + s.placed, 0)).toBeGreaterThan(0);

    const emails = await sellerEmails(h.db, v);
    const [one] = await h.db.select({ id: clients.id }).from(clients).where(eq(clients.email, emails[0]));
    const mine = await dailyStats(h.db, v, range, one.id);
    const directOne = (
      await h.db.execute(sql`
      select count(*)::int as n from orders o where o.client_id = ${one.id} and ${ist("o.placed_at")} between ${range.from} and ${range.to}`)
    ).rows[0] as { n: number };
    expect(mine.reduce((n, s) => n + s.placed, 0)).toBe(directOne.n);
  });

  it("the seller picker lists exactly the clients in scope", async () => {
    const all = await sellerEmails(h.db, viewers.vp);
    // The first N (what the page inlines) are the full list's first N.
    expect(await sellerEmails(h.db, viewers.vp, 10)).toEqual(all.slice(0, 10));
    const tl = await sellerEmails(h.db, viewers.tl);
    const [{ n }] = (await h.db.execute(sql`select count(*)::int as n from clients c where c.tl_id = ${viewers.tl.id}`))
      .rows as { n: number }[];
    expect(tl).toHaveLength(n);
    expect(tl.every((e) => all.includes(e))).toBe(true);
    expect(all.length).toBeGreaterThan(tl.length);
  });
});

describe("the Daily Performance snapshot", () => {
  it("holds each client's placed and picked orders for today and the six days before", async () => {
    expect(await refreshDailyPerformance(h.db, { now, force: true })).toBe("refreshed");
    const meta = await snapshotMeta(h.db);
    expect(meta).toEqual({ updated_at: now.toISOString(), day: today });
    const direct = (
      await h.db.execute(sql`
      select o.client_id, ${today}::date - ${ist("o.placed_at")} as i, count(*)::int as n from orders o
      where ${ist("o.placed_at")} between ${addDays(today, -6)} and ${today} group by 1, 2`)
    ).rows as { client_id: number; i: number; n: number }[];
    const rows = await h.db.select().from(dailyPerformanceRows);
    const byClient = new Map(rows.map((r) => [r.client_id, r]));
    expect(direct.length).toBeGreaterThan(0);
    for (const d of direct) expect((byClient.get(d.client_id) as Record<string, number>)[`placed_${d.i}`]).toBe(d.n);
    const pickedDirect = (
      await h.db.execute(sql`
      select count(*)::int as n from orders o where o.pickup_at is not null and ${ist("o.pickup_at")} between ${addDays(today, -6)} and ${today}`)
    ).rows[0] as { n: number };
    const pickedKept = rows.reduce(
      (n, r) => n + r.picked_0 + r.picked_1 + r.picked_2 + r.picked_3 + r.picked_4 + r.picked_5 + r.picked_6,
      0,
    );
    expect(pickedKept).toBe(pickedDirect.n);
  });

  it("refreshes once per period however many servers ask at the same moment", async () => {
    const later = new Date(now.getTime() + 16 * 60 * 1000);
    const outcomes = await Promise.all([1, 2, 3, 4].map(() => refreshDailyPerformance(h.db, { now: later })));
    expect(outcomes.filter((o) => o === "refreshed")).toHaveLength(1);
    expect(outcomes.every((o) => o === "refreshed" || o === "fresh" || o === "busy")).toBe(true);
    // A minute on — unless that is the next day in India (the run near midnight IST), which rightly refreshes.
    const minuteOn = new Date(later.getTime() + 60_000);
    const probe = istDayOf(minuteOn) === istDayOf(later) ? minuteOn : later;
    expect(await refreshDailyPerformance(h.db, { now: probe })).toBe("fresh");
    expect((await snapshotMeta(h.db))?.updated_at).toBe(later.toISOString());
  });

  it("a refresh that fails leaves the previous snapshot in place", async () => {
    const before = await h.db.select().from(dailyPerformanceRows).orderBy(dailyPerformanceRows.client_id);
    const metaBefore = await snapshotMeta(h.db);
    await expect(
      refreshDailyPerformance(h.db, {
        now: new Date(now.getTime() + 40 * 60 * 1000),
        beforeCommit: () => {
          throw new Error("the database went away");
        },
      }),
    ).rejects.toThrow("the database went away");
    expect(await h.db.select().from(dailyPerformanceRows).orderBy(dailyPerformanceRows.client_id)).toEqual(before);
    expect(await snapshotMeta(h.db)).toEqual(metaBefore);
  });

  it("is scoped per role: a tl's sellers, and the AVP view adds up the sellers it groups", async () => {
    await refreshDailyPerformance(h.db, { now, force: true });
    const tl = await dailyPerformance(h.db, viewers.tl, { ...DEFAULT_TRACKER_QUERY, sort: "name", dir: "asc" });
    const [{ n }] = (await h.db.execute(sql`select count(*)::int as n from clients c where c.tl_id = ${viewers.tl.id}`))
      .rows as { n: number }[];
    expect(tl.total).toBe(n);
    expect(tl.rows.every((r) => r.tl?.email === "tl@demo.test")).toBe(true);
    expect(tl.days?.[0]).toBe(today);

    const sellers = await dailyPerformanceCsv(h.db, viewers.vp, { ...DEFAULT_TRACKER_QUERY });
    const byAvp = await dailyPerformanceCsv(h.db, viewers.vp, { ...DEFAULT_TRACKER_QUERY, view: "avp" });
    // The fourteen day columns (the week-on-week ones after them are checked in dropping.test.ts).
    const total = (records: string[][], from: number) =>
      records.reduce((s, r) => s + r.slice(from, from + 14).reduce((a, x) => a + Number(x), 0), 0);
    expect(total(byAvp.records, 2)).toBe(total(sellers.records, 2));
    expect(total(sellers.records, 2)).toBeGreaterThan(0);
    expect(byAvp.header.slice(0, 2)).toEqual(["AVP Name", "AVP Email"]);
  });

  it("a grouped view's page and its CSV agree row for row; only the CSV carries the hierarchy's names", async () => {
    await refreshDailyPerformance(h.db, { now, force: true });
    for (const view of ["avp", "bdm", "tl"] as const) {
      const query = { ...DEFAULT_TRACKER_QUERY, view, sort: "placed_0" as const, dir: "desc" as const };
      const page = await dailyPerformance(h.db, viewers.vp, query);
      const csv = await dailyPerformanceCsv(h.db, viewers.vp, query);
      expect(page.total, view).toBe(csv.records.length);
      expect(page.rows.length, view).toBeGreaterThan(0);
      expect(
        page.rows.map((r) => [r.name, r.email, ...r.placed.map(String), ...r.picked.map(String)]),
        view,
      ).toEqual(csv.records.slice(0, page.rows.length).map((r) => r.slice(0, 16)));
    }
    // An avp's CSV adds BDM, TL and AVP: each BDM's row names the AVP of its sellers (the viewer).
    const [me] = await h.db.select({ name: staff.name }).from(staff).where(eq(staff.id, viewers.avp.id));
    const byBdm = await dailyPerformanceCsv(h.db, viewers.avp, { ...DEFAULT_TRACKER_QUERY, view: "bdm" });
    expect(byBdm.header.slice(2, 5)).toEqual(["BDM", "TL", "AVP"]);
    expect(byBdm.records.length).toBeGreaterThan(0);
    expect(byBdm.records.every((r) => r[4] === me.name && r[2] !== "")).toBe(true);
  });

  it("the total row and the snapshot's day come with the page (decision 087): every row of the view added up, on any page", async () => {
    await refreshDailyPerformance(h.db, { now, force: true });
    const meta = await snapshotMeta(h.db);
    const added = (records: string[][]) =>
      Array.from({ length: 16 }, (_, i) => records.reduce((s, r) => s + Number(r[2 + i]), 0));
    for (const view of ["seller", "avp", "tl"] as const)
      for (const preset of ["", "dropping"] as const)
        for (const page of [1, 2, 99]) {
          const query = { ...DEFAULT_TRACKER_QUERY, view, preset, sort: "week_change" as const, dir: "asc" as const };
          const shown = await dailyPerformance(h.db, viewers.vp, { ...query, page });
          const csv = await dailyPerformanceCsv(h.db, viewers.vp, query);
          const label = `${view} ${preset} page ${page}`;
          const { sum } = shown;
          expect(sum.rows, label).toBe(csv.records.length);
          expect([...sum.placed, ...sum.picked, sum.week, sum.weekBefore], label).toEqual(added(csv.records));
          expect(shown.updatedAt, label).toBe(meta?.updated_at);
          expect(shown.days?.[0], label).toBe(meta?.day);
        }
    // The seller view's total row is not a view's first page alone: the seed has more sellers than a page.
    const sellers = await dailyPerformance(h.db, viewers.vp, DEFAULT_TRACKER_QUERY);
    expect(sellers.sum.rows).toBeGreaterThan(sellers.rows.length);
    // A search that finds nobody: no rows, nothing added up, the snapshot's day still shown.
    const none = await dailyPerformance(h.db, viewers.vp, { ...DEFAULT_TRACKER_QUERY, q: "100%_nobody" });
    expect(none.sum).toMatchObject({ rows: 0, week: 0, weekBefore: 0 });
    expect(none.days?.[0]).toBe(meta?.day);
  });

  it("searches, sorts and pages in the database", async () => {
    const vp = viewers.vp;
    const first = await dailyPerformance(h.db, vp, { ...DEFAULT_TRACKER_QUERY, sort: "placed_1", dir: "desc" });
    const counts = first.rows.map((r) => r.placed[1]);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    expect(first.rows.length).toBeLessThanOrEqual(25);
    const page2 = await dailyPerformance(h.db, vp, {
      ...DEFAULT_TRACKER_QUERY,
      sort: "placed_1",
      dir: "desc",
      page: 2,
    });
    expect(page2.rows[0]?.placed[1] ?? 0).toBeLessThanOrEqual(counts.at(-1) ?? 0);
    const target = first.rows[0];
    const found = await dailyPerformance(h.db, vp, { ...DEFAULT_TRACKER_QUERY, q: target.email.toUpperCase() });
    expect(found.rows.map((r) => r.email)).toEqual([target.email]);
    const none = await dailyPerformance(h.db, vp, { ...DEFAULT_TRACKER_QUERY, q: "100%_nobody" });
    expect(none).toMatchObject({ rows: [], total: 0 });
  });

  it("the CSV's hierarchy columns follow the role (bdm: BDM; tl: BDM, TL; avp: BDM, TL, AVP)", async () => {
    const header = async (role: StaffRole) =>
      (await dailyPerformanceCsv(h.db, viewers[role], DEFAULT_TRACKER_QUERY)).header.slice(0, 5);
    expect(await header("vp")).toEqual([
      "Seller Name",
      "Seller Email",
      expect.stringMatching(/^Placed /),
      expect.stringMatching(/^Placed /),
      expect.stringMatching(/^Placed /),
    ]);
    expect(await header("bdm")).toEqual([
      "Seller Name",
      "Seller Email",
      "BDM",
      expect.stringMatching(/^Placed /),
      expect.stringMatching(/^Placed /),
    ]);
    expect(await header("tl")).toEqual(["Seller Name", "Seller Email", "BDM", "TL", expect.stringMatching(/^Placed /)]);
    expect(await header("avp")).toEqual(["Seller Name", "Seller Email", "BDM", "TL", "AVP"]);
    const tlCsv = await dailyPerformanceCsv(h.db, viewers.tl, DEFAULT_TRACKER_QUERY);
    const [me] = await h.db.select({ name: staff.name }).from(staff).where(eq(staff.id, viewers.tl.id));
    expect(tlCsv.records.length).toBeGreaterThan(0);
    expect(tlCsv.records.every((r) => r[3] === me.name)).toBe(true);
  });
});
