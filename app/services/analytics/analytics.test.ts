/** The Dashboard's and the Order Tracker's pure rules (decision 030). */
import { describe, expect, it } from "vitest";

import { invalid } from "../core/result";
import { GROWTH_MESSAGES, growthFigures, growthPercent, monthSeries, monthWeekdaysOf, weekdayAverages } from "./growth";
import { customRange, periodRange, RANGE_MESSAGES } from "./periods";
import {
  csvHierarchyColumns,
  DEFAULT_TRACKER_QUERY,
  parseTrackerQuery,
  sortedBy,
  trackerCsvHrefs,
  trackerHref,
  trackerSearch,
  viewAllowed,
  viewOptions,
} from "./tracker-query";

describe("the growth rule (docs/product.md §4)", () => {
  it("is the floor of the per-day averages' change as a percentage", () => {
    // 330 in 30 days (11/day) against 310 in 31 days (10/day): +10 %, exactly, not 9.
    expect(growthPercent({ count: 330, days: 30 }, { count: 310, days: 31 })).toBe(10);
    // 10.5/day against 10/day: +5 %; 10.33/day against 10/day: floor(3.33) = 3.
    expect(growthPercent({ count: 21, days: 2 }, { count: 310, days: 31 })).toBe(5);
    expect(growthPercent({ count: 31, days: 3 }, { count: 310, days: 31 })).toBe(3);
  });

  it("floors negative growth downwards (−3.33 % is −4 %)", () => {
    expect(growthPercent({ count: 29, days: 3 }, { count: 310, days: 31 })).toBe(-4);
    expect(growthPercent({ count: 9, days: 1 }, { count: 310, days: 31 })).toBe(-10);
    expect(growthPercent({ count: 0, days: 5 }, { count: 310, days: 31 })).toBe(-100);
  });

  const point = (month: string, total: number, old = total) => ({ month, total, old });

  it("needs at least two months, and a non-zero last month", () => {
    const today = "2026-11-10";
    const one = monthSeries([point("2026-11-01", 50, 0)], today);
    expect(growthFigures(one, today).total).toEqual({ kind: "too-few-months", label: GROWTH_MESSAGES.tooFewMonths });
    const zeroBase = monthSeries([point("2026-09-01", 40), point("2026-11-01", 50)], today);
    expect(zeroBase.map((p) => p.total)).toEqual([40, 0, 50]);
    expect(growthFigures(zeroBase, today).total).toEqual({ kind: "zero-base", label: GROWTH_MESSAGES.zeroBase });
  });

  it("shows Total Growth and Growth from Old Accounts with a % sign", () => {
    const today = "2026-11-11"; // 10 whole days so far, today not over; October has 31
    // This month's 127 picked orders include today's 7 so far (3 of old accounts): left out.
    const series = monthSeries([point("2026-10-01", 310, 300), point("2026-11-01", 127, 93)], today);
    const g = growthFigures(series, today, { total: 7, old: 3 });
    expect(g.total).toEqual({ kind: "value", percent: 20, label: "20%" }); // 12/day against 10/day
    expect(g.old).toEqual({ kind: "value", percent: -10, label: "-10%" }); // 9/day against 10/day
  });

  it("leaves today's partial day out of this month's per-day average (decision 070)", () => {
    const series = monthSeries([point("2026-10-01", 310), point("2026-11-01", 100)], "2026-11-11");
    // 100 over the 10 whole days is 10/day, as in October: 0 %, where counting today as a day said −10 %.
    expect(growthFigures(series, "2026-11-11").total).toMatchObject({ percent: 0 });
    // On the 1st there is no whole day yet: no figure rather than one from a few hours.
    const first = monthSeries([point("2026-10-01", 310), point("2026-11-01", 4)], "2026-11-01");
    expect(growthFigures(first, "2026-11-01", { total: 4, old: 4 }).total).toEqual({
      kind: "first-day",
      label: GROWTH_MESSAGES.firstDay,
    });
  });

  it("Daily Average leaves today's picked orders and today out (decision 070)", () => {
    // Monday 2026-11-09: one whole Monday (the 2nd, 9 picked); today's 3 so far are not a day yet.
    const months = monthWeekdaysOf([
      { day: "2026-11-02", picked: 9 },
      { day: "2026-11-09", picked: 3 },
    ]);
    expect(weekdayAverages(months, "2026-11-09", 3)[0]).toMatchObject({ weekday: "Monday", current_month: 9 });
  });

  it("month series run from the first month with orders, across a year boundary, at most 12 months", () => {
    const s = monthSeries([point("2025-12-01", 5), point("2026-02-01", 7)], "2026-02-14");
    expect(s.map((p) => [p.month, p.label, p.total])).toEqual([
      ["2025-12-01", "Dec 2025", 5],
      ["2026-01-01", "Jan 2026", 0],
      ["2026-02-01", "Feb 2026 (so far)", 7],
    ]);
    expect(monthSeries([point("2020-01-01", 1)], "2026-02-14")).toHaveLength(12);
    expect(monthSeries([], "2026-02-14")).toEqual([]);
  });

  it("Daily Average divides each weekday's picked orders by how many of those days the month has had", () => {
    // Today is Tuesday 2026-11-03: this month has had one Sunday (1st), Monday (2nd), Tuesday (3rd).
    const avg = weekdayAverages(
      monthWeekdaysOf([
        { day: "2026-11-02", picked: 9 },
        { day: "2026-10-05", picked: 4 }, // October's Mondays: 5, 12, 19, 26
        { day: "2026-10-12", picked: 6 },
        { day: "2026-09-28", picked: 100 }, // before last month: not counted
      ]),
      "2026-11-03",
    );
    expect(avg[0]).toEqual({ weekday: "Monday", short: "Mon", last_month: 2.5, current_month: 9 });
    expect(avg.find((a) => a.weekday === "Wednesday")).toMatchObject({ last_month: 0, current_month: 0 });
  });
});

describe("periods (docs/product.md §4, §5, §9)", () => {
  it("Last 7 days is today and the 6 before; Last 30 days today and the 29 before", () => {
    expect(periodRange("last_7_days", "2026-03-03")).toEqual({
      ok: true,
      range: { from: "2026-02-25", to: "2026-03-03" },
    });
    expect(periodRange("last_30_days", "2026-03-03")).toEqual({
      ok: true,
      range: { from: "2026-02-02", to: "2026-03-03" },
    });
  });

  it("Last Month is the whole previous calendar month, across a year boundary and in a leap year", () => {
    expect(periodRange("last_month", "2027-01-15")).toEqual({
      ok: true,
      range: { from: "2026-12-01", to: "2026-12-31" },
    });
    expect(periodRange("last_month", "2028-03-01")).toEqual({
      ok: true,
      range: { from: "2028-02-01", to: "2028-02-29" },
    });
  });

  it("a custom range has no future dates and starts at most 90 days ago", () => {
    const today = "2026-11-24";
    expect(customRange("2026-08-26", "2026-11-24", today)).toEqual({
      ok: true,
      range: { from: "2026-08-26", to: "2026-11-24" },
    });
    expect(customRange("2026-08-25", "2026-09-01", today)).toEqual(invalid(RANGE_MESSAGES.tooEarly("2026-08-26")));
    expect(RANGE_MESSAGES.tooEarly("2026-08-26")).toBe(
      "The range can start at most 90 days ago (on or after 26-08-2026).",
    );
    expect(customRange("2026-11-20", "2026-11-25", today)).toEqual(invalid(RANGE_MESSAGES.future));
    expect(customRange("2026-11-20", "2026-11-10", today)).toEqual(invalid(RANGE_MESSAGES.order));
    expect(customRange("", "2026-11-10", today)).toEqual(invalid(RANGE_MESSAGES.missing));
    expect(customRange("2026-02-30", "2026-11-10", today)).toEqual(invalid(RANGE_MESSAGES.invalid));
  });
});

describe("the Daily Performance selector and CSV by role (docs/product.md §6)", () => {
  it("hides each role's own level and disables what bdm and tl cannot use", () => {
    const show = (role: Parameters<typeof viewOptions>[0]) =>
      viewOptions(role).map((o) => `${o.label}${o.disabled ? " (disabled)" : ""}`);
    expect(show("vp")).toEqual(["Seller", "AVP", "BDM", "TL"]);
    expect(show("kam")).toEqual(["Seller", "AVP", "BDM", "TL"]);
    expect(show("avp")).toEqual(["Seller", "BDM", "TL"]);
    expect(show("bdm")).toEqual(["Seller", "AVP (disabled)", "TL (disabled)"]);
    expect(show("tl")).toEqual(["Seller", "AVP (disabled)", "BDM (disabled)"]);
    expect(viewAllowed("bdm", "tl")).toBe(false);
    expect(viewAllowed("bdm", "bdm")).toBe(false);
    expect(viewAllowed("avp", "bdm")).toBe(true);
    expect(viewAllowed("avp", "avp")).toBe(false);
  });

  it("adds BDM for bdm; BDM, TL for tl; BDM, TL, AVP for avp", () => {
    expect(csvHierarchyColumns("vp")).toEqual([]);
    expect(csvHierarchyColumns("bdm")).toEqual(["bdm"]);
    expect(csvHierarchyColumns("tl")).toEqual(["bdm", "tl"]);
    expect(csvHierarchyColumns("avp")).toEqual(["bdm", "tl", "avp"]);
  });
});

describe("the tracker's URL", () => {
  it("reads every control from the URL and writes back only what differs from the defaults", () => {
    const q = parseTrackerQuery(
      new URLSearchParams(
        "period=custom&from=2026-11-01&to=2026-11-20&seller=A@B.IN&view=tl&q=ravi&sort=picked_2&dir=asc&preset=dropping&page=3",
      ),
    );
    expect(q).toEqual({
      period: "custom",
      from: "2026-11-01",
      to: "2026-11-20",
      seller: "a@b.in",
      view: "tl",
      q: "ravi",
      sort: "picked_2",
      dir: "asc",
      preset: "dropping",
      page: 3,
    });
    expect(parseTrackerQuery(new URLSearchParams(trackerSearch(q)))).toEqual(q);
    expect(trackerSearch(DEFAULT_TRACKER_QUERY)).toBe("");
    expect(parseTrackerQuery(new URLSearchParams("period=yesterday&sort=drop table&page=-1&view=ceo"))).toEqual(
      DEFAULT_TRACKER_QUERY,
    );
    expect(parseTrackerQuery(new URLSearchParams(`q=${"x".repeat(500)}`)).q).toBe("");
  });

  it("a header click flips the same column, and starts counts high-first and names A–Z", () => {
    expect(sortedBy(DEFAULT_TRACKER_QUERY, "placed_0")).toEqual({ sort: "placed_0", dir: "asc", page: 1 });
    expect(sortedBy(DEFAULT_TRACKER_QUERY, "picked_3")).toEqual({ sort: "picked_3", dir: "desc", page: 1 });
    expect(sortedBy(DEFAULT_TRACKER_QUERY, "name")).toEqual({ sort: "name", dir: "asc", page: 1 });
    // Week on week (decision 072): the change starts with the biggest falls.
    expect(sortedBy(DEFAULT_TRACKER_QUERY, "week_percent")).toEqual({ sort: "week_percent", dir: "asc", page: 1 });
    expect(parseTrackerQuery(new URLSearchParams("preset=rising")).preset).toBe("");
  });
});

describe("the tracker's links", () => {
  const q = { ...DEFAULT_TRACKER_QUERY, seller: "a@b.in", q: "ravi", page: 3 };
  it("links the page at a query, and the Daily Performance section of it", () => {
    expect(trackerHref(DEFAULT_TRACKER_QUERY)).toBe("/order-tracker");
    expect(trackerHref(q, { page: 4 })).toBe("/order-tracker?seller=a%40b.in&q=ravi&page=4");
    expect(trackerHref(q, { q: "", page: 1 }, "daily-performance")).toBe(
      "/order-tracker?seller=a%40b.in#daily-performance",
    );
  });
  it("downloads Daily Stats for the view and Daily Performance from its first page", () => {
    expect(trackerCsvHrefs(q)).toEqual({
      stats: "/order-tracker/daily-stats.csv?seller=a%40b.in&q=ravi&page=3",
      performance: "/order-tracker/daily-performance.csv?seller=a%40b.in&q=ravi",
    });
  });
});
