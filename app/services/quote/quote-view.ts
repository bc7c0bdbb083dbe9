/**
 * A quote's rate list as the two readers see it: the shipment-calculator-v3 JSON (docs/product.md
 * §3 calculator result, with each courier's charged amount details of docs/product.md §3 / §9) and the
 * Rate Calculator's table rows (money formatted, the charged-amount formula spelt out).
 * Pure: no I/O, so every figure on either is decided here and in pricing.ts.
 */
import { formatInr, paiseToRupeesString } from "../core/money";
import { RULE_CODE_NAMES } from "../core/rule-codes";
import { ZONE_LABELS } from "../core/zones";
import type { QuoteResult, RateListEntry } from "./allocation";
import { overLimitSentences, type OverLimitService } from "./limits";
import { chargedAmountFormula, DEFAULT_VOLUMETRIC_DIVISOR } from "./pricing";

const rupees = paiseToRupeesString;

/** The courier and its badges, first in both readers' rows. */
function courierBadges(e: RateListEntry) {
  return {
    courier: e.courier,
    courier_id: e.courier_id,
    is_priority: e.is_priority,
    is_cheapest: e.is_cheapest,
    is_fastest: e.is_fastest,
  };
}

/**
 * One rate_list entry of the JSON result: the spec's fields, then the charged amount details
 * (money as two-decimal rupee strings, weights in kg), so that
 * delivered_charges = base_price_multiplier × base_price + additional_price_multiplier ×
 * additional_price + cod_charge + surcharge.
 */
export function rateListEntryJson(e: RateListEntry) {
  return {
    ...courierBadges(e),
    is_air: e.is_air,
    has_surface: e.has_surface,
    delivered_charges: rupees(e.delivered_charges),
    returned_charges: e.returned_charges === null ? null : rupees(e.returned_charges),
    edd_stamp: e.edd_stamp,
    zone: e.zone,
    dead_weight: e.dead_weight,
    volumetric_weight: e.volumetric_weight,
    divisor: e.divisor,
    chargeable_weight: e.chargeable_weight,
    base_weight: e.base_weight,
    additional_weight: e.additional_weight,
    base_price: rupees(e.base_price),
    additional_price: rupees(e.additional_price),
    base_price_multiplier: e.base_price_multiplier,
    additional_price_multiplier: e.additional_price_multiplier,
    freight: rupees(e.freight),
    cod_charge: rupees(e.cod_charge),
    surcharge: rupees(e.surcharge),
    rto_freight: e.rto_freight === null ? null : rupees(e.rto_freight),
  };
}

/** Engine weights are whole grams / 1000, so their shortest text is exact ("0.75", "1.234"). */
const kg = (kilograms: number) => `${kilograms} kg`;

function transportLabel(e: Pick<RateListEntry, "is_air" | "has_surface">): string {
  if (e.is_air && !e.has_surface) return "Air";
  return e.is_air ? "Air / Surface" : "Surface";
}

/**
 * One courier row of the Rate Calculator: badges, charges, and the lines of its "Charged
 * amount" disclosure. `ownWeight` is shown only when the courier's divisor differs from the
 * calculator's 5000 and so gives another chargeable weight than the top-level one.
 */
export function calculatorRow(e: RateListEntry, topChargeableGrams: number) {
  const ownWeight =
    e.divisor !== DEFAULT_VOLUMETRIC_DIVISOR && e.chargeable_weight_grams !== topChargeableGrams
      ? `${(e.chargeable_weight_grams / 1000).toFixed(2)} kg (divisor ${e.divisor})`
      : null;
  return {
    ...courierBadges(e),
    mode: transportLabel(e),
    own_weight: ownWeight,
    delivered: formatInr(e.delivered_charges),
    returned: e.returned_charges === null ? null : formatInr(e.returned_charges),
    edd_stamp: e.edd_stamp,
    charges: {
      weight: `Chargeable weight ${kg(e.chargeable_weight)}: the greater of dead ${kg(e.dead_weight)} and volumetric ${kg(e.volumetric_weight)} (L × B × H / ${e.divisor})`,
      slabs: `Zone ${e.zone} '${ZONE_LABELS[e.zone]}': base up to ${kg(e.base_weight)} at ${formatInr(e.base_price)}, every additional ${kg(e.additional_weight)} at ${formatInr(e.additional_price)}`,
      formula: chargedAmountFormula(e),
      returned:
        e.returned_charges === null || e.rto_freight === null
          ? null
          : `${formatInr(e.freight)} + ${formatInr(e.rto_freight)} + ${formatInr(e.surcharge)} = ${formatInr(e.returned_charges)}`,
    },
  };
}

export type CalculatorRow = ReturnType<typeof calculatorRow>;

type Place = { pincode: number | string; city: string; state: string };

/** The Rate Calculator's whole result: the headline figures, the lane, and one row per courier. */
export function calculatorQuoteView(q: QuoteResult & { pickup: Place; drop: Place }, reverse: boolean) {
  return {
    chargeable_weight: q.chargeable_weight,
    billing_zone: q.billing_zone,
    zone_label: ZONE_LABELS[q.billing_zone],
    rule_code: q.rule_code,
    rule_name: RULE_CODE_NAMES[q.rule_code],
    lane: `${q.pickup.pincode} ${q.pickup.city}, ${q.pickup.state} → ${q.drop.pincode} ${q.drop.city}, ${q.drop.state}`,
    reverse,
    rate_list: q.rate_list.map((e) => calculatorRow(e, q.chargeable_weight_grams)),
    /** Services left out for their package limits (decision 071), one sentence per limit, shown beneath the rates. */
    excluded: q.over_limits.map((s) => ({
      courier_id: s.courier_id,
      courier: s.courier,
      sentences: overLimitSentences([s]),
    })),
    explanation: q.explanation,
  };
}

export type CalculatorQuoteView = ReturnType<typeof calculatorQuoteView>;

/** The JSON calculator's `excluded` list: each service left out for its limits, with its sentences. */
export function excludedJson(services: readonly OverLimitService[]) {
  return services.map((s) => ({ courier: s.courier, courier_id: s.courier_id, reasons: overLimitSentences([s]) }));
}

/**
 * A quote for a later day beside today's (decision 075): each courier whose delivered price the
 * changes scheduled by then alter, "from 01-12: ₹…" with today's price beside it.
 */
export function scheduledPriceLines(
  now: Pick<CalculatorQuoteView, "rate_list">,
  then: Pick<CalculatorQuoteView, "rate_list">,
): { courier: string; now: string; then: string }[] {
  const today = new Map(now.rate_list.map((r) => [r.courier_id, r.delivered]));
  return then.rate_list.flatMap((r) => {
    const before = today.get(r.courier_id);
    return before !== undefined && before !== r.delivered
      ? [{ courier: r.courier, now: before, then: r.delivered }]
      : [];
  });
}
