import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { rupeesToPaise } from "../core/money";
import type { RateListEntry } from "./allocation";
import { priceShipment, type RateRow, type ShipmentForPricing } from "./pricing";
import { calculatorRow, rateListEntryJson, scheduledPriceLines } from "./quote-view";

function row(over: Partial<RateRow> = {}): RateRow {
  const price = { base: "40.00", additional: "20.00" };
  return {
    first_slab: "0.5",
    second_slab: "0.5",
    zones: { A: price, B: price, C: { base: "45.50", additional: "22.25" }, D: price, E: price },
    cod_charge: "35.00",
    cod_percentage: "2.00",
    surcharge: "5.00",
    ndd_charge: "0.00",
    divisor: "5000",
    ...over,
  };
}

const box: ShipmentForPricing = {
  shipment_type: "forward",
  length: 20,
  breadth: 15,
  height: 10,
  weight: "1.6",
  payment_mode: "cod",
  cod_amount: "1000",
};

function entry(
  shipment: ShipmentForPricing = box,
  rateRow: RateRow = row(),
  rtoRow: RateRow | null = null,
): RateListEntry {
  return {
    ...priceShipment({ row: rateRow, rtoRow, shipment, zone: "C" }),
    courier: "Blue Dart Air 0.5kg",
    courier_id: 7,
    is_priority: true,
    is_cheapest: true,
    is_fastest: false,
    is_air: true,
    has_surface: false,
    pickup_date: "2024-03-10",
    tat_days: 3,
    edd_stamp: "2024-03-13",
  };
}

describe("rateListEntryJson", () => {
  it("keeps the spec's fields and adds the charged amount details, money as rupee strings", () => {
    // 1.6 kg on 0.5 + 0.5 kg slabs in zone C: ₹45.50 + 3 × ₹22.25; COD max(₹35, 2 % of ₹1,000) = ₹35; surcharge ₹5.
    expect(rateListEntryJson(entry())).toEqual({
      courier: "Blue Dart Air 0.5kg",
      courier_id: 7,
      is_priority: true,
      is_cheapest: true,
      is_fastest: false,
      is_air: true,
      has_surface: false,
      delivered_charges: "152.25",
      returned_charges: "229.50",
      edd_stamp: "2024-03-13",
      zone: "C",
      dead_weight: 1.6,
      volumetric_weight: 0.6,
      divisor: 5000,
      chargeable_weight: 1.6,
      base_weight: 0.5,
      additional_weight: 0.5,
      base_price: "45.50",
      additional_price: "22.25",
      base_price_multiplier: 1,
      additional_price_multiplier: 3,
      freight: "112.25",
      cod_charge: "35.00",
      surcharge: "5.00",
      rto_freight: "112.25",
    });
  });

  it("adds up: base multiplier × base price + additional multiplier × additional price + COD + surcharge = delivered charges", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 60_000 }),
        fc.integer({ min: 1, max: 80 }),
        fc.constantFrom("cod" as const, "prepaid" as const),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.constantFrom("4000", "5000"),
        (grams, side, payment_mode, codPaise, divisor) => {
          const e = entry(
            {
              shipment_type: "forward",
              length: side,
              breadth: side,
              height: side,
              weight: (grams / 1000).toFixed(3),
              payment_mode,
              cod_amount: (codPaise / 100).toFixed(2),
            },
            row({ divisor }),
          );
          const j = rateListEntryJson(e);
          const paise = rupeesToPaise;
          const sum =
            j.base_price_multiplier * paise(j.base_price) +
            j.additional_price_multiplier * paise(j.additional_price) +
            paise(j.cod_charge) +
            paise(j.surcharge);
          expect(sum).toBe(paise(j.delivered_charges));
          expect(paise(j.freight) + paise(j.rto_freight!) + paise(j.surcharge)).toBe(paise(j.returned_charges!));
        },
      ),
    );
  });

  it("has no returned charges or RTO freight for a reverse shipment", () => {
    const j = rateListEntryJson(entry({ ...box, shipment_type: "reverse", payment_mode: "prepaid", cod_amount: 0 }));
    expect(j.returned_charges).toBeNull();
    expect(j.rto_freight).toBeNull();
    expect(j.cod_charge).toBe("0.00");
  });
});

describe("calculatorRow", () => {
  it("spells out the charged amount formula, the weight and the slabs", () => {
    const r = calculatorRow(entry(), 1600);
    expect(r.delivered).toBe("₹152.25");
    expect(r.returned).toBe("₹229.50");
    expect(r.mode).toBe("Air");
    expect(r.own_weight).toBeNull();
    expect(r.charges).toEqual({
      formula: "1 × ₹45.50 + 3 × ₹22.25 + ₹35.00 + ₹5.00 = ₹152.25",
      weight: "Chargeable weight 1.6 kg: the greater of dead 1.6 kg and volumetric 0.6 kg (L × B × H / 5000)",
      slabs: "Zone C 'Metros': base up to 0.5 kg at ₹45.50, every additional 0.5 kg at ₹22.25",
      returned: "₹112.25 + ₹112.25 + ₹5.00 = ₹229.50",
    });
  });

  it("shows a courier's own chargeable weight only when its divisor gives another one", () => {
    // 30 × 30 × 30 cm: 5.4 kg at 5000, 6.75 kg at 4000.
    const bulky = { ...box, length: 30, breadth: 30, height: 30, weight: "1" };
    expect(calculatorRow(entry(bulky, row({ divisor: "4000" })), 5400).own_weight).toBe("6.75 kg (divisor 4000)");
    expect(calculatorRow(entry(bulky, row({ divisor: "5000" })), 5400).own_weight).toBeNull();
    const heavy = { ...box, weight: "8" };
    expect(calculatorRow(entry(heavy, row({ divisor: "4000" })), 8000).own_weight).toBeNull();
  });

  it("labels the transport mode and leaves out returned charges for reverse", () => {
    const reverse = entry({ ...box, shipment_type: "reverse", payment_mode: "prepaid" });
    const r = calculatorRow({ ...reverse, is_air: false, has_surface: true }, reverse.chargeable_weight_grams);
    expect(r.mode).toBe("Surface");
    expect(r.returned).toBeNull();
    expect(r.charges.returned).toBeNull();
    expect(calculatorRow({ ...reverse, is_air: true, has_surface: true }, 0).mode).toBe("Air / Surface");
  });
});

describe("a later day's prices beside today's (decision 075)", () => {
  it("lists each courier whose delivered price differs, 'from' price and today's", () => {
    const row = (courier_id: number, courier: string, delivered: string) => ({ courier_id, courier, delivered });
    const now = { rate_list: [row(1, "Bluedart", "₹100.00"), row(2, "Delhivery", "₹80.00")] };
    const then = { rate_list: [row(2, "Delhivery", "₹95.00"), row(1, "Bluedart", "₹100.00"), row(3, "New", "₹10.00")] };
    expect(scheduledPriceLines(now as never, then as never)).toEqual([
      { courier: "Delhivery", now: "₹80.00", then: "₹95.00" },
    ]);
  });
});
