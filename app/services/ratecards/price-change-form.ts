/**
 * The "Change prices" form (decision 074, docs/forms.md): one schema for its GET step (the
 * preview is a URL) and its Apply post, shared by the dialog on a client's card and on a
 * segment card. Field names: `by` (percent | rupees), `sign` (up | down), `amount`, and the
 * repeated checkboxes `courier`, `zone`, `column`, `shipment` (the card's own `tab` stays the
 * card's). Apply carries `planToken`, the digest of the plan the person saw.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { MAX_MONEY_PAISE } from "../core/rate-fields";
import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { type Zone, ZONES } from "../core/zones";
import { RATE_TABS, type RateTab } from "./fields";
import { parseHundredths } from "./money";
import {
  MAX_PERCENT_CHANGE_HUNDREDTHS,
  PRICE_CHANGE_BY,
  PRICE_CHANGE_COLUMNS,
  type PriceChangeColumn,
  type PriceChangeRequest,
} from "./price-change";
import { ENTER_VALID_NUMBER, PLEASE_FILL } from "./row-form";
import { EFFECTIVE_FROM, effectiveFromField } from "./scheduled";

export const AMOUNT_ABOVE_ZERO = "Enter an amount above zero.";
export const PERCENT_TOO_LARGE = "Enter a percent of at most 1,000.";
export const CHOOSE_COURIER = "Choose at least one courier.";
export const CHOOSE_ZONE = "Choose at least one zone for Zone Base or Zone Additional.";
export const CHOOSE_COLUMN = "Choose at least one column.";
export const CHOOSE_SHIPMENT = "Choose Forward, Reverse or RTO.";
export const COD_PERCENT_BY_RUPEES = "COD Percentage is a percent: change it by percent, not by rupees.";

const many = (v: unknown) => (v === undefined || v === "" ? [] : Array.isArray(v) ? v : [v]);
const list = <T extends string>(values: readonly T[]) =>
  z.preprocess(
    many,
    z
      .array(z.string().max(20))
      .max(20)
      .transform((xs) => values.filter((v) => xs.includes(v))),
  );

export const priceChangeSchema = z
  .object({
    by: z.enum(PRICE_CHANGE_BY).catch("percent"),
    sign: z.enum(["up", "down"]).catch("up"),
    amount: boundedString(TEXT_LIMITS.name, { required_error: PLEASE_FILL, invalid_type_error: PLEASE_FILL }),
    courier: z.preprocess(
      many,
      z
        .array(z.unknown())
        .max(1_000)
        .transform((xs) => [...new Set(xs.map(Number))].filter((n) => Number.isSafeInteger(n) && n > 0)),
    ),
    zone: z.preprocess(
      many,
      z
        .array(z.unknown())
        .max(10)
        .transform((xs) => ZONES.filter((zn) => xs.includes(zn))),
    ),
    column: list(PRICE_CHANGE_COLUMNS),
    shipment: list(RATE_TABS),
    planToken: z.string().max(200).optional(),
    /** Apply's optional "Effective from" (decision 076): empty applies the change now. */
    [EFFECTIVE_FROM]: effectiveFromField,
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message });
    const text = v.amount.trim();
    const h = text === "" ? null : parseHundredths(text);
    if (text === "") issue("amount", PLEASE_FILL);
    else if (h === null) issue("amount", ENTER_VALID_NUMBER);
    else if (h === 0) issue("amount", AMOUNT_ABOVE_ZERO);
    else if (v.by === "percent" && h > MAX_PERCENT_CHANGE_HUNDREDTHS) issue("amount", PERCENT_TOO_LARGE);
    else if (v.by === "rupees" && h > MAX_MONEY_PAISE) issue("amount", ENTER_VALID_NUMBER);
    if (v.courier.length === 0) issue("courier", CHOOSE_COURIER);
    if (v.column.length === 0) issue("column", CHOOSE_COLUMN);
    else if (v.by === "rupees" && v.column.includes("cod_percentage")) issue("column", COD_PERCENT_BY_RUPEES);
    if ((v.column.includes("base") || v.column.includes("add")) && v.zone.length === 0) issue("zone", CHOOSE_ZONE);
    if (v.shipment.length === 0) issue("shipment", CHOOSE_SHIPMENT);
  });

export const priceChangeValidator = withZod(priceChangeSchema);

export type PriceChangeForm = z.output<typeof priceChangeSchema>;

/** The parsed form as the plan's request (amount signed, in hundredths). */
export function priceChangeRequest(form: PriceChangeForm): PriceChangeRequest {
  const h = parseHundredths(form.amount.trim())!;
  return {
    by: form.by,
    amount: form.sign === "down" ? -h : h,
    courierServiceIds: form.courier,
    zones: form.zone as Zone[],
    columns: form.column as PriceChangeColumn[],
    tabs: form.shipment as RateTab[],
  };
}

/** The form's fields as they travel in a URL or hidden inputs (the preview's Back link, Apply's form). */
export function priceChangeParams(form: PriceChangeForm): [string, string][] {
  return [
    ["by", form.by],
    ["sign", form.sign],
    ["amount", form.amount.trim()],
    ...form.courier.map((c): [string, string] => ["courier", String(c)]),
    ...form.zone.map((zn): [string, string] => ["zone", zn]),
    ...form.column.map((c): [string, string] => ["column", c]),
    ...form.shipment.map((t): [string, string] => ["shipment", t]),
  ];
}

/** The names this form owns in a dialog's URL (dropped when the dialog closes). */
export const PRICE_CHANGE_PARAMS = ["by", "sign", "amount", "courier", "zone", "column", "shipment", "step"];
