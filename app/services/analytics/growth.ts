/**
 * The Dashboard's figures (docs/product.md §2, §3 monthly growth and daily average, §4 growth
 * calculation; decision 030). Pure: the server reads picked orders per day and per
 * month from the rollups, these turn them into what the page shows.
 */
import {
  addDays,
  daysBetween,
  daysInMonth,
  monthLabel,
  monthStart,
  previousMonthStart,
  WEEK,
  type Weekday,
  weekdayOf,
} from "../core/ist-dates";

/** A month's picked orders: all of them, and those of old accounts (first order before that month). */
export type MonthCount = { month: string; total: number; old: number };

export type GrowthFigure =
  | { kind: "value"; percent: number; label: string }
  | { kind: "too-few-months"; label: string }
  | { kind: "zero-base"; label: string }
  | { kind: "first-day"; label: string };

export const GROWTH_MESSAGES = {
  tooFewMonths: "Needs at least two months of orders",
  zeroBase: "No orders last month to compare with",
  firstDay: "From tomorrow: this month has no whole day yet",
} as const;

/**
 * floor((this month's per-day average − last month's) / last month's × 100), shown with a % sign
 * (docs/product.md §4). Per-day averages are count / days: this month's whole days so far (today
 * left out, since it is not over: decision 070), last month's every day. Computed on whole numbers, so 10 % is 10, never 9.
 */
export function growthPercent(
  current: { count: number; days: number },
  previous: { count: number; days: number },
): number {
  // (c/dc − p/dp) / (p/dp) × 100 = 100 × (c·dp − p·dc) / (p·dc)
  const numerator = 100 * (current.count * previous.days - previous.count * current.days);
  const denominator = previous.count * current.days;
  return Math.floor(numerator / denominator);
}

export function formatGrowth(percent: number): string {
  return `${percent}%`;
}

function figure(
  months: number,
  current: { count: number; days: number },
  previous: { count: number; days: number },
): GrowthFigure {
  if (months < 2) return { kind: "too-few-months", label: GROWTH_MESSAGES.tooFewMonths };
  if (previous.count === 0) return { kind: "zero-base", label: GROWTH_MESSAGES.zeroBase };
  const percent = growthPercent(current, previous);
  return { kind: "value", percent, label: formatGrowth(percent) };
}

export type MonthPoint = { month: string; label: string; total: number; old: number; new: number };

/**
 * The month-wise series from the first month with orders to this month (months without orders
 * in between count 0), at most `maxMonths` of them.
 */
export function monthSeries(rows: readonly MonthCount[], today: string, maxMonths = 12): MonthPoint[] {
  const byMonth = new Map(rows.map((r) => [r.month, r]));
  const first = rows.map((r) => r.month).sort()[0];
  if (!first) return [];
  const months: string[] = [];
  for (let m = monthStart(today); months.length < maxMonths; m = previousMonthStart(m)) {
    months.unshift(m);
    if (m <= first) break;
  }
  return months.map((month) => {
    const r = byMonth.get(month);
    const total = r?.total ?? 0;
    const old = r?.old ?? 0;
    return {
      month,
      label: month === monthStart(today) ? `${monthLabel(month)} (so far)` : monthLabel(month),
      total,
      old,
      new: total - old,
    };
  });
}

/**
 * Total Growth compares this month's per-day picked orders with last month's. Growth from Old
 * Accounts compares this month's orders of old accounts (those whose first order is before this
 * month, so they were clients last month) with last month's orders: the growth the existing
 * book made, without the accounts won this month (decision 030).
 */
/** Today's picked orders so far: left out of this month's per-day averages, today not being over (decision 070). */
export type TodaySoFar = { total: number; old: number };

export function growthFigures(
  series: readonly MonthPoint[],
  today: string,
  todaySoFar: TodaySoFar = { total: 0, old: 0 },
): { total: GrowthFigure; old: GrowthFigure } {
  const thisMonth = monthStart(today);
  const lastMonth = previousMonthStart(today);
  const cur = series.find((p) => p.month === thisMonth);
  const prev = series.find((p) => p.month === lastMonth);
  const wholeDays = daysBetween(thisMonth, today);
  const previous = { count: prev?.total ?? 0, days: daysInMonth(lastMonth) };
  const months = series.filter((p) => p.month <= thisMonth).length;
  if (wholeDays === 0) {
    const label = GROWTH_MESSAGES.firstDay;
    return { total: { kind: "first-day", label }, old: { kind: "first-day", label } };
  }
  const current = (count: number, today: number) => ({ count: Math.max(0, count - today), days: wholeDays });
  return {
    total: figure(months, current(cur?.total ?? 0, todaySoFar.total), previous),
    old: figure(months, current(cur?.old ?? 0, todaySoFar.old), previous),
  };
}

export type WeekdayAverage = { weekday: Weekday; short: string; last_month: number; current_month: number };

/** A month's picked orders per weekday, Monday first (the monthly rollups' picked_1 … picked_7). */
export type MonthWeekdays = { month: string; picked: readonly number[] };

/** Per-day picked orders summed per month and weekday (what the monthly rollups keep). */
export function monthWeekdaysOf(days: readonly { day: string; picked: number }[]): MonthWeekdays[] {
  const byMonth = new Map<string, number[]>();
  for (const { day, picked } of days) {
    const sums = byMonth.get(monthStart(day)) ?? [0, 0, 0, 0, 0, 0, 0];
    sums[WEEK.indexOf(weekdayOf(day) as (typeof WEEK)[number])] += picked;
    byMonth.set(monthStart(day), sums);
  }
  return [...byMonth].map(([month, picked]) => ({ month, picked }));
}

/**
 * Daily Average: picked orders per weekday, this month against last month — for each weekday the
 * picked orders on those days divided by how many of those days the month has had (this month:
 * its whole days, up to yesterday; today's picked orders so far are left out, decision 070), to
 * two decimals.
 */
export function weekdayAverages(months: readonly MonthWeekdays[], today: string, todayPicked = 0): WeekdayAverage[] {
  const thisMonth = monthStart(today);
  const lastMonth = previousMonthStart(today);
  const counts = { current: [0, 0, 0, 0, 0, 0, 0], last: [0, 0, 0, 0, 0, 0, 0] };
  for (let d = lastMonth; d < today; d = addDays(d, 1))
    counts[d < thisMonth ? "last" : "current"][WEEK.indexOf(weekdayOf(d) as (typeof WEEK)[number])] += 1;
  const todayAt = WEEK.indexOf(weekdayOf(today) as (typeof WEEK)[number]);
  const sums = (month: string) => {
    const picked = [...(months.find((m) => m.month === month)?.picked ?? [0, 0, 0, 0, 0, 0, 0])];
    if (month === thisMonth) picked[todayAt] = Math.max(0, picked[todayAt]! - todayPicked);
    return picked;
  };
  const avg = (sum: number, n: number) => (n === 0 ? 0 : Math.round((sum / n) * 100) / 100);
  return WEEK.map((weekday, i) => ({
    weekday,
    short: weekday.slice(0, 3),
    last_month: avg(sums(lastMonth)[i], counts.last[i]),
    current_month: avg(sums(thisMonth)[i], counts.current[i]),
  }));
}
