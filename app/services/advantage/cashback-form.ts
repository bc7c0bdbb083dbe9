/**
 * The premium "Advantage Settings" form (docs/product.md §3, §5, §9): one zod schema for the
 * browser (remix-validated-form) and the action. Every amount input is checked, whichever
 * plan is chosen, so what the page shows is always what would be saved. The EDD assurance
 * radio is always disabled (docs/product.md §6), so it is never posted and never changed here.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type Invalid, invalid, type Result } from "../core/result";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { ZONE_TAT_DAYS, ZONES } from "../core/zones";
import {
  type CashbackSettings,
  DELIVERED_CASHBACK_PLANS,
  type DeliveredCashbackPlan,
  RETURN_CASHBACK_PLANS,
  type ReturnCashbackPlan,
} from "./cashback";

// Messages (docs/product.md §5), quoted exactly, spelling included.
export const CASHBACK_EMPTY = "* This feild can not be empty.";
export const CASHBACK_NEGATIVE = "* cashback value can not be nagative";
export const CASHBACK_BAD_PERCENTAGE = "* enter valid percentage value";
export const MAX_LIABILITY_REQUIRED = "* max cashback liability is required";
export const SOME_FORM_FIELDS_INVALID = "Some form fields are invalid.";
/** Not in the spec (it names no TAT message); a whole number of days is what the engine needs. */
export const TAT_INVALID = "* enter valid number of days";

export const ASSURANCE_OPTIONS = [85, 90, 95] as const;
export const DEFAULT_ASSURANCE = 85;
/** docs/product.md §9: default forward and RTO cashback 100 %. */
export const DEFAULT_CASHBACK_PERCENTAGE = "100.00";
export const MAX_TAT_DAYS = 60;

export const AMOUNT_KINDS = ["percentage", "value"] as const;
export type AmountKind = (typeof AMOUNT_KINDS)[number];

/** The three amounts a plan can read partially, as form field prefixes. */
export const AMOUNT_FIELDS = ["return_rto", "return_forward", "delivered_forward"] as const;
export type AmountField = (typeof AMOUNT_FIELDS)[number];

export const AMOUNT_FIELD_LABELS: Record<AmountField, string> = {
  return_rto: "Return: RTO cashback",
  return_forward: "Return: forward cashback",
  delivered_forward: "Delivered breach: forward cashback",
};

const NUMBER = /^-?\d+(?:\.\d+)?$/;
/** The largest amount numeric(12,2) holds, in paise. */
const MAX_VALUE_PAISE = 999_999_999_999n;

/**
 * Why a cashback amount is not acceptable (only the messages of docs/product.md §5), or the amount
 * normalised to two decimals. Amounts are rupees and percentages to two decimals: more
 * decimals are rounded half-up, as a two-decimal number input does (12.345 → 12.35). A
 * value too large for the amount columns (about ₹10 billion) is no amount at all, so it
 * reads as empty.
 */
export function checkCashbackAmount(kind: AmountKind, text: string): Result<{ value: string }, Invalid> {
  const t = text.trim();
  if (t === "" || !NUMBER.test(t)) return invalid(CASHBACK_EMPTY);
  if (t.startsWith("-") && /[1-9]/.test(t)) return invalid(CASHBACK_NEGATIVE);
  const unsigned = t.replace(/^-/, "");
  const [whole, frac = ""] = unsigned.split(".");
  const roundUp = frac.length > 2 && frac[2] >= "5" ? 1n : 0n;
  const hundredths = BigInt(whole) * 100n + BigInt(frac.slice(0, 2).padEnd(2, "0")) + roundUp;
  if (kind === "percentage" && hundredths > 10_000n) return invalid(CASHBACK_BAD_PERCENTAGE);
  if (kind === "value" && hundredths > MAX_VALUE_PAISE) return invalid(CASHBACK_EMPTY);
  return { ok: true, value: `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}` };
}

export function checkMaxLiability(text: string): Result<{ value: string }, Invalid> {
  const r = checkCashbackAmount("value", text);
  return r.ok ? r : invalid(MAX_LIABILITY_REQUIRED);
}

const text = z.preprocess((v) => (v == null ? "" : v), boundedString(TEXT_LIMITS.name));
const kind = z.preprocess((v) => (v == null || v === "" ? "percentage" : v), z.enum(AMOUNT_KINDS));

const tatShape = Object.fromEntries(ZONES.map((zone) => [`tat_zone${zone}`, text])) as Record<
  `tat_zone${(typeof ZONES)[number]}`,
  typeof text
>;

const rawSchema = z.object({
  return_plan: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
  delivered_plan: z.coerce.number().pipe(z.union([z.literal(1), z.literal(2)])),
  return_rto_kind: kind,
  return_rto_amount: text,
  return_forward_kind: kind,
  return_forward_amount: text,
  delivered_forward_kind: kind,
  delivered_forward_amount: text,
  ...tatShape,
  max_tat_liability: text,
  /** The settings' version the editor saw; 0 when the client still had the defaults. */
  version: z.coerce.number().int().min(0).catch(0),
});

export type CashbackSettingsUpdate = Omit<CashbackSettings, "assurance">;

/** The form: field errors under the input names; output is the settings to save (without assurance). */
export const cashbackFormSchema = rawSchema
  .superRefine((form, ctx) => {
    for (const f of AMOUNT_FIELDS) {
      const r = checkCashbackAmount(form[`${f}_kind`], form[`${f}_amount`]);
      if (!r.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`${f}_amount`], message: r.message });
    }
    for (const zone of ZONES) {
      const t = form[`tat_zone${zone}`].trim();
      const n = Number(t);
      if (!/^\d+$/.test(t) || n < 1 || n > MAX_TAT_DAYS)
        ctx.addIssue({ code: z.ZodIssueCode.custom, path: [`tat_zone${zone}`], message: TAT_INVALID });
    }
    const m = checkMaxLiability(form.max_tat_liability);
    if (!m.ok) ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["max_tat_liability"], message: m.message });
  })
  .transform((form): { version: number; settings: CashbackSettingsUpdate } => {
    const amount = (f: AmountField) => {
      const r = checkCashbackAmount(form[`${f}_kind`], form[`${f}_amount`]);
      const value = r.ok ? r.value : "0.00";
      return form[`${f}_kind`] === "percentage" ? { percentage: value, value: null } : { percentage: null, value };
    };
    const rRto = amount("return_rto");
    const rFwd = amount("return_forward");
    const dFwd = amount("delivered_forward");
    // superRefine has already refused invalid input; these fallbacks are never saved.
    const maxLiability = checkMaxLiability(form.max_tat_liability);
    return {
      version: form.version,
      settings: {
        return_cashback: {
          plan: form.return_plan as ReturnCashbackPlan,
          forward_percentage: rFwd.percentage,
          forward_value: rFwd.value,
          rto_percentage: rRto.percentage,
          rto_value: rRto.value,
        },
        // A delivered shipment has no RTO leg, so no delivered-breach plan pays an RTO part and the
        // form has no input for it; the payload's rto side keeps the spec's default 100 % (decision 009).
        delivered_cashback: {
          plan: form.delivered_plan as DeliveredCashbackPlan,
          forward_percentage: dFwd.percentage,
          forward_value: dFwd.value,
          rto_percentage: DEFAULT_CASHBACK_PERCENTAGE,
          rto_value: null,
        },
        tat_zoneA: Number(form.tat_zoneA),
        tat_zoneB: Number(form.tat_zoneB),
        tat_zoneC: Number(form.tat_zoneC),
        tat_zoneD: Number(form.tat_zoneD),
        tat_zoneE: Number(form.tat_zoneE),
        max_tat_liability: maxLiability.ok ? maxLiability.value : "0.00",
      },
    };
  });

/** The settings form's validator, for the form (live feedback) and the action (docs/forms.md). */
export const cashbackValidator = withZod(cashbackFormSchema);

export type CashbackFormValues = Record<string, string>;

/** The settings as the form's default values (texts), e.g. to fill the inputs. */
export function cashbackFormValues(
  s: Omit<CashbackSettings, "max_tat_liability"> & { max_tat_liability: string | null },
): CashbackFormValues {
  const side = (percentage: string | null, value: string | null) =>
    value !== null
      ? { kind: "value", amount: value }
      : { kind: "percentage", amount: percentage ?? DEFAULT_CASHBACK_PERCENTAGE };
  const rRto = side(s.return_cashback.rto_percentage, s.return_cashback.rto_value);
  const rFwd = side(s.return_cashback.forward_percentage, s.return_cashback.forward_value);
  const dFwd = side(s.delivered_cashback.forward_percentage, s.delivered_cashback.forward_value);
  return {
    assurance: String(s.assurance),
    return_plan: String(s.return_cashback.plan),
    delivered_plan: String(s.delivered_cashback.plan),
    return_rto_kind: rRto.kind,
    return_rto_amount: rRto.amount,
    return_forward_kind: rFwd.kind,
    return_forward_amount: rFwd.amount,
    delivered_forward_kind: dFwd.kind,
    delivered_forward_amount: dFwd.amount,
    tat_zoneA: String(s.tat_zoneA),
    tat_zoneB: String(s.tat_zoneB),
    tat_zoneC: String(s.tat_zoneC),
    tat_zoneD: String(s.tat_zoneD),
    tat_zoneE: String(s.tat_zoneE),
    max_tat_liability: s.max_tat_liability ?? "",
  };
}

/** A client's settings before anyone saved them (docs/product.md §9 defaults); no liability is set yet. */
export function defaultCashbackSettings(): Omit<CashbackSettings, "max_tat_liability"> & {
  max_tat_liability: string | null;
} {
  const full = {
    forward_percentage: DEFAULT_CASHBACK_PERCENTAGE,
    forward_value: null,
    rto_percentage: DEFAULT_CASHBACK_PERCENTAGE,
    rto_value: null,
  };
  return {
    assurance: DEFAULT_ASSURANCE,
    return_cashback: { plan: 1, ...full },
    delivered_cashback: { plan: 1, ...full },
    tat_zoneA: ZONE_TAT_DAYS.A,
    tat_zoneB: ZONE_TAT_DAYS.B,
    tat_zoneC: ZONE_TAT_DAYS.C,
    tat_zoneD: ZONE_TAT_DAYS.D,
    tat_zoneE: ZONE_TAT_DAYS.E,
    max_tat_liability: null,
  };
}

export { DELIVERED_CASHBACK_PLANS, RETURN_CASHBACK_PLANS };
