import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatInr, paiseToRupeesString } from "../core/money";
import { type Zone, ZONES } from "../core/zones";
import {
  chargeableWeightGrams,
  chargedAmountFormula,
  codChargeFor,
  freightFor,
  priceShipment,
  type RateRow,
  rateRowFromColumns,
  type ShipmentForPricing,
  volumetricWeightGrams,
  type ZonePrice,
} from "./pricing";

/** Weight slab options of the rate card (docs/product.md §9), kg. */
const SLAB_OPTIONS = [0.1, 0.25, 0.5, 1, 2, 3, 4, 5, 6, 7, 10, 15, 20, 50, 100];

function zones(
  base: string,
  additional: string,
  overrides: Partial<Record<Zone, ZonePrice>> = {},
): Record<Zone, ZonePrice> {
  const all = Object.fromEntries(ZONES.map((z) => [z, { base, additional }])) as Record<Zone, ZonePrice>;
  return { ...all, ...overrides };
}

const row: RateRow = {
  first_slab: "0.5",
  second_slab: "0.5",
  zones: zones("30.00", "15.00", { D: { base: "40.00", additional: "20.00" } }),
  cod_charge: "35.00",
  cod_percentage: "1.75",
  surcharge: "5.00",
  ndd_charge: "0.00",
  divisor: "5000",
};

const parcel: ShipmentForPricing = {
  shipment_type: "forward",
  length: 10,
  breadth: 10,
  height: 10,
  weight: "1.6",
  payment_mode: "cod",
  cod_amount: "1000",
};

describe("priceShipment", () => {
  it("prices the worked example: base + ceil(extra / slab) × additional + COD + surcharge", () => {
    const p = priceShipment({ row, shipment: parcel, zone: "D" });
    expect(p).toMatchObject({
      zone: "D",
      divisor: 5000,
      dead_weight: 1.6,
      volumetric_weight: 0.2,
      chargeable_weight: 1.6,
      chargeable_weight_grams: 1600,
      base_weight: 0.5,
      additional_weight: 0.5,
      base_price: 4000,
      additional_price: 2000,
      base_price_multiplier: 1,
      additional_price_multiplier: 3, // 1.1 kg above the first slab → 3 half-kilos
      freight: 10_000,
      cod_charge: 3500, // 1.75% of ₹1,000 is ₹17.50, under the ₹35 minimum
      surcharge: 500,
      delivered_charges: 14_000,
      rto_freight: 10_000, // no RTO row: charged as forward
      returned_charges: 20_500, // forward + RTO freight + surcharge, no COD
    });
  });

  it("uses the zone's own prices", () => {
    expect(priceShipment({ row, shipment: parcel, zone: "A" }).freight).toBe(3000 + 3 * 1500);
  });

  it.each([
    ["0.5", 0],
    ["0.501", 1],
    ["1", 1],
    ["1.001", 2],
    ["0", 0],
  ])("charges %s kg with %d additional slabs", (weight, multiplier) => {
    const p = priceShipment({ row, shipment: { ...parcel, weight, length: 1, breadth: 1, height: 1 }, zone: "D" });
    expect(p.additional_price_multiplier).toBe(multiplier);
  });

  it("counts slabs in grams, where float division would add a slab", () => {
    // In floats (1.1 − 0.5) / 0.2 is 3.0000000000000004, and ceil() gives 4.
    expect(Math.ceil((1.1 - 0.5) / 0.2)).toBe(4);
    const fine = { ...row, first_slab: 0.5, second_slab: 0.2 };
    const p = priceShipment({ row: fine, shipment: { ...parcel, weight: 1.1 }, zone: "D" });
    expect(p.additional_price_multiplier).toBe(3);
  });

  it("charges volumetric weight when the parcel is light for its size", () => {
    const p = priceShipment({
      row,
      shipment: { ...parcel, weight: "0.4", length: 30, breadth: 20, height: 15 },
      zone: "D",
    });
    expect(p.volumetric_weight).toBe(1.8);
    expect(p.chargeable_weight).toBe(1.8);
    expect(p.additional_price_multiplier).toBe(3);
  });

  it("uses the row's divisor", () => {
    const p = priceShipment({
      row: { ...row, divisor: 4000 },
      shipment: { ...parcel, length: 30, breadth: 20, height: 15 },
      zone: "D",
    });
    expect(p.divisor).toBe(4000);
    expect(p.volumetric_weight).toBe(2.25);
  });

  it("takes the COD percentage when it exceeds the minimum, half-up to the paisa", () => {
    expect(priceShipment({ row, shipment: { ...parcel, cod_amount: "5000" }, zone: "D" }).cod_charge).toBe(8750);
    expect(
      codChargeFor({ ...row, cod_charge: 0, cod_percentage: "2" }, { payment_mode: "cod", cod_amount: "123.25" }),
    ).toBe(247);
  });

  it("charges no COD on prepaid orders", () => {
    const p = priceShipment({ row, shipment: { ...parcel, payment_mode: "prepaid" }, zone: "D" });
    expect(p.cod_charge).toBe(0);
    expect(p.delivered_charges).toBe(10_500);
  });

  it("prices the return leg on the RTO row when there is one", () => {
    const rtoRow = { ...row, first_slab: 1, second_slab: 1, zones: zones("25.00", "12.50") };
    const p = priceShipment({ row, rtoRow, shipment: parcel, zone: "D" });
    expect(p.rto_freight).toBe(2500 + 1250); // 1.6 kg: base 1 kg + one more kg
    expect(p.returned_charges).toBe(10_000 + 3750 + 500);
  });

  it("has no returned charges for reverse shipments", () => {
    const p = priceShipment({
      row,
      shipment: { ...parcel, shipment_type: "reverse", payment_mode: "prepaid" },
      zone: "D",
    });
    expect(p.returned_charges).toBeNull();
    expect(p.rto_freight).toBeNull();
  });

  it.each<[string, Partial<RateRow>]>([
    ["a zero second slab", { second_slab: 0 }],
    ["a zero divisor", { divisor: "0" }],
    ["a negative price", { zones: zones("-1", "1") }],
    ["a negative surcharge", { surcharge: "-0.01" }],
    ["a non-numeric minimum COD", { cod_charge: "abc" }],
  ])("refuses a row with %s", (_, change) => {
    expect(() => priceShipment({ row: { ...row, ...change }, shipment: parcel, zone: "D" })).toThrow(RangeError);
  });

  it("refuses a negative weight or size", () => {
    expect(() => priceShipment({ row, shipment: { ...parcel, weight: -1 }, zone: "D" })).toThrow(RangeError);
    expect(() => priceShipment({ row, shipment: { ...parcel, height: -1 }, zone: "D" })).toThrow(RangeError);
  });
});

describe("rateRowFromColumns", () => {
  it("reads the rate_rows columns zone by zone", () => {
    const columns = {
      first_slab: "0.50",
      second_slab: "0.50",
      zone_a_base: "30.00",
      zone_a_add: "15.00",
      zone_b_base: "30.00",
      zone_b_add: "15.00",
      zone_c_base: "30.00",
      zone_c_add: "15.00",
      zone_d_base: "40.00",
      zone_d_add: "20.00",
      zone_e_base: "30.00",
      zone_e_add: "15.00",
      cod_charge: "35.00",
      cod_percentage: "1.75",
      surcharge: "5.00",
      ndd_charge: "0.00",
      divisor: 5000,
    };
    const converted = rateRowFromColumns(columns);
    expect(converted.zones.D).toEqual({ base: "40.00", additional: "20.00" });
    expect(priceShipment({ row: converted, shipment: parcel, zone: "D" })).toEqual(
      priceShipment({ row, shipment: parcel, zone: "D" }),
    );
  });
});

describe("volumetric weight", () => {
  it("is L × B × H / divisor to two decimals, half-up", () => {
    expect(volumetricWeightGrams({ length: 5, breadth: 5, height: 1 }, 5000)).toBe(10); // 0.005 → 0.01
    expect(volumetricWeightGrams({ length: 5, breadth: 5, height: "0.99" }, 5000)).toBe(0); // 0.00495 → 0.00
    expect(volumetricWeightGrams({ length: "10.5", breadth: "10.5", height: "10.5" }, 5000)).toBe(230); // 0.2315…
    expect(volumetricWeightGrams({ length: 100, breadth: 100, height: 100 }, 5000)).toBe(200_000);
  });

  it("chargeable weight is the larger of dead and volumetric", () => {
    expect(chargeableWeightGrams({ length: 30, breadth: 20, height: 15, weight: 1 })).toBe(1800);
    expect(chargeableWeightGrams({ length: 30, breadth: 20, height: 15, weight: 2.5 })).toBe(2500);
  });

  it("property: the nearest hundredth of a kg, exact halves rounded up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 0, max: 300 }),
        fc.constantFrom(2500, 4000, 4500, 5000, 6000),
        (l, b, h, divisor) => {
          const grams = volumetricWeightGrams({ length: l, breadth: b, height: h }, divisor);
          expect(grams % 10).toBe(0);
          // Compare hundredths of a kg with the exact quotient l·b·h·100 / divisor.
          const diff = (grams / 10) * divisor - l * b * h * 100;
          expect(2 * Math.abs(diff)).toBeLessThanOrEqual(divisor);
          if (2 * Math.abs(diff) === divisor) expect(diff).toBeGreaterThan(0);
        },
      ),
    );
  });
});

describe("chargedAmountFormula", () => {
  it("renders the spec's formula with rupee amounts", () => {
    const p = priceShipment({ row, shipment: parcel, zone: "D" });
    expect(chargedAmountFormula(p)).toBe("1 × ₹40.00 + 3 × ₹20.00 + ₹35.00 + ₹5.00 = ₹140.00");
  });

  it("groups lakhs", () => {
    expect(
      chargedAmountFormula({
        base_price_multiplier: 1,
        base_price: 10_000_000,
        additional_price_multiplier: 2,
        additional_price: 50,
        cod_charge: 0,
        surcharge: 0,
      }),
    ).toBe("1 × ₹1,00,000.00 + 2 × ₹0.50 + ₹0.00 + ₹0.00 = ₹1,00,001.00");
  });
});

// Arbitrary rate rows and shipments in the shapes the database holds: two-decimal rupee text
// and slab options from the spec.
const rupees = (max: number) => fc.integer({ min: 0, max }).map(paiseToRupeesString);
const rateRow: fc.Arbitrary<RateRow> = fc.record({
  first_slab: fc.constantFrom(...SLAB_OPTIONS),
  second_slab: fc.constantFrom(...SLAB_OPTIONS),
  zones: fc.record({
    A: fc.record({ base: rupees(50_000), additional: rupees(50_000) }),
    B: fc.record({ base: rupees(50_000), additional: rupees(50_000) }),
    C: fc.record({ base: rupees(50_000), additional: rupees(50_000) }),
    D: fc.record({ base: rupees(50_000), additional: rupees(50_000) }),
    E: fc.record({ base: rupees(50_000), additional: rupees(50_000) }),
  }),
  cod_charge: rupees(10_000),
  cod_percentage: fc.integer({ min: 0, max: 1000 }).map(paiseToRupeesString),
  surcharge: rupees(5000),
  ndd_charge: rupees(5000),
  divisor: fc.constantFrom("4000", "4500", "5000", "6000"),
});
const grams = fc.integer({ min: 0, max: 200_000 });
const kg = grams.map((g) => String(g / 1000));
const cm = fc.integer({ min: 0, max: 20_000 }).map((x) => paiseToRupeesString(x)); // 0–200 cm, two decimals
const shipment: fc.Arbitrary<ShipmentForPricing> = fc.record({
  shipment_type: fc.constantFrom("forward" as const, "reverse" as const),
  length: cm,
  breadth: cm,
  height: cm,
  weight: kg,
  payment_mode: fc.constantFrom("cod" as const, "prepaid" as const),
  cod_amount: rupees(10_000_000),
});
const zone = fc.constantFrom(...ZONES);

describe("pricing properties", () => {
  it("freight never decreases as the weight grows", () => {
    fc.assert(
      fc.property(rateRow, zone, grams, grams, (r, z, a, b) => {
        const [light, heavy] = a <= b ? [a, b] : [b, a];
        expect(freightFor(r, z, light).freight).toBeLessThanOrEqual(freightFor(r, z, heavy).freight);
      }),
    );
  });

  it("the additional multiplier is the fewest slabs covering the weight above the first slab", () => {
    fc.assert(
      fc.property(rateRow, zone, grams, (r, z, w) => {
        const f = freightFor(r, z, w);
        const above = w - f.first_slab_grams;
        if (above <= 0) expect(f.additional_price_multiplier).toBe(0);
        else {
          expect(f.additional_price_multiplier * f.second_slab_grams).toBeGreaterThanOrEqual(above);
          expect((f.additional_price_multiplier - 1) * f.second_slab_grams).toBeLessThan(above);
        }
      }),
    );
  });

  it("amounts are whole, non-negative paise; delivered ≥ freight; returned ≥ delivered without COD", () => {
    fc.assert(
      fc.property(rateRow, fc.option(rateRow, { nil: undefined }), shipment, zone, (r, rto, s, z) => {
        const p = priceShipment({ row: r, rtoRow: rto, shipment: s, zone: z });
        for (const amount of [
          p.base_price,
          p.additional_price,
          p.freight,
          p.cod_charge,
          p.surcharge,
          p.delivered_charges,
        ]) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
        expect(p.delivered_charges).toBeGreaterThanOrEqual(p.freight);
        expect(p.delivered_charges).toBe(
          p.base_price_multiplier * p.base_price +
            p.additional_price_multiplier * p.additional_price +
            p.cod_charge +
            p.surcharge,
        );
        expect(chargedAmountFormula(p).endsWith(`= ${formatInr(p.delivered_charges)}`)).toBe(true);
        if (s.shipment_type === "reverse") expect(p.returned_charges).toBeNull();
        else {
          expect(Number.isSafeInteger(p.returned_charges)).toBe(true);
          expect(p.returned_charges).toBeGreaterThanOrEqual(p.delivered_charges - p.cod_charge);
        }
        if (s.payment_mode === "prepaid") expect(p.cod_charge).toBe(0);
        expect(p.chargeable_weight_grams).toBe(Math.max(p.dead_weight_grams, p.volumetric_weight_grams));
      }),
    );
  });
});
