import { describe, expect, it } from "vitest";

import type { CustomRule } from "../rules/rules";
import { type CourierCandidate, quote, type QuoteShipment } from "./allocation";
import { compileLimits, limitBreaches, NO_SERVICE_CARRIES, overLimitSentences, overLimitsRefusal } from "./limits";
import type { RateRow } from "./pricing";
import type { PincodeInfo } from "./zone";

const delhi: PincodeInfo = {
  pincode: 110001,
  city: "Delhi NCR",
  state: "Delhi",
  is_metro: true,
  is_special_zone: false,
};
const mumbai: PincodeInfo = {
  pincode: 400001,
  city: "Mumbai",
  state: "Maharashtra",
  is_metro: true,
  is_special_zone: false,
};
const now = new Date("2026-11-20T10:00:00+05:30");

const air = compileLimits({ max_dead_weight: "30.000", max_chargeable_weight: "50.000", max_side: "120.00" });

describe("limitBreaches: one sentence per limit the shipment is over", () => {
  const measured = (over: Partial<Parameters<typeof limitBreaches>[1]> = {}) => ({
    dead_weight_grams: 1_000,
    chargeable_weight_grams: 1_000,
    divisor: 5000,
    sides_hundredths: [2_000, 1_500, 1_000],
    ...over,
  });

  it("compiles stored text to grams and hundredths of a cm", () => {
    expect(air).toEqual({ dead_grams: 30_000, chargeable_grams: 50_000, side_hundredths: 12_000 });
    expect(compileLimits({ max_dead_weight: 0.5, max_chargeable_weight: "1.25", max_side: "60.5" })).toEqual({
      dead_grams: 500,
      chargeable_grams: 1_250,
      side_hundredths: 6_050,
    });
  });

  it("passes a shipment inside every limit, and one exactly at each limit", () => {
    expect(limitBreaches(air, measured())).toEqual([]);
    expect(
      limitBreaches(
        air,
        measured({ dead_weight_grams: 30_000, chargeable_weight_grams: 50_000, sides_hundredths: [12_000, 12_000, 1] }),
      ),
    ).toEqual([]);
  });

  it("dead weight: one gram over is over", () => {
    expect(limitBreaches(air, measured({ dead_weight_grams: 30_001, chargeable_weight_grams: 30_001 }))).toEqual([
      "over its 30 kg limit (dead weight 30.001 kg)",
    ]);
  });

  it("chargeable weight: a light but bulky parcel is over by its volumetric weight at the service's divisor", () => {
    expect(limitBreaches(air, measured({ dead_weight_grams: 5_000, chargeable_weight_grams: 50_010 }))).toEqual([
      "over its 50 kg chargeable weight limit (chargeable weight 50.01 kg at divisor 5000)",
    ]);
  });

  it("side: any of length, breadth or height over the longest side", () => {
    for (const sides of [
      [12_001, 10, 10],
      [10, 12_001, 10],
      [10, 10, 12_001],
    ])
      expect(limitBreaches(air, measured({ sides_hundredths: sides }))).toEqual([
        "over its 120 cm side limit (longest side 120.01 cm)",
      ]);
  });

  it("names every limit exceeded, each with its own sentence", () => {
    expect(
      limitBreaches(
        air,
        measured({ dead_weight_grams: 150_000, chargeable_weight_grams: 150_000, sides_hundredths: [13_000, 10, 10] }),
      ),
    ).toEqual([
      "over its 30 kg limit (dead weight 150 kg)",
      "over its 50 kg chargeable weight limit (chargeable weight 150 kg at divisor 5000)",
      "over its 120 cm side limit (longest side 130 cm)",
    ]);
  });

  it("the order API's refusal names each service and limit", () => {
    const services = [
      { courier_id: 1, courier: "Smartr Air 0.5kg", reasons: ["over its 30 kg limit (dead weight 150 kg)"] },
      {
        courier_id: 2,
        courier: "Delhivery Surface 0.5kg",
        reasons: ["over its 50 kg limit (dead weight 150 kg)", "over its 70 kg chargeable weight limit (x)"],
      },
    ];
    expect(overLimitSentences(services)).toEqual([
      "Smartr Air 0.5kg: over its 30 kg limit (dead weight 150 kg).",
      "Delhivery Surface 0.5kg: over its 50 kg limit (dead weight 150 kg).",
      "Delhivery Surface 0.5kg: over its 70 kg chargeable weight limit (x).",
    ]);
    expect(overLimitsRefusal(services)).toBe(
      `${NO_SERVICE_CARRIES} Smartr Air 0.5kg: over its 30 kg limit (dead weight 150 kg). Delhivery Surface 0.5kg: over its 50 kg limit (dead weight 150 kg). Delhivery Surface 0.5kg: over its 70 kg chargeable weight limit (x).`,
    );
  });
});

describe("the quote engine leaves out services over their limits", () => {
  const row = (base: string, divisor = "5000"): RateRow => {
    const price = { base, additional: "10.00" };
    return {
      first_slab: "0.5",
      second_slab: "0.5",
      zones: { A: price, B: price, C: price, D: price, E: price },
      cod_charge: "30.00",
      cod_percentage: "2.00",
      surcharge: "0.00",
      divisor,
    };
  };
  let id = 1;
  const candidate = (name: string, base: string, limits = air, divisor?: string): CourierCandidate => ({
    courier_id: id++,
    name,
    is_active_for_client: true,
    has_surface: true,
    is_air: true,
    supports_dg: true,
    supports_mps: true,
    supports_doc: true,
    pickup_serviceability: { fm_pickup: true, reverse_pickup: true },
    drop_serviceability: { lm_delivery: true, cod: true, prepaid: true },
    rateRow: row(base, divisor),
    rtoRow: null,
    limits,
  });
  const surface = compileLimits({ max_dead_weight: 50, max_chargeable_weight: 70, max_side: 150 });
  const shipment = (over: Partial<QuoteShipment>): QuoteShipment => ({
    shipment_type: "forward",
    delivery_mode: "express",
    payment_mode: "prepaid",
    cod_amount: 0,
    length: 10,
    breadth: 10,
    height: 10,
    weight: "1",
    has_dg: false,
    is_mps: false,
    is_doc: false,
    ...over,
  });
  const run = (candidates: CourierCandidate[], s: Partial<QuoteShipment>, customRules: CustomRule[] = []) =>
    quote({
      candidates,
      shipment: shipment(s),
      pickup: delhi,
      drop: mumbai,
      now,
      rules: { rule_code: customRules.length ? "0" : "3", customRules, selectRules: [] },
    });

  it("a 150 kg parcel is not quoted on an air service: it is excluded with the reason", () => {
    const r = run([candidate("Smartr Air 0.5kg", "40.00"), candidate("Gati Surface 5kg", "400.00", surface)], {
      weight: "40",
    });
    expect(r.rate_list.map((e) => e.courier)).toEqual(["Gati Surface 5kg"]);
    expect(r.over_limits).toEqual([
      {
        courier_id: expect.any(Number),
        courier: "Smartr Air 0.5kg",
        reasons: ["over its 30 kg limit (dead weight 40 kg)"],
      },
    ]);
    expect(r.explanation).toContain("Skipped Smartr Air 0.5kg: over its 30 kg limit (dead weight 40 kg).");
  });

  it("equal to a limit is quoted", () => {
    const r = run([candidate("Smartr Air 0.5kg", "40.00")], { weight: "30", length: 120, breadth: 20, height: 20 });
    expect(r.rate_list.map((e) => e.courier)).toEqual(["Smartr Air 0.5kg"]);
    expect(r.over_limits).toEqual([]);
  });

  it("chargeable weight is the service's own: the same carton fits at divisor 5000 and not at 4000", () => {
    // 100 × 50 × 50 cm: 50 kg at 5000, 62.5 kg at 4000.
    const dims = { weight: "10", length: 100, breadth: 50, height: 50 };
    const r = run([candidate("At 5000", "40.00"), candidate("At 4000", "40.00", air, "4000")], dims);
    expect(r.rate_list.map((e) => e.courier)).toEqual(["At 5000"]);
    expect(r.over_limits[0].reasons).toEqual([
      "over its 50 kg chargeable weight limit (chargeable weight 62.5 kg at divisor 4000)",
    ]);
  });

  it("a side over the limit excludes, whatever the weight", () => {
    const r = run([candidate("Smartr Air 0.5kg", "40.00")], { weight: "0.5", length: 5, breadth: 121, height: 5 });
    expect(r.rate_list).toEqual([]);
    expect(r.over_limits[0].reasons).toEqual(["over its 120 cm side limit (longest side 121 cm)"]);
  });

  it("allocation never picks an over-limit service, even the custom rule's first priority", () => {
    const smartr = candidate("Smartr Air 0.5kg", "20.00");
    const delhivery = candidate("Delhivery Surface 0.5kg", "60.00", surface);
    const rule: CustomRule = {
      service_type: "express",
      zone_list: ["A", "B", "C", "D", "E"],
      order_type: ["prepaid", "cod"],
      courier_list: [
        { name: "Smartr Air 0.5kg", priority: 1 },
        { name: "Delhivery Surface 0.5kg", priority: 2 },
      ],
    } as CustomRule;
    const r = run([smartr, delhivery], { weight: "35" }, [rule]);
    expect(r.selected_courier_id).toBe(delhivery.courier_id);
    expect(r.explanation.join("\n")).toContain(
      "Priority 1: Smartr Air 0.5kg passed over (over its 30 kg limit (dead weight 35 kg)).",
    );
  });

  it("a candidate without limits is never excluded by them", () => {
    const r = run([candidate("No limits", "40.00", null as never)], { weight: "500" });
    expect(r.rate_list.map((e) => e.courier)).toEqual(["No limits"]);
  });
});
