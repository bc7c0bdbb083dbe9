/**
 * Estimated delivery date (edd_stamp) of a quote.
 *
 * Turnaround starts from the zone's base days, the same 2/3/4/5/8 days for zones A–E that the
 * advantage plan promises (docs/product.md §9). Air is one day faster, surface one day slower,
 * then a per-courier adjustment (its measured lateness or speed) is added; never under 1 day.
 *
 * Pickup is today, or tomorrow when the order is placed at or after the 15:00 cut-off, both
 * judged on the India clock. India Standard Time has been a fixed UTC+05:30 with no daylight
 * saving since 1945, so the offset is applied arithmetically instead of through a time-zone
 * database: the result is the same for Asia/Kolkata and needs no Intl lookup per courier.
 * Days are calendar days; couriers' holiday calendars are not modelled.
 */
import type { TransportMode } from "../core/transport";
import { type Zone, ZONE_TAT_DAYS } from "../core/zones";

/** Orders at or after this hour (India time) are picked up the next day. */
export const PICKUP_CUTOFF_HOUR_IST = 15;

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const MODE_ADJUST_DAYS: Readonly<Record<TransportMode, number>> = { air: -1, surface: 1, mixed: 0 };

export function turnaroundDays(zone: Zone, mode: TransportMode, adjustDays = 0): number {
  if (!Number.isInteger(adjustDays)) throw new RangeError(`Turnaround adjustment must be whole days: ${adjustDays}`);
  return Math.max(1, ZONE_TAT_DAYS[zone] + MODE_ADJUST_DAYS[mode] + adjustDays);
}

/** The India calendar date of an instant as 'YYYY-MM-DD'. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Adds whole days to a 'YYYY-MM-DD' date (calendar arithmetic in UTC, so no DST shifts). */
export function addDays(date: string, days: number): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return new Date(ms + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today on the India clock, or tomorrow from the 15:00 cut-off on. */
export function pickupDate(now: Date): string {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const today = ist.toISOString().slice(0, 10);
  return ist.getUTCHours() >= PICKUP_CUTOFF_HOUR_IST ? addDays(today, 1) : today;
}

export type DeliveryEstimate = { pickup_date: string; tat_days: number; edd_stamp: string };

export function estimateDelivery(input: {
  now: Date;
  zone: Zone;
  mode: TransportMode;
  adjustDays?: number;
}): DeliveryEstimate {
  if (Number.isNaN(input.now.getTime())) throw new RangeError("Invalid order time");
  const pickup_date = pickupDate(input.now);
  const tat_days = turnaroundDays(input.zone, input.mode, input.adjustDays ?? 0);
  return { pickup_date, tat_days, edd_stamp: addDays(pickup_date, tat_days) };
}
