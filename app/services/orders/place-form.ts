/**
 * The order a seller's system sends to POST /api/orders (issue 14): checked field by field,
 * each message naming the field. Pure, so the rules are tested without a server.
 */
import { z } from "zod";

const text = (field: string, max: number) =>
  z
    .string({ required_error: `${field} is required`, invalid_type_error: `${field} must be text` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} is at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${field} has characters that are not allowed`);
const pincode = (field: string) => z.coerce.string().regex(/^[1-9]\d{5}$/, `${field} must be a 6-digit pincode`);
const positive = (field: string, max: number) =>
  z.coerce.number({ invalid_type_error: `${field} must be a number` }).positive(`${field} must be more than 0`).max(max, `${field} is at most ${max}`);

export const MAX_BATCH = 100;

export const orderSchema = z
  .object({
    pickup_pincode: pincode("pickup_pincode"),
    drop_pincode: pincode("drop_pincode"),
    delivery_mode: z.enum(["express", "heavy_surface"], { errorMap: () => ({ message: "delivery_mode must be express or heavy_surface" }) }).default("express"),
    payment_mode: z.enum(["cod", "prepaid"], { errorMap: () => ({ message: "payment_mode must be cod or prepaid" }) }),
    cod_amount: z.coerce.number({ invalid_type_error: "cod_amount must be a number" }).min(0, "cod_amount can not be negative").max(1_000_000, "cod_amount is at most 1000000").optional(),
    invoice_value: positive("invoice_value", 10_000_000),
    weight: positive("weight", 500),
    length: positive("length", 10_000),
    breadth: positive("breadth", 10_000),
    height: positive("height", 10_000),
    items: z
      .array(z.object({ name: text("items.name", 100), sku: text("items.sku", 50), quantity: z.coerce.number().int("items.quantity must be a whole number").min(1, "items.quantity must be at least 1").max(999, "items.quantity is at most 999") }), {
        required_error: "items is required",
        invalid_type_error: "items must be a list",
      })
      .min(1, "items needs at least one item")
      .max(50, "items has at most 50 items"),
    customer_name: text("customer_name", 100),
    customer_phone: z.coerce.string().transform((v) => v.replace(/[\s-]/g, "").replace(/^(\+91|0091|0)/, "")).pipe(z.string().regex(/^[6-9]\d{9}$/, "customer_phone must be a 10-digit Indian mobile number")),
    customer_address: text("customer_address", 300),
    client_order_id: text("client_order_id", 50).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.payment_mode === "cod" && !(v.cod_amount && v.cod_amount > 0)) ctx.addIssue({ code: "custom", path: ["cod_amount"], message: "cod_amount is required for a COD order" });
  });

export type OrderRequest = z.output<typeof orderSchema>;

/** The order or the first message per field (path joined with dots: items.0.sku). */
export function parseOrder(raw: unknown): { ok: true; order: OrderRequest } | { ok: false; errors: Record<string, string> } {
  const parsed = orderSchema.safeParse(raw);
  if (parsed.success) return { ok: true, order: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join(".") || "order"] ??= issue.message;
  return { ok: false, errors };
}
