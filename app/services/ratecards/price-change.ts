/**
 * Change prices in bulk (decision 074): by a percent or by rupees, up or down, on chosen
 * couriers, zones, columns and shipment tabs of one card (a client's or a segment's). This
 * module is pure: it turns a card's rows and a request into a *plan* — the list of row
 * changes (row id, the row's version, field, old, new) — and says why a plan is refused.
 * One apply function (price-change.server.ts) writes a plan; a later feature may keep a plan
 * and apply it at a date with the same function.
 *
 * Rounding (decision 074, also printed on the form): amounts are integer paise (hundredths of
 * a percent for COD Percentage); a percent change multiplies exactly (BigInt) and rounds the
 * result to the paisa, half away from zero (₹10.005 → ₹10.01, −₹0.005 → −₹0.01), the rule of
 * core/money.ts and of PostgreSQL's round(numeric). A rupee change adds exactly.
 */
import {
  MAX_MONEY_PAISE,
  MAX_PERCENT_HUNDREDTHS,
  type RateField,
  type ShipmentType,
  type ZonePriceField,
} from "../core/rate-fields";
import { type Invalid, invalid, type Result } from "../core/result";
import { type Zone, ZONES } from "../core/zones";
import { type RowChange } from "./changes";
import {
  type CardRow,
  PER_COURIER_FIELDS,
  PRICE_TYPE_LABELS,
  RATE_FIELD_LABELS,
  type RateTab,
  TAB_OF_SHIPMENT_TYPE,
} from "./fields";
import { hundredthsToString, parseHundredths } from "./money";
import { ENTER_VALID_NUMBER } from "./row-form";

/** The columns a bulk change can touch, as the form offers them; base and add are per zone. */
export const PRICE_CHANGE_COLUMNS = ["base", "add", "cod_charge", "cod_percentage", "surcharge"] as const;
export type PriceChangeColumn = (typeof PRICE_CHANGE_COLUMNS)[number];

export const PRICE_CHANGE_COLUMN_LABELS: Record<PriceChangeColumn, string> = {
  base: "Zone Base",
  add: "Zone Additional",
  cod_charge: RATE_FIELD_LABELS.cod_charge,
  cod_percentage: RATE_FIELD_LABELS.cod_percentage,
  surcharge: RATE_FIELD_LABELS.surcharge,
};

/** The fields a bulk change can write (a subset of the row's prices). */
export type PriceChangeField = ZonePriceField | "cod_charge" | "cod_percentage" | "surcharge";

export const PRICE_CHANGE_BY = ["percent", "rupees"] as const;
export type PriceChangeBy = (typeof PRICE_CHANGE_BY)[number];

/** What a person asks for, already parsed (price-change-form.ts). */
export type PriceChangeRequest = {
  by: PriceChangeBy;
  /** Signed: hundredths of a percent (525 = 5.25 %) or paise (−250 = −₹2.50). Never 0. */
  amount: number;
  courierServiceIds: readonly number[];
  zones: readonly Zone[];
  columns: readonly PriceChangeColumn[];
  tabs: readonly RateTab[];
};

/** One value of one row, old → new: the unit of a plan. `version` is the row's when planned. */
export type PlannedChange = { rowId: number; version: number; field: PriceChangeField; old: string; new: string };

/** A bulk change ready to apply: every value it changes, in card order. */
export type PriceChangePlan = { changes: PlannedChange[] };

/** The stated rounding, word for word on the form and in decision 074. */
export const ROUNDING_NOTE =
  "A percent change is rounded to the paisa, half away from zero (₹10.005 becomes ₹10.01). A rupee change is exact.";

/** Percent changes larger than this are refused as typing mistakes (a 10× rise is +900 %). */
export const MAX_PERCENT_CHANGE_HUNDREDTHS = 100_000; // 1,000.00 %

/**
 * `value × numerator ÷ denominator`, rounded to a whole number half away from zero, exactly
 * (BigInt: paise up to 10^12 times a factor up to 10^5 would lose digits in a double).
 * The denominator is positive.
 */
export function scaleRounded(value: number, numerator: number, denominator: number): number {
  if (denominator <= 0) throw new RangeError("The denominator must be positive.");
  const product = BigInt(value) * BigInt(numerator);
  const d = BigInt(denominator);
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  let q = magnitude / d;
  if ((magnitude % d) * 2n >= d) q += 1n;
  const result = Number(negative ? -q : q);
  return result === 0 ? 0 : result;
}

/** A percent change of `hundredths` of a percent (525 = +5.25 %) applied to an amount in paise. */
export function changeByPercent(paise: number, percentHundredths: number): number {
  return scaleRounded(paise, 10_000 + percentHundredths, 10_000);
}

/** The new value of one field in paise (or hundredths of a percent), before the bounds check. */
export function changedValue(oldHundredths: number, request: Pick<PriceChangeRequest, "by" | "amount">): number {
  return request.by === "percent" ? changeByPercent(oldHundredths, request.amount) : oldHundredths + request.amount;
}

/** The fields of a row the request's columns and zones name. */
export function fieldsOf(columns: readonly PriceChangeColumn[], zones: readonly Zone[]): PriceChangeField[] {
  const out: PriceChangeField[] = [];
  for (const zone of ZONES) {
    if (!zones.includes(zone)) continue;
    const key = zone.toLowerCase() as Lowercase<Zone>;
    if (columns.includes("base")) out.push(`zone_${key}_base`);
    if (columns.includes("add")) out.push(`zone_${key}_add`);
  }
  for (const c of ["cod_charge", "cod_percentage", "surcharge"] as const) if (columns.includes(c)) out.push(c);
  return out;
}

const COURIER_TERMS: ReadonlySet<string> = new Set(PER_COURIER_FIELDS);

/**
 * Min COD Charge and COD Percentage are terms of the courier, equal on all its rows (the upload
 * rule, docs/product.md §5): a bulk change sets them on every row of a chosen courier, whatever
 * tabs are chosen, as a row edit carries them to the courier's other rows.
 */
export function isCourierTerm(field: PriceChangeField): boolean {
  return COURIER_TERMS.has(field);
}

/** A value the plan would write that the field does not accept: below zero or above its column's limit. */
export type OutOfBounds = {
  rowId: number;
  courier: string;
  shipment_type: ShipmentType;
  delivery_type: CardRow["delivery_type"];
  field: PriceChangeField;
  old: string;
  /** The would-be value, e.g. "-2.00". */
  new: string;
  /** The field's own message (the row form's: '* Enter valid number !'). */
  message: string;
};

export const BULK_OUT_OF_BOUNDS_MESSAGE =
  "Some new prices would be below zero or above their limit, so nothing was changed.";

export type PlanResult = Result<{ plan: PriceChangePlan }, Invalid<{ outOfBounds: OutOfBounds[] }>>;

function maxOf(field: PriceChangeField): number {
  return field === "cod_percentage" ? MAX_PERCENT_HUNDREDTHS : MAX_MONEY_PAISE;
}

/** Signed hundredths as two-decimal text: −250 → "-2.50". */
export function signedHundredthsText(h: number): string {
  return h < 0 ? `-${hundredthsToString(-h)}` : hundredthsToString(h);
}

/**
 * The plan of a bulk change over a card's rows: every value of the chosen couriers' rows (of the
 * chosen tabs; courier terms on every row) the request changes, old → new, leaving out values
 * it would not change (0 stays 0 by percent). Refused, with every offending value, when a
 * result is below zero or above the field's limit.
 */
export function planPriceChange(rows: readonly CardRow[], request: PriceChangeRequest): PlanResult {
  const couriers = new Set(request.courierServiceIds);
  const tabs = new Set(request.tabs);
  const fields = fieldsOf(request.columns, request.zones);
  const changes: PlannedChange[] = [];
  const outOfBounds: OutOfBounds[] = [];
  for (const row of rows) {
    if (!couriers.has(row.courier_service_id)) continue;
    const inTab = tabs.has(TAB_OF_SHIPMENT_TYPE[row.shipment_type]);
    for (const field of fields) {
      if (!inTab && !isCourierTerm(field)) continue;
      const old = parseHundredths(String(row[field]));
      if (old === null) continue; // a stored numeric is always two-decimal text; nothing to change otherwise
      const next = changedValue(old, request);
      if (next === old) continue;
      const oldText = hundredthsToString(old);
      if (next < 0 || next > maxOf(field)) {
        outOfBounds.push({
          rowId: row.id,
          courier: row.courier_name,
          shipment_type: row.shipment_type,
          delivery_type: row.delivery_type,
          field,
          old: oldText,
          new: signedHundredthsText(next),
          message: ENTER_VALID_NUMBER,
        });
        continue;
      }
      changes.push({ rowId: row.id, version: row.version, field, old: oldText, new: hundredthsToString(next) });
    }
  }
  return outOfBounds.length > 0
    ? invalid(BULK_OUT_OF_BOUNDS_MESSAGE, { outOfBounds })
    : { ok: true, plan: { changes } };
}

/** "Delhivery Surface 0.5kg · Forward (surface) · Zone A Base: 10.00 → -2.00 — * Enter valid number !" */
export function outOfBoundsLine(o: OutOfBounds): string {
  return `${o.courier} · ${PRICE_TYPE_LABELS[o.shipment_type]} (${o.delivery_type}) · ${RATE_FIELD_LABELS[o.field]}: ${o.old} → ${o.new} — ${o.message}`;
}

/** What the preview says about a plan: rows and values changed, and the largest change. */
export type PlanSummary = {
  rows: number;
  values: number;
  /** The change with the largest difference (first in card order on a tie), or null for an empty plan. */
  largest: (PlannedChange & { difference: string }) | null;
};

export function summarisePlan(plan: PriceChangePlan): PlanSummary {
  let largest: PlanSummary["largest"] = null;
  let largestSize = -1;
  for (const c of plan.changes) {
    const diff = parseHundredths(c.new)! - parseHundredths(c.old)!;
    if (Math.abs(diff) > largestSize) {
      largestSize = Math.abs(diff);
      largest = { ...c, difference: diff > 0 ? `+${hundredthsToString(diff)}` : signedHundredthsText(diff) };
    }
  }
  return { rows: new Set(plan.changes.map((c) => c.rowId)).size, values: plan.changes.length, largest };
}

/**
 * A plan's values grouped by row, in the shape every rate change is told in (changes.ts): the
 * preview's lines, the audit rows and the e-mail. `rows` gives each row's identity.
 */
export function planRowChanges(plan: PriceChangePlan, rows: ReadonlyMap<number, CardRow>): RowChange[] {
  const byRow = new Map<number, RowChange>();
  for (const c of plan.changes) {
    let change = byRow.get(c.rowId);
    if (!change) {
      const row = rows.get(c.rowId);
      if (!row) throw new Error(`Row ${c.rowId} of the plan is not on the card.`);
      change = {
        rowId: row.id,
        action: "update",
        courier_service_id: row.courier_service_id,
        courier: row.courier_name,
        shipment_type: row.shipment_type,
        delivery_type: row.delivery_type,
        fields: [],
      };
      byRow.set(c.rowId, change);
    }
    change.fields.push({ field: c.field as RateField, old: c.old, new: c.new });
  }
  return [...byRow.values()];
}
