/** Worked examples at the edges the issue names: slab boundaries, volumetric > dead, COD minimum vs %, RTO fallback, reverse. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { priceShipment, type RateRow } from "./pricing";

const ROW: RateRow = {
  first_slab: "0.50",
  second_slab: "0.50",
  zones: {
    A: { base: "30.00", additional: "25.00" },
    B: { base: "35.00", additional: "28.00" },
    C: { base: "42.00", additional: "33.00" },
    D: { base: "48.00", additional: "38.00" },
    E: { base: "58.00", additional: "45.00" },
  },
  cod_charge: "35.00",
  cod_percentage: "2.00",
  surcharge: "5.00",
  divisor: 5000,
};
const RTO: RateRow = { ...ROW, zones: { ...ROW.zones, D: { base: "40.00", additional: "30.00" } } };
const ship = (weight: string, extra: Partial<Parameters<typeof priceShipment>[0]["shipment"]> = {}) => ({
  shipment_type: "forward" as const,
  length: 10,
  breadth: 10,
  height: 10,
  weight,
  payment_mode: "prepaid" as const,
  ...extra,
});

describe("slab boundaries", () => {
  it("exactly the first slab is the base price alone", () => {
    const p = priceShipment({ row: ROW, shipment: ship("0.5"), zone: "D" });
    expect([p.additional_price_multiplier, p.freight, p.delivered_charges]).toEqual([0, 4800, 5300]);
  });
  it("one gram over the first slab buys one additional slab", () => {
    const p = priceShipment({ row: ROW, shipment: ship("0.501"), zone: "D" });
    expect([p.additional_price_multiplier, p.freight]).toEqual([1, 4800 + 3800]);
  });
  it("exactly one additional slab, and one gram beyond it", () => {
    expect(priceShipment({ row: ROW, shipment: ship("1.0"), zone: "D" }).additional_price_multiplier).toBe(1);
    expect(priceShipment({ row: ROW, shipment: ship("1.001"), zone: "D" }).additional_price_multiplier).toBe(2);
  });
});

describe("worked examples", () => {
  it("volumetric weight beats dead weight: 40 × 30 × 20 / 5000 = 4.8 kg", () => {
    const p = priceShipment({ row: ROW, shipment: ship("1", { length: 40, breadth: 30, height: 20 }), zone: "C" });
    expect(p.chargeable_weight).toBe(4.8);
    // 4.8 − 0.5 = 4.3 kg → 9 half-kilo slabs.
    expect(p.freight).toBe(4200 + 9 * 3300);
  });
  it("COD: the minimum below ₹1,750, 2 % above it, half-up to the paisa", () => {
    expect(
      priceShipment({ row: ROW, shipment: ship("0.5", { payment_mode: "cod", cod_amount: "1000" }), zone: "A" })
        .cod_charge,
    ).toBe(3500);
    expect(
      priceShipment({ row: ROW, shipment: ship("0.5", { payment_mode: "cod", cod_amount: "2000" }), zone: "A" })
        .cod_charge,
    ).toBe(4000);
    expect(
      priceShipment({ row: ROW, shipment: ship("0.5", { payment_mode: "cod", cod_amount: "1999.99" }), zone: "A" })
        .cod_charge,
    ).toBe(4000);
    expect(
      priceShipment({ row: ROW, shipment: ship("0.5", { payment_mode: "cod", cod_amount: "1999.74" }), zone: "A" })
        .cod_charge,
    ).toBe(3999);
  });
  it("returned charges use the RTO row, else the forward row; no COD on the return", () => {
    const cod = ship("1.2", { payment_mode: "cod" as const, cod_amount: "500" });
    const withRto = priceShipment({ row: ROW, rtoRow: RTO, shipment: cod, zone: "D" });
    expect(withRto.returned_charges).toBe(4800 + 2 * 3800 + 4000 + 2 * 3000 + 500);
    const fallback = priceShipment({ row: ROW, rtoRow: null, shipment: cod, zone: "D" });
    expect(fallback.returned_charges).toBe(2 * (4800 + 2 * 3800) + 500);
  });
  it("reverse shipments have no returned charges", () => {
    const p = priceShipment({ row: ROW, rtoRow: RTO, shipment: { ...ship("2"), shipment_type: "reverse" }, zone: "B" });
    expect(p.returned_charges).toBeNull();
    expect(p.rto_freight).toBeNull();
  });
  it("compiled rows: the same object priced twice, and a changed copy priced anew", () => {
    const a = priceShipment({ row: ROW, shipment: ship("3"), zone: "E" });
    expect(priceShipment({ row: ROW, shipment: ship("3"), zone: "E" })).toEqual(a);
    const dearer = { ...ROW, zones: { ...ROW.zones, E: { base: "60.00", additional: "45.00" } } };
    expect(priceShipment({ row: dearer, shipment: ship("3"), zone: "E" }).freight).toBe(a.freight + 200);
  });
  it("large cartons take the exact (bigint) volumetric path and agree with the small-number path", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 1, max: 999_999 }),
        fc.integer({ min: 1, max: 999_999 }),
        (l, b, h) => {
          const dims = { length: (l / 100).toFixed(2), breadth: (b / 100).toFixed(2), height: (h / 100).toFixed(2) };
          const p = priceShipment({ row: ROW, shipment: ship("0", dims), zone: "A" });
          // l·b·h in cm³ × 10^6 over (divisor 5000 in hundredths × 100): hundredths of a kg, half-up.
          const D = 500_000n * 100n;
          const exact = (BigInt(l) * BigInt(b) * BigInt(h) * 2n + D) / (2n * D);
          expect(BigInt(p.volumetric_weight_grams / 10)).toBe(exact);
        },
      ),
      { numRuns: 300 },
    );
  });
});
