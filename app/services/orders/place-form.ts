/**
 * The order a seller's system sends to POST /api/orders (decision 023): checked field by field,
 * each message naming the field, to the precision the Rate Calculator's engine prices (sizes
 * and amounts to 2 decimals, weight to 3). Pure, so the rules are tested without a server.
 */
import { z } from "zod";

import { type FieldErrors, type Invalid, invalid, type Result } from "../core/result";
import type { CalculatorInput } from "../quote/calculator-form";
import { MAX_CLIENT_ORDER_ID_LENGTH } from "./search";

const text = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${field} has characters that are not allowed`)
    // An unpaired UTF-16 surrogate ("\ud800" in JSON) is no text PostgreSQL holds: items' jsonb refuses
    // it and a text column would store U+FFFD instead (as a scan event's text, orders/scan-event.ts).
    .refine((v) => !/\p{Cs}/u.test(v), `${field} has characters that are not allowed`);
/**
 * Number fields take JSON numbers, or text that is a plain decimal number ("1.5", as a form would
 * send it); never a boolean, a list or an object (`true` and `[1]` once became 1 kg). docs/api.md
 * §2 says so to sellers.
 */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;
const numberOrNumericText = (v: unknown) =>
  typeof v === "string" && PLAIN_NUMBER.test(v.trim()) ? Number(v.trim()) : v;
const jsonNumber = (field: string) =>
  z.preprocess(
    numberOrNumericText,
    z.number({ required_error: `${field} must be a number`, invalid_type_error: `${field} must be a number` }),
  );
/** A code written as digits (a pincode, a phone): text, or a JSON number; a list or an object is refused with `message`. */
const digitsText = (message: string) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z.string({ required_error: message, invalid_type_error: message }),
  );
const pincode = (field: string) =>
  digitsText(`${field} must be a 6-digit pincode`).pipe(
    z.string().regex(/^[1-9]\d{5}$/, `${field} must be a 6-digit pincode`),
  );
/** Whether a number is written with at most `decimals` decimals (10.55 has 2; 1e-7 is not written plainly). */
function hasDecimals(decimals: number): (v: number) => boolean {
  const written = new RegExp(`^\\d+(\\.\\d{1,${decimals}})?$`);
  return (v) => written.test(String(v));
}
const twoDecimals = hasDecimals(2);
const positive = (field: string, max: number, decimals: number) =>
  jsonNumber(field).pipe(
    z
      .number()
      .positive(`${field} must be more than 0`)
      .max(max, `${field} is at most ${max}`)
      .refine(hasDecimals(decimals), `${field} has at most ${decimals} decimals`),
  );

export const MAX_BATCH = 100;

/** The largest COD amount the Rate Calculator quotes (its form's bound, calculator-form.ts): a COD order above it is refused. */
export const MAX_COD_AMOUNT = 10_000;

export const orderSchema = z
  .object({
    pickup_pincode: pincode("pickup_pincode"),
    drop_pincode: pincode("drop_pincode"),
    delivery_mode: z
      .enum(["express", "heavy_surface"], {
        errorMap: () => ({ message: "delivery_mode must be express or heavy_surface" }),
      })
      .default("express"),
    payment_mode: z.enum(["cod", "prepaid"], { errorMap: () => ({ message: "payment_mode must be cod or prepaid" }) }),
    // Absent or null for a prepaid order.
    cod_amount: z.preprocess(
      (v) => (v === null ? undefined : v),
      jsonNumber("cod_amount")
        .pipe(z.number().min(0, "cod_amount can not be negative").max(1_000_000, "cod_amount is at most 1000000"))
        .optional(),
    ),
    invoice_value: positive("invoice_value", 10_000_000, 2),
    weight: positive("weight", 500, 3),
    length: positive("length", 10_000, 2),
    breadth: positive("breadth", 10_000, 2),
    height: positive("height", 10_000, 2),
    items: z
      .array(
        z.object({
          name: text("items.name", 100),
          sku: text("items.sku", 50),
          quantity: jsonNumber("items.quantity").pipe(
            z
              .number()
              .int("items.quantity must be a whole number")
              .min(1, "items.quantity must be at least 1")
              .max(999, "items.quantity is at most 999"),
          ),
        }),
        {
          required_error: "items is required",
          invalid_type_error: "items must be a list",
        },
      )
      .min(1, "items needs at least one item")
      .max(50, "items has at most 50 items"),
    customer_name: text("customer_name", 100),
    customer_phone: digitsText("customer_phone must be a 10-digit Indian mobile number")
      .transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, ""))
      .pipe(z.string().regex(/^[6-9]\d{9}$/, "customer_phone must be a 10-digit Indian mobile number")),
    customer_address: text("customer_address", 300),
    // Unique per client (decision 058): a second order with it is refused with the first's id.
    client_order_id: text("client_order_id", MAX_CLIENT_ORDER_ID_LENGTH).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.payment_mode !== "cod") return;
    if (!(v.cod_amount && v.cod_amount > 0))
      ctx.addIssue({ code: "custom", path: ["cod_amount"], message: "cod_amount is required for a COD order" });
    else if (v.cod_amount > MAX_COD_AMOUNT)
      ctx.addIssue({
        code: "custom",
        path: ["cod_amount"],
        message: `cod_amount is at most ${MAX_COD_AMOUNT} for a COD order`,
      });
    else if (!twoDecimals(v.cod_amount))
      ctx.addIssue({ code: "custom", path: ["cod_amount"], message: "cod_amount has at most 2 decimals" });
  });

export type OrderRequest = z.output<typeof orderSchema>;

/**
 * The order, or invalid input with the first message per field (path joined with dots:
 * items.0.sku) and one sentence naming them all — the order API's `{ err, errors }`.
 */
export function parseOrder(raw: unknown): Result<{ order: OrderRequest }, Invalid<{ fieldErrors: FieldErrors }>> {
  const parsed = orderSchema.safeParse(raw);
  if (parsed.success) return { ok: true, order: parsed.data };
  const fieldErrors: FieldErrors = {};
  for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".") || "order"] ??= issue.message;
  const named = Object.entries(fieldErrors)
    .map(([f, m]) => `${f}: ${m}`)
    .join("; ");
  return invalid(`The order is not valid: ${named}`, { fieldErrors });
}

/**
 * The Rate Calculator's input for an order, built from the parsed order (a forward shipment;
 * the items' names are the products Pickrr Select rules look for): the same engine and inputs
 * as the calculator, without writing the order out as form text and parsing it again.
 */
export function quoteInputOf(o: OrderRequest): CalculatorInput {
  const cod_amount = o.payment_mode === "cod" ? String(o.cod_amount ?? 0) : "0";
  return {
    shipment_type: "forward",
    pickup_pincode: o.pickup_pincode,
    drop_pincode: o.drop_pincode,
    delivery_mode: o.delivery_mode,
    length: String(o.length),
    breadth: String(o.breadth),
    height: String(o.height),
    weight: String(o.weight),
    payment_mode: o.payment_mode,
    cod_amount,
    has_dg: false,
    is_mps: false,
    is_doc: false,
    invoice_value: String(o.invoice_value),
    product_names: [...new Set(o.items.map((i) => i.name))],
  };
}

/** JSON with every object's keys in sorted order, so equal values are equal text. */
function sortedJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(sortedJson).join(",")}]`;
  if (v && typeof v === "object")
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, x]) => `${JSON.stringify(k)}:${sortedJson(x)}`)
      .join(",")}}`;
  return JSON.stringify(v);
}

/**
 * The order as an Idempotency-Key's fingerprint reads it (decision 058): the parsed order, keys
 * sorted — so a retry matches by what it orders, not by its bytes (key order, spacing, 1.5 or
 * "1.5", a phone with or without +91, fields the API ignores).
 */
export function canonicalOrder(o: OrderRequest): string {
  return sortedJson(o);
}
