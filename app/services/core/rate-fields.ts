/**
 * The words of a rate row (docs/product.md §3, §4, §9): shipment and delivery types, segments,
 * the price columns per zone and the limits of their numeric columns. Shared by the schema,
 * the seed, the quote engine, rate cards and advantage plans; labels and screen order are
 * the rate-card area's (ratecards/fields.ts).
 */
import type { ZoneKey } from "./zones";

/** Shipment type codes (docs/product.md §4). */
export const SHIPMENT_TYPES = ["FORWARD", "REVERSE", "FORWARD_RTO", "REVERSE_RTO"] as const;
export type ShipmentType = (typeof SHIPMENT_TYPES)[number];

export const DELIVERY_TYPES = ["express", "surface"] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];

/** Segments 0, 1, 2: the owners of the segment cards (docs/product.md §2, §9). */
export const SEGMENTS = [0, 1, 2] as const;
export type Segment = (typeof SEGMENTS)[number];

export function isSegment(value: unknown): value is Segment {
  return (SEGMENTS as readonly unknown[]).includes(value);
}

/** Per zone A–E, `_base` is the price up to the first slab and `_add` each further second slab. */
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
] as const satisfies readonly `zone_${ZoneKey}_${"base" | "add"}`[];
export type ZonePriceField = (typeof ZONE_PRICE_FIELDS)[number];

/** "Zone A Base", "Zone A Additional" … for each zone price field: the words every table and file uses. */
export const ZONE_PRICE_LABELS = Object.fromEntries(
  ZONE_PRICE_FIELDS.map((field) => {
    const [, key, part] = field.split("_");
    return [field, `Zone ${key.toUpperCase()} ${part === "base" ? "Base" : "Additional"}`];
  }),
) as Record<ZonePriceField, string>;

/** Every price a rate row carries, in table and CSV order. */
export const RATE_FIELDS = [
  ...ZONE_PRICE_FIELDS,
  "cod_charge",
  "cod_percentage",
  "surcharge",
  "ndd_charge",
  "divisor",
] as const;
export type RateField = (typeof RATE_FIELDS)[number];

/** Money fields (rupees, numeric(12,2)); cod_percentage is numeric(6,2); divisor a whole number. */
export const MONEY_FIELDS = [...ZONE_PRICE_FIELDS, "cod_charge", "surcharge", "ndd_charge"] as const;

/** Largest values the columns hold: numeric(12,2), numeric(6,2), integer. */
export const MAX_MONEY_PAISE = 999_999_999_999;
export const MAX_PERCENT_HUNDREDTHS = 10_000; // 100.00 %
export const MAX_DIVISOR = 1_000_000;

/** The values of a rate row as exact decimal strings ("32.00"); divisor as a whole number ("5000"). */
export type RateValues = Record<RateField, string>;

/**
 * The priced part of a rate row as PostgreSQL returns it: numeric columns as exact decimal
 * strings ("32.00", "0.50"), the divisor as a number. Every kind of rate row (client and
 * segment cards, plan cards, the seed's planned rows) carries these columns.
 */
export type RateRowPrices = {
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
  first_slab: string;
  second_slab: string;
} & Record<Exclude<RateField, "divisor">, string> & { divisor: number };
