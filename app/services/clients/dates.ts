/** Date formatting for the client list (docs/product.md §9: the registered date is shown with its last 9 characters cut). */

import { istWallClockOf } from "../core/ist-dates";

/** ISO timestamp in India Standard Time with seconds and offset, e.g. 2024-03-15T10:22:31+05:30. */
export function toIstIso(date: Date): string {
  const ist = istWallClockOf(date);
  return `${ist.toISOString().slice(0, 19)}+05:30`;
}

/** The registered date as the console shows it: the IST timestamp without its last 9 characters (seconds and offset). */
export function registeredDateLabel(date: Date): string {
  return toIstIso(date).slice(0, -9).replace("T", " ");
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/**
 * A moment as staff read it, in IST and unambiguous: "08 Oct 2026, 11:17". Built by hand, not
 * with toLocaleString, so server and browser render the same text (no hydration mismatch,
 * whatever ICU data either side has).
 */
export function istDateTimeLabel(at: Date | string): string {
  return `${istDateLabel(at)}, ${istClock(at)}`;
}

/**
 * A day as staff read it, in IST: "08 Oct 2026". Hand-built as above, and cheap: a list of
 * hundreds of dates formatted with toLocaleDateString and a time zone costs ~0.1 ms each.
 */
export function istDateLabel(at: Date | string): string {
  const ist = istOf(at);
  return `${String(ist.getUTCDate()).padStart(2, "0")} ${MONTHS[ist.getUTCMonth()]} ${ist.getUTCFullYear()}`;
}

function istOf(at: Date | string): Date {
  return istWallClockOf(typeof at === "string" ? new Date(at) : at);
}

function istClock(at: Date | string): string {
  const ist = istOf(at);
  return `${String(ist.getUTCHours()).padStart(2, "0")}:${String(ist.getUTCMinutes()).padStart(2, "0")}`;
}
