/**
 * What the "Change prices" dialog shows (decision 074), for a client's card and a segment card
 * alike: the form's values read from the URL (the first step is a GET form, so the preview is
 * a link that works without JavaScript), its field errors, and — with `step=preview` — every
 * affected row old → new, the counts and the largest change, with the digest Apply carries.
 */
import type { Db } from "../db/client.server";
import { CHANGED_FIELD_LABELS, type FieldChange, type RowChange, showFieldValue } from "./changes";
import { PRICE_TYPE_LABELS } from "./fields";
import type { PlannedChange } from "./price-change";
import { previewPriceChange, priceChangeCard, type PriceChangeCardRef } from "./price-change.server";
import { priceChangeParams, priceChangeRequest, priceChangeValidator } from "./price-change-form";
import type { RateCardActor } from "./scope.server";

export type PriceChangeValues = {
  by: string;
  sign: string;
  amount: string;
  courier: number[];
  zone: string[];
  column: string[];
  shipment: string[];
};

export type PreviewRow = {
  rowId: number;
  courier: string;
  priceType: string;
  fields: { field: string; old: string; new: string }[];
};

export type PriceChangeDialogData = {
  couriers: { id: number; name: string; active: boolean }[];
  values: PriceChangeValues;
  fieldErrors: Record<string, string> | null;
  preview: {
    rows: PreviewRow[];
    rowCount: number;
    valueCount: number;
    largest: { courier: string; priceType: string; field: string; old: string; new: string; difference: string } | null;
    token: string;
    /** The form's values as hidden inputs of Apply and the Back link's query. */
    params: [string, string][];
  } | null;
  /** A refusal of the preview itself (a result out of bounds): the sentence and, line by line, why. */
  previewError: { message: string; lines: string[] } | null;
};

const DEFAULTS: Omit<PriceChangeValues, "courier"> = {
  by: "percent",
  sign: "up",
  amount: "",
  zone: ["A", "B", "C", "D", "E"],
  column: ["base", "add"],
  shipment: ["forward", "rto"],
};

function rawValues(params: URLSearchParams): PriceChangeValues {
  return {
    by: params.get("by") ?? DEFAULTS.by,
    sign: params.get("sign") ?? DEFAULTS.sign,
    amount: (params.get("amount") ?? "").slice(0, 100),
    courier: params.getAll("courier").map(Number).filter(Number.isSafeInteger),
    zone: params.getAll("zone"),
    column: params.getAll("column"),
    shipment: params.getAll("shipment"),
  };
}

function fieldLines(change: RowChange): PreviewRow["fields"] {
  return change.fields.map((f: FieldChange) => ({
    field: CHANGED_FIELD_LABELS[f.field],
    old: showFieldValue(f.field, f.old),
    new: showFieldValue(f.field, f.new),
  }));
}

/** The dialog's data for the card `ref`, or null when there is no such card for this person. */
export async function priceChangeDialog(
  db: Db,
  actor: RateCardActor,
  ref: PriceChangeCardRef,
  params: URLSearchParams,
): Promise<PriceChangeDialogData | null> {
  const card = await priceChangeCard(db, actor, ref);
  if (!card) return null;
  const seen = new Map<number, { id: number; name: string; active: boolean }>();
  for (const r of await card.rows(db))
    if (!seen.has(r.courier_service_id))
      seen.set(r.courier_service_id, { id: r.courier_service_id, name: r.courier_name, active: r.is_active });
  const couriers = [...seen.values()];

  const submitted = params.get("step") === "preview";
  if (!submitted) {
    // The preview's Back link carries the values without `step`: the form shows them again.
    return {
      couriers,
      values: params.has("amount") ? rawValues(params) : { ...DEFAULTS, courier: couriers.map((c) => c.id) },
      fieldErrors: null,
      preview: null,
      previewError: null,
    };
  }
  const values = rawValues(params);
  const form = new FormData();
  for (const [k, v] of params) form.append(k, v);
  const read = await priceChangeValidator.validate(form);
  if (read.error) return { couriers, values, fieldErrors: read.error.fieldErrors, preview: null, previewError: null };

  const result = await previewPriceChange(db, actor, ref, priceChangeRequest(read.data));
  if (!result.ok) {
    const why = "fieldErrors" in result && result.fieldErrors?.amount ? result.fieldErrors.amount.split("\n") : [];
    return {
      couriers,
      values,
      fieldErrors: null,
      preview: null,
      previewError: { message: result.message, lines: why },
    };
  }
  const rows = result.rows.map((c) => ({
    rowId: c.rowId,
    courier: c.courier,
    priceType: `${PRICE_TYPE_LABELS[c.shipment_type]} (${c.delivery_type})`,
    fields: fieldLines(c),
  }));
  const largest = result.summary.largest;
  const rowOf = (l: PlannedChange) => result.rows.find((r) => r.rowId === l.rowId)!;
  return {
    couriers,
    values,
    fieldErrors: null,
    previewError: null,
    preview: {
      rows,
      rowCount: result.summary.rows,
      valueCount: result.summary.values,
      largest: largest
        ? {
            courier: rowOf(largest).courier,
            priceType: `${PRICE_TYPE_LABELS[rowOf(largest).shipment_type]} (${rowOf(largest).delivery_type})`,
            field: CHANGED_FIELD_LABELS[largest.field],
            old: showFieldValue(largest.field, largest.old),
            new: showFieldValue(largest.field, largest.new),
            difference: largest.difference,
          }
        : null,
      token: result.token,
      params: priceChangeParams(read.data),
    },
  };
}
