/**
 * Calendar rules of the Dashboard and the Order Tracker (spec part 2 §4 period selector, §5
 * custom range, §9; issue 15). Pure: days are ISO dates (YYYY-MM-DD) of India Standard Time,
 * and "today" is always passed in, so tests can stand anywhere in the calendar.
 */

const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The IST calendar day of a moment (India has one fixed offset, +05:30, and no DST). */
export function istDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (2026-02-30 is not one). */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `day` moved by `n` days (negative: back). */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (to − from). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const n = daysBetween(from, to);
  return Array.from({ length: Math.max(0, n + 1) }, (_, i) => addDays(from, i));
}

/** The first day of `day`'s month. */
export function monthStart(day: string): string {
  return `${day.slice(0, 7)}-01`;
}

/** The first day of the month before `day`'s month (across a year boundary too). */
export function previousMonthStart(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return m === 1 ? `${y - 1}-12-01` : `${y}-${String(m - 1).padStart(2, "0")}-01`;
}

/** Days in `day`'s month. */
export function daysInMonth(day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The last day of `day`'s month. */
export function monthEnd(day: string): string {
  return `${day.slice(0, 7)}-${String(daysInMonth(day)).padStart(2, "0")}`;
}

/** DD-MM-YYYY, as the console shows dates (spec part 2 §9). */
export function dmy(day: string): string {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday first, as the charts show the week. */
export const WEEK = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const satisfies readonly Weekday[];

export function weekdayOf(day: string): Weekday {
  return WEEKDAYS[new Date(`${day}T00:00:00Z`).getUTCDay()];
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Nov 2026" for any day of that month. */
export function monthLabel(day: string): string {
  return `${MONTH_NAMES[Number(day.slice(5, 7)) - 1]} ${day.slice(0, 4)}`;
}

/** "24 Nov" (chart axes and column headers). */
export function shortDayLabel(day: string): string {
  return `${day.slice(8, 10)} ${MONTH_NAMES[Number(day.slice(5, 7)) - 1]}`;
}

// ── The Order Tracker's period selector ────────────────────────────────────────────────────

export const PERIODS = ["last_7_days", "last_30_days", "last_month", "custom"] as const;
export type Period = (typeof PERIODS)[number];
export const PERIOD_LABELS: Record<Period, string> = {
  last_7_days: "Last 7 days",
  last_30_days: "Last 30 days",
  last_month: "Last Month",
  custom: "Custom",
};

/** How far back a custom range may start (spec part 2 §5, §9). */
export const CUSTOM_RANGE_MAX_DAYS_BACK = 90;

export const RANGE_MESSAGES = {
  missing: "Choose both a start and an end date.",
  invalid: "Enter dates as YYYY-MM-DD.",
  future: "Dates cannot be in the future.",
  order: "The start date must be on or before the end date.",
  tooEarly: (earliest: string) => `The range can start at most ${CUSTOM_RANGE_MAX_DAYS_BACK} days ago (on or after ${dmy(earliest)}).`,
} as const;

export type DayRange = { from: string; to: string };
export type RangeResult = { ok: true; range: DayRange } | { ok: false; message: string };

/**
 * The days a period covers, ending today at the latest: Last 7 days is today and the 6 days
 * before, Last 30 days today and the 29 before, Last Month the whole previous calendar month,
 * Custom the chosen days — no future day and none before 90 days ago.
 */
export function periodRange(period: Period, today: string, custom: { from: string; to: string } = { from: "", to: "" }): RangeResult {
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
  if (!from || !to) return { ok: false, message: RANGE_MESSAGES.missing };
  if (!isIsoDay(from) || !isIsoDay(to)) return { ok: false, message: RANGE_MESSAGES.invalid };
  if (from > today || to > today) return { ok: false, message: RANGE_MESSAGES.future };
  if (from > to) return { ok: false, message: RANGE_MESSAGES.order };
  const earliest = addDays(today, -CUSTOM_RANGE_MAX_DAYS_BACK);
  if (from < earliest) return { ok: false, message: RANGE_MESSAGES.tooEarly(earliest) };
  return { ok: true, range: { from, to } };
}
