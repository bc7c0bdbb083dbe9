/**
 * The Order Tracker's state in the URL (decision 030: every control — period, range, seller, view,
 * search, sort, page — is a query parameter, so a shared link opens the same view) and the
 * Daily Performance role rules (docs/product.md §6). Pure.
 */
import { z } from "zod";

import type { StaffRole } from "../core/roles";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { type Period, PERIODS } from "./periods";

// ── Views of the Daily Performance table ──────────────────────────────────────────────────

export const PERFORMANCE_VIEWS = ["seller", "avp", "bdm", "tl"] as const;
export type PerformanceView = (typeof PERFORMANCE_VIEWS)[number];
export const VIEW_LABELS: Record<PerformanceView, string> = { seller: "Seller", avp: "AVP", bdm: "BDM", tl: "TL" };

export type ViewOption = { value: PerformanceView; label: string; disabled: boolean };

/**
 * The left column selector's options for a role (docs/product.md §6): bdm cannot use the AVP or TL
 * views and tl cannot use the AVP or BDM views (shown disabled); avp sees no AVP option, bdm no
 * BDM option, tl no TL option.
 */
export function viewOptions(role: StaffRole): ViewOption[] {
  const hidden: Partial<Record<StaffRole, PerformanceView>> = { avp: "avp", bdm: "bdm", tl: "tl" };
  const disabled: Partial<Record<StaffRole, readonly PerformanceView[]>> = { bdm: ["avp", "tl"], tl: ["avp", "bdm"] };
  return PERFORMANCE_VIEWS.filter((v) => v !== hidden[role]).map((value) => ({
    value,
    label: VIEW_LABELS[value],
    disabled: disabled[role]?.includes(value) ?? false,
  }));
}

/** True when the role may see the table by this view (the server refuses the others). */
export function viewAllowed(role: StaffRole, view: PerformanceView): boolean {
  return viewOptions(role).some((o) => o.value === view && !o.disabled);
}

/** The hierarchy columns the CSV adds for a role (docs/product.md §6): bdm adds BDM; tl BDM, TL; avp BDM, TL, AVP. */
export function csvHierarchyColumns(role: StaffRole): ("bdm" | "tl" | "avp")[] {
  if (role === "bdm") return ["bdm"];
  if (role === "tl") return ["bdm", "tl"];
  if (role === "avp") return ["bdm", "tl", "avp"];
  return [];
}

// ── Sorting ───────────────────────────────────────────────────────────────────────────────

/** Columns of the table: name, email, and placed/picked for day 0 (today) … 6 (six days ago). */
export const DAY_INDEXES = [0, 1, 2, 3, 4, 5, 6] as const;
/**
 * Week on week (decision 072): placed orders of this week (the seven whole days to yesterday) and
 * last week (the seven before), the change in orders and in per cent.
 */
export const WEEK_SORTS = ["placed_week", "placed_week_before", "week_change", "week_percent"] as const;
export type WeekSort = (typeof WEEK_SORTS)[number];
export const PERFORMANCE_SORTS = [
  "name",
  "email",
  ...DAY_INDEXES.map((i) => `placed_${i}` as const),
  ...DAY_INDEXES.map((i) => `picked_${i}` as const),
  ...WEEK_SORTS,
] as const;

/** The presets of the table (decision 072): "dropping" keeps the rows down 30 % or more on 20 or more orders. */
export const PERFORMANCE_PRESETS = ["", "dropping"] as const;
export type PerformancePreset = (typeof PERFORMANCE_PRESETS)[number];
export type PerformanceSort = (typeof PERFORMANCE_SORTS)[number];

export const PERFORMANCE_PAGE_SIZE = 25;

// ── The whole query ───────────────────────────────────────────────────────────────────────

export type TrackerQuery = {
  period: Period;
  from: string;
  to: string;
  seller: string;
  view: PerformanceView;
  q: string;
  sort: PerformanceSort;
  dir: "asc" | "desc";
  preset: PerformancePreset;
  page: number;
};

export const DEFAULT_TRACKER_QUERY: TrackerQuery = {
  period: "last_7_days",
  from: "",
  to: "",
  seller: "",
  view: "seller",
  q: "",
  sort: "placed_0",
  dir: "desc",
  preset: "",
  page: 1,
};

const day = z
  .string()
  .max(10)
  .regex(/^[0-9-]*$/)
  .catch("");
const schema = z.object({
  period: z.enum(PERIODS).catch(DEFAULT_TRACKER_QUERY.period),
  from: day,
  to: day,
  seller: boundedString(TEXT_LIMITS.email).trim().toLowerCase().catch(""),
  // A view the role may not use is kept as given: the loader refuses it (403).
  view: z.enum(PERFORMANCE_VIEWS).catch(DEFAULT_TRACKER_QUERY.view),
  q: boundedString(TEXT_LIMITS.search).trim().catch(""),
  sort: z.enum(PERFORMANCE_SORTS).catch(DEFAULT_TRACKER_QUERY.sort),
  dir: z.enum(["asc", "desc"]).catch(DEFAULT_TRACKER_QUERY.dir),
  preset: z.enum(PERFORMANCE_PRESETS).catch(""),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});

export function parseTrackerQuery(params: URLSearchParams): TrackerQuery {
  const get = (k: keyof TrackerQuery) => params.get(k) ?? undefined;
  return schema.parse({
    period: get("period"),
    from: get("from") ?? "",
    to: get("to") ?? "",
    seller: get("seller") ?? "",
    view: get("view"),
    q: get("q") ?? "",
    sort: get("sort"),
    dir: get("dir"),
    preset: get("preset") ?? "",
    page: get("page") ?? 1,
  });
}

/** The search string of a query (defaults left out), with `over` applied. */
export function trackerSearch(query: TrackerQuery, over: Partial<TrackerQuery> = {}): string {
  const q = { ...query, ...over };
  const p = new URLSearchParams();
  if (q.period !== DEFAULT_TRACKER_QUERY.period) p.set("period", q.period);
  if (q.period === "custom") {
    if (q.from) p.set("from", q.from);
    if (q.to) p.set("to", q.to);
  }
  if (q.seller) p.set("seller", q.seller);
  if (q.view !== DEFAULT_TRACKER_QUERY.view) p.set("view", q.view);
  if (q.q) p.set("q", q.q);
  if (q.sort !== DEFAULT_TRACKER_QUERY.sort || q.dir !== DEFAULT_TRACKER_QUERY.dir) {
    p.set("sort", q.sort);
    p.set("dir", q.dir);
  }
  if (q.preset) p.set("preset", q.preset);
  if (q.page > 1) p.set("page", String(q.page));
  const s = p.toString();
  return s ? `?${s}` : "";
}

/**
 * The query after a click on a column header: the same column flips direction, another starts
 * descending for counts — ascending for names and for the week's change, whose first rows are
 * then the biggest falls (decision 072).
 */
export function sortedBy(query: TrackerQuery, sort: PerformanceSort): Partial<TrackerQuery> {
  if (query.sort === sort) return { sort, dir: query.dir === "asc" ? "desc" : "asc", page: 1 };
  const ascending = sort === "name" || sort === "email" || sort === "week_change" || sort === "week_percent";
  return { sort, dir: ascending ? "asc" : "desc", page: 1 };
}

/** The "Dropping" preset's link state: the preset on, the biggest falls in per cent first, page 1. */
export function droppingPreset(): Partial<TrackerQuery> {
  return { preset: "dropping", sort: "week_percent", dir: "asc", page: 1 };
}

// ── Links ─────────────────────────────────────────────────────────────────────────────────

/** The Order Tracker at a query, with `over` applied; `section` is the part of the page to scroll to. */
export function trackerHref(
  query: TrackerQuery,
  over: Partial<TrackerQuery> = {},
  section?: "daily-performance",
): string {
  return `/order-tracker${trackerSearch(query, over)}${section ? `#${section}` : ""}`;
}

/** The two CSVs of a view: Daily Stats for its period and seller, Daily Performance from its first row. */
export function trackerCsvHrefs(query: TrackerQuery): { stats: string; performance: string } {
  return {
    stats: `/order-tracker/daily-stats.csv${trackerSearch(query)}`,
    performance: `/order-tracker/daily-performance.csv${trackerSearch(query, { page: 1 })}`,
  };
}
