/**
 * The Order Tracker's daily stats with the days before yesterday kept under the `order_days` stamp
 * (decision 088, amended; migration 0033). Checked against the live `dailyStats`: every scope (vp,
 * avp, tl), one seller and all, 7 and 30 days and last month; an order placed today shows at once
 * and leaves the stamp alone; a back-dated order, a changed or deleted past row and a rebuild of
 * the rollups each show on the next request; a pickup on a past day leaves the stamp alone.
 * Stands on the real clock: the triggers call a day past by the database's own clock.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dailyStats } from "~/services/analytics/tracker.server";
import { cachedTrackerEntries, trackerStamps } from "~/services/analytics/tracker-cache.server";
import { readTrackerRequest, trackerPageReads } from "~/services/analytics/tracker-page.server";
import type { Staff } from "~/services/auth/guard.server";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { orderDailyRollups } from "~/services/db/schema";
import { addPlacedOrderToRollups, applyPickupChanges, rebuildRollups } from "~/services/orders/rollups.server";

import { openTestDb } from "../support/db";
import { fixtureViewer, insertFixtureSeller, insertFixtureStaff } from "../support/fixture-sellers";

let h: DbHandle;
const ids: Record<string, number> = {};
const viewer = (key: string, role: StaffRole): Staff => fixtureViewer(ids, key, role, "days.test");
const VIEWERS = () => [viewer("VP", "vp"), viewer("A1", "avp"), viewer("A2", "avp"), viewer("T1", "tl")];
const PERIODS = ["", "?period=last_30_days", "?period=last_month"];

/** The page's stats as a request now reads them, beside the live `dailyStats` of the same days. */
async function statsOf(who: Staff, search = "") {
  const req = await readTrackerRequest(h.db, who, new Request(`http://test/order-tracker${search}`));
  if (!req.range.ok || !req.seller.ok) throw new Error("refused");
  const reads = await trackerPageReads(h.db, who, req);
  if (!reads.stats) throw new Error("no stats");
  const live = await dailyStats(h.db, who, req.range.range, req.seller.clientId);
  return { kept: reads.stats, live, today: req.today };
}

async function expectAllAgree() {
  for (const who of VIEWERS()) {
    for (const period of PERIODS) {
      const { kept, live } = await statsOf(who, period);
      expect(kept, `${who.role} ${period}`).toEqual(live);
    }
  }
  for (const seller of ["s1@days.test", "s3@days.test"]) {
    for (const period of PERIODS) {
      const search = `${period || "?"}${period ? "&" : ""}seller=${seller}`;
      const { kept, live } = await statsOf(viewer("VP", "vp"), search);
      expect(kept, search).toEqual(live);
    }
  }
}

const daysStamp = async () => (await trackerStamps(h.db)).days;
const placedOn = (stats: { day: string; placed: number }[], day: string) => stats.find((s) => s.day === day)?.placed;

let today: string;
beforeAll(async () => {
  h = await openTestDb({ seeded: false });
  today = istDayOf(new Date());
  Object.assign(
    ids,
    await insertFixtureStaff(
      h.db,
      [
        ["VP", "vp"],
        ["A1", "avp"],
        ["A2", "avp"],
        ["B", "bdm"],
        ["T1", "tl"],
        ["T2", "tl"],
      ] as const,
      "days.test",
    ),
  );
  for (const n of [1, 2, 3]) {
    const id = await insertFixtureSeller(
      h.db,
      n,
      { avp_id: n === 3 ? ids.A2 : ids.A1, bdm_id: ids.B, tl_id: n === 3 ? ids.T2 : ids.T1 },
      { domain: "days.test", emailPrefix: "s" },
    );
    ids[`c${n}`] = id;
    // Every other day of the last 40, with a count that tells client and day apart.
    await h.db.insert(orderDailyRollups).values(
      Array.from({ length: 20 }, (_, i) => ({
        client_id: id,
        day: addDays(today, -2 * i - (n % 2)),
        placed: 100 * n + i,
        picked: i,
      })),
    );
  }
}, 120_000);
afterAll(() => h?.close());

describe("the daily stats' kept days (decision 088, amended)", () => {
  it("equal the live daily stats for every scope, one seller and all, 7 and 30 days and last month", async () => {
    await expectAllAgree();
    // The second round is served from memory for the days before yesterday.
    const kept = cachedTrackerEntries(h.db, "days")!;
    expect(kept.size).toBeGreaterThan(0);
    const before = [...kept.values()];
    await expectAllAgree();
    expect([...kept.values()]).toEqual(before);
  });

  it("an order placed today shows at once, and leaves the stamp alone", async () => {
    const vp = viewer("VP", "vp");
    await statsOf(vp);
    const stamp = await daysStamp();
    const was = placedOn((await statsOf(vp)).kept, today)!;
    await addPlacedOrderToRollups(h.db, ids.c1, new Date());
    await addPlacedOrderToRollups(h.db, ids.c2, new Date());
    expect(await daysStamp()).toBe(stamp);
    const { kept, live } = await statsOf(vp);
    expect(placedOn(kept, today)).toBe(was + 2);
    expect(kept).toEqual(live);
    await expectAllAgree();
  });

  it("a pickup on a past day leaves the stamp alone (the stats count placed orders)", async () => {
    const stamp = await daysStamp();
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000);
    await applyPickupChanges(h.db, [{ client_id: ids.c1, before: null, after: threeDaysAgo }]);
    expect(await daysStamp()).toBe(stamp);
    await expectAllAgree();
  });

  it("a back-dated order, on a day with a row or without, shows on the next request", async () => {
    const vp = viewer("VP", "vp");
    for (const back of [4, 5]) {
      const day = addDays(today, -back);
      const was = placedOn((await statsOf(vp)).kept, day)!;
      const stamp = await daysStamp();
      await addPlacedOrderToRollups(h.db, ids.c1, new Date(Date.now() - back * 86_400_000));
      expect(await daysStamp()).not.toBe(stamp);
      expect(placedOn((await statsOf(vp)).kept, day)).toBe(was + 1);
    }
    await expectAllAgree();
  });

  it("a past row changed or deleted by hand shows on the next request", async () => {
    await expectAllAgree();
    await h.db.execute(
      sql`update order_daily_rollups set placed = placed + 7 where client_id = ${ids.c3} and day = ${addDays(today, -5)}`,
    );
    await expectAllAgree();
    await h.db.execute(
      sql`delete from order_daily_rollups where client_id = ${ids.c2} and day = ${addDays(today, -6)}`,
    );
    await expectAllAgree();
  });

  it("a client moved to another AVP moves its past days at once", async () => {
    await expectAllAgree();
    await h.db.execute(sql`update clients set avp_id = ${ids.A2} where id = ${ids.c2}`);
    await expectAllAgree();
  });

  it("a rebuild of the rollups from the order book shows on the next request", async () => {
    const vp = viewer("VP", "vp");
    expect((await statsOf(vp, "?period=last_30_days")).kept.some((s) => s.placed > 0)).toBe(true);
    // The fixture has rollups and no orders: the rebuild empties every day.
    await rebuildRollups(h.db);
    const { kept } = await statsOf(vp, "?period=last_30_days");
    expect(kept.every((s) => s.placed === 0)).toBe(true);
    await expectAllAgree();
  });
});
