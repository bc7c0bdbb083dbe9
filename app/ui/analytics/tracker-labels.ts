/** The Order Tracker's figures and sentences as the page shows them (decision 030). Pure. */
import type { DayRange } from "~/services/analytics/periods";
import type { ViewOption } from "~/services/analytics/tracker-query";
import { istDateTimeLabel } from "~/services/clients/dates";
import { dmy, shortDayLabel } from "~/services/core/ist-dates";

import { formatCount } from "./format";

export type DayPlaced = { day: string; placed: number };

/** Daily Stats' bars (each day with its short label, "05 Nov") and the period's placed orders in all. */
export function dailyStatsChart<Day extends DayPlaced>(
  stats: readonly Day[] | null,
): { rows: (Day & { label: string })[]; total: number } {
  const days = stats ?? [];
  return {
    rows: days.map((s) => ({ ...s, label: shortDayLabel(s.day) })),
    total: days.reduce((n, s) => n + s.placed, 0),
  };
}

/** What Daily Stats shows, in a sentence: the range, the seller when one is chosen, the total. */
export function dailyStatsDescription(range: DayRange, seller: string, total: number): string {
  return `Placed orders per day, ${dmy(range.from)} to ${dmy(range.to)}${seller ? ` for ${seller}` : ""}: ${formatCount(total)} in all.`;
}

/** When the Daily Performance snapshot was taken and when the next one comes, or that none is yet. */
export function snapshotTimesLabel(snapshot: {
  updatedAt: Date | string | null;
  nextUpdateAt: Date | string | null;
}): string {
  return snapshot.updatedAt && snapshot.nextUpdateAt
    ? `Last Updated at ${istDateTimeLabel(snapshot.updatedAt)} · Next Updated at ${istDateTimeLabel(snapshot.nextUpdateAt)}`
    : "Not computed yet: the first update runs within a minute of the server starting.";
}

/** The "Show by" options: a view the role may not use is listed, disabled, and says so. */
export function viewSelectData(views: readonly ViewOption[]): { value: string; label: string; disabled: boolean }[] {
  return views.map((v) => ({
    value: v.value,
    label: v.disabled ? `${v.label} (not for your role)` : v.label,
    disabled: v.disabled,
  }));
}
