import { describe, expect, it } from "vitest";

import { viewOptions } from "~/services/analytics/tracker-query";

import { dailyStatsChart, dailyStatsDescription, snapshotTimesLabel, viewSelectData } from "./tracker-labels";

describe("the Order Tracker's labels", () => {
  it("labels each day of Daily Stats and adds the period up", () => {
    const chart = dailyStatsChart([
      { day: "2026-10-31", placed: 1200 },
      { day: "2026-11-01", placed: 34 },
    ]);
    expect(chart.rows).toEqual([
      { day: "2026-10-31", placed: 1200, label: "31 Oct" },
      { day: "2026-11-01", placed: 34, label: "01 Nov" },
    ]);
    expect(chart.total).toBe(1234);
    expect(dailyStatsChart(null)).toEqual({ rows: [], total: 0 });
  });

  it("describes Daily Stats with the range, the seller when chosen, and the total grouped for India", () => {
    const range = { from: "2026-10-01", to: "2026-10-31" };
    expect(dailyStatsDescription(range, "", 123456)).toBe(
      "Placed orders per day, 01-10-2026 to 31-10-2026: 1,23,456 in all.",
    );
    expect(dailyStatsDescription(range, "a@b.in", 0)).toBe(
      "Placed orders per day, 01-10-2026 to 31-10-2026 for a@b.in: 0 in all.",
    );
  });

  it("gives the snapshot's times in IST, or says none is computed yet", () => {
    expect(
      snapshotTimesLabel({
        updatedAt: new Date("2026-10-30T06:00:00Z"),
        nextUpdateAt: new Date("2026-10-30T06:15:00Z"),
      }),
    ).toBe("Last Updated at 30 Oct 2026, 11:30 · Next Updated at 30 Oct 2026, 11:45");
    expect(snapshotTimesLabel({ updatedAt: null, nextUpdateAt: null })).toBe(
      "Not computed yet: the first update runs within a minute of the server starting.",
    );
  });

  it("marks the views a role may not use", () => {
    expect(viewSelectData(viewOptions("bdm"))).toEqual([
      { value: "seller", label: "Seller", disabled: false },
      { value: "avp", label: "AVP (not for your role)", disabled: true },
      { value: "tl", label: "TL (not for your role)", disabled: true },
    ]);
  });
});
