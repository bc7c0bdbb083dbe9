/**
 * The Dashboard's growth by seller, BDM, TL or AVP (decision 072): each one's last-month and
 * this-month picked orders per day and the growth between them, by the Dashboard's own rule
 * (growth.ts growthPercent; today's partial day left out, decision 070). Pure: the view's
 * state in the URL, the figures of a row, the sort and the page.
 */
import { daysBetween, daysInMonth, monthStart, previousMonthStart } from "../core/ist-dates";
import type { StaffRole } from "../core/roles";
import { GROWTH_MESSAGES, growthPercent } from "./growth";
import { PERFORMANCE_VIEWS, type PerformanceView, VIEW_LABELS } from "./tracker-query";

export const GROWTH_BY_PAGE_SIZE = 25;

/**
 * The levels a role may see growth by: sellers, and each level of the hierarchy below it
 * (tl → bdm → avp → vp, staff.manager_id): vp and kam all, avp BDM and TL, bdm TL, tl sellers only.
 */
export function growthViews(role: StaffRole): PerformanceView[] {
  if (role === "vp" || role === "kam") return [...PERFORMANCE_VIEWS];
  if (role === "avp") return ["seller", "bdm", "tl"];
  if (role === "bdm") return ["seller", "tl"];
  return ["seller"];
}

export const GROWTH_SORTS = ["name", "email", "last_month", "this_month", "growth"] as const;
export type GrowthSort = (typeof GROWTH_SORTS)[number];

export type GrowthQuery = { by: PerformanceView; sort: GrowthSort; dir: "asc" | "desc"; page: number };
export const DEFAULT_GROWTH_QUERY: GrowthQuery = { by: "seller", sort: "growth", dir: "asc", page: 1 };

/** The query from the URL: anything unknown falls back to the default (a view the role may not use is kept: the loader refuses it). */
export function parseGrowthQuery(params: URLSearchParams): GrowthQuery {
  const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T =>
    allowed.includes(value as T) ? (value as T) : fallback;
  const page = Number(params.get("page") ?? 1);
  return {
    by: pick(params.get("by"), PERFORMANCE_VIEWS, DEFAULT_GROWTH_QUERY.by),
    sort: pick(params.get("sort"), GROWTH_SORTS, DEFAULT_GROWTH_QUERY.sort),
    dir: pick(params.get("dir"), ["asc", "desc"] as const, DEFAULT_GROWTH_QUERY.dir),
    page: Number.isInteger(page) && page >= 1 && page <= 100_000 ? page : 1,
  };
}

export function growthSearch(query: GrowthQuery, over: Partial<GrowthQuery> = {}): string {
  const q = { ...query, ...over };
  const p = new URLSearchParams();
  if (q.by !== DEFAULT_GROWTH_QUERY.by) p.set("by", q.by);
  if (q.sort !== DEFAULT_GROWTH_QUERY.sort || q.dir !== DEFAULT_GROWTH_QUERY.dir) {
    p.set("sort", q.sort);
    p.set("dir", q.dir);
  }
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** After a click on a heading: the same column flips; names start A→Z, numbers lowest first (the falls first). */
export function growthSortedBy(query: GrowthQuery, sort: GrowthSort): Partial<GrowthQuery> {
  if (query.sort === sort) return { sort, dir: query.dir === "asc" ? "desc" : "asc", page: 1 };
  return { sort, dir: "asc", page: 1 };
}

/** One row's picked orders: all of last month's, and this month's up to yesterday (today's taken off). */
export type GrowthCounts = {
  key: string;
  name: string;
  email: string;
  /** Grouped views: how many sellers the row adds up. */
  sellers: number;
  lastMonth: number;
  thisMonth: number;
};

export type GrowthRow = GrowthCounts & {
  /** Per day, to two decimals. */
  lastAverage: number;
  /** Null on the 1st: the month has no whole day yet. */
  thisAverage: number | null;
  /** Whole per cent (floored, as the Dashboard's); null when there is nothing to compare. */
  growth: number | null;
  /** Why there is no growth figure, in the Dashboard's words. */
  noGrowth: string | null;
};

export type GrowthDays = { lastMonthDays: number; wholeDays: number };

/** The days the averages divide by on `today`: every day of last month, this month's whole days (today left out). */
export function growthDays(today: string): GrowthDays {
  return { lastMonthDays: daysInMonth(previousMonthStart(today)), wholeDays: daysBetween(monthStart(today), today) };
}

const twoDecimals = (n: number) => Math.round(n * 100) / 100;

export function growthRow(counts: GrowthCounts, days: GrowthDays): GrowthRow {
  const lastAverage = twoDecimals(counts.lastMonth / days.lastMonthDays);
  if (days.wholeDays === 0)
    return { ...counts, lastAverage, thisAverage: null, growth: null, noGrowth: GROWTH_MESSAGES.firstDay };
  const thisAverage = twoDecimals(counts.thisMonth / days.wholeDays);
  if (counts.lastMonth === 0)
    return { ...counts, lastAverage, thisAverage, growth: null, noGrowth: GROWTH_MESSAGES.zeroBase };
  const growth = growthPercent(
    { count: counts.thisMonth, days: days.wholeDays },
    { count: counts.lastMonth, days: days.lastMonthDays },
  );
  return { ...counts, lastAverage, thisAverage, growth, noGrowth: null };
}

/**
 * Sorted by the column (rows without the number last either way; ties by name, then key), so a
 * page is the same on every request.
 */
export function sortGrowthRows(rows: readonly GrowthRow[], sort: GrowthSort, dir: "asc" | "desc"): GrowthRow[] {
  const sign = dir === "asc" ? 1 : -1;
  const value = (r: GrowthRow): string | number | null =>
    sort === "name"
      ? r.name.toLowerCase()
      : sort === "email"
        ? r.email.toLowerCase()
        : sort === "last_month"
          ? r.lastAverage
          : sort === "this_month"
            ? r.thisAverage
            : r.growth;
  return [...rows].sort((a, b) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) {
      if (x !== y) return x === null ? 1 : -1;
    } else if (x !== y) return (x < y ? -1 : 1) * sign;
    return a.name.localeCompare(b.name) || a.key.localeCompare(b.key);
  });
}

export const growthViewLabel = (view: PerformanceView) => VIEW_LABELS[view];

/** The CSV: the view's rows in its sort, then the total; ISO months, plain numbers (decision 064). */
export function growthCsv(
  data: { today: string; rows: readonly GrowthRow[]; total: GrowthRow },
  query: Pick<GrowthQuery, "by" | "sort" | "dir">,
): { header: string[]; records: string[][] } {
  const last = previousMonthStart(data.today);
  const current = monthStart(data.today);
  const label = VIEW_LABELS[query.by];
  const header = [
    `${label} Name`,
    `${label} Email`,
    `Picked per day ${last}`,
    `Picked per day ${current} (today left out)`,
    "Growth %",
    `Picked ${last}`,
    `Picked ${current} (to yesterday)`,
    "Sellers",
  ];
  const record = (r: GrowthRow) => [
    r.name,
    r.email,
    r.lastAverage.toFixed(2),
    r.thisAverage === null ? "" : r.thisAverage.toFixed(2),
    r.growth === null ? "" : String(r.growth),
    String(r.lastMonth),
    String(r.thisMonth),
    String(r.sellers),
  ];
  return { header, records: [...sortGrowthRows(data.rows, query.sort, query.dir).map(record), record(data.total)] };
}
