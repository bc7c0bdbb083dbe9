/**
 * The On Hold COD list's view state, all in the URL (docs/product.md §2, §7 remittance list, §9):
 * a search by COD Ref ID, AWB No or Seller Email, a date range over the cycles' start dates with
 * the presets Today, Yesterday, Last 7 Days, This Month, Last 30 Days (default: the last 30
 * days, 29 days back to today), and the page (30 rows, no size changer). Pure.
 */
import { addDays, daysBetween, isIsoDay, monthStart } from "../core/ist-dates";
import { type Invalid, invalid, type Result } from "../core/result";
import { hasControlCharacters, TEXT_LIMITS } from "../core/text-input";

export const COD_PAGE_SIZE = 30;

export const COD_SEARCH_MODES = ["ref", "awb", "email"] as const;
export type CodSearchMode = (typeof COD_SEARCH_MODES)[number];
export const COD_SEARCH_LABELS: Record<CodSearchMode, string> = {
  ref: "COD Ref ID",
  awb: "AWB No",
  email: "Seller Email",
};

export const COD_PRESETS = ["today", "yesterday", "last_7_days", "this_month", "last_30_days"] as const;
export type CodPreset = (typeof COD_PRESETS)[number];
export const COD_PRESET_LABELS: Record<CodPreset, string> = {
  today: "Today",
  yesterday: "Yesterday",
  last_7_days: "Last 7 Days",
  this_month: "This Month",
  last_30_days: "Last 30 Days",
};

/** The longest range one list or download covers. */
export const COD_MAX_RANGE_DAYS = 366;

export type CodRange = { from: string; to: string };

export function presetRange(preset: CodPreset, today: string): CodRange {
  switch (preset) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "last_7_days":
      return { from: addDays(today, -6), to: today };
    case "this_month":
      return { from: monthStart(today), to: today };
    case "last_30_days":
      return { from: addDays(today, -29), to: today };
  }
}

/** The preset a range is, if any (to mark the chosen one). */
export function presetOf(range: CodRange, today: string): CodPreset | null {
  return (
    COD_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}

export type CodView = { by: CodSearchMode; q: string; from: string; to: string; page: number };

export const COD_QUERY_MESSAGES = {
  date: "Enter dates as YYYY-MM-DD.",
  order: "The start date must be on or before the end date.",
  span: `The date range can cover at most ${COD_MAX_RANGE_DAYS} days.`,
  q: `Search at most ${TEXT_LIMITS.search} characters.`,
} as const;

export type CodViewResult = Result<{ view: CodView }, Invalid>;

export function parseCodView(params: URLSearchParams, today: string): CodViewResult {
  const byRaw = params.get("by") ?? "ref";
  const by = (COD_SEARCH_MODES as readonly string[]).includes(byRaw) ? (byRaw as CodSearchMode) : "ref";
  const q = (params.get("q") ?? "").trim();
  if (q.length > TEXT_LIMITS.search || hasControlCharacters(q)) return invalid(COD_QUERY_MESSAGES.q);
  const presetRaw = params.get("preset");
  const preset = (COD_PRESETS as readonly string[]).includes(presetRaw ?? "") ? (presetRaw as CodPreset) : null;
  let range = preset ? presetRange(preset, today) : presetRange("last_30_days", today);
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  if (!preset && (from || to)) {
    if (!isIsoDay(from) || !isIsoDay(to)) return invalid(COD_QUERY_MESSAGES.date);
    if (from > to) return invalid(COD_QUERY_MESSAGES.order);
    if (daysBetween(from, to) >= COD_MAX_RANGE_DAYS) return invalid(COD_QUERY_MESSAGES.span);
    range = { from, to };
  }
  const pageRaw = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 100_000 ? pageRaw : 1;
  return { ok: true, view: { by, q, ...range, page } };
}

/**
 * What the page shows for a refused URL (a bad From/To, an over-long search): its form again,
 * with what was typed wherever it can be shown (a date field holds only a real day; otherwise the
 * default range's) and the refusal by its field, above an empty table — never a bare error page.
 */
export type RefusedCodView = { view: CodView; field: "range" | "q"; message: string };

export function refusedCodView(params: URLSearchParams, today: string, message: string): RefusedCodView {
  const fallback = presetRange("last_30_days", today);
  const byRaw = params.get("by") ?? "ref";
  const by = (COD_SEARCH_MODES as readonly string[]).includes(byRaw) ? (byRaw as CodSearchMode) : "ref";
  const field = message === COD_QUERY_MESSAGES.q ? "q" : "range";
  const q = field === "q" ? "" : (params.get("q") ?? "").trim();
  return { view: { by, q, ...typedRange(params, fallback), page: 1 }, field, message };
}

/** The From and To as typed where they are real days, else the fallback's. */
export function typedRange(params: URLSearchParams, fallback: CodRange): CodRange {
  const day = (raw: string | null, or: string) => (raw && isIsoDay(raw) ? raw : or);
  return { from: day(params.get("from"), fallback.from), to: day(params.get("to"), fallback.to) };
}

/** The view as a query string (defaults left out), with overrides. */
export function codSearch(view: CodView, over: Partial<CodView> = {}): string {
  const v = { ...view, ...over };
  const p = new URLSearchParams();
  if (v.q) {
    p.set("by", v.by);
    p.set("q", v.q);
  }
  p.set("from", v.from);
  p.set("to", v.to);
  if (v.page > 1) p.set("page", String(v.page));
  return `?${p.toString()}`;
}

/** The On Hold COD page at a view, with overrides. */
export function codListHref(view: CodView, over: Partial<CodView> = {}): string {
  return `/on-hold-cod${codSearch(view, over)}`;
}

/** The two downloads of a view (its search and range, from the first row, not the page shown). */
export function codDownloadHrefs(view: CodView): { xlsx: string; csv: string } {
  const search = codSearch(view, { page: 1 });
  return { xlsx: `/on-hold-cod/download.xlsx${search}`, csv: `/on-hold-cod/cod-status.csv${search}` };
}

export type PresetLink = { preset: CodPreset; label: string; href: string; current: boolean };

/** The date presets as links: each keeps the search, sets its range and goes to page 1; the range shown is marked. */
export function presetLinks(view: CodView, today: string): PresetLink[] {
  const chosen = presetOf(view, today);
  return COD_PRESETS.map((preset) => ({
    preset,
    label: COD_PRESET_LABELS[preset],
    href: codListHref(view, { ...presetRange(preset, today), page: 1 }),
    current: chosen === preset,
  }));
}
