/**
 * The cashback a breached delivery promise earns under Pickrr Advantage Premium (docs/product.md
 * §3 cashback settings, §4 cashback plans, §9 assurance, TAT and promise). Pure and in
 * integer paise (core/money.ts), so the ledger that pays it later gets exact rupees.
 *
 * The formula (docs/decisions/009-advantage-plans-and-cashback.md):
 *
 *   promised days  P = the shipment's promised TAT, else the settings' tat_zone{zone}
 *   actual days    D = pickup → delivery (delivered), pickup → first delivery attempt (RTO)
 *   kept           D ≤ P  → cashback 0
 *   breached       D > P  → raw cashback by outcome and plan, then
 *                           cashback = min(raw, max_tat_liability)
 *
 *   delivered late, delivered_cashback plan
 *     1  full forward freight              F
 *     2  partial forward freight           part(F, forward)
 *   returned (RTO) after a late first attempt, return_cashback plan
 *     1  full RTO refund                   R
 *     2  full RTO refund + forward freight R + F
 *     3  partial RTO refund                part(R, rto)
 *     4  partial RTO + partial forward     part(R, rto) + part(F, forward)
 *
 *   part(freight, side) = side's percentage % of the freight (half-up to the paisa), or
 *                         side's value in rupees but never more than the freight itself
 *                         (a partial refund cannot exceed the full one).
 *
 * F is the forward freight and R the RTO freight the seller paid for the shipment. The
 * assurance (85/90/95 %) is the share of a seller's shipments promised within TAT: it is a
 * portfolio figure, so it does not enter a single shipment's cashback.
 */
import { type Paise, paiseToRupeesString, percentOfPaise, rupeesToPaise } from "../core/money";
import type { Zone } from "../core/zones";

export const RETURN_CASHBACK_PLANS = [1, 2, 3, 4] as const;
export type ReturnCashbackPlan = (typeof RETURN_CASHBACK_PLANS)[number];
export const DELIVERED_CASHBACK_PLANS = [1, 2] as const;
export type DeliveredCashbackPlan = (typeof DELIVERED_CASHBACK_PLANS)[number];

/** docs/product.md §4 names of the plans. */
export const RETURN_PLAN_LABELS: Record<ReturnCashbackPlan, string> = {
  1: "Full RTO refund",
  2: "Full RTO refund plus forward freight",
  3: "Partial RTO refund",
  4: "Partial RTO plus partial forward",
};
export const DELIVERED_PLAN_LABELS: Record<DeliveredCashbackPlan, string> = {
  1: "Full forward freight",
  2: "Partial forward freight",
};

/** Which parts a plan pays partially (and so which percentage/value inputs it reads). */
export const RETURN_PLAN_PARTIAL: Record<ReturnCashbackPlan, { forward: boolean; rto: boolean }> = {
  1: { forward: false, rto: false },
  2: { forward: false, rto: false },
  3: { forward: false, rto: true },
  4: { forward: true, rto: true },
};
export const DELIVERED_PLAN_PARTIAL: Record<DeliveredCashbackPlan, { forward: boolean; rto: boolean }> = {
  1: { forward: false, rto: false },
  2: { forward: true, rto: false },
};

/**
 * The spec's `return_cashback` / `delivered_cashback`: a plan number and, per side, a
 * percentage (decimal text, 0–100) or a value (rupees text); exactly one of each pair is set.
 */
export type CashbackChoice<P extends number> = {
  plan: P;
  forward_percentage: string | null;
  forward_value: string | null;
  rto_percentage: string | null;
  rto_value: string | null;
};

export type CashbackSettings = {
  assurance: 85 | 90 | 95;
  return_cashback: CashbackChoice<ReturnCashbackPlan>;
  delivered_cashback: CashbackChoice<DeliveredCashbackPlan>;
  tat_zoneA: number;
  tat_zoneB: number;
  tat_zoneC: number;
  tat_zoneD: number;
  tat_zoneE: number;
  /** Rupees; the most one shipment's cashback can be. */
  max_tat_liability: string;
};

export type CashbackInput = {
  settings: CashbackSettings;
  zone: Zone;
  /** The promise made for this shipment in days; defaults to the settings' TAT for the zone. */
  promisedTatDays?: number;
  /** Pickup → delivery (delivered), or pickup → first delivery attempt (RTO), in whole days. */
  actualDays: number;
  outcome: "delivered" | "rto";
  /** Freight the seller paid, in rupees (decimal text or number). */
  forwardFreight: string | number;
  rtoFreight: string | number;
};

export type CashbackResult = {
  paise: Paise;
  /** "123.45" */
  rupees: string;
  breached: boolean;
  promisedDays: number;
  /** Before the max_tat_liability cap. */
  uncappedPaise: Paise;
  capped: boolean;
  /** How the amount came about, one line per step (for the ledger and support). */
  explanation: string[];
};

export function tatForZone(settings: Pick<CashbackSettings, `tat_zone${Zone}`>, zone: Zone): number {
  return settings[`tat_zone${zone}`];
}

function nonNegativePaise(label: string, value: string | number): Paise {
  const paise = rupeesToPaise(value);
  if (paise < 0) throw new RangeError(`${label} can not be negative: ${value}`);
  return paise;
}

/** part(freight, side): a percentage of the freight, or a value capped at the freight. */
export function partialAmount(freight: Paise, percentage: string | null, value: string | null): Paise {
  if (value !== null) return Math.min(nonNegativePaise("cashback value", value), freight);
  if (percentage === null) throw new RangeError("A partial cashback needs a percentage or a value.");
  const p = rupeesToPaise(percentage); // hundredths of a percent, same scale as paise
  if (p < 0 || p > 10_000) throw new RangeError(`Percentage must be 0–100: ${percentage}`);
  return percentOfPaise(freight, { hundredths: p });
}

function describePart(name: string, percentage: string | null, value: string | null): string {
  return value !== null ? `${name} value ₹${value}` : `${percentage} % of ${name}`;
}

export function computeCashback(input: CashbackInput): CashbackResult {
  const { settings } = input;
  const promisedDays = input.promisedTatDays ?? tatForZone(settings, input.zone);
  if (!Number.isInteger(input.actualDays) || input.actualDays < 0)
    throw new RangeError(`Actual days must be a whole number ≥ 0: ${input.actualDays}`);
  if (!Number.isInteger(promisedDays) || promisedDays < 0)
    throw new RangeError(`Promised days must be a whole number ≥ 0: ${promisedDays}`);
  const forward = nonNegativePaise("forward freight", input.forwardFreight);
  const rto = nonNegativePaise("RTO freight", input.rtoFreight);
  const cap = nonNegativePaise("max_tat_liability", settings.max_tat_liability);
  const explanation = [
    `Zone ${input.zone}: promised ${promisedDays} days, actual ${input.actualDays} days (${input.outcome}).`,
  ];

  if (input.actualDays <= promisedDays) {
    explanation.push("Promise kept: no cashback.");
    return { paise: 0, rupees: "0.00", breached: false, promisedDays, uncappedPaise: 0, capped: false, explanation };
  }

  let raw: Paise;
  if (input.outcome === "delivered") {
    const c = settings.delivered_cashback;
    if (c.plan === 1) {
      raw = forward;
      explanation.push("Delivered-breach plan 1: full forward freight.");
    } else {
      raw = partialAmount(forward, c.forward_percentage, c.forward_value);
      explanation.push(
        `Delivered-breach plan 2: ${describePart("forward freight", c.forward_percentage, c.forward_value)}.`,
      );
    }
  } else {
    const c = settings.return_cashback;
    switch (c.plan) {
      case 1:
        raw = rto;
        explanation.push("Return plan 1: full RTO refund.");
        break;
      case 2:
        raw = rto + forward;
        explanation.push("Return plan 2: full RTO refund plus forward freight.");
        break;
      case 3:
        raw = partialAmount(rto, c.rto_percentage, c.rto_value);
        explanation.push(`Return plan 3: ${describePart("RTO freight", c.rto_percentage, c.rto_value)}.`);
        break;
      case 4:
        raw =
          partialAmount(rto, c.rto_percentage, c.rto_value) +
          partialAmount(forward, c.forward_percentage, c.forward_value);
        explanation.push(
          `Return plan 4: ${describePart("RTO freight", c.rto_percentage, c.rto_value)} plus ${describePart("forward freight", c.forward_percentage, c.forward_value)}.`,
        );
        break;
    }
  }
  const paise = Math.min(raw, cap);
  const capped = paise < raw;
  explanation.push(
    capped
      ? `Capped at the max cashback liability ₹${paiseToRupeesString(cap)}.`
      : `Cashback ₹${paiseToRupeesString(paise)}.`,
  );
  return {
    paise,
    rupees: paiseToRupeesString(paise),
    breached: true,
    promisedDays,
    uncappedPaise: raw,
    capped,
    explanation,
  };
}
