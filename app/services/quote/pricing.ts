/**
 * Price of one shipment on one courier's rate row (spec part 1 §3, part 2 §9).
 *
 *   volumetric weight = L × B × H / divisor, in kg to 2 decimals (half-up)
 *   chargeable weight = max(dead weight, volumetric weight)
 *   freight           = zone base price
 *                       + ceil((chargeable − first slab) / second slab) × zone additional price
 *                         (only above the first slab)
 *   COD charge        = max(min COD charge, COD percentage % of the COD amount), COD orders only
 *   delivered charges = freight + COD charge + surcharge
 *   returned charges  = forward freight + RTO freight (same weight and zone, RTO row or else the
 *                       forward row) + surcharge; no COD is collected on a return.
 *                       Reverse shipments have none (shown as —).
 *
 * That is the spec's charged amount: base multiplier (1) × base price + additional multiplier
 * × additional price + COD charge + surcharge.
 *
 * Weights are integer grams and money integer paise. Slabs of 0.1 or 0.25 kg are not exact
 * in binary floats, so float division can push ceil() over a boundary (0.3 / 0.1 = 2.9999…);
 * in grams 300 / 100 is exactly 3.
 */
import { formatInr, parseScaledDecimal, percentOfPaise, roundHalfUpDivBig, rupeesToPaise, type Paise } from "./money";
import type { Zone } from "./zone";

/** Numeric columns arrive as text from numeric(12,2) or as numbers from seeds and forms. */
export type Decimalish = string | number;

export type ZonePrice = { base: Decimalish; additional: Decimalish };

/** One courier's rate row for a (shipment type, delivery type): slabs in kg, prices in rupees. */
export type RateRow = {
  first_slab: Decimalish;
  second_slab: Decimalish;
  zones: Readonly<Record<Zone, ZonePrice>>;
  /** Minimum COD charge (rupees). */
  cod_charge: Decimalish;
  /** Percent of the COD amount, e.g. "1.75". */
  cod_percentage: Decimalish;
  surcharge: Decimalish;
  /** Next-day delivery charge: shown on the rate card, not part of a standard quote. */
  ndd_charge?: Decimalish;
  /** Volumetric divisor (cm³ per kg), usually 5000. */
  divisor: Decimalish;
};

/** A rate row as the `rate_rows` table stores it: one base and one additional column per zone. */
export type RateRowColumns = {
  first_slab: Decimalish;
  second_slab: Decimalish;
  zone_a_base: Decimalish;
  zone_a_add: Decimalish;
  zone_b_base: Decimalish;
  zone_b_add: Decimalish;
  zone_c_base: Decimalish;
  zone_c_add: Decimalish;
  zone_d_base: Decimalish;
  zone_d_add: Decimalish;
  zone_e_base: Decimalish;
  zone_e_add: Decimalish;
  cod_charge: Decimalish;
  cod_percentage: Decimalish;
  surcharge: Decimalish;
  ndd_charge: Decimalish;
  divisor: Decimalish;
};

export function rateRowFromColumns(c: RateRowColumns): RateRow {
  return {
    first_slab: c.first_slab,
    second_slab: c.second_slab,
    zones: {
      A: { base: c.zone_a_base, additional: c.zone_a_add },
      B: { base: c.zone_b_base, additional: c.zone_b_add },
      C: { base: c.zone_c_base, additional: c.zone_c_add },
      D: { base: c.zone_d_base, additional: c.zone_d_add },
      E: { base: c.zone_e_base, additional: c.zone_e_add },
    },
    cod_charge: c.cod_charge,
    cod_percentage: c.cod_percentage,
    surcharge: c.surcharge,
    ndd_charge: c.ndd_charge,
    divisor: c.divisor,
  };
}

export type ShipmentForPricing = {
  shipment_type: "forward" | "reverse";
  /** Centimetres. */
  length: Decimalish;
  breadth: Decimalish;
  height: Decimalish;
  /** Dead weight in kg. */
  weight: Decimalish;
  payment_mode: "cod" | "prepaid";
  /** Rupees to collect on delivery; ignored for prepaid. */
  cod_amount?: Decimalish;
};

export type PriceBreakdown = {
  zone: Zone;
  divisor: number;
  dead_weight_grams: number;
  volumetric_weight_grams: number;
  chargeable_weight_grams: number;
  /** kg, for display: volumetric to 2 decimals, the others to the gram. */
  dead_weight: number;
  volumetric_weight: number;
  chargeable_weight: number;
  /** First and additional slab, kg. */
  base_weight: number;
  additional_weight: number;
  base_price: Paise;
  additional_price: Paise;
  base_price_multiplier: 1;
  additional_price_multiplier: number;
  freight: Paise;
  cod_charge: Paise;
  surcharge: Paise;
  delivered_charges: Paise;
  /** RTO leg alone; null for reverse shipments. */
  rto_freight: Paise | null;
  returned_charges: Paise | null;
};

/** Top-level calculator weight uses the common divisor (spec: chargeable_weight of the result). */
export const DEFAULT_VOLUMETRIC_DIVISOR = 5000;

const kgToGrams = (kg: Decimalish) => parseScaledDecimal(kg, 3);
const gramsToKg = (grams: number) => grams / 1000;

function nonNegative(name: string, value: number): number {
  if (value < 0) throw new RangeError(`${name} cannot be negative`);
  return value;
}

function positive(name: string, value: number): number {
  if (value <= 0) throw new RangeError(`${name} must be greater than 0`);
  return value;
}

/**
 * Volumetric weight in grams, already rounded half-up to 10 g (2 decimals of a kg).
 * Dimensions and divisor are taken to 2 decimals and multiplied as bigints, since
 * L × B × H in hundredths of a centimetre passes 2^53 for large cartons.
 */
export function volumetricWeightGrams(dims: { length: Decimalish; breadth: Decimalish; height: Decimalish }, divisor: Decimalish): number {
  const l = BigInt(nonNegative("Length", parseScaledDecimal(dims.length, 2)));
  const b = BigInt(nonNegative("Breadth", parseScaledDecimal(dims.breadth, 2)));
  const h = BigInt(nonNegative("Height", parseScaledDecimal(dims.height, 2)));
  const d = BigInt(positive("Divisor", parseScaledDecimal(divisor, 2)));
  // (l·b·h / 10^6) cm³ / (d / 100) cm³-per-kg = kg; × 100 for hundredths of a kg.
  const hundredthsOfKg = roundHalfUpDivBig(l * b * h, d * 100n);
  return Number(hundredthsOfKg) * 10;
}

/** max(dead, volumetric) in grams, with the given divisor. */
export function chargeableWeightGrams(
  shipment: Pick<ShipmentForPricing, "length" | "breadth" | "height" | "weight">,
  divisor: Decimalish = DEFAULT_VOLUMETRIC_DIVISOR,
): number {
  const dead = nonNegative("Weight", kgToGrams(shipment.weight));
  return Math.max(dead, volumetricWeightGrams(shipment, divisor));
}

type Freight = {
  base_price: Paise;
  additional_price: Paise;
  additional_price_multiplier: number;
  freight: Paise;
  first_slab_grams: number;
  second_slab_grams: number;
};

/** Freight of a chargeable weight (grams) on a rate row in a zone. */
export function freightFor(row: RateRow, zone: Zone, chargeableGrams: number): Freight {
  const first_slab_grams = nonNegative("First slab", kgToGrams(row.first_slab));
  const second_slab_grams = positive("Second slab", kgToGrams(row.second_slab));
  const price = row.zones[zone];
  if (!price) throw new RangeError(`Rate row has no prices for zone ${zone}`);
  const base_price = nonNegative(`Zone ${zone} base price`, rupeesToPaise(price.base));
  const additional_price = nonNegative(`Zone ${zone} additional price`, rupeesToPaise(price.additional));
  const above = chargeableGrams - first_slab_grams;
  const additional_price_multiplier = above > 0 ? Math.ceil(above / second_slab_grams) : 0;
  return {
    base_price,
    additional_price,
    additional_price_multiplier,
    freight: base_price + additional_price_multiplier * additional_price,
    first_slab_grams,
    second_slab_grams,
  };
}

/** max(minimum COD charge, percentage of the COD amount); 0 for prepaid. */
export function codChargeFor(row: RateRow, shipment: Pick<ShipmentForPricing, "payment_mode" | "cod_amount">): Paise {
  if (shipment.payment_mode !== "cod") return 0;
  const minimum = nonNegative("Min COD charge", rupeesToPaise(row.cod_charge));
  const amount = nonNegative("COD amount", rupeesToPaise(shipment.cod_amount ?? 0));
  const percentage = nonNegative("COD percentage", parseScaledDecimal(row.cod_percentage, 2));
  return Math.max(minimum, percentOfPaise(amount, { hundredths: percentage }));
}

/**
 * Prices a shipment on a rate row in a zone. `rtoRow` prices the return leg of a forward
 * shipment; without one the forward row's prices apply (the spec's "RTO is charged as
 * forward"). Throws RangeError on an unusable row (zero slab or divisor, negative price).
 */
export function priceShipment(input: {
  row: RateRow;
  rtoRow?: RateRow | null;
  shipment: ShipmentForPricing;
  zone: Zone;
}): PriceBreakdown {
  const { row, shipment, zone } = input;
  const divisorHundredths = positive("Divisor", parseScaledDecimal(row.divisor, 2));
  const dead_weight_grams = nonNegative("Weight", kgToGrams(shipment.weight));
  const volumetric_weight_grams = volumetricWeightGrams(shipment, row.divisor);
  const chargeable_weight_grams = Math.max(dead_weight_grams, volumetric_weight_grams);

  const forward = freightFor(row, zone, chargeable_weight_grams);
  const cod_charge = codChargeFor(row, shipment);
  const surcharge = nonNegative("Surcharge", rupeesToPaise(row.surcharge));
  const delivered_charges = forward.freight + cod_charge + surcharge;

  let rto_freight: Paise | null = null;
  let returned_charges: Paise | null = null;
  if (shipment.shipment_type === "forward") {
    rto_freight = freightFor(input.rtoRow ?? row, zone, chargeable_weight_grams).freight;
    returned_charges = forward.freight + rto_freight + surcharge;
  }

  return {
    zone,
    divisor: divisorHundredths / 100,
    dead_weight_grams,
    volumetric_weight_grams,
    chargeable_weight_grams,
    dead_weight: gramsToKg(dead_weight_grams),
    volumetric_weight: gramsToKg(volumetric_weight_grams),
    chargeable_weight: gramsToKg(chargeable_weight_grams),
    base_weight: gramsToKg(forward.first_slab_grams),
    additional_weight: gramsToKg(forward.second_slab_grams),
    base_price: forward.base_price,
    additional_price: forward.additional_price,
    base_price_multiplier: 1,
    additional_price_multiplier: forward.additional_price_multiplier,
    freight: forward.freight,
    cod_charge,
    surcharge,
    delivered_charges,
    rto_freight,
    returned_charges,
  };
}

/**
 * The spec's charged amount formula with this shipment's figures, for the Charged Amount
 * Details modal: "1 × ₹40.00 + 3 × ₹20.00 + ₹35.00 + ₹5.00 = ₹135.00"
 * (base multiplier × base price + additional multiplier × additional price + COD charge + surcharge).
 */
export function chargedAmountFormula(
  b: Pick<
    PriceBreakdown,
    "base_price_multiplier" | "base_price" | "additional_price_multiplier" | "additional_price" | "cod_charge" | "surcharge"
  >,
): string {
  const total = b.base_price_multiplier * b.base_price + b.additional_price_multiplier * b.additional_price + b.cod_charge + b.surcharge;
  return (
    `${b.base_price_multiplier} × ${formatInr(b.base_price)} + ` +
    `${b.additional_price_multiplier} × ${formatInr(b.additional_price)} + ` +
    `${formatInr(b.cod_charge)} + ${formatInr(b.surcharge)} = ${formatInr(total)}`
  );
}

