/**
 * The console's calendar (docs/product.md §9): days are ISO dates (YYYY-MM-DD) of India Standard
 * Time, shown DD-MM-YYYY. Pure, and "today" is always passed in, so tests can stand anywhere in
 * the calendar. Money, legal, the seed and analytics all count days by it (decision 055).
 */

const IST_OFFSET_MS = 330 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The IST calendar day of a moment (India has one fixed offset, +05:30, and no DST). */
export function istDayOf(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/**
 * The IST wall-clock reading of a moment, as a Date whose UTC fields hold it: for writers that
 * take times without a zone (a spreadsheet's date cells), so they show India's time.
 */
export function istWallClockOf(at: Date): Date {
  return new Date(at.getTime() + IST_OFFSET_MS);
}

/** The moment an IST day (YYYY-MM-DD) starts: 00:00 in India (a calculator's "price on" day, a date range's bound). */
export function startOfIstDay(day: string): Date {
  return fromIstWallClock(Date.parse(`${day}T00:00:00Z`));
}

/** A moment as India reads it on screen, DD-MM-YYYY HH:MM: "01-12-2026 00:00". */
export function istDmyTime(at: Date): string {
  return `${dmy(istDayOf(at))} ${istWallClockOf(at).toISOString().slice(11, 16)}`;
}

/** The moment an IST wall-clock reading (a Date, or its milliseconds, whose UTC fields hold it) stands for: istWallClockOf's inverse. */
export function fromIstWallClock(wall: Date | number): Date {
  return new Date((typeof wall === "number" ? wall : wall.getTime()) - IST_OFFSET_MS);
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

/** DD-MM-YYYY, as the console shows dates (docs/product.md §9). */
export function dmy(day: string): string {
  return `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}`;
}

const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
/** Monday first, as the charts show the week. */
export const WEEK = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const satisfies readonly Weekday[];

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
