/**
 * One courier scan event as the webhook receives it (decision 059), judged alone and in memory so
 * that a bad event is refused with its reason while the rest of the batch is stored: every text
 * field is within its length and is text PostgreSQL can hold (no control characters, no unpaired
 * UTF-16 surrogates — JSON.parse keeps `"\ud800"` as a string, PostgreSQL refuses it), and the
 * event time is an ISO 8601 instant at most a day ahead of now. Whether it is after the order was
 * placed needs the order, so tracking.server.ts checks that (`beforePlacement`).
 */
import { z } from "zod";

import { type Invalid, invalid } from "../core/result";
import { ORDER_STATUSES, type OrderStatus } from "./status";

/** How far ahead of our clock a scan may be dated: couriers' clocks and time zones drift, a day does not. */
export const FUTURE_TOLERANCE_MS = 24 * 3_600_000;

export type ScanEventInput = { awb: string; event_id: string; status: OrderStatus; location: string; at: Date };

/** The event to store, or why it is refused (core/result.ts's invalid: the reason is its message). */
export type ScanEventVerdict = { ok: true; event: ScanEventInput } | Invalid;

const CONTROL = /\p{Cc}/u;
// With the u flag a paired surrogate is one code point, so \p{Cs} finds only the unpaired ones.
const LONE_SURROGATE = /\p{Cs}/u;

/** A text field: trimmed, within its length, and text PostgreSQL stores as given. */
function text(field: string, max: number, min: 0 | 1) {
  return z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be text` })
    .trim()
    .min(min, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`)
    .refine((s) => !CONTROL.test(s), `${field} must not contain control characters`)
    .refine((s) => !LONE_SURROGATE.test(s), `${field} is not valid Unicode text (it has an unpaired surrogate)`);
}

const AT_MESSAGE = "at must be a date and time in ISO 8601 with its time zone, e.g. 2026-11-20T10:00:00Z";

const eventSchema = z.object({
  awb: text("awb", 40, 1),
  event_id: text("event_id", 100, 1),
  status: z.enum(ORDER_STATUSES, {
    errorMap: () => ({ message: `status must be one of ${ORDER_STATUSES.join(", ")}` }),
  }),
  location: text("location", 100, 0).default(""),
  at: z.string({ required_error: "at is required", invalid_type_error: AT_MESSAGE }).transform((s, ctx) => {
    const at = parseInstant(s);
    if (!at) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: AT_MESSAGE });
      return z.NEVER;
    }
    return at;
  }),
});

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(?:(Z)|([+-])(\d{2}):?(\d{2}))$/i;

/**
 * An ISO 8601 date and time with its offset, or null. Stricter than `new Date(s)`, which rolls
 * 31 February over to March, reads a bare "2026" as a date and a time without offset as local.
 */
export function parseInstant(s: string): Date | null {
  const m = INSTANT.exec(s);
  if (!m) return null;
  const [, y, mo, d, h, mi, sec = "0", frac = "0", zulu, sign, oh, om] = m;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, sec].map(Number);
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59)
    return null;
  const offsetMinutes = zulu ? 0 : (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om));
  if (!zulu && (Number(oh) > 23 || Number(om) > 59)) return null;
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second, Number(frac.padEnd(3, "0").slice(0, 3)));
  return new Date(at.getTime() - offsetMinutes * 60_000);
}

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 ? (leap ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

/** One event of a courier's batch, judged without the database. */
export function parseScanEvent(raw: unknown, now: Date): ScanEventVerdict {
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) return invalid([...new Set(parsed.error.issues.map((x) => x.message))].join("; "));
  if (parsed.data.at.getTime() > now.getTime() + FUTURE_TOLERANCE_MS)
    return invalid(
      `at is more than a day in the future (${parsed.data.at.toISOString()}; it is now ${now.toISOString()})`,
    );
  return { ok: true, event: parsed.data };
}

/** The reason an event dated before its order was placed is refused, or null when it is not. */
export function beforePlacement(at: Date, placedAt: Date): string | null {
  return at < placedAt ? `at is before the order was placed (${placedAt.toISOString()})` : null;
}

/** The courier's event id of a raw event, when it is one we can echo back. */
export function rawEventId(raw: unknown): string | null {
  const id = typeof raw === "object" && raw !== null ? (raw as { event_id?: unknown }).event_id : undefined;
  return typeof id === "string" ? id : null;
}
