import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { parseCalculator } from "../quote/calculator-form";
import { canonicalOrder, parseOrder, quoteInputOf } from "./place-form";

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

  it("refuses text PostgreSQL can not hold: a control character or an unpaired surrogate", () => {
    expect(parseOrder({ ...good, customer_name: "Asha\u0000" })).toMatchObject({
      ok: false,
      fieldErrors: { customer_name: "customer_name has characters that are not allowed" },
    });
    expect(parseOrder({ ...good, items: [{ name: "Diya\ud800", sku: "BD-2", quantity: 1 }] })).toMatchObject({
      ok: false,
      fieldErrors: { "items.0.name": "items.name has characters that are not allowed" },
    });
    // A pair is one character (an emoji), not a refusal.
    expect(parseOrder({ ...good, customer_name: "Asha \ud83d\ude00" }).ok).toBe(true);
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

describe("JSON types (decision 058)", () => {
  const NUMBER_FIELDS = ["invoice_value", "weight", "length", "breadth", "height", "cod_amount"] as const;

  it("refuses a boolean, a list, an object or text that is no number in a number field, naming the field", () => {
    for (const field of NUMBER_FIELDS)
      for (const bad of [true, false, [1], [], {}, { value: 1 }, "abc", "", "1e3", "0x10", "1,5", null]) {
        if (field === "cod_amount" && bad === null) continue; // null is "no COD amount" (below)
        const parsed = parseOrder({ ...good, [field]: bad });
        expect(parsed, `${field} = ${JSON.stringify(bad)}`).toMatchObject({
          ok: false,
          status: 400,
          fieldErrors: { [field]: `${field} must be a number` },
        });
        if (!parsed.ok) expect(parsed.message).toContain(`${field}: ${field} must be a number`);
      }
    for (const bad of [true, [2], {}, "two"])
      expect(parseOrder({ ...good, items: [{ name: "Kurta", sku: "K-1", quantity: bad }] })).toMatchObject({
        ok: false,
        fieldErrors: { "items.0.quantity": "items.quantity must be a number" },
      });
  });

  it("takes JSON numbers and numeric text alike", () => {
    const asText = parseOrder({
      ...good,
      invoice_value: "899",
      weight: " 0.5 ",
      length: "10",
      breadth: "10.25",
      height: "10",
      cod_amount: "899.50",
      items: [{ name: "Kurta", sku: "K-1", quantity: "2" }],
    });
    expect(asText).toMatchObject({
      ok: true,
      order: { invoice_value: 899, weight: 0.5, breadth: 10.25, cod_amount: 899.5, items: [{ quantity: 2 }] },
    });
    expect(parseOrder({ ...good, payment_mode: "prepaid", cod_amount: null })).toMatchObject({
      ok: true,
      order: { cod_amount: undefined },
    });
  });

  it("takes a pincode or a phone as text or a number, never a list or an object", () => {
    expect(parseOrder({ ...good, pickup_pincode: 110001, customer_phone: 9876543210 })).toMatchObject({
      ok: true,
      order: { pickup_pincode: "110001", customer_phone: "9876543210" },
    });
    for (const bad of [[110001], { pin: 110001 }, true])
      expect(parseOrder({ ...good, drop_pincode: bad })).toMatchObject({
        ok: false,
        fieldErrors: { drop_pincode: "drop_pincode must be a 6-digit pincode" },
      });
    for (const bad of [[9876543210], {}, false])
      expect(parseOrder({ ...good, customer_phone: bad })).toMatchObject({
        ok: false,
        fieldErrors: { customer_phone: "customer_phone must be a 10-digit Indian mobile number" },
      });
  });
});

describe("an order's canonical form (an Idempotency-Key's fingerprint)", () => {
  const canon = (raw: Record<string, unknown>) => {
    const parsed = parseOrder(raw);
    if (!parsed.ok) throw new Error(parsed.message);
    return canonicalOrder(parsed.order);
  };
  it("is the same for the same order written differently, and differs for another order", () => {
    const reordered = Object.fromEntries(Object.entries(good).reverse());
    expect(canon(reordered)).toBe(canon(good));
    expect(canon({ ...good, weight: "0.50", customer_phone: "9876543210", ignored: "x" })).toBe(canon(good));
    expect(canon({ ...good, delivery_mode: "express" })).toBe(canon(good));
    expect(canon({ ...good, drop_pincode: "110001" })).not.toBe(canon(good));
    expect(canon({ ...good, cod_amount: 900 })).not.toBe(canon(good));
    expect(canon({ ...good, client_order_id: "SO-1" })).not.toBe(canon(good));
    expect(canon({ ...good, items: [{ sku: "K-1", quantity: 1, name: "Kurta" }] })).toBe(canon(good));
  });
});
