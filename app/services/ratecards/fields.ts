/**
 * The vocabulary of rate cards (spec part 1 §3, §4, §9), shared by the schema, the seed, the
 * pure modules, the service and the screens. No I/O and no drizzle imports, so the browser
 * bundle can use it.
 */

/** Shipment type codes (spec §4). */
export const SHIPMENT_TYPES = ["FORWARD", "REVERSE", "FORWARD_RTO", "REVERSE_RTO"] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const DELIVERY_TYPES = ["express", "surface"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** The rate card screen's tabs: Forward, Reverse, RTO (both RTO codes live under RTO). */
export const RATE_TABS = ["forward", "reverse", "rto"] as const;
export type RateTab = (typeof RATE_TABS)[number];

export const TAB_OF_SHIPMENT_TYPE: Record<ShipmentType, RateTab> = {
  FORWARD: "forward",
  REVERSE: "reverse",
  FORWARD_RTO: "rto",
  REVERSE_RTO: "rto",
};

/** What a person reads for a shipment type; also the CSV's "Price Type" cell (spec §3 "Forward, Reverse, Forward RTO"). */
export const PRICE_TYPE_LABELS: Record<ShipmentType, string> = {
  FORWARD: "Forward",
  REVERSE: "Reverse",
  FORWARD_RTO: "Forward RTO",
  REVERSE_RTO: "Reverse RTO",
};

export const TAB_LABELS: Record<RateTab, string> = { forward: "Forward", reverse: "Reverse", rto: "RTO" };
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = { express: "Express Shipping", surface: "Surface Shipping" };

/** Segments 0, 1, 2 and their screen names (spec §2, §9). */
export const SEGMENTS = [0, 1, 2] as const;
export type Segment = (typeof SEGMENTS)[number];
export const SEGMENT_NAMES: Record<Segment, string> = { 0: "Segment One", 1: "Segment Two", 2: "Segment Three" };

export function isSegment(value: unknown): value is Segment {
  return value === 0 || value === 1 || value === 2;
}

/** Zones A–E with the rate table's column captions (spec §2; some views call E "Up Country"). */
export const ZONES = [
  { key: "a", name: "Zone A", label: "Intra City" },
  { key: "b", name: "Zone B", label: "Within Zone" },
  { key: "c", name: "Zone C", label: "Metros" },
  { key: "d", name: "Zone D", label: "ROI" },
  { key: "e", name: "Zone E", label: "ROI" },
] as const;
export type ZoneKey = (typeof ZONES)[number]["key"];

/** Weight slab options in kg (spec §9). */
export const WEIGHT_SLAB_OPTIONS = [0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 50, 100] as const;

export const ZONE_PRICE_FIELDS = [
  "zone_a_base",
  "zone_a_add",
  "zone_b_base",
  "zone_b_add",
  "zone_c_base",
  "zone_c_add",
  "zone_d_base",
  "zone_d_add",
  "zone_e_base",
  "zone_e_add",
] as const;

/** Every price a rate row carries, in table and CSV order. */
export const RATE_FIELDS = [...ZONE_PRICE_FIELDS, "cod_charge", "cod_percentage", "surcharge", "ndd_charge", "divisor"] as const;
export type RateField = (typeof RATE_FIELDS)[number];

/** Money fields (rupees, numeric(12,2)); cod_percentage is numeric(6,2); divisor a whole number. */
export const MONEY_FIELDS = [...ZONE_PRICE_FIELDS, "cod_charge", "surcharge", "ndd_charge"] as const;

/**
 * Upload rule (spec §5): these must be equal for a courier across price types. They are
 * per-courier terms, so an edit to one row's value is carried to the courier's other rows.
 */
export const PER_COURIER_FIELDS = ["cod_percentage", "cod_charge", "ndd_charge", "divisor"] as const satisfies readonly RateField[];

export const RATE_FIELD_LABELS: Record<RateField, string> = {
  zone_a_base: "Zone A Base",
  zone_a_add: "Zone A Additional",
  zone_b_base: "Zone B Base",
  zone_b_add: "Zone B Additional",
  zone_c_base: "Zone C Base",
  zone_c_add: "Zone C Additional",
  zone_d_base: "Zone D Base",
  zone_d_add: "Zone D Additional",
  zone_e_base: "Zone E Base",
  zone_e_add: "Zone E Additional",
  cod_charge: "Min COD Charge",
  cod_percentage: "COD Percentage",
  surcharge: "Surcharge",
  ndd_charge: "NDD Charge",
  divisor: "Divisor",
};

/** Largest values the columns hold: numeric(12,2), numeric(6,2), integer. */
export const MAX_MONEY_PAISE = 999_999_999_999;
export const MAX_PERCENT_HUNDREDTHS = 10_000; // 100.00 %
export const MAX_DIVISOR = 1_000_000;

/** The values of a rate row as exact decimal strings ("32.00"); divisor as a whole number ("5000"). */
export type RateValues = Record<RateField, string>;

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
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
  first_slab: string;
  second_slab: string;
  zone_a_base: string;
  zone_a_add: string;
  zone_b_base: string;
  zone_b_add: string;
  zone_c_base: string;
  zone_c_add: string;
  zone_d_base: string;
  zone_d_add: string;
  zone_e_base: string;
  zone_e_add: string;
  cod_charge: string;
  cod_percentage: string;
  surcharge: string;
  ndd_charge: string;
  divisor: number;
  version: number;
};

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
export function sortCardRows<T extends Pick<CardRow, "courier_name" | "shipment_type" | "delivery_type" | "id">>(rows: readonly T[]): T[] {
  return [...rows].sort(
    (x, y) =>
      compareCourierNames(x.courier_name, y.courier_name) ||
      SHIPMENT_ORDER.get(x.shipment_type)! - SHIPMENT_ORDER.get(y.shipment_type)! ||
      DELIVERY_ORDER.get(x.delivery_type)! - DELIVERY_ORDER.get(y.delivery_type)! ||
      x.id - y.id,
  );
}
