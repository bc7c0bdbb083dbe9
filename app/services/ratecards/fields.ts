/**
 * The rate card screens' vocabulary (docs/product.md §3, §4, §9): tabs, labels, segment names,
 * slab options and the order of a card's rows. The words of a rate row itself (shipment and
 * delivery types, price fields) are core/rate-fields.ts. No I/O and no drizzle imports, so
 * the browser bundle can use it.
 */
import {
  DELIVERY_TYPES,
  type DeliveryType,
  RATE_FIELDS,
  type RateField,
  type RateRowPrices,
  type RateValues,
  type Segment,
  SHIPMENT_TYPES,
  type ShipmentType,
  ZONE_PRICE_LABELS,
} from "../core/rate-fields";

/** The rate card screen's tabs: Forward, Reverse, RTO (both RTO codes live under RTO). */
export const RATE_TABS = ["forward", "reverse", "rto"] as const;
export type RateTab = (typeof RATE_TABS)[number];

export const TAB_OF_SHIPMENT_TYPE: Record<ShipmentType, RateTab> = {
  FORWARD: "forward",
  REVERSE: "reverse",
  FORWARD_RTO: "rto",
  REVERSE_RTO: "rto",
};

/** What a person reads for a shipment type; also the CSV's "Price Type" cell (docs/product.md §3 "Forward, Reverse, Forward RTO"). */
export const PRICE_TYPE_LABELS: Record<ShipmentType, string> = {
  FORWARD: "Forward",
  REVERSE: "Reverse",
  FORWARD_RTO: "Forward RTO",
  REVERSE_RTO: "Reverse RTO",
};

export const TAB_LABELS: Record<RateTab, string> = { forward: "Forward", reverse: "Reverse", rto: "RTO" };
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = {
  express: "Express Shipping",
  surface: "Surface Shipping",
};

export const SEGMENT_NAMES: Record<Segment, string> = { 0: "Segment One", 1: "Segment Two", 2: "Segment Three" };

/** Weight slab options in kg (docs/product.md §9). */
export const WEIGHT_SLAB_OPTIONS = [0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 50, 100] as const;

/**
 * Upload rule (docs/product.md §5): these must be equal for a courier across price types. They are
 * per-courier terms, so an edit to one row's value is carried to the courier's other rows.
 */
export const PER_COURIER_FIELDS = [
  "cod_percentage",
  "cod_charge",
  "ndd_charge",
  "divisor",
] as const satisfies readonly RateField[];

export const RATE_FIELD_LABELS: Record<RateField, string> = {
  ...ZONE_PRICE_LABELS,
  cod_charge: "Min COD Charge",
  cod_percentage: "COD Percentage",
  surcharge: "Surcharge",
  ndd_charge: "NDD Charge",
  divisor: "Divisor",
};

/**
 * One rate row as the screens and the CSV see it: the row, its courier service's name and
 * whether the service is switched on for the client (always true on a segment card).
 * Numeric columns are exact decimal strings as PostgreSQL returns them ("32.00", "0.50").
 */
export type CardRow = {
  id: number;
  courier_service_id: number;
  courier_name: string;
  is_active: boolean;
  version: number;
} & RateRowPrices;

/** A row's prices as strings (divisor included), e.g. to compare or to fill a form. */
export function rateValuesOf(row: CardRow): RateValues {
  const out = {} as RateValues;
  for (const f of RATE_FIELDS) out[f] = String(row[f]);
  return out;
}

const SHIPMENT_ORDER = new Map(SHIPMENT_TYPES.map((t, i) => [t, i]));
const DELIVERY_ORDER = new Map(DELIVERY_TYPES.map((t, i) => [t, i]));

const courierCollator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

/** Courier names in a person's order ("Delhivery Surface 2kg" before "… 10kg"), ties broken exactly. */
export function compareCourierNames(a: string, b: string): number {
  return courierCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * The one order of a card's rows (CSV download, upload verification, uploaded-card view):
 * courier name, then Forward, Reverse, Forward RTO, Reverse RTO, then express before surface.
 * Keeping a courier's rows together makes the per-courier equality rule easy to follow.
 */
export function sortCardRows<T extends Pick<CardRow, "courier_name" | "shipment_type" | "delivery_type" | "id">>(
  rows: readonly T[],
): T[] {
  return [...rows].sort(
    (x, y) =>
      compareCourierNames(x.courier_name, y.courier_name) ||
      SHIPMENT_ORDER.get(x.shipment_type)! - SHIPMENT_ORDER.get(y.shipment_type)! ||
      DELIVERY_ORDER.get(x.delivery_type)! - DELIVERY_ORDER.get(y.delivery_type)! ||
      x.id - y.id,
  );
}
