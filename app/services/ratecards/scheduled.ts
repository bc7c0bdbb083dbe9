/**
 * Rate changes that take effect at a time (decision 075), the pure part: when a row change may
 * still be applied (the conflict rule), the card as it will be once changes are applied (the
 * overlay a quote for a later time prices by), and the "effective from" field's IST reading.
 * The change list is the one shape of every rate change (changes.ts RowChange), so any producer
 * of row changes (a row edit, an upload, a segment, a bulk price change) can be scheduled.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { fromIstWallClock, istDmyTime, istWallClockOf } from "../core/ist-dates";
import type { DeliveryType, ShipmentType } from "../core/rate-fields";
import { type Invalid, invalid, type Result } from "../core/result";
import {
  CHANGEABLE_FIELDS,
  CHANGED_FIELD_LABELS,
  type ChangedField,
  fieldText,
  type RowChange,
  showFieldValue,
} from "./changes";
import type { CardRow } from "./fields";

/** What a row must carry to be checked and changed: its id, its key and its changeable values. */
export type ScheduledRowLike = {
  id: number;
  courier_service_id: number;
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
} & Pick<CardRow, ChangedField>;

/** What a scheduled change is, as its audit action: the immediate change's own ("update", "upload" …). */
export type ScheduledKind = "update" | "weight_slab" | "upload" | "apply_segment" | "rto_from_forward" | "bulk_price";

/** The audit action of every row a bulk price change writes, now or when scheduled (decision 074). */
export const BULK_CHANGE_ACTION = "bulk_price_change";

export const KIND_LABELS: Record<ScheduledKind, string> = {
  update: "Rate edit",
  weight_slab: "Weight slab",
  upload: "Upload",
  apply_segment: "Apply segment",
  rto_from_forward: "RTO from forward",
  bulk_price: "Bulk price change",
};

export const rowKeyOf = (r: Pick<RowChange, "courier_service_id" | "shipment_type" | "delivery_type">) =>
  `${r.courier_service_id}|${r.shipment_type}|${r.delivery_type}`;

/**
 * The conflict rule (decision 075): a scheduled row change is applied only to the row as its
 * scheduler saw it. An update or a removal needs the row still there with every changed field
 * still at its "old value seen"; an addition needs no row with its key. Otherwise it is refused,
 * with the sentence the rate card history shows. Null: it may be applied.
 */
export function rowChangeRefusal(current: ScheduledRowLike | undefined, change: RowChange): string | null {
  if (change.action === "create") {
    return current ? "a row for this courier and price type was added after the change was scheduled" : null;
  }
  if (!current) return "the row was removed after the change was scheduled";
  const moved = change.fields.filter((f) => f.old !== null && fieldText(current, f.field) !== f.old);
  if (moved.length === 0) return null;
  return `the row was edited after the change was scheduled (${moved
    .map(
      (f) =>
        `${CHANGED_FIELD_LABELS[f.field]} is ${showFieldValue(f.field, fieldText(current, f.field))}, was ${showFieldValue(f.field, f.old)}`,
    )
    .join("; ")})`;
}

/** A row change's new values over a row (or, for an addition, over nothing: every field is given). */
export function withNewValues<R extends ScheduledRowLike>(row: R, change: RowChange): R {
  const next = { ...row } as Record<string, unknown>;
  for (const f of change.fields) {
    if (f.new === null) continue;
    next[f.field] = f.field === "divisor" ? Number(f.new) : f.new;
  }
  return next as R;
}

/**
 * The rows once `changes` (in order) are applied, each by the conflict rule: the card a quote for
 * a later time prices by, and exactly what the job will write. Rows are matched by id (updates,
 * removals) or by key (additions, which get id 0). Pure: the input rows are not changed.
 */
export function overlayRowChanges<R extends ScheduledRowLike>(
  rows: readonly R[],
  changes: readonly RowChange[],
  blank: (change: RowChange) => R,
): R[] {
  const out = [...rows];
  for (const change of changes) {
    const at =
      change.action === "create"
        ? out.findIndex((r) => rowKeyOf(r) === rowKeyOf(change))
        : out.findIndex((r) => r.id === change.rowId);
    if (rowChangeRefusal(at < 0 ? undefined : out[at], change) !== null) continue;
    if (change.action === "delete") out.splice(at, 1);
    else if (change.action === "create") out.push(withNewValues(blank(change), change));
    else out[at] = withNewValues(out[at], change);
  }
  return out;
}

/** An addition must give every field, so the row it makes is whole. */
export function isWholeAddition(change: RowChange): boolean {
  return CHANGEABLE_FIELDS.every((f) => change.fields.some((c) => c.field === f && c.new !== null));
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** The "Effective from" field's messages. */
export const EFFECTIVE_FROM_INVALID = "Enter the date and time as DD-MM-YYYY HH:MM (India time).";
export const EFFECTIVE_FROM_PAST = "Choose a time in the future, or leave it empty to apply the change now.";

/**
 * The "Effective from" field (a datetime-local input, read as India time): empty means now
 * (null); a time not after `now` is refused, so a scheduled change is always pending.
 */
export function parseEffectiveFrom(text: string | null | undefined, now: Date): Result<{ at: Date | null }, Invalid> {
  const value = (text ?? "").trim();
  if (value === "") return { ok: true, at: null };
  const m = LOCAL_DATE_TIME.exec(value);
  if (!m) return invalid(EFFECTIVE_FROM_INVALID);
  const [, y, mo, d, h, mi] = m.map(Number);
  const utc = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(utc);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59)
    return invalid(EFFECTIVE_FROM_INVALID);
  const at = fromIstWallClock(utc);
  if (at.getTime() <= now.getTime()) return invalid(EFFECTIVE_FROM_PAST);
  return { ok: true, at };
}

/** The "Effective from" field's name in every rate change form. */
export const EFFECTIVE_FROM = "effective_from";

/**
 * The optional "Effective from" field of every rate change form, for the forms' zod schemas:
 * empty → null (apply now), otherwise a future moment (read as India time, checked against the
 * clock of whoever validates: the browser, then the server).
 */
export const effectiveFromField = z
  .string()
  .max(40)
  .optional()
  .transform((text, ctx) => {
    const read = parseEffectiveFrom(text, new Date());
    if (!read.ok) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.message });
      return z.NEVER;
    }
    return read.at;
  });

/** The toast after a change was scheduled rather than applied. */
export function scheduledToast(effectiveAt: Date): string {
  return `Scheduled: the change takes effect on ${istDmyTime(effectiveAt)} (India time).`;
}

/** The value a datetime-local input shows for a moment, in India time ("2026-12-01T00:00"). */
export function istDateTimeInput(at: Date): string {
  return istWallClockOf(at).toISOString().slice(0, 16);
}

/** The rate card's "Cancel" of a pending change: which one (a form of hidden fields only). */
export const CANCEL_SCHEDULED_FORM_ID = "scheduled-cancel";
export const cancelScheduledSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const cancelScheduledValidator = withZod(cancelScheduledSchema);

/** One pending change as the rate card lists it. */
export type PendingChangeView = {
  id: number;
  kindLabel: string;
  /** "01-12-2026 00:00" (India time). */
  effectiveAtText: string;
  count: number;
  scheduledBy: string;
  scheduledAtText: string;
  /** The first lines of what it changes (changes.ts changeLines), and how many more. */
  lines: string[];
  more: number;
};

/** "3 changes take effect on 01-12-2026 00:00". */
export function pendingHeadline(count: number, effectiveAtText: string): string {
  return `${count} ${count === 1 ? "change takes" : "changes take"} effect on ${effectiveAtText}`;
}
