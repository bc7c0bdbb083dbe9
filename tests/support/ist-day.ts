/**
 * India's day for tests that publish or compare dated things. A run may cross midnight in
 * India (18:30 UTC): read the day when it is used, never when a file loads, and where a test fills a
 * date the server checks against its own today (a mandatory document may not be backdated,
 * decision 063), read it clear of midnight.
 */
import { istDayOf, istWallClockOf } from "~/services/core/ist-dates";

const DAY_MS = 86_400_000;

export const istToday = (): string => istDayOf(new Date());

/** How long ago India's midnight was (ms). */
export const msSinceIstMidnight = (): number => istWallClockOf(new Date()).getTime() % DAY_MS;

/** India's day, after waiting out midnight when it is less than `marginMs` away. */
export async function istDayClearOfMidnight(marginMs = 30_000): Promise<string> {
  const toMidnight = DAY_MS - msSinceIstMidnight();
  if (toMidnight < marginMs) await new Promise((r) => setTimeout(r, toMidnight + 500));
  return istToday();
}
