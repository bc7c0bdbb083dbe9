/**
 * The period selector of the Dashboard and the Order Tracker (docs/product.md §4 period selector,
 * §5 custom range, §9; decision 030). Pure: days are core/ist-dates.ts's, and "today" is always
 * passed in, so tests can stand anywhere in the calendar.
 */
import { addDays, dmy, isIsoDay, monthEnd, previousMonthStart } from "../core/ist-dates";
import { type Invalid, invalid } from "../core/result";

// ── The Order Tracker's period selector ────────────────────────────────────────────────────

export const PERIODS = ["last_7_days", "last_30_days", "last_month", "custom"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  last_month: "Last Month",
  custom: "Custom",
};

/** How far back a custom range may start (docs/product.md §5, §9). */
export const CUSTOM_RANGE_MAX_DAYS_BACK = 90;

export const RANGE_MESSAGES = {
  missing: "Choose both a start and an end date.",
  invalid: "Enter dates as YYYY-MM-DD.",
  future: "Dates cannot be in the future.",
  order: "The start date must be on or before the end date.",
  tooEarly: (earliest: string) =>
    `The range can start at most ${CUSTOM_RANGE_MAX_DAYS_BACK} days ago (on or after ${dmy(earliest)}).`,
} as const;

export type DayRange = { from: string; to: string };
/** The days of a period, or why a custom range is refused (a 400: the URL's dates are wrong). */
export type RangeResult = { ok: true; range: DayRange } | Invalid;

/**
 * The days a period covers, ending today at the latest: Last 7 days is today and the 6 days
 * before, Last 30 days today and the 29 before, Last Month the whole previous calendar month,
 * Custom the chosen days — no future day and none before 90 days ago.
 */
export function periodRange(
  period: Period,
  today: string,
  custom: { from: string; to: string } = { from: "", to: "" },
): RangeResult {
  switch (period) {
    case "last_7_days":
      return { ok: true, range: { from: addDays(today, -6), to: today } };
    case "last_30_days":
      return { ok: true, range: { from: addDays(today, -29), to: today } };
    case "last_month": {
      const from = previousMonthStart(today);
      return { ok: true, range: { from, to: monthEnd(from) } };
    }
    case "custom":
      return customRange(custom.from, custom.to, today);
  }
}

export function customRange(from: string, to: string, today: string): RangeResult {
  if (!from || !to) return invalid(RANGE_MESSAGES.missing);
  if (!isIsoDay(from) || !isIsoDay(to)) return invalid(RANGE_MESSAGES.invalid);
  if (from > today || to > today) return invalid(RANGE_MESSAGES.future);
  if (from > to) return invalid(RANGE_MESSAGES.order);
  const earliest = addDays(today, -CUSTOM_RANGE_MAX_DAYS_BACK);
  if (from < earliest) return invalid(RANGE_MESSAGES.tooEarly(earliest));
  return { ok: true, range: { from, to } };
}
