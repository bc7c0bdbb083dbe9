/**
 * The shipment calculator's input (docs/product.md §5, §7, §9), shared by the Rate Calculator
 * form (browser and server) and the shipment-calculator-v3 endpoint: the same field names as
 * the spec's query, the spec's messages, and the reverse rule (reverse forces express,
 * prepaid and COD 0) applied before COD is checked. Two optional inputs beyond the spec's
 * query feed Pickrr Select criteria: `invoice_value` (rupees; a COD order without one is
 * taken to be worth its COD amount) and `product_names` (comma-separated).
 */
import { z } from "zod";

import { isIsoDay } from "../core/ist-dates";
import {
  type FieldErrors,
  FIELDS_INVALID,
  firstMessages,
  type Invalid,
  invalid,
  invalidFields,
  type Result,
} from "../core/result";
import { boundedString, CONTROL_CHARACTER_MESSAGE, NO_CONTROL, TEXT_LIMITS } from "../core/text-input";
import { normaliseCalculatorInput } from "./allocation";

export const PINCODE_MESSAGES = {
  pickupRequired: "Pickup Pincode is required",
  dropRequired: "Destination Pincode is required",
  invalid: "Please enter a valid pincode",
} as const;

export const CALCULATOR_MESSAGES = {
  shipmentType: "Shipment type is required",
  length: "Length is required",
  breadth: "Breadth is required",
  height: "Height is required",
  weight: "Weight is required",
  codAmount: "COD amount is required",
} as const;

/** Largest accepted size (cm) and weight (kg): far beyond any parcel, well inside exact arithmetic. */
export const MAX_DIMENSION = 10_000;

const text = (v: unknown) => (typeof v === "string" ? v.trim() : v == null ? "" : String(v));

function pincode(required: string) {
  return z.preprocess(
    text,
    z
      .string()
      .min(1, required)
      .regex(/^\d{6}$/, PINCODE_MESSAGES.invalid),
  );
}

/** A required non-negative decimal given as text (what a form or a query string holds). */
function measure(label: string, required: string, decimals: number) {
  return z.preprocess(
    text,
    z
      .string()
      .min(1, required)
      .regex(
        new RegExp(`^-?\\d*(\\.\\d{0,${decimals}})?$`),
        `${label} must be a number with at most ${decimals} decimals`,
      )
      .refine((v) => v !== "." && v !== "-", `${label} must be a number`)
      .refine((v) => Number(v) >= 0, `${label} must be 0 or more`)
      .refine((v) => Number(v) <= MAX_DIMENSION, `${label} must be at most ${MAX_DIMENSION}`),
  );
}

/** Largest accepted invoice value (rupees): ten crore. */
export const MAX_INVOICE_VALUE = 100_000_000;
export const MAX_PRODUCT_NAMES = 50;

/** Optional: the invoice value in rupees, for Pickrr Select invoice criteria. */
const invoiceValue = z.preprocess(
  text,
  z
    .string()
    .regex(/^-?\d*(\.\d{0,2})?$/, "Invoice value must be a number with at most 2 decimals")
    .refine((v) => v !== "." && v !== "-", "Invoice value must be a number")
    .refine((v) => v === "" || Number(v) >= 0, "Invoice value must be 0 or more")
    .refine((v) => v === "" || Number(v) <= MAX_INVOICE_VALUE, `Invoice value must be at most ${MAX_INVOICE_VALUE}`),
);

/** Optional: the shipment's product names, comma-separated (as Pickrr Select product lists are written). */
const productNames = z.preprocess(
  text,
  z
    .string()
    .max(2000, "Product names must be at most 2000 characters")
    .regex(NO_CONTROL, CONTROL_CHARACTER_MESSAGE)
    .transform((v) => [
      ...new Set(
        v
          .split(",")
          .map((name) => name.trim())
          .filter((name) => name !== ""),
      ),
    ])
    .refine((names) => names.length <= MAX_PRODUCT_NAMES, `At most ${MAX_PRODUCT_NAMES} product names`),
);

/** Yes/No flags: "true"/"false", "1"/"0", "yes"/"no", absent = No (docs/product.md §9: default No). */
const flag = z.preprocess(
  (v) => {
    const t = text(v).toLowerCase();
    if (t === "" || t === "false" || t === "0" || t === "no") return false;
    if (t === "true" || t === "1" || t === "yes" || t === "on") return true;
    return t;
  },
  z.boolean({ invalid_type_error: "Must be Yes or No" }),
);

/** An optional choice: empty means the spec's default. */
const orDefault = (fallback: string) => (v: unknown) => (text(v) === "" ? fallback : text(v).toLowerCase());

const codAmountSchema = measure("COD amount", CALCULATOR_MESSAGES.codAmount, 2);

/** COD amount is required (and a valid amount) when a forward shipment is paid by COD. */
function codAmountError(v: { shipment_type?: unknown; payment_mode?: unknown; cod_amount?: unknown }): string | null {
  if (text(v.shipment_type).toLowerCase() === "reverse" || text(v.payment_mode).toLowerCase() !== "cod") return null;
  const amount = codAmountSchema.safeParse(v.cod_amount);
  return amount.success ? null : amount.error.issues[0].message;
}

export const calculatorSchema = z
  .object({
    shipment_type: z.preprocess(
      (v) => text(v).toLowerCase(),
      z.enum(["forward", "reverse"], { errorMap: () => ({ message: CALCULATOR_MESSAGES.shipmentType }) }),
    ),
    pickup_pincode: pincode(PINCODE_MESSAGES.pickupRequired),
    delivery_mode: z.preprocess(
      orDefault("express"),
      z.enum(["express", "heavy_surface"], {
        errorMap: () => ({ message: "Delivery mode must be express or heavy_surface" }),
      }),
    ),
    drop_pincode: pincode(PINCODE_MESSAGES.dropRequired),
    length: measure("Length", CALCULATOR_MESSAGES.length, 2),
    breadth: measure("Breadth", CALCULATOR_MESSAGES.breadth, 2),
    height: measure("Height", CALCULATOR_MESSAGES.height, 2),
    weight: measure("Weight", CALCULATOR_MESSAGES.weight, 3),
    payment_mode: z.preprocess(
      orDefault("prepaid"),
      z.enum(["prepaid", "cod"], { errorMap: () => ({ message: "Payment mode must be prepaid or cod" }) }),
    ),
    cod_amount: z.preprocess(text, boundedString(TEXT_LIMITS.name)),
    has_dg: flag,
    is_mps: flag,
    is_doc: flag,
    invoice_value: invoiceValue,
    product_names: productNames,
  })
  // Reverse forces express, prepaid and COD 0 (docs/product.md §4) before COD is checked.
  .transform((v) => normaliseCalculatorInput(v))
  .superRefine((v, ctx) => {
    const error = codAmountError(v);
    if (error) ctx.addIssue({ code: "custom", path: ["cod_amount"], message: error });
  })
  .transform((v) => {
    const cod_amount = v.payment_mode === "cod" ? String(v.cod_amount) : "0";
    // Without a stated invoice value a COD order is worth what it collects; a prepaid one is unknown.
    const invoice_value = v.invoice_value !== "" ? v.invoice_value : v.payment_mode === "cod" ? cod_amount : null;
    return { ...v, cod_amount, invoice_value };
  });

export type CalculatorInput = z.output<typeof calculatorSchema>;

export const CALCULATOR_FIELDS = [
  "shipment_type",
  "pickup_pincode",
  "delivery_mode",
  "drop_pincode",
  "length",
  "breadth",
  "height",
  "weight",
  "payment_mode",
  "cod_amount",
  "has_dg",
  "is_mps",
  "is_doc",
  "invoice_value",
  "product_names",
] as const;
export type CalculatorField = (typeof CALCULATOR_FIELDS)[number];

/**
 * Whether the reverse rule changed what was asked (heavy surface, COD or a COD amount on a
 * reverse shipment), so the screen says the quote is express, prepaid, COD 0.
 */
export function reverseRuleApplied(values: Record<CalculatorField, string>, input: CalculatorInput): boolean {
  if (input.shipment_type !== "reverse") return false;
  const mode = values.delivery_mode.toLowerCase();
  const payment = values.payment_mode.toLowerCase();
  return mode === "heavy_surface" || payment === "cod" || (values.cod_amount !== "" && Number(values.cod_amount) !== 0);
}

export type CalculatorParse =
  | { ok: true; input: CalculatorInput; values: Record<CalculatorField, string> }
  | Invalid<{ fieldErrors: Partial<Record<CalculatorField, string>>; values: Record<CalculatorField, string> }>;

/** Parses query or form values: the input, or invalid input with the first error per field; both with the raw values to refill the form. */
export function parseCalculator(source: URLSearchParams | Record<string, unknown>): CalculatorParse {
  const get = (k: string) => (source instanceof URLSearchParams ? source.get(k) : source[k]);
  const raw = Object.fromEntries(CALCULATOR_FIELDS.map((f) => [f, get(f)])) as Record<CalculatorField, unknown>;
  const values = Object.fromEntries(CALCULATOR_FIELDS.map((f) => [f, text(raw[f])])) as Record<CalculatorField, string>;
  const parsed = calculatorSchema.safeParse(raw);
  if (parsed.success) return { ok: true, input: parsed.data, values };
  const fieldErrors: Partial<Record<CalculatorField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as CalculatorField;
    fieldErrors[field] ??= issue.message;
  }
  // zod skips the COD refinement while other fields fail; the form shows every message at once.
  const cod = codAmountError(raw);
  if (cod) fieldErrors.cod_amount ??= cod;
  return invalid(FIELDS_INVALID, { fieldErrors, values });
}

/**
 * The pincode check's two fields (docs/product.md §5): an empty one is required (the calculator's
 * messages), a malformed one is 'Please enter valid Pincode'.
 */
export const PINCODE_CHECK_MESSAGE = "Please enter valid Pincode";
const checkPincode = (required = PINCODE_CHECK_MESSAGE) =>
  z.preprocess(
    text,
    z.string().refine(
      (v) => /^\d{6}$/.test(v),
      (v) => ({ message: v === "" ? required : PINCODE_CHECK_MESSAGE }),
    ),
  );
export const pincodeCheckSchema = z.object({
  from_pincode: checkPincode(PINCODE_MESSAGES.pickupRequired),
  to_pincode: checkPincode(PINCODE_MESSAGES.dropRequired),
});
/** The pincode-serviceability-v3 query: one message for a missing or malformed pincode. */
export const pincodeQuerySchema = z.object({ from_pincode: checkPincode(), to_pincode: checkPincode() });
export const pincodeListSchema = z.object({ source_pincode: checkPincode() });

/**
 * The Serviceability tab's pincode check, a GET form (its loader reads the URL; the browser
 * checks before sending): both pincodes, or invalid input with each field's message.
 */
export function readPincodeCheck(
  fields: Record<string, unknown>,
): Result<{ data: z.output<typeof pincodeCheckSchema> }, Invalid<{ fieldErrors: FieldErrors }>> {
  const parsed = pincodeCheckSchema.safeParse(fields);
  return parsed.success ? { ok: true, data: parsed.data } : invalidFields(firstMessages(parsed.error.issues));
}

/** Whether the Download Pincode List query's source pincode is well formed (else PINCODE_CHECK_MESSAGE). */
export const isPincodeListQuery = (fields: Record<string, unknown>) => pincodeListSchema.safeParse(fields).success;

/** The Rate Calculator's optional "Price on" day (decision 075): the card in force then prices the quote. */
export const PRICE_ON_MESSAGE = "Choose today or a later day.";

/** "Price on": empty or today → null (the card in force now); a later ISO day → that day; anything else refused. */
export function parsePriceOn(text: string | null, today: string): Result<{ day: string | null }, Invalid> {
  const value = (text ?? "").trim();
  if (value === "" || value === today) return { ok: true, day: null };
  if (value.length > 10 || !isIsoDay(value) || value < today) return invalid(PRICE_ON_MESSAGE);
  return { ok: true, day: value };
}
