/**
 * The Order Tracker page's kept reads (decision 088): the Daily Performance table and the seller
 * e-mails under the database's stamps. Checked: the page shows what the uncached services give;
 * a second request under the same stamps is served from memory; a client moved to another TL, a
 * renamed TL, and a refreshed snapshot (even one stamped with the same time) each show on the
 * next request; scopes are kept apart; the entries stop at their bound.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { refreshDailyPerformance } from "~/services/analytics/snapshot.server";
import { dailyPerformance, sellerEmails } from "~/services/analytics/tracker.server";
import { cachedTrackerEntries, MAX_TRACKER_ENTRIES, trackerStamp } from "~/services/analytics/tracker-cache.server";
import { readTrackerRequest, trackerPageReads } from "~/services/analytics/tracker-page.server";
import type { Staff } from "~/services/auth/guard.server";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { clients, orderDailyRollups, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";
import { fixtureViewer, insertFixtureSeller, insertFixtureStaff } from "../support/fixture-sellers";

/** Noon IST, Friday 27 November 2026. */
const NOW = new Date("2026-11-27T06:30:00Z");

let h: DbHandle;
const ids: Record<string, number> = {};
const viewer = (key: string, role: StaffRole): Staff => fixtureViewer(ids, key, role);

async function page(who: Staff, search = "") {
  const req = await readTrackerRequest(h.db, who, new Request(`http://test/order-tracker${search}`), NOW);
  return { req, reads: await trackerPageReads(h.db, who, req) };
}

beforeAll(async () => {
  h = await openTestDb({ seeded: false });
  Object.assign(
    ids,
    await insertFixtureStaff(h.db, [
      ["VP", "vp"],
      ["A", "avp"],
      ["B", "bdm"],
      ["T1", "tl"],
      ["T2", "tl"],
    ] as const),
  );
  for (const n of [1, 2, 3]) {
    ids[`c${n}`] = await insertFixtureSeller(h.db, n, {
      avp_id: ids.A,
      bdm_id: ids.B,
      tl_id: n === 3 ? ids.T2 : ids.T1,
    });
    await h.db.insert(orderDailyRollups).values([
      { client_id: ids[`c${n}`], day: "2026-11-27", placed: n, picked: 0 },
      { client_id: ids[`c${n}`], day: "2026-11-25", placed: 10 * n, picked: n },
    ]);
  }
  expect(await refreshDailyPerformance(h.db, { now: NOW, force: true })).toBe("refreshed");
}, 120_000);
afterAll(() => h?.close());

describe("the Order Tracker's kept reads (decision 088)", () => {
  it("shows what the services give, and serves a second request under the same stamps from memory", async () => {
    const vp = viewer("VP", "vp");
    const first = await page(vp, "?sort=name&dir=asc");
    expect(first.reads.performance).toEqual(await dailyPerformance(h.db, vp, first.req.query));
    expect(first.reads.emails).toEqual(await sellerEmails(h.db, vp, 201));
    expect(first.reads.performance.rows.map((r) => [r.name, r.placed[0], r.placed[2]])).toEqual([
      ["Seller 1", 1, 10],
      ["Seller 2", 2, 20],
      ["Seller 3", 3, 30],
    ]);
    const second = await page(vp, "?sort=name&dir=asc");
    expect(second.reads.performance).toBe(first.reads.performance);
    expect(second.reads.emails).toBe(first.reads.emails);
    // The daily stats are read live each time (the rollups move with every order).
    expect(second.reads.stats).not.toBe(first.reads.stats);
    expect(second.reads.stats).toEqual(first.reads.stats);
  });

  it("a client moved to another TL, and a renamed TL, show on the next request", async () => {
    const vp = viewer("VP", "vp");
    const before = await page(vp, "?view=tl&sort=name&dir=asc");
    expect(before.reads.performance.rows.map((r) => [r.name, r.sellers])).toEqual([
      ["T1 Person", 2],
      ["T2 Person", 1],
    ]);
    const stamp = await trackerStamp(h.db);
    await h.db.update(clients).set({ tl_id: ids.T2 }).where(eq(clients.id, ids.c2));
    expect(await trackerStamp(h.db)).not.toBe(stamp);
    const moved = await page(vp, "?view=tl&sort=name&dir=asc");
    expect(moved.reads.performance.rows.map((r) => [r.name, r.sellers])).toEqual([
      ["T1 Person", 1],
      ["T2 Person", 2],
    ]);
    await h.db.update(staff).set({ name: "T2 Renamed" }).where(eq(staff.id, ids.T2));
    const renamed = await page(vp, "?view=tl&sort=name&dir=asc");
    expect(renamed.reads.performance.rows.map((r) => r.name)).toEqual(["T1 Person", "T2 Renamed"]);
    expect(renamed.reads.performance).toEqual(await dailyPerformance(h.db, vp, renamed.req.query));
  });

  it("a refreshed snapshot shows on the next request, even one stamped with the same time", async () => {
    const vp = viewer("VP", "vp");
    const before = await page(vp, "?sort=name&dir=asc");
    await h.db.execute(
      sql`update order_daily_rollups set placed = placed + 100 where client_id = ${ids.c1} and day = '2026-11-27'`,
    );
    // The rollups alone do not change the table: it shows the snapshot.
    expect((await page(vp, "?sort=name&dir=asc")).reads.performance).toBe(before.reads.performance);
    expect(await refreshDailyPerformance(h.db, { now: NOW, force: true })).toBe("refreshed");
    const after = await page(vp, "?sort=name&dir=asc");
    expect(after.reads.performance.rows[0].placed[0]).toBe(101);
    expect(after.reads.performance).toEqual(await dailyPerformance(h.db, vp, after.req.query));
  });

  it("keeps each scope apart", async () => {
    const t1 = await page(viewer("T1", "tl"), "?sort=name&dir=asc");
    const t2 = await page(viewer("T2", "tl"), "?sort=name&dir=asc");
    expect(t1.reads.performance.rows.map((r) => r.name)).toEqual(["Seller 1"]);
    expect(t2.reads.performance.rows.map((r) => r.name)).toEqual(["Seller 2", "Seller 3"]);
    expect(t1.reads.emails).toEqual(["seller1@fixture.test"]);
  });

  it("holds at most its bound, the least recently used going first", async () => {
    const vp = viewer("VP", "vp");
    await page(vp);
    const kept = cachedTrackerEntries(h.db)!;
    expect(kept.max).toBe(MAX_TRACKER_ENTRIES);
    kept.max = 3;
    try {
      // Each page keeps two entries: the scope's e-mails (used by every page) and its query's table.
      await page(vp, "?sort=name&dir=asc");
      await page(vp, "?sort=name&dir=desc");
      const table = (sort: string, dir: string) => `table|all|seller||${sort}|${dir}||1`;
      expect([...kept.keys()]).toEqual([table("name", "asc"), "emails|all", table("name", "desc")]);
      await page(vp, "?sort=email&dir=asc");
      expect([...kept.keys()]).toEqual([table("name", "desc"), "emails|all", table("email", "asc")]);
    } finally {
      kept.max = MAX_TRACKER_ENTRIES;
    }
  });
});
