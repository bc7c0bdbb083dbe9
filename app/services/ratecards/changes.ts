/**
 * Old → new for rate rows, in one shape for every change (row edit, weight slab, upload,
 * segment, RTO from forward): the confirmation preview, the e-mail summary and the service's
 * audit rows all read it. Pure; safe in the browser.
 */
import { type DeliveryType, RATE_FIELDS, type RateField, type ShipmentType } from "../core/rate-fields";
import { type CardRow, PRICE_TYPE_LABELS, RATE_FIELD_LABELS } from "./fields";
import { formatKg, formatTwoDecimals } from "./money";

export type ChangedField = RateField | "first_slab" | "second_slab";

/** One field of one row, old → new (null when the row is created or deleted). */
export type FieldChange = { field: ChangedField; old: string | null; new: string | null };

/** What happened to one rate row. */
export type RowChange = {
  rowId: number;
  action: "update" | "create" | "delete";
  courier_service_id: number;
  courier: string;
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
  fields: FieldChange[];
};

export const SLAB_FIELDS = ["first_slab", "second_slab"] as const;
export const CHANGEABLE_FIELDS: readonly ChangedField[] = [...SLAB_FIELDS, ...RATE_FIELDS];

export const CHANGED_FIELD_LABELS: Record<ChangedField, string> = {
  ...RATE_FIELD_LABELS,
  first_slab: "Base Weight",
  second_slab: "Additional Weight",
};

/** A row's value as exact text: money and slabs "32.00" / "0.50", divisor "5000". */
export function fieldText(row: Pick<CardRow, ChangedField>, field: ChangedField): string {
  return field === "divisor" ? String(row.divisor) : formatTwoDecimals(row[field]);
}

/**
 * The fields whose value differs between a row and proposed values (normalised texts, as
 * the row form and the CSV reader produce). Fields absent from `next` are not compared.
 */
export function diffRow(row: Pick<CardRow, ChangedField>, next: Partial<Record<ChangedField, string>>): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of CHANGEABLE_FIELDS) {
    const value = next[field];
    if (value === undefined) continue;
    const old = fieldText(row, field);
    if (old !== value) out.push({ field, old, new: value });
  }
  return out;
}

/** A changed value as people read it: slabs in KG, COD percent with %, prices with two decimals, "—" for none. */
export function showFieldValue(field: ChangedField, value: string | null): string {
  if (value === null) return "—";
  if (field === "first_slab" || field === "second_slab") return `${formatKg(value)} KG`;
  if (field === "divisor") return value;
  if (field === "cod_percentage") return `${formatTwoDecimals(value)} %`;
  return formatTwoDecimals(value);
}

/**
 * Plain-text lines for a summary (e-mail, toast details), e.g.
 * "Delhivery Surface 0.5kg · Forward (surface) · Zone A Base: 30.00 → 29.50".
 */
export function changeLines(changes: readonly RowChange[]): string[] {
  return changes.flatMap((c) => {
    const head = `${c.courier} · ${PRICE_TYPE_LABELS[c.shipment_type]} (${c.delivery_type})`;
    if (c.action === "create") return [`${head} · added`];
    if (c.action === "delete") return [`${head} · removed`];
    return c.fields.map(
      (f) =>
        `${head} · ${CHANGED_FIELD_LABELS[f.field]}: ${showFieldValue(f.field, f.old)} → ${showFieldValue(f.field, f.new)}`,
    );
  });
}
