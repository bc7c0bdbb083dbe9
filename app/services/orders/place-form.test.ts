import { describe, expect, it } from "vitest";
import { parseOrder } from "./place-form";

const good = {
  pickup_pincode: "110001", drop_pincode: "560001", payment_mode: "cod", cod_amount: 899, invoice_value: 899,
  weight: 0.5, length: 10, breadth: 10, height: 10, items: [{ name: "Kurta", sku: "K-1", quantity: 1 }],
  customer_name: "Priya Sharma", customer_phone: "+91 98765 43210", customer_address: "12 MG Road, Bengaluru",
};

describe("an order from a seller's system", () => {
  it("reads a good order, the phone normalised, express by default", () => {
    expect(parseOrder(good)).toMatchObject({ ok: true, order: { customer_phone: "9876543210", delivery_mode: "express", cod_amount: 899 } });
  });
  it("names each bad field", () => {
    const bad = parseOrder({ ...good, pickup_pincode: "12", payment_mode: "card", items: [{ name: "", sku: "x", quantity: 0 }], customer_phone: "123", weight: -1 });
    expect(bad).toEqual({
      ok: false,
      errors: expect.objectContaining({
        pickup_pincode: "pickup_pincode must be a 6-digit pincode",
        payment_mode: "payment_mode must be cod or prepaid",
        "items.0.name": "items.name is required",
        "items.0.quantity": "items.quantity must be at least 1",
        customer_phone: "customer_phone must be a 10-digit Indian mobile number",
        weight: "weight must be more than 0",
      }),
    });
  });
  it("needs a COD amount for COD only, and bounds every text", () => {
    expect(parseOrder({ ...good, cod_amount: undefined })).toMatchObject({ ok: false, errors: { cod_amount: "cod_amount is required for a COD order" } });
    expect(parseOrder({ ...good, payment_mode: "prepaid", cod_amount: undefined }).ok).toBe(true);
    expect(parseOrder({ ...good, customer_address: "x".repeat(301) })).toMatchObject({ ok: false, errors: { customer_address: "customer_address is at most 300 characters" } });
    expect(parseOrder({ ...good, items: [] })).toMatchObject({ ok: false, errors: { items: "items needs at least one item" } });
  });
});
