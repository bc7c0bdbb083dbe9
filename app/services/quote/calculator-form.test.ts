import { describe, expect, it } from "vitest";

import {
  parseCalculator,
  parsePriceOn,
  pincodeCheckSchema,
  PRICE_ON_MESSAGE,
  reverseRuleApplied,
} from "./calculator-form";

const GOOD = {
  shipment_type: "forward",
  pickup_pincode: "400001",
  drop_pincode: "110001",
  length: "10",
  breadth: "10",
  height: "10",
  weight: "0.5",
};

describe("calculator form", () => {
  it("applies the spec's defaults: express, prepaid, flags No", () => {
    const r = parseCalculator(GOOD);
    expect(r.ok && r.input).toMatchObject({
      delivery_mode: "express",
      payment_mode: "prepaid",
      cod_amount: "0",
      has_dg: false,
      is_mps: false,
      is_doc: false,
    });
  });

  it("gives every spec message at once, COD included", () => {
    const r = parseCalculator({ payment_mode: "cod" });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.fieldErrors).toEqual({
      shipment_type: "Shipment type is required",
      pickup_pincode: "Pickup Pincode is required",
      drop_pincode: "Destination Pincode is required",
      length: "Length is required",
      breadth: "Breadth is required",
      height: "Height is required",
      weight: "Weight is required",
      cod_amount: "COD amount is required",
    });
  });

  it("checks pincodes are 6 digits and measures are non-negative numbers", () => {
    const r = parseCalculator({
      ...GOOD,
      pickup_pincode: "40000",
      drop_pincode: "1100011",
      weight: "-1",
      length: "abc",
    });
    expect(!r.ok && r.fieldErrors).toMatchObject({
      pickup_pincode: "Please enter a valid pincode",
      drop_pincode: "Please enter a valid pincode",
      weight: "Weight must be 0 or more",
      length: "Length must be a number with at most 2 decimals",
    });
  });

  it("reverse forces express, prepaid and COD 0, so a missing COD amount is no error", () => {
    const r = parseCalculator({
      ...GOOD,
      shipment_type: "reverse",
      delivery_mode: "heavy_surface",
      payment_mode: "cod",
      cod_amount: "",
    });
    expect(r.ok && r.input).toMatchObject({
      shipment_type: "reverse",
      delivery_mode: "express",
      payment_mode: "prepaid",
      cod_amount: "0",
    });
  });

  it("keeps the COD amount of a forward COD shipment", () => {
    const r = parseCalculator(new URLSearchParams({ ...GOOD, payment_mode: "cod", cod_amount: "1499.50" }));
    expect(r.ok && r.input.cod_amount).toBe("1499.50");
  });

  it("takes an optional invoice value, defaulting to the COD amount of a COD order", () => {
    const prepaid = parseCalculator(GOOD);
    expect(prepaid.ok && prepaid.input).toMatchObject({ invoice_value: null, product_names: [] });
    const cod = parseCalculator({ ...GOOD, payment_mode: "cod", cod_amount: "1499.50" });
    expect(cod.ok && cod.input.invoice_value).toBe("1499.50");
    const stated = parseCalculator({ ...GOOD, payment_mode: "cod", cod_amount: "1499.50", invoice_value: " 7200 " });
    expect(stated.ok && stated.input.invoice_value).toBe("7200");
    const reverse = parseCalculator({ ...GOOD, shipment_type: "reverse", payment_mode: "cod", cod_amount: "900" });
    expect(reverse.ok && reverse.input.invoice_value).toBeNull();
    const bad = parseCalculator({ ...GOOD, invoice_value: "12.345" });
    expect(!bad.ok && bad.fieldErrors).toEqual({
      invoice_value: "Invoice value must be a number with at most 2 decimals",
    });
    const negative = parseCalculator({ ...GOOD, invoice_value: "-5" });
    expect(!negative.ok && negative.fieldErrors).toEqual({ invoice_value: "Invoice value must be 0 or more" });
  });

  it("splits product names on commas, trimmed, empty and repeated names dropped", () => {
    const r = parseCalculator({ ...GOOD, product_names: " Kurta, Saree ,, Kurta " });
    expect(r.ok && r.input.product_names).toEqual(["Kurta", "Saree"]);
    const many = parseCalculator({ ...GOOD, product_names: Array.from({ length: 51 }, (_, i) => `p${i}`).join(",") });
    expect(!many.ok && many.fieldErrors).toEqual({ product_names: "At most 50 product names" });
  });

  it("says when the reverse rule changed what was asked", () => {
    const check = (over: Record<string, string>) => {
      const r = parseCalculator({ ...GOOD, ...over });
      if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
      return reverseRuleApplied(r.values, r.input);
    };
    expect(check({ shipment_type: "reverse" })).toBe(false);
    expect(check({ shipment_type: "reverse", delivery_mode: "heavy_surface" })).toBe(true);
    expect(check({ shipment_type: "reverse", payment_mode: "cod" })).toBe(true);
    expect(check({ shipment_type: "reverse", cod_amount: "10" })).toBe(true);
    expect(check({ payment_mode: "cod", cod_amount: "10" })).toBe(false);
  });

  it("pincode check message", () => {
    const r = pincodeCheckSchema.safeParse({ from_pincode: "12", to_pincode: "" });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      "Please enter valid Pincode",
      "Destination Pincode is required",
    ]);
    const empty = pincodeCheckSchema.safeParse({ from_pincode: "", to_pincode: " " });
    expect(empty.error?.issues.map((i) => i.message)).toEqual([
      "Pickup Pincode is required",
      "Destination Pincode is required",
    ]);
  });
});

describe("Price on (decision 075)", () => {
  it("takes today or empty as now, a later day as that day, and refuses earlier days or nonsense", () => {
    expect(parsePriceOn("", "2026-11-27")).toEqual({ ok: true, day: null });
    expect(parsePriceOn("2026-11-27", "2026-11-27")).toEqual({ ok: true, day: null });
    expect(parsePriceOn("2026-12-01", "2026-11-27")).toEqual({ ok: true, day: "2026-12-01" });
    for (const bad of ["2026-11-26", "2026-02-30", "01-12-2026", "2026-12-01T00:00"])
      expect(parsePriceOn(bad, "2026-11-27")).toMatchObject({ ok: false, message: PRICE_ON_MESSAGE });
  });
});
