import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseCalculator } from "../quote/calculator-form";
import { parseOrder, quoteInputOf } from "./place-form";

const good = {
  pickup_pincode: "110001",
  drop_pincode: "560001",
  payment_mode: "cod",
  cod_amount: 899,
  invoice_value: 899,
  weight: 0.5,
  length: 10,
  breadth: 10,
  height: 10,
  items: [{ name: "Kurta", sku: "K-1", quantity: 1 }],
  customer_name: "Priya Sharma",
  customer_phone: "+91 98765 43210",
  customer_address: "12 MG Road, Bengaluru",
};

describe("an order from a seller's system", () => {
  it("reads a good order, the phone normalised, express by default", () => {
    expect(parseOrder(good)).toMatchObject({
      ok: true,
      order: { customer_phone: "9876543210", delivery_mode: "express", cod_amount: 899 },
    });
  });
  it("names each bad field", () => {
    const bad = parseOrder({
      ...good,
      pickup_pincode: "12",
      payment_mode: "card",
      items: [{ name: "", sku: "x", quantity: 0 }],
      customer_phone: "123",
      weight: -1,
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: expect.objectContaining({
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
    expect(parseOrder({ ...good, cod_amount: undefined })).toMatchObject({
      ok: false,
      fieldErrors: { cod_amount: "cod_amount is required for a COD order" },
    });
    expect(parseOrder({ ...good, payment_mode: "prepaid", cod_amount: undefined }).ok).toBe(true);
    expect(parseOrder({ ...good, customer_address: "x".repeat(301) })).toMatchObject({
      ok: false,
      fieldErrors: { customer_address: "customer_address is at most 300 characters" },
    });
    expect(parseOrder({ ...good, items: [] })).toMatchObject({
      ok: false,
      fieldErrors: { items: "items needs at least one item" },
    });
  });
});

describe("the order's precision and its quote input", () => {
  it("refuses more decimals than the engine prices, naming the field", () => {
    expect(parseOrder({ ...good, length: 10.555 })).toMatchObject({
      ok: false,
      fieldErrors: { length: "length has at most 2 decimals" },
    });
    expect(parseOrder({ ...good, weight: 0.0005 })).toMatchObject({
      ok: false,
      fieldErrors: { weight: "weight has at most 3 decimals" },
    });
    expect(parseOrder({ ...good, invoice_value: "899.999" })).toMatchObject({
      ok: false,
      fieldErrors: { invoice_value: "invoice_value has at most 2 decimals" },
    });
    expect(parseOrder({ ...good, cod_amount: 899.001 })).toMatchObject({
      ok: false,
      fieldErrors: { cod_amount: "cod_amount has at most 2 decimals" },
    });
    expect(parseOrder({ ...good, payment_mode: "prepaid", cod_amount: 899.001 }).ok).toBe(true);
    expect(parseOrder({ ...good, cod_amount: 10_000.01 })).toMatchObject({
      ok: false,
      fieldErrors: { cod_amount: "cod_amount is at most 10000 for a COD order" },
    });
    expect(parseOrder({ ...good, cod_amount: 10_000 }).ok).toBe(true);
    expect(parseOrder({ ...good, payment_mode: "prepaid", cod_amount: 50_000 }).ok).toBe(true);
    expect(parseOrder({ ...good, weight: 0.125, length: 10.5, invoice_value: "899.99" }).ok).toBe(true);
  });

  it("is what the Rate Calculator's form would read from the same order", () => {
    const amount = (max: number, decimals: number) =>
      fc.integer({ min: 1, max: max * 10 ** decimals }).map((n) => n / 10 ** decimals);
    const name = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(
        fc.record({
          payment_mode: fc.constantFrom("cod", "prepaid"),
          delivery_mode: fc.constantFrom("express", "heavy_surface"),
          cod_amount: amount(10_000, 2),
          invoice_value: amount(1_000_000, 2),
          weight: amount(500, 3),
          length: amount(1_000, 2),
          breadth: amount(1_000, 2),
          height: amount(1_000, 2),
          names: fc.array(name, { minLength: 1, maxLength: 5 }),
        }),
        ({ names, ...v }) => {
          const parsed = parseOrder({
            ...good,
            ...v,
            items: names.map((n, i) => ({ name: n, sku: `S-${i}`, quantity: 1 })),
          });
          if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
          const o = parsed.order;
          const form = parseCalculator({
            shipment_type: "forward",
            pickup_pincode: o.pickup_pincode,
            drop_pincode: o.drop_pincode,
            delivery_mode: o.delivery_mode,
            length: String(o.length),
            breadth: String(o.breadth),
            height: String(o.height),
            weight: String(o.weight),
            payment_mode: o.payment_mode,
            cod_amount: o.payment_mode === "cod" ? String(o.cod_amount) : "",
            invoice_value: String(o.invoice_value),
            product_names: o.items.map((i) => i.name).join(","),
          });
          if (!form.ok) throw new Error(JSON.stringify(form.fieldErrors));
          expect(quoteInputOf(o)).toEqual(form.input);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps an item's name whole, commas and all, as one product", () => {
    const parsed = parseOrder({
      ...good,
      items: [
        { name: "Kurta, blue", sku: "K-1", quantity: 1 },
        { name: "Kurta, blue", sku: "K-2", quantity: 1 },
      ],
    });
    if (!parsed.ok) throw new Error("order");
    expect(quoteInputOf(parsed.order).product_names).toEqual(["Kurta, blue"]);
  });
});
