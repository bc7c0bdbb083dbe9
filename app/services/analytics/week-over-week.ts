/**
 * Daily Performance week on week and the "Dropping" preset (decision 072). Pure: the snapshot
 * keeps each client's placed orders of the seven whole days before today ("this week", days
 * 1 … 7) and of the seven days before those ("last week", days 8 … 14, the same weekdays); these
 * turn them into the change a row shows and say whether a row is dropping. Today is left out,
 * as the Dashboard leaves it out of its averages (decision 070): a few morning hours set against
 * a whole day would make every row look like a fall.
 *
 * The SQL that filters by the same rule (tracker.server.ts droppingCondition) makes the same
 * whole-number comparison, so a row the page shows under the preset is one this says is dropping.
 */
import { addDays } from "../core/ist-dates";

/** A row is dropping when its placed orders fell by at least this share week on week… */
export const DROPPING_FALL_PERCENT = 30;
/** …and it had at least this many placed orders last week (a fall from 3 to 1 is noise). */
export const DROPPING_MIN_LAST_WEEK = 20;

export type WeekCounts = { thisWeek: number; lastWeek: number };

export type WeekChange = {
  /** This week's placed orders less last week's. */
  change: number;
  /**
   * The change as a percentage of last week's, truncated toward zero to a whole number (−29.5 % is
   * −29, so a row shown at −30 % or below is always one the preset counts); null when last week had none.
   */
  percent: number | null;
};

export function weekChange({ thisWeek, lastWeek }: WeekCounts): WeekChange {
  const change = thisWeek - lastWeek;
  // Whole numbers: 100·change / lastWeek, truncated (Math.trunc of an exact quotient of integers).
  const percent = lastWeek === 0 ? null : Math.trunc((100 * change) / lastWeek);
  return { change, percent: Object.is(percent, -0) ? 0 : percent };
}

/**
 * Down by 30 % or more with 20 or more orders last week: thisWeek ≤ 70 % of lastWeek, compared on
 * whole numbers (100·thisWeek ≤ (100 − 30)·lastWeek), so exactly 30 % is dropping.
 */
export function isDropping({ thisWeek, lastWeek }: WeekCounts): boolean {
  return lastWeek >= DROPPING_MIN_LAST_WEEK && 100 * thisWeek <= (100 - DROPPING_FALL_PERCENT) * lastWeek;
}

/** The two weeks' days for a snapshot taken on `today`: this week ends yesterday, last week the day before it began. */
export function weekRanges(today: string): {
  thisWeek: { from: string; to: string };
  lastWeek: { from: string; to: string };
} {
  return {
    thisWeek: { from: addDays(today, -7), to: addDays(today, -1) },
    lastWeek: { from: addDays(today, -14), to: addDays(today, -8) },
  };
}

/** "−12 %", "+5 %", "0 %", or "—" when last week had no orders (no base to compare with). */
export function formatWeekPercent(percent: number | null): string {
  if (percent === null) return "—";
  return `${percent > 0 ? "+" : percent < 0 ? "−" : ""}${Math.abs(percent)}%`;
}

/** A change in orders with its sign: "+12", "−7", "0". */
export function formatWeekChange(change: number, format: (n: number) => string = String): string {
  return `${change > 0 ? "+" : change < 0 ? "−" : ""}${format(Math.abs(change))}`;
}
