/**
 * Courier quote and allocation: which of a client's couriers can carry a shipment, what each
 * costs and when it arrives, and which one the client's rule picks.
 *
 * 1. Eligibility. A courier is quoted only if it is active for the client, has a rate row for
 *    the shipment type and delivery type, picks up at the pickup pincode (reverse pickup for
 *    reverse shipments), delivers to the drop pincode with the payment mode (COD or prepaid;
 *    reverse needs last-mile only), has surface service for heavy surface, and carries
 *    dangerous goods / multi-package / documents when the shipment has them. Every skipped
 *    courier keeps its reasons for the explanation.
 *    A courier that could take it but whose package limits it exceeds (dead weight, chargeable
 *    weight at the courier's own divisor, longest side; limits.ts, decision 071) is left out
 *    too, listed in `over_limits` with one sentence per limit, and never allocated.
 * 2. Each eligible courier is priced (pricing.ts) and dated (delivery-date.ts). The list is
 *    ordered by delivered charges, then delivery date, then name, so its first row is the
 *    cheapest; the fastest is the earliest date, ties by price then name.
 * 3. Selection by the client's rule_code:
 *    '3' cheapest · '4' fastest
 *    '0' custom: the first custom rule for this service type, zone and order type; its
 *        couriers by priority 1 → 5, first eligible wins; otherwise the cheapest.
 *    '5' pickrr_select: active rules from the highest priority number down; the first whose
 *        every present criterion matches decides (cheapest, fastest, or its priority list),
 *        never choosing a courier it blacklists; a matching rule that blacklists every
 *        eligible courier does not decide (the next rule is tried); no rule decides → the
 *        cheapest. An 'advantage' rule (standard '_0', promise '_85') chooses the cheapest
 *        courier whose turnaround keeps the advantage plan's promise for the zone (2/3/4/5/8
 *        days for A–E, docs/product.md §9); when none does, the fastest (the least late).
 * Rule and blacklist entries name a courier service ("Delhivery Surface 0.5kg") or its
 * parent courier ("Delhivery"); names compare case- and spacing-insensitively.
 */
import { formatInr, parseScaledDecimal, rupeesToPaise } from "../core/money";
import { RULE_CODES, type RuleCode } from "../core/rule-codes";
import { type DeliveryMode, transportModeFor } from "../core/transport";
import { type Zone, ZONE_LABELS, ZONE_TAT_DAYS } from "../core/zones";
import {
  ADVANTAGE_PROMISE,
  ADVANTAGE_STANDARD,
  type CustomRule,
  type OrderType,
  type PriorityEntry,
  type SelectRule,
  type SelectRuleCriterias,
  type ServiceType,
} from "../rules/rules";
import { estimateDelivery } from "./delivery-date";
import { type CompiledLimits, limitBreaches, type OverLimitService } from "./limits";
import {
  chargeableWeightGrams,
  type Decimalish,
  DEFAULT_VOLUMETRIC_DIVISOR,
  type PriceBreakdown,
  priceShipment,
  type RateRow,
  type ShipmentForPricing,
} from "./pricing";
import { nameKey, type PincodeInfo, zoneOf } from "./zone";

export const NO_COURIER_MESSAGE = "There is no courier matching your search criteria";

export type RuleConfig = {
  rule_code: RuleCode;
  customRules: CustomRule[];
  selectRules: SelectRule[];
};

export type CourierCandidate = {
  /** The internal courier (service) id. */
  courier_id: number;
  name: string;
  /** The courier brand, which rules and blacklists may name instead of the service. */
  parent_name?: string;
  is_active_for_client: boolean;
  has_surface: boolean;
  is_air: boolean;
  supports_dg: boolean;
  supports_mps: boolean;
  supports_doc: boolean;
  /** Null when the courier does not serve the pincode at all. */
  pickup_serviceability: { fm_pickup: boolean; reverse_pickup: boolean } | null;
  drop_serviceability: { lm_delivery: boolean; cod: boolean; prepaid: boolean } | null;
  /** The row for the requested shipment type and delivery type. */
  rateRow: RateRow | null;
  /** Return-to-origin row; the forward row prices the return when absent. */
  rtoRow: RateRow | null;
  /** Whole days added to (or taken from) the zone turnaround. */
  tatAdjustDays?: number;
  /** The service's package limits; none means no limit is checked. */
  limits?: CompiledLimits | null;
};

export type QuoteShipment = ShipmentForPricing & {
  delivery_mode: DeliveryMode;
  has_dg: boolean;
  is_mps: boolean;
  is_doc: boolean;
  /** For Pickrr Select product criteria. */
  product_names?: string[];
  /** Rupees, for Pickrr Select invoice criteria. */
  invoice_value?: Decimalish;
};

export type QuoteInput = {
  candidates: readonly CourierCandidate[];
  shipment: QuoteShipment;
  pickup: PincodeInfo;
  drop: PincodeInfo;
  now: Date;
  rules: RuleConfig;
  /** The client's Pickrr Configuration flag surface_only: only services that go by road are quoted, and they go by road. */
  surfaceOnly?: boolean;
};

export type RateListEntry = PriceBreakdown & {
  courier: string;
  courier_id: number;
  is_priority: boolean;
  is_cheapest: boolean;
  is_fastest: boolean;
  is_air: boolean;
  has_surface: boolean;
  pickup_date: string;
  tat_days: number;
  edd_stamp: string;
};

export type SkippedCourier = { courier_id: number; courier: string; reasons: string[] };

export type QuoteResult = {
  /** kg at the common divisor 5000; each rate entry carries its own courier's. */
  chargeable_weight: number;
  chargeable_weight_grams: number;
  billing_zone: Zone;
  rule_code: RuleCode;
  rate_list: RateListEntry[];
  skipped: SkippedCourier[];
  /** Couriers that could take the shipment but for their package limits (also in `skipped`). */
  over_limits: OverLimitService[];
  selected_courier_id: number | null;
  explanation: string[];
};

/**
 * The calculator rule "choosing reverse forces express, prepaid and COD value 0"
 * (docs/product.md §4). Forward input comes back unchanged.
 */
export function normaliseCalculatorInput<
  T extends {
    shipment_type: "forward" | "reverse";
    delivery_mode: DeliveryMode;
    payment_mode: "cod" | "prepaid";
    cod_amount?: Decimalish;
  },
>(input: T): T {
  if (input.shipment_type !== "reverse") return input;
  return { ...input, delivery_mode: "express", payment_mode: "prepaid", cod_amount: 0 };
}

export function serviceTypeOf(delivery_mode: DeliveryMode): ServiceType {
  return delivery_mode === "heavy_surface" ? "surface" : "express";
}

export function orderTypeOf(shipment: Pick<QuoteShipment, "shipment_type" | "payment_mode">): OrderType {
  return shipment.shipment_type === "reverse" ? "reverse" : shipment.payment_mode;
}

/** Why a courier cannot take this shipment; empty when it can (the rate card is checked by pricing). */
export function ineligibilityReasons(
  c: CourierCandidate,
  shipment: QuoteShipment,
  pickup: PincodeInfo,
  drop: PincodeInfo,
): string[] {
  const reasons: string[] = [];
  if (!c.is_active_for_client) reasons.push("not active for this client");
  if (shipment.delivery_mode === "heavy_surface" && !c.has_surface)
    reasons.push("no surface service for heavy surface shipments");
  if (shipment.has_dg && !c.supports_dg) reasons.push("does not carry dangerous goods");
  if (shipment.is_mps && !c.supports_mps) reasons.push("does not take multi-package shipments");
  if (shipment.is_doc && !c.supports_doc) reasons.push("does not carry documents");

  const atPickup = c.pickup_serviceability;
  const atDrop = c.drop_serviceability;
  if (shipment.shipment_type === "reverse") {
    if (!atPickup?.reverse_pickup) reasons.push(`no reverse pickup at ${pickup.pincode}`);
  } else if (!atPickup?.fm_pickup) {
    reasons.push(`no pickup at ${pickup.pincode}`);
  }
  if (!atDrop?.lm_delivery) {
    reasons.push(`does not deliver to ${drop.pincode}`);
  } else if (shipment.shipment_type === "forward") {
    if (shipment.payment_mode === "cod" && !atDrop.cod) reasons.push(`no COD at ${drop.pincode}`);
    if (shipment.payment_mode === "prepaid" && !atDrop.prepaid) reasons.push(`no prepaid delivery at ${drop.pincode}`);
  }
  if (!c.rateRow) reasons.push(`no ${shipment.shipment_type} ${serviceTypeOf(shipment.delivery_mode)} rate card`);
  return reasons;
}

const collator = new Intl.Collator("en");

/** Price, then delivery date, then name: the list order, whose head is the cheapest. */
function byPrice(a: RateListEntry, b: RateListEntry): number {
  return (
    a.delivered_charges - b.delivered_charges ||
    compareText(a.edd_stamp, b.edd_stamp) ||
    collator.compare(a.courier, b.courier) ||
    a.courier_id - b.courier_id
  );
}

/** Delivery date, then price, then name. */
function bySpeed(a: RateListEntry, b: RateListEntry): number {
  return (
    compareText(a.edd_stamp, b.edd_stamp) ||
    a.delivered_charges - b.delivered_charges ||
    collator.compare(a.courier, b.courier) ||
    a.courier_id - b.courier_id
  );
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function first<T>(items: readonly T[], compare: (a: T, b: T) => number): T | null {
  let best: T | null = null;
  for (const item of items) if (best === null || compare(item, best) < 0) best = item;
  return best;
}

type Named = { name: string; parent_name?: string };

function namedBy(listName: string, c: Named): boolean {
  const key = nameKey(listName);
  return nameKey(c.name) === key || (c.parent_name !== undefined && nameKey(c.parent_name) === key);
}

/** The facts of a shipment that rule criteria test. */
export type CriteriaContext = {
  shipment: QuoteShipment;
  pickup: PincodeInfo;
  drop: PincodeInfo;
  zone: Zone;
  serviceType: ServiceType;
  orderType: OrderType;
  /** Chargeable weight at the common divisor. */
  weightGrams: number;
};

type SelectionContext = CriteriaContext & {
  rateList: RateListEntry[];
  candidates: readonly CourierCandidate[];
  skipped: SkippedCourier[];
};

type Selection = { chosen: RateListEntry | null; lines: string[] };

const summary = (e: RateListEntry) => `${e.courier} (${formatInr(e.delivered_charges)}, delivery by ${e.edd_stamp})`;

function cheapestSelection(pool: RateListEntry[], lead: string): Selection {
  const chosen = first(pool, byPrice);
  return { chosen, lines: chosen ? [`${lead}: chose the cheapest, ${summary(chosen)}.`] : [] };
}

function fastestSelection(pool: RateListEntry[], lead: string): Selection {
  const chosen = first(pool, bySpeed);
  return { chosen, lines: chosen ? [`${lead}: chose the fastest, ${summary(chosen)}.`] : [] };
}

/**
 * Walks a priority list (ascending priority value) and returns the first entry that names an
 * eligible, allowed courier; a name matching several services takes the cheapest of them.
 */
function walkPriorityList(
  entries: readonly PriorityEntry[],
  pool: RateListEntry[],
  ctx: SelectionContext,
  isBlocked: (c: Named) => boolean,
): Selection {
  const lines: string[] = [];
  const ordered = [...entries].sort((a, b) => a.priority - b.priority);
  for (const entry of ordered) {
    const matches = pool.filter((e) => namedBy(entry.name, candidateOf(ctx, e)));
    const chosen = first(matches, byPrice);
    if (chosen) {
      lines.push(`Priority ${entry.priority}: ${summary(chosen)} chosen.`);
      return { chosen, lines };
    }
    lines.push(
      `Priority ${entry.priority}: ${entry.name} passed over (${whyUnavailable(entry.name, ctx, isBlocked)}).`,
    );
  }
  return { chosen: null, lines };
}

function candidateOf(ctx: SelectionContext, e: RateListEntry): Named {
  return ctx.candidates.find((c) => c.courier_id === e.courier_id) ?? { name: e.courier };
}

function whyUnavailable(name: string, ctx: SelectionContext, isBlocked: (c: Named) => boolean): string {
  const named = ctx.candidates.filter((c) => namedBy(name, c));
  if (named.length === 0) return "not one of the client's couriers";
  if (named.some(isBlocked)) return "blacklisted by this rule";
  const reasons = ctx.skipped.filter((s) => named.some((c) => c.courier_id === s.courier_id)).flatMap((s) => s.reasons);
  return reasons.length > 0 ? [...new Set(reasons)].join("; ") : "not eligible";
}

function selectCustom(rules: readonly CustomRule[], ctx: SelectionContext): Selection {
  const lane = `${ctx.serviceType}, zone ${ctx.zone}, ${ctx.orderType}`;
  const rule = rules.find(
    (r) => r.service_type === ctx.serviceType && r.zone_list.includes(ctx.zone) && r.order_type.includes(ctx.orderType),
  );
  if (!rule)
    return cheapestSelection(ctx.rateList, `Custom priority (0): no custom rule for ${lane}, so cheapest applies`);
  const slots = [...rule.courier_list].sort((a, b) => a.priority - b.priority).slice(0, 5);
  const walked = walkPriorityList(slots, ctx.rateList, ctx, () => false);
  const lines = [`Custom priority (0): rule for ${lane} matched.`, ...walked.lines];
  if (walked.chosen) return { chosen: walked.chosen, lines };
  const fallback = cheapestSelection(ctx.rateList, "No courier of the rule is eligible, so cheapest applies");
  return { chosen: fallback.chosen, lines: [...lines, ...fallback.lines] };
}

/** The first criterion the shipment fails, as a sentence; null when all present ones match. */
export function unmetCriterion(criterias: SelectRuleCriterias, ctx: CriteriaContext): string | null {
  const { order_type, service_type, product_list, pincode_list, weight, invoice_value, zone_list, lane_list } =
    criterias;
  const listed = (items: readonly unknown[]) => items.join(", ");

  if (order_type?.list.length && !order_type.list.includes(ctx.orderType)) {
    return `order type ${ctx.orderType} is not in ${listed(order_type.list)}`;
  }
  if (service_type?.list.length && !service_type.list.includes(ctx.serviceType)) {
    return `service type ${ctx.serviceType} is not in ${listed(service_type.list)}`;
  }
  if (product_list?.list.length) {
    const wanted = new Set(product_list.list.map(nameKey));
    if (!(ctx.shipment.product_names ?? []).some((p) => wanted.has(nameKey(p))))
      return "no product of the shipment is in the product list";
  }
  if (pincode_list?.fm?.length && !pincode_list.fm.some((p) => p.trim() === String(ctx.pickup.pincode))) {
    return `pickup pincode ${ctx.pickup.pincode} is not in the pickup pincode list`;
  }
  if (pincode_list?.lm?.length && !pincode_list.lm.some((p) => p.trim() === String(ctx.drop.pincode))) {
    return `destination pincode ${ctx.drop.pincode} is not in the destination pincode list`;
  }
  if (weight?.list.length) {
    const inRange = weight.list.some(
      (r) => parseScaledDecimal(r.min, 3) <= ctx.weightGrams && ctx.weightGrams <= parseScaledDecimal(r.max, 3),
    );
    if (!inRange)
      return `weight ${ctx.weightGrams / 1000} kg is outside ${listed(weight.list.map((r) => `${r.min}–${r.max} kg`))}`;
  }
  if (invoice_value?.list.length) {
    if (ctx.shipment.invoice_value === undefined) return "the shipment has no invoice value";
    const value = rupeesToPaise(ctx.shipment.invoice_value);
    const inRange = invoice_value.list.some((r) => rupeesToPaise(r.min) <= value && value <= rupeesToPaise(r.max));
    if (!inRange) {
      const ranges = invoice_value.list.map(
        (r) => `${formatInr(rupeesToPaise(r.min))}–${formatInr(rupeesToPaise(r.max))}`,
      );
      return `invoice value ${formatInr(value)} is outside ${listed(ranges)}`;
    }
  }
  if (zone_list?.list.length && !zone_list.list.includes(ctx.zone)) {
    return `zone ${ctx.zone} is not in ${listed(zone_list.list)}`;
  }
  if (lane_list?.list.length) {
    const at = (place: string, end: PincodeInfo) =>
      nameKey(place) === nameKey(end.city) || nameKey(place) === nameKey(end.state);
    if (!lane_list.list.some((l) => at(l.from, ctx.pickup) && at(l.to, ctx.drop))) {
      return `lane ${ctx.pickup.city}, ${ctx.pickup.state} → ${ctx.drop.city}, ${ctx.drop.state} is not in the lane list`;
    }
  }
  return null;
}

/** A rule with an unreadable range (bad data slipped past the editor) skips, not breaks, the quote. */
function unmetCriterionOfStoredRule(rule: SelectRule, ctx: CriteriaContext): string | null {
  try {
    return unmetCriterion(rule.criterias, ctx);
  } catch (error) {
    return `its criteria cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
}

function selectPickrrSelect(rules: readonly SelectRule[], ctx: SelectionContext): Selection {
  const lines: string[] = [];
  let undecided = 0;
  // Stable sort keeps the stored order between equal priorities.
  const active = rules.filter((r) => r.validity.active).sort((a, b) => b.priority - a.priority);
  for (const rule of active) {
    const title = `Pickrr Select (5): rule '${rule.name}' (priority ${rule.priority})`;
    const unmet = unmetCriterionOfStoredRule(rule, ctx);
    if (unmet) {
      lines.push(`${title} does not match: ${unmet}.`);
      continue;
    }
    const isBlocked = (c: Named) => rule.courier.bl_parent.some((name) => namedBy(name, c));
    const pool = ctx.rateList.filter((e) => !isBlocked(candidateOf(ctx, e)));
    const blocked = ctx.rateList.filter((e) => !pool.includes(e));
    if (pool.length === 0) {
      // A rule that leaves nothing to choose from does not decide: rules fall back, never strand a shipment.
      lines.push(
        `${title} matches but blacklists every eligible courier (${blocked.map((e) => e.courier).join(", ")}), so it does not decide.`,
      );
      undecided++;
      continue;
    }
    lines.push(`${title} matches.`);
    if (blocked.length > 0) lines.push(`Blacklisted by the rule: ${blocked.map((e) => e.courier).join(", ")}.`);
    const type = rule.courier.courier_selection_rule_type;
    if (type === "fastest") return merge(lines, fastestSelection(pool, "Selection type fastest"));
    if (type === "advantage") return merge(lines, advantageSelection(pool, ctx.zone, rule.courier));
    if (type === "priority") {
      const walked = walkPriorityList(rule.courier.active_parent, pool, ctx, isBlocked);
      if (walked.chosen) return merge([...lines, "Selection type priority."], walked);
      return merge(
        [...lines, "Selection type priority.", ...walked.lines],
        cheapestSelection(pool, "No listed courier is eligible, so cheapest applies"),
      );
    }
    return merge(lines, cheapestSelection(pool, "Selection type cheapest"));
  }
  if (active.length === 0) lines.push("Pickrr Select (5): the client has no active rules.");
  const lead =
    undecided > 0
      ? "Pickrr Select (5): no rule decides, so cheapest applies"
      : "Pickrr Select (5): no rule matches, so cheapest applies";
  return merge(lines, cheapestSelection(ctx.rateList, lead));
}

/**
 * The advantage selection: the advantage plan promises delivery within ZONE_TAT_DAYS of the
 * zone (the plan's cashback is owed when a courier misses it), so the rule picks the cheapest
 * courier whose turnaround keeps that promise, and the fastest when none does.
 */
function advantageSelection(pool: RateListEntry[], zone: Zone, courier: SelectRule["courier"]): Selection {
  const promisedDays = ZONE_TAT_DAYS[zone];
  const lead = `Selection type advantage (standard '${courier.standard ?? ADVANTAGE_STANDARD}', promise '${courier.promise ?? ADVANTAGE_PROMISE}'): zone ${zone} promises delivery in ${promisedDays} days`;
  const keeping = pool.filter((e) => e.tat_days <= promisedDays);
  if (keeping.length > 0)
    return cheapestSelection(keeping, `${lead}; of the ${keeping.length} courier(s) that keep it`);
  return fastestSelection(pool, `${lead}; no courier keeps it`);
}

function merge(lines: string[], selection: Selection): Selection {
  return { chosen: selection.chosen, lines: [...lines, ...selection.lines] };
}

function select(rules: RuleConfig, ctx: SelectionContext): Selection {
  switch (rules.rule_code) {
    case RULE_CODES.cheapest:
      return cheapestSelection(ctx.rateList, "Rule cheapest (3)");
    case RULE_CODES.fastest:
      return fastestSelection(ctx.rateList, "Rule fastest (4)");
    case RULE_CODES.custom:
      return selectCustom(rules.customRules, ctx);
    case RULE_CODES.pickrr_select:
      return selectPickrrSelect(rules.selectRules, ctx);
    default:
      // Codes come from stored data; an unknown one must not break quoting.
      return cheapestSelection(ctx.rateList, `Unknown rule code ${String(rules.rule_code)}, so cheapest applies`);
  }
}

/**
 * Quotes a shipment across a client's couriers and picks one by the client's rule. Pure:
 * the caller loads candidates, rate rows, serviceability, pincodes and rules. Throws a
 * RangeError only for an invalid shipment (negative weight or size); a courier whose rate
 * row cannot be priced is skipped with the reason.
 */
export function quote(input: QuoteInput): QuoteResult {
  const shipment = normaliseCalculatorInput(input.shipment);
  const { pickup, drop, now, candidates, rules } = input;
  const zone = zoneOf(pickup, drop);
  const weightGrams = chargeableWeightGrams(shipment, DEFAULT_VOLUMETRIC_DIVISOR);
  const explanation = [
    `Zone ${zone} (${ZONE_LABELS[zone]}): ${pickup.pincode} ${pickup.city}, ${pickup.state} → ${drop.pincode} ${drop.city}, ${drop.state}.`,
  ];
  if (shipment !== input.shipment) explanation.push("Reverse shipment: quoted as express, prepaid, COD value 0.");
  if (input.surfaceOnly)
    explanation.push("Surface only (Pickrr Configuration): services without surface transport are not quoted.");

  const rateList: RateListEntry[] = [];
  const skipped: SkippedCourier[] = [];
  const overLimits: OverLimitService[] = [];
  const sides = [
    parseScaledDecimal(shipment.length, 2),
    parseScaledDecimal(shipment.breadth, 2),
    parseScaledDecimal(shipment.height, 2),
  ];
  for (const c of candidates) {
    const reasons = ineligibilityReasons(c, shipment, pickup, drop);
    if (input.surfaceOnly && !c.has_surface)
      reasons.unshift("no surface transport, and the client ships by surface only");
    if (reasons.length === 0 && c.rateRow) {
      try {
        const price = priceShipment({ row: c.rateRow, rtoRow: c.rtoRow, shipment, zone });
        const breaches = c.limits
          ? limitBreaches(c.limits, {
              dead_weight_grams: price.dead_weight_grams,
              chargeable_weight_grams: price.chargeable_weight_grams,
              divisor: price.divisor,
              sides_hundredths: sides,
            })
          : [];
        if (breaches.length > 0) {
          const left = { courier_id: c.courier_id, courier: c.name, reasons: breaches };
          overLimits.push(left);
          skipped.push(left);
          continue;
        }
        const mode = input.surfaceOnly ? "surface" : transportModeFor(c, shipment.delivery_mode);
        const date = estimateDelivery({ now, zone, mode, adjustDays: c.tatAdjustDays });
        rateList.push({
          ...price,
          ...date,
          courier: c.name,
          courier_id: c.courier_id,
          is_priority: false,
          is_cheapest: false,
          is_fastest: false,
          is_air: c.is_air,
          has_surface: c.has_surface,
        });
        continue;
      } catch (error) {
        reasons.push(`rate card cannot be priced (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    skipped.push({ courier_id: c.courier_id, courier: c.name, reasons });
  }
  rateList.sort(byPrice);
  for (const s of skipped) explanation.push(`Skipped ${s.courier}: ${s.reasons.join("; ")}.`);

  const result: QuoteResult = {
    chargeable_weight: weightGrams / 1000,
    chargeable_weight_grams: weightGrams,
    billing_zone: zone,
    rule_code: rules.rule_code,
    rate_list: rateList,
    skipped,
    over_limits: overLimits,
    selected_courier_id: null,
    explanation,
  };
  if (rateList.length === 0) {
    explanation.push(NO_COURIER_MESSAGE);
    return result;
  }

  rateList[0].is_cheapest = true;
  const fastest = first(rateList, bySpeed);
  if (fastest) fastest.is_fastest = true;

  const selection = select(rules, {
    rateList,
    candidates,
    skipped,
    shipment,
    pickup,
    drop,
    zone,
    serviceType: serviceTypeOf(shipment.delivery_mode),
    orderType: orderTypeOf(shipment),
    weightGrams,
  });
  explanation.push(...selection.lines);
  if (selection.chosen) {
    selection.chosen.is_priority = true;
    result.selected_courier_id = selection.chosen.courier_id;
  }
  return result;
}
