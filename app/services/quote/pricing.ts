/**
 * Price of one shipment on one courier's rate row (docs/product.md §3, §9).
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
import {
  formatInr,
  type Paise,
  parseScaledDecimal,
  percentOfPaise,
  roundHalfUpDivBig,
  rupeesToPaise,
} from "../core/money";
import type { Zone } from "../core/zones";

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
export function volumetricWeightGrams(
  dims: { length: Decimalish; breadth: Decimalish; height: Decimalish },
  divisor: Decimalish,
): number {
  return volumetricGramsOfHundredths(
    nonNegative("Length", parseScaledDecimal(dims.length, 2)),
    nonNegative("Breadth", parseScaledDecimal(dims.breadth, 2)),
    nonNegative("Height", parseScaledDecimal(dims.height, 2)),
    positive("Divisor", parseScaledDecimal(divisor, 2)),
  );
}

/** The same from dimensions and divisor already in hundredths. */
function volumetricGramsOfHundredths(l: number, b: number, h: number, d: number): number {
  // (l·b·h / 10^6) cm³ / (d / 100) cm³-per-kg = kg; × 100 for hundredths of a kg.
  const volume = l * b * h;
  const denominator = d * 100;
  if (Number.isSafeInteger(volume) && volume <= Number.MAX_SAFE_INTEGER / 2)
    return roundHalfUpDivSafe(volume, denominator) * 10;
  return Number(roundHalfUpDivBig(BigInt(l) * BigInt(b) * BigInt(h), BigInt(d) * 100n)) * 10;
}

/** n / d rounded half-up for non-negative safe integers, exact without BigInt. */
function roundHalfUpDivSafe(n: number, d: number): number {
  let q = Math.floor(n / d);
  let r = n - q * d;
  // The float quotient may be one off for large n; the remainder puts it right.
  if (r < 0) {
    q -= 1;
    r += d;
  } else if (r >= d) {
    q += 1;
    r -= d;
  }
  return r * 2 >= d ? q + 1 : q;
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

/** A rate row in integers (grams, paise, hundredths), or the reason it cannot price. */
type CompiledRow =
  | {
      first_slab_grams: number;
      second_slab_grams: number;
      zones: Partial<Record<Zone, { base: number; additional: number } | string>>;
      cod_charge: number | string;
      cod_percentage: number | string;
      surcharge: number | string;
      divisor: number | string;
    }
  | { error: string };

/**
 * Rate rows are read far more often than they change (a cached client card prices thousands
 * of quotes), so each row object is converted to integers once and remembered. Rows are
 * treated as immutable: callers build a new object for new prices.
 */
const compiledRows = new WeakMap<RateRow, CompiledRow>();

function attempt(f: () => number): number | string {
  try {
    return f();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

function compile(row: RateRow): CompiledRow {
  let compiled = compiledRows.get(row);
  if (compiled) return compiled;
  try {
    const zones: Partial<Record<Zone, { base: number; additional: number } | string>> = {};
    for (const zone of Object.keys(row.zones) as Zone[]) {
      const price = row.zones[zone];
      try {
        zones[zone] = {
          base: nonNegative(`Zone ${zone} base price`, rupeesToPaise(price.base)),
          additional: nonNegative(`Zone ${zone} additional price`, rupeesToPaise(price.additional)),
        };
      } catch (error) {
        zones[zone] = error instanceof Error ? error.message : String(error);
      }
    }
    compiled = {
      first_slab_grams: nonNegative("First slab", kgToGrams(row.first_slab)),
      second_slab_grams: positive("Second slab", kgToGrams(row.second_slab)),
      zones,
      cod_charge: attempt(() => nonNegative("Min COD charge", rupeesToPaise(row.cod_charge))),
      cod_percentage: attempt(() => nonNegative("COD percentage", parseScaledDecimal(row.cod_percentage, 2))),
      surcharge: attempt(() => nonNegative("Surcharge", rupeesToPaise(row.surcharge))),
      divisor: attempt(() => positive("Divisor", parseScaledDecimal(row.divisor, 2))),
    };
  } catch (error) {
    compiled = { error: error instanceof Error ? error.message : String(error) };
  }
  compiledRows.set(row, compiled);
  return compiled;
}

/** A compiled value, or the RangeError the text form would have thrown. */
function value(v: number | string | undefined, what: string): number {
  if (typeof v === "number") return v;
  throw new RangeError(v ?? what);
}

function compiledOk(row: RateRow) {
  const c = compile(row);
  if ("error" in c) throw new RangeError(c.error);
  return c;
}

/** Freight of a chargeable weight (grams) on a rate row in a zone. */
export function freightFor(row: RateRow, zone: Zone, chargeableGrams: number): Freight {
  const c = compiledOk(row);
  const { first_slab_grams, second_slab_grams } = c;
  const price = c.zones[zone];
  if (price === undefined) throw new RangeError(`Rate row has no prices for zone ${zone}`);
  if (typeof price === "string") throw new RangeError(price);
  const base_price = price.base;
  const additional_price = price.additional;
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
  const c = compiledOk(row);
  const minimum = value(c.cod_charge, "Min COD charge");
  const amount = nonNegative("COD amount", rupeesToPaise(shipment.cod_amount ?? 0));
  const percentage = value(c.cod_percentage, "COD percentage");
  const product = amount * percentage;
  // hundredths of a percent → a fraction of 10,000; exact in a double while the product is safe.
  const share = Number.isSafeInteger(product)
    ? roundHalfUpDivSafe(product, 10_000)
    : percentOfPaise(amount, { hundredths: percentage });
  return Math.max(minimum, share);
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
  const c = compiledOk(row);
  const divisorHundredths = value(c.divisor, "Divisor");
  const dead_weight_grams = nonNegative("Weight", kgToGrams(shipment.weight));
  const volumetric_weight_grams = volumetricGramsOfHundredths(
    nonNegative("Length", parseScaledDecimal(shipment.length, 2)),
    nonNegative("Breadth", parseScaledDecimal(shipment.breadth, 2)),
    nonNegative("Height", parseScaledDecimal(shipment.height, 2)),
    divisorHundredths,
  );
  const chargeable_weight_grams = Math.max(dead_weight_grams, volumetric_weight_grams);

  const forward = freightFor(row, zone, chargeable_weight_grams);
  const cod_charge = codChargeFor(row, shipment);
  const surcharge = value(c.surcharge, "Surcharge");
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
    | "base_price_multiplier"
    | "base_price"
    | "additional_price_multiplier"
    | "additional_price"
    | "cod_charge"
    | "surcharge"
  >,
): string {
  const total =
    b.base_price_multiplier * b.base_price +
    b.additional_price_multiplier * b.additional_price +
    b.cod_charge +
    b.surcharge;
  return (
    `${b.base_price_multiplier} × ${formatInr(b.base_price)} + ` +
    `${b.additional_price_multiplier} × ${formatInr(b.additional_price)} + ` +
    `${formatInr(b.cod_charge)} + ${formatInr(b.surcharge)} = ${formatInr(total)}`
  );
}
