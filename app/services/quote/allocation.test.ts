import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { ZONES } from "../core/zones";
import { type CustomRule, type SelectRule, type SelectRuleCriterias } from "../rules/rules";
import {
  type CourierCandidate,
  ineligibilityReasons,
  NO_COURIER_MESSAGE,
  normaliseCalculatorInput,
  orderTypeOf,
  quote,
  type QuoteInput,
  type QuoteShipment,
  type RuleConfig,
  serviceTypeOf,
} from "./allocation";
import type { RateRow } from "./pricing";
import type { PincodeInfo } from "./zone";

const delhi: PincodeInfo = {
  pincode: 110001,
  city: "Delhi NCR",
  state: "Delhi",
  is_metro: true,
  is_special_zone: false,
};
const bengaluru: PincodeInfo = {
  pincode: 560001,
  city: "Bengaluru",
  state: "Karnataka",
  is_metro: true,
  is_special_zone: false,
};
const jaipur: PincodeInfo = {
  pincode: 302001,
  city: "Jaipur",
  state: "Rajasthan",
  is_metro: false,
  is_special_zone: false,
};

/** 10:00 in India: pickup today, 2024-03-10. */
const now = new Date("2024-03-10T10:00:00+05:30");

function rateRow(base: string, additional = "10.00"): RateRow {
  const price = { base, additional };
  return {
    first_slab: "0.5",
    second_slab: "0.5",
    zones: { A: price, B: price, C: price, D: price, E: price },
    cod_charge: "30.00",
    cod_percentage: "2.00",
    surcharge: "0.00",
    ndd_charge: "0.00",
    divisor: "5000",
  };
}

let nextId = 100;
function courier(name: string, base: string, overrides: Partial<CourierCandidate> = {}): CourierCandidate {
  return {
    courier_id: nextId++,
    name,
    is_active_for_client: true,
    has_surface: true,
    is_air: true,
    supports_dg: true,
    supports_mps: true,
    supports_doc: true,
    pickup_serviceability: { fm_pickup: true, reverse_pickup: true },
    drop_serviceability: { lm_delivery: true, cod: true, prepaid: true },
    rateRow: rateRow(base),
    rtoRow: null,
    tatAdjustDays: 0,
    ...overrides,
  };
}

const shipment: QuoteShipment = {
  shipment_type: "forward",
  delivery_mode: "express",
  payment_mode: "prepaid",
  cod_amount: 0,
  length: 10,
  breadth: 10,
  height: 10,
  weight: "0.5",
  has_dg: false,
  is_mps: false,
  is_doc: false,
};

const cheapestRule: RuleConfig = { rule_code: "3", customRules: [], selectRules: [] };

function run(candidates: CourierCandidate[], overrides: Partial<QuoteInput> = {}) {
  return quote({ candidates, shipment, pickup: delhi, drop: bengaluru, now, rules: cheapestRule, ...overrides });
}

const chosen = (r: ReturnType<typeof quote>) => r.rate_list.filter((e) => e.is_priority).map((e) => e.courier);

// Zone C (Delhi → Bengaluru): mixed 4 days, air-only 3, surface-only 5.
const mixedCheap = () => courier("Mixed Cheap", "40.00"); // ₹40, 2024-03-14
const airDear = () => courier("Air Dear", "90.00", { has_surface: false }); // ₹90, 2024-03-13
const surfaceMid = () => courier("Surface Mid", "60.00", { is_air: false }); // ₹60, 2024-03-15

describe("eligibility", () => {
  const reasons = (c: CourierCandidate, s: Partial<QuoteShipment> = {}) =>
    ineligibilityReasons(c, { ...shipment, ...s }, delhi, bengaluru);

  it("accepts a courier that is active, serviceable, capable and priced", () => {
    expect(reasons(courier("Fine", "40"))).toEqual([]);
  });

  it.each<[string, Partial<CourierCandidate>, Partial<QuoteShipment>, string]>([
    ["inactive", { is_active_for_client: false }, {}, "not active for this client"],
    [
      "air-only on heavy surface",
      { has_surface: false },
      { delivery_mode: "heavy_surface" },
      "no surface service for heavy surface shipments",
    ],
    ["no dangerous goods", { supports_dg: false }, { has_dg: true }, "does not carry dangerous goods"],
    ["no multi-package", { supports_mps: false }, { is_mps: true }, "does not take multi-package shipments"],
    ["no documents", { supports_doc: false }, { is_doc: true }, "does not carry documents"],
    ["no pickup", { pickup_serviceability: { fm_pickup: false, reverse_pickup: true } }, {}, "no pickup at 110001"],
    ["pickup pincode not served", { pickup_serviceability: null }, {}, "no pickup at 110001"],
    [
      "no reverse pickup",
      { pickup_serviceability: { fm_pickup: true, reverse_pickup: false } },
      { shipment_type: "reverse" },
      "no reverse pickup at 110001",
    ],
    [
      "no last mile",
      { drop_serviceability: { lm_delivery: false, cod: true, prepaid: true } },
      {},
      "does not deliver to 560001",
    ],
    ["drop pincode not served", { drop_serviceability: null }, {}, "does not deliver to 560001"],
    [
      "no COD at drop",
      { drop_serviceability: { lm_delivery: true, cod: false, prepaid: true } },
      { payment_mode: "cod", cod_amount: 100 },
      "no COD at 560001",
    ],
    [
      "no prepaid at drop",
      { drop_serviceability: { lm_delivery: true, cod: true, prepaid: false } },
      {},
      "no prepaid delivery at 560001",
    ],
    ["no rate row", { rateRow: null }, {}, "no forward express rate card"],
    ["no surface rate row", { rateRow: null }, { delivery_mode: "heavy_surface" }, "no forward surface rate card"],
  ])("skips a courier with %s", (_, change, s, reason) => {
    expect(reasons(courier("X", "40", change), s)).toEqual([reason]);
  });

  it("does not apply a flag's requirement when the shipment lacks the flag", () => {
    expect(
      reasons(courier("X", "40", { supports_dg: false, supports_mps: false, supports_doc: false, has_surface: false })),
    ).toEqual([]);
  });

  it("needs only reverse pickup and last mile for reverse shipments", () => {
    const c = courier("X", "40", {
      pickup_serviceability: { fm_pickup: false, reverse_pickup: true },
      drop_serviceability: { lm_delivery: true, cod: false, prepaid: false },
    });
    expect(reasons(c, { shipment_type: "reverse" })).toEqual([]);
  });

  it("lists every reason, and the quote explains each skipped courier", () => {
    const c = courier("Gone", "40", { is_active_for_client: false, rateRow: null });
    const r = run([c, mixedCheap()]);
    expect(r.skipped).toEqual([
      {
        courier_id: c.courier_id,
        courier: "Gone",
        reasons: ["not active for this client", "no forward express rate card"],
      },
    ]);
    expect(r.explanation).toContain("Skipped Gone: not active for this client; no forward express rate card.");
    expect(r.rate_list.map((e) => e.courier)).toEqual(["Mixed Cheap"]);
  });

  it("skips a courier whose rate row cannot be priced instead of failing the quote", () => {
    const broken = courier("Broken", "40", { rateRow: { ...rateRow("40"), second_slab: 0 } });
    const r = run([broken, mixedCheap()]);
    expect(r.skipped[0].reasons).toEqual(["rate card cannot be priced (Second slab must be greater than 0)"]);
    expect(r.rate_list).toHaveLength(1);
  });
});

describe("quote", () => {
  it("returns zone, weight, rule code and a rate list sorted by delivered charges", () => {
    const r = run([airDear(), surfaceMid(), mixedCheap()]);
    expect(r.billing_zone).toBe("C");
    expect(r.rule_code).toBe("3");
    expect(r.chargeable_weight).toBe(0.5);
    expect(r.rate_list.map((e) => [e.courier, e.delivered_charges, e.edd_stamp])).toEqual([
      ["Mixed Cheap", 4000, "2024-03-14"],
      ["Surface Mid", 6000, "2024-03-15"],
      ["Air Dear", 9000, "2024-03-13"],
    ]);
    expect(r.explanation[0]).toBe("Zone C (Metros): 110001 Delhi NCR, Delhi → 560001 Bengaluru, Karnataka.");
  });

  it("carries each courier's price breakdown and flags", () => {
    const [entry] = run([mixedCheap()]).rate_list;
    expect(entry).toMatchObject({
      courier: "Mixed Cheap",
      is_air: true,
      has_surface: true,
      base_price: 4000,
      additional_price_multiplier: 0,
      returned_charges: 8000,
      pickup_date: "2024-03-10",
      tat_days: 4,
    });
  });

  it("marks exactly one cheapest and one fastest", () => {
    const r = run([airDear(), surfaceMid(), mixedCheap()]);
    expect(r.rate_list.filter((e) => e.is_cheapest).map((e) => e.courier)).toEqual(["Mixed Cheap"]);
    expect(r.rate_list.filter((e) => e.is_fastest).map((e) => e.courier)).toEqual(["Air Dear"]);
  });

  it("breaks a tie on price by date, then name; a tie on date by price, then name", () => {
    const r = run([
      courier("Zeta", "50.00"), // 03-14
      courier("Alpha", "50.00"), // 03-14
      courier("Slow", "50.00", { is_air: false }), // 03-15
      courier("Quick B", "70.00", { has_surface: false }), // 03-13
      courier("Quick A", "70.00", { has_surface: false }), // 03-13
      courier("Quick Cheap", "65.00", { has_surface: false }), // 03-13
    ]);
    expect(r.rate_list.map((e) => e.courier)).toEqual(["Alpha", "Zeta", "Slow", "Quick Cheap", "Quick A", "Quick B"]);
    expect(r.rate_list.find((e) => e.is_cheapest)?.courier).toBe("Alpha");
    expect(r.rate_list.find((e) => e.is_fastest)?.courier).toBe("Quick Cheap");
    const sameAll = run([
      courier("Beta", "70.00", { has_surface: false }),
      courier("Able", "70.00", { has_surface: false }),
    ]);
    expect(sameAll.rate_list.find((e) => e.is_fastest)?.courier).toBe("Able");
  });

  it("applies the courier's turnaround adjustment", () => {
    const r = run([courier("Late", "10.00", { has_surface: false, tatAdjustDays: 3 }), surfaceMid()]);
    expect(r.rate_list.find((e) => e.courier === "Late")?.edd_stamp).toBe("2024-03-16");
    expect(r.rate_list.find((e) => e.is_fastest)?.courier).toBe("Surface Mid");
  });

  it("reports the top-level chargeable weight at divisor 5000, whatever the couriers use", () => {
    const big = { ...shipment, length: 40, breadth: 30, height: 20, weight: "1" }; // 24000 cm³
    const c = courier("Four Thousand", "40.00", { rateRow: { ...rateRow("40.00"), divisor: "4000" } });
    const r = run([c], { shipment: big });
    expect(r.chargeable_weight).toBe(4.8);
    expect(r.rate_list[0].chargeable_weight).toBe(6);
  });

  it("says there is no courier when none is eligible", () => {
    const r = run([courier("Off", "40", { is_active_for_client: false })]);
    expect(r.rate_list).toEqual([]);
    expect(r.selected_courier_id).toBeNull();
    expect(r.explanation).toContain(NO_COURIER_MESSAGE);
    expect(run([]).explanation).toContain("There is no courier matching your search criteria");
  });
});

describe("rule cheapest (3) and fastest (4)", () => {
  it("3 picks the lowest delivered charges", () => {
    const r = run([airDear(), surfaceMid(), mixedCheap()]);
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
    expect(r.selected_courier_id).toBe(r.rate_list[0].courier_id);
    expect(r.explanation).toContain(
      "Rule cheapest (3): chose the cheapest, Mixed Cheap (₹40.00, delivery by 2024-03-14).",
    );
  });

  it("4 picks the earliest delivery", () => {
    const r = run([airDear(), surfaceMid(), mixedCheap()], { rules: { ...cheapestRule, rule_code: "4" } });
    expect(chosen(r)).toEqual(["Air Dear"]);
    expect(r.explanation).toContain("Rule fastest (4): chose the fastest, Air Dear (₹90.00, delivery by 2024-03-13).");
  });

  it("an unknown code falls back to cheapest", () => {
    const r = run([airDear(), mixedCheap()], { rules: { ...cheapestRule, rule_code: "9" as never } });
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
    expect(r.explanation.at(-1)).toMatch(/^Unknown rule code 9, so cheapest applies/);
  });
});

describe("custom priority (0)", () => {
  const rule = (over: Partial<CustomRule> = {}): CustomRule => ({
    service_type: "express",
    zone_list: ["C", "D"],
    order_type: ["prepaid", "cod"],
    courier_list: [
      { name: "Surface Mid", priority: 2 },
      { name: "Air Dear", priority: 1 },
    ],
    ...over,
  });
  const custom = (...customRules: CustomRule[]): RuleConfig => ({ rule_code: "0", customRules, selectRules: [] });

  it("takes the matching rule's couriers from priority 1", () => {
    const r = run([mixedCheap(), surfaceMid(), airDear()], { rules: custom(rule()) });
    expect(chosen(r)).toEqual(["Air Dear"]);
    expect(r.explanation).toContain("Custom priority (0): rule for express, zone C, prepaid matched.");
  });

  it("passes over an ineligible courier and says why", () => {
    const r = run([mixedCheap(), surfaceMid(), airDear(), courier("Inactive", "1", { is_active_for_client: false })], {
      rules: custom(
        rule({
          courier_list: [
            { name: "Inactive", priority: 1 },
            { name: "Nobody", priority: 2 },
            { name: "Surface Mid", priority: 3 },
          ],
        }),
      ),
    });
    expect(chosen(r)).toEqual(["Surface Mid"]);
    expect(r.explanation).toEqual(
      expect.arrayContaining([
        "Priority 1: Inactive passed over (not active for this client).",
        "Priority 2: Nobody passed over (not one of the client's couriers).",
        "Priority 3: Surface Mid (₹60.00, delivery by 2024-03-15) chosen.",
      ]),
    );
  });

  it("counts only five slots", () => {
    const names = ["P1", "P2", "P3", "P4", "P5"].map((name, i) => ({ name, priority: i + 1 }));
    const r = run([mixedCheap(), surfaceMid()], {
      rules: custom(rule({ courier_list: [...names, { name: "Surface Mid", priority: 6 }] })),
    });
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
    expect(r.explanation).toContain(
      "No courier of the rule is eligible, so cheapest applies: chose the cheapest, Mixed Cheap (₹40.00, delivery by 2024-03-14).",
    );
  });

  it("falls back to cheapest when no rule matches the zone, service type or order type", () => {
    for (const mismatch of [
      { zone_list: ["A" as const] },
      { service_type: "surface" as const },
      { order_type: ["cod" as const] },
    ]) {
      const r = run([mixedCheap(), airDear()], { rules: custom(rule(mismatch)) });
      expect(chosen(r)).toEqual(["Mixed Cheap"]);
      expect(
        r.explanation.some((l) =>
          l.startsWith("Custom priority (0): no custom rule for express, zone C, prepaid, so cheapest applies"),
        ),
      ).toBe(true);
    }
  });

  it("matches heavy surface to service type surface and reverse shipments to order type reverse", () => {
    const surfaceRule = rule({ service_type: "surface", courier_list: [{ name: "Surface Mid", priority: 1 }] });
    const heavy = run([mixedCheap(), surfaceMid()], {
      rules: custom(surfaceRule),
      shipment: { ...shipment, delivery_mode: "heavy_surface" },
    });
    expect(chosen(heavy)).toEqual(["Surface Mid"]);

    const reverseRule = rule({ order_type: ["reverse"], courier_list: [{ name: "Air Dear", priority: 1 }] });
    const reverse = run([mixedCheap(), airDear()], {
      rules: custom(rule({ order_type: ["prepaid"] }), reverseRule),
      shipment: { ...shipment, shipment_type: "reverse" },
    });
    expect(chosen(reverse)).toEqual(["Air Dear"]);
    expect(reverse.explanation).toContain("Custom priority (0): rule for express, zone C, reverse matched.");
  });

  it("a parent courier name covers its services, cheapest first", () => {
    const r = run(
      [
        courier("Delhivery Air 0.5kg", "70.00", { parent_name: "Delhivery" }),
        courier("Delhivery Surface 0.5kg", "55.00", { parent_name: "Delhivery" }),
        mixedCheap(),
      ],
      { rules: custom(rule({ courier_list: [{ name: "delhivery", priority: 1 }] })) },
    );
    expect(chosen(r)).toEqual(["Delhivery Surface 0.5kg"]);
  });
});

describe("pickrr select (5)", () => {
  const selectRule = (over: Partial<SelectRule> & { criterias?: SelectRuleCriterias }): SelectRule => ({
    name: "Rule",
    priority: 99,
    validity: { active: true },
    criterias: {},
    courier: { courier_selection_rule_type: "fastest", active_parent: [], bl_parent: [] },
    ...over,
  });
  const select = (...selectRules: SelectRule[]): RuleConfig => ({ rule_code: "5", customRules: [], selectRules });
  const three = () => [mixedCheap(), surfaceMid(), airDear()];

  it("tries active rules from the highest priority number down; the first match decides", () => {
    const r = run(three(), {
      rules: select(
        selectRule({
          name: "Low",
          priority: 90,
          courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: [] },
        }),
        selectRule({ name: "Off", priority: 100, validity: { active: false } }),
        selectRule({ name: "High", priority: 95, criterias: { zone_list: { list: ["A"] } } }),
        selectRule({ name: "Mid", priority: 92, criterias: { zone_list: { list: ["C"] } } }),
      ),
    });
    expect(chosen(r)).toEqual(["Air Dear"]);
    expect(r.explanation).toEqual(
      expect.arrayContaining([
        "Pickrr Select (5): rule 'High' (priority 95) does not match: zone C is not in A.",
        "Pickrr Select (5): rule 'Mid' (priority 92) matches.",
        "Selection type fastest: chose the fastest, Air Dear (₹90.00, delivery by 2024-03-13).",
      ]),
    );
    expect(r.explanation.join("\n")).not.toContain("'Off'");
    expect(r.explanation.join("\n")).not.toContain("'Low'");
  });

  it("a rule without criteria matches every shipment", () => {
    expect(chosen(run(three(), { rules: select(selectRule({})) }))).toEqual(["Air Dear"]);
  });

  it("advantage: the cheapest courier that keeps the zone's promised days; the fastest when none does", () => {
    const advantage = selectRule({
      name: "Advantage",
      courier: {
        courier_selection_rule_type: "advantage",
        active_parent: [],
        bl_parent: [],
        standard: "_0",
        promise: "_85",
      },
    });
    // Zone C promises 4 days: the cheapest goes by surface (5 days) and breaks it; Mixed Cheap (4 days) keeps it.
    const slowCheapest = courier("Slow Cheapest", "30.00", { is_air: false });
    const kept = run([slowCheapest, ...three()], { rules: select(advantage) });
    expect(kept.rate_list[0].courier).toBe("Slow Cheapest");
    expect(chosen(kept)).toEqual(["Mixed Cheap"]);
    expect(kept.explanation).toContain(
      "Selection type advantage (standard '_0', promise '_85'): zone C promises delivery in 4 days; of the 2 courier(s) that keep it: chose the cheapest, Mixed Cheap (₹40.00, delivery by 2024-03-14).",
    );
    // Every courier two days late: none keeps the promise, so the least late (fastest) is chosen.
    const late = three().map((c) => ({ ...c, tatAdjustDays: 2 }));
    const none = run(late, { rules: select(advantage) });
    expect(chosen(none)).toEqual(["Air Dear"]);
    expect(none.explanation.at(-1)).toMatch(
      /zone C promises delivery in 4 days; no courier keeps it: chose the fastest, Air Dear/,
    );
    // The blacklist applies first.
    const blocked = run([slowCheapest, ...three()], {
      rules: select({ ...advantage, courier: { ...advantage.courier, bl_parent: ["Mixed Cheap"] } }),
    });
    expect(chosen(blocked)).toEqual(["Air Dear"]);
  });

  it("falls back to cheapest when no rule matches, or there are no active rules", () => {
    const none = run(three(), { rules: select(selectRule({ criterias: { order_type: { list: ["cod"] } } })) });
    expect(chosen(none)).toEqual(["Mixed Cheap"]);
    expect(none.explanation.at(-1)).toBe(
      "Pickrr Select (5): no rule matches, so cheapest applies: chose the cheapest, Mixed Cheap (₹40.00, delivery by 2024-03-14).",
    );
    const inactive = run(three(), { rules: select(selectRule({ validity: { active: false } })) });
    expect(chosen(inactive)).toEqual(["Mixed Cheap"]);
    expect(inactive.explanation).toContain("Pickrr Select (5): the client has no active rules.");
  });

  it("never picks a blacklisted courier by cheapest or fastest, but still lists it", () => {
    const cheapest = run(three(), {
      rules: select(
        selectRule({
          courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: ["Mixed Cheap"] },
        }),
      ),
    });
    expect(chosen(cheapest)).toEqual(["Surface Mid"]);
    expect(cheapest.rate_list.find((e) => e.courier === "Mixed Cheap")?.is_cheapest).toBe(true);
    expect(cheapest.explanation).toContain("Blacklisted by the rule: Mixed Cheap.");

    const fastest = run(three(), {
      rules: select(
        selectRule({ courier: { courier_selection_rule_type: "fastest", active_parent: [], bl_parent: ["air dear"] } }),
      ),
    });
    expect(chosen(fastest)).toEqual(["Mixed Cheap"]);
  });

  it("priority type walks active_parent by ascending priority, skipping blacklisted couriers", () => {
    const r = run(three(), {
      rules: select(
        selectRule({
          courier: {
            courier_selection_rule_type: "priority",
            active_parent: [
              { name: "Mixed Cheap", priority: 3 },
              { name: "Air Dear", priority: 1 },
              { name: "Surface Mid", priority: 2 },
            ],
            bl_parent: ["Air Dear"],
          },
        }),
      ),
    });
    expect(chosen(r)).toEqual(["Surface Mid"]);
    expect(r.explanation).toContain("Priority 1: Air Dear passed over (blacklisted by this rule).");
  });

  it("priority type with no eligible listed courier falls back to the cheapest allowed one", () => {
    const r = run(three(), {
      rules: select(
        selectRule({
          courier: {
            courier_selection_rule_type: "priority",
            active_parent: [{ name: "Absent", priority: 1 }],
            bl_parent: ["Mixed Cheap"],
          },
        }),
      ),
    });
    expect(chosen(r)).toEqual(["Surface Mid"]);
    expect(r.explanation.at(-1)).toMatch(
      /^No listed courier is eligible, so cheapest applies: chose the cheapest, Surface Mid/,
    );
  });

  it("a matching rule that blacklists every eligible courier does not decide: the next rule does", () => {
    const blacklistsAll = selectRule({
      name: "Blocks all",
      priority: 99,
      courier: {
        courier_selection_rule_type: "cheapest",
        active_parent: [],
        bl_parent: ["Mixed Cheap", "surface mid", "Air Dear"],
      },
    });
    const next = selectRule({
      name: "Next",
      priority: 95,
      courier: { courier_selection_rule_type: "fastest", active_parent: [], bl_parent: [] },
    });
    const r = run(three(), { rules: select(next, blacklistsAll) });
    expect(chosen(r)).toEqual(["Air Dear"]);
    expect(r.explanation).toEqual(
      expect.arrayContaining([
        "Pickrr Select (5): rule 'Blocks all' (priority 99) matches but blacklists every eligible courier (Mixed Cheap, Surface Mid, Air Dear), so it does not decide.",
        "Pickrr Select (5): rule 'Next' (priority 95) matches.",
        "Selection type fastest: chose the fastest, Air Dear (₹90.00, delivery by 2024-03-13).",
      ]),
    );
    expect(r.explanation.join("\n")).not.toContain("Blacklisted by the rule");
  });

  it("falls back to the cheapest when the only matching rule blacklists every eligible courier", () => {
    const r = run([mixedCheap()], {
      rules: select(
        selectRule({
          courier: { courier_selection_rule_type: "cheapest", active_parent: [], bl_parent: ["Mixed Cheap"] },
        }),
      ),
    });
    expect(r.rate_list).toHaveLength(1);
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
    expect(r.selected_courier_id).toBe(r.rate_list[0].courier_id);
    expect(r.explanation.slice(-2)).toEqual([
      "Pickrr Select (5): rule 'Rule' (priority 99) matches but blacklists every eligible courier (Mixed Cheap), so it does not decide.",
      "Pickrr Select (5): no rule decides, so cheapest applies: chose the cheapest, Mixed Cheap (₹40.00, delivery by 2024-03-14).",
    ]);
  });

  const codShipment: QuoteShipment = {
    ...shipment,
    payment_mode: "cod",
    cod_amount: "1500",
    weight: "1.2",
    product_names: ["Cotton Kurta", "Dupatta"],
    invoice_value: "1499.50",
  };

  // Each criterion with a list the shipment (COD, express, 1.2 kg, ₹1,499.50, Delhi → Bengaluru, zone C) meets and one it fails.
  it.each<[string, SelectRuleCriterias, SelectRuleCriterias, string]>([
    [
      "order_type",
      { order_type: { list: ["cod", "reverse"] } },
      { order_type: { list: ["prepaid"] } },
      "order type cod is not in prepaid",
    ],
    [
      "service_type",
      { service_type: { list: ["express"] } },
      { service_type: { list: ["surface"] } },
      "service type express is not in surface",
    ],
    [
      "product_list",
      { product_list: { list: ["dupatta "] } },
      { product_list: { list: ["Saree"] } },
      "no product of the shipment is in the product list",
    ],
    [
      "pincode_list fm",
      { pincode_list: { fm: ["110001", "110002"] } },
      { pincode_list: { fm: ["400001"] } },
      "pickup pincode 110001 is not in the pickup pincode list",
    ],
    [
      "pincode_list lm",
      { pincode_list: { lm: ["560001"] } },
      { pincode_list: { fm: ["110001"], lm: ["400001"] } },
      "destination pincode 560001 is not in the destination pincode list",
    ],
    [
      "weight",
      {
        weight: {
          list: [
            { min: 0, max: 0.5 },
            { min: "1.2", max: 2 },
          ],
        },
      },
      { weight: { list: [{ min: 0, max: "1.19" }] } },
      "weight 1.2 kg is outside 0–1.19 kg",
    ],
    [
      "invoice_value",
      { invoice_value: { list: [{ min: 500, max: "1499.50" }] } },
      { invoice_value: { list: [{ min: "1499.51", max: 5000 }] } },
      "invoice value ₹1,499.50 is outside ₹1,499.51–₹5,000.00",
    ],
    ["zone_list", { zone_list: { list: ["C", "D"] } }, { zone_list: { list: ["E"] } }, "zone C is not in E"],
    [
      "lane_list by state",
      { lane_list: { list: [{ from: "Delhi", to: "Karnataka" }] } },
      { lane_list: { list: [{ from: "Karnataka", to: "Delhi" }] } },
      "lane Delhi NCR, Delhi → Bengaluru, Karnataka is not in the lane list",
    ],
    [
      "lane_list by city",
      { lane_list: { list: [{ from: "delhi ncr", to: "Bengaluru" }] } },
      { lane_list: { list: [{ from: "Delhi NCR", to: "Mumbai" }] } },
      "lane Delhi NCR, Delhi → Bengaluru, Karnataka is not in the lane list",
    ],
  ])("criterion %s matches and fails", (_, meets, fails, why) => {
    const rules = (criterias: SelectRuleCriterias) => select(selectRule({ name: "R", criterias }));
    const yes = run(three(), { shipment: codShipment, rules: rules(meets) });
    expect(chosen(yes)).toEqual(["Air Dear"]);
    expect(yes.explanation).toContain("Pickrr Select (5): rule 'R' (priority 99) matches.");
    const no = run(three(), { shipment: codShipment, rules: rules(fails) });
    expect(chosen(no)).toEqual(["Mixed Cheap"]);
    expect(no.explanation).toContain(`Pickrr Select (5): rule 'R' (priority 99) does not match: ${why}.`);
  });

  it("needs every present criterion to match", () => {
    const r = run(three(), {
      shipment: codShipment,
      rules: select(
        selectRule({
          criterias: {
            order_type: { list: ["cod"] },
            zone_list: { list: ["C"] },
            weight: { list: [{ min: 5, max: 10 }] },
          },
        }),
      ),
    });
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
  });

  it("treats empty lists as absent criteria, and a missing product or invoice value as not matching", () => {
    const empty = run(three(), {
      rules: select(selectRule({ criterias: { order_type: { list: [] }, pincode_list: { fm: [], lm: [] } } })),
    });
    expect(chosen(empty)).toEqual(["Air Dear"]);
    const noInvoice = run(three(), {
      rules: select(selectRule({ criterias: { invoice_value: { list: [{ min: 0, max: 100 }] } } })),
    });
    expect(noInvoice.explanation).toContain(
      "Pickrr Select (5): rule 'Rule' (priority 99) does not match: the shipment has no invoice value.",
    );
    const noProducts = run(three(), {
      rules: select(selectRule({ criterias: { product_list: { list: ["Kurta"] } } })),
    });
    expect(chosen(noProducts)).toEqual(["Mixed Cheap"]);
  });

  it("skips a rule whose stored criteria cannot be read instead of failing the quote", () => {
    const r = run(three(), {
      rules: select(selectRule({ name: "Bad", criterias: { weight: { list: [{ min: "abc", max: 2 }] } } })),
    });
    expect(chosen(r)).toEqual(["Mixed Cheap"]);
    expect(r.explanation).toContain(
      "Pickrr Select (5): rule 'Bad' (priority 99) does not match: its criteria cannot be read (Not a decimal number: \"abc\").",
    );
  });

  it("weighs the shipment at its chargeable weight (divisor 5000)", () => {
    const bulky = { ...shipment, weight: "0.2", length: 30, breadth: 20, height: 15 }; // 1.8 kg volumetric
    const r = run(three(), {
      shipment: bulky,
      rules: select(selectRule({ criterias: { weight: { list: [{ min: 1.5, max: 2 }] } } })),
    });
    expect(chosen(r)).toEqual(["Air Dear"]);
  });
});

describe("reverse shipments", () => {
  it("normaliseCalculatorInput forces express, prepaid and COD value 0 for reverse", () => {
    const input = {
      shipment_type: "reverse" as const,
      delivery_mode: "heavy_surface" as const,
      payment_mode: "cod" as const,
      cod_amount: "500",
      weight: 1,
    };
    expect(normaliseCalculatorInput(input)).toEqual({
      ...input,
      delivery_mode: "express",
      payment_mode: "prepaid",
      cod_amount: 0,
    });
    const forward = { ...input, shipment_type: "forward" as const };
    expect(normaliseCalculatorInput(forward)).toBe(forward);
  });

  it("quotes a reverse shipment as express prepaid without COD or returned charges", () => {
    const reverse: QuoteShipment = {
      ...shipment,
      shipment_type: "reverse",
      delivery_mode: "heavy_surface",
      payment_mode: "cod",
      cod_amount: 900,
    };
    const airOnly = courier("Air Only", "50.00", { has_surface: false });
    const r = run([airOnly], { shipment: reverse });
    expect(r.rate_list).toHaveLength(1); // heavy surface would have excluded an air-only courier
    expect(r.rate_list[0]).toMatchObject({ cod_charge: 0, delivered_charges: 5000, returned_charges: null });
    expect(r.explanation).toContain("Reverse shipment: quoted as express, prepaid, COD value 0.");
  });

  it("derives service and order types", () => {
    expect(serviceTypeOf("express")).toBe("express");
    expect(serviceTypeOf("heavy_surface")).toBe("surface");
    expect(orderTypeOf({ shipment_type: "reverse", payment_mode: "cod" })).toBe("reverse");
    expect(orderTypeOf({ shipment_type: "forward", payment_mode: "cod" })).toBe("cod");
  });
});

describe("allocation properties", () => {
  const candidateArb = fc.record({
    name: fc.constantFrom("Alpha", "Beta", "Gamma", "Delta", "Epsilon", "Zeta"),
    base: fc.integer({ min: 0, max: 20_000 }).map((p) => (p / 100).toFixed(2)),
    active: fc.boolean(),
    is_air: fc.boolean(),
    has_surface: fc.boolean(),
    cod: fc.boolean(),
    tatAdjustDays: fc.integer({ min: -3, max: 3 }),
  });
  const rulesArb: fc.Arbitrary<RuleConfig> = fc.record({
    rule_code: fc.constantFrom("3" as const, "4" as const, "0" as const, "5" as const),
    customRules: fc.array(
      fc.record({
        service_type: fc.constantFrom("express" as const, "surface" as const),
        zone_list: fc.subarray([...ZONES]),
        order_type: fc.subarray(["cod" as const, "prepaid" as const, "reverse" as const]),
        courier_list: fc.array(
          fc.record({
            name: fc.constantFrom("Alpha", "Beta", "Gamma", "Nobody"),
            priority: fc.integer({ min: 1, max: 5 }),
          }),
          { maxLength: 5 },
        ),
      }),
      { maxLength: 3 },
    ),
    selectRules: fc.array(
      fc.record({
        name: fc.string({ maxLength: 5 }),
        priority: fc.integer({ min: 90, max: 100 }),
        validity: fc.record({ active: fc.boolean() }),
        criterias: fc.record(
          {
            zone_list: fc.record({ list: fc.subarray([...ZONES]) }),
            order_type: fc.record({ list: fc.subarray(["cod" as const, "prepaid" as const, "reverse" as const]) }),
          },
          { requiredKeys: [] },
        ),
        courier: fc.record({
          courier_selection_rule_type: fc.constantFrom(
            "cheapest" as const,
            "fastest" as const,
            "priority" as const,
            "advantage" as const,
          ),
          active_parent: fc.array(
            fc.record({ name: fc.constantFrom("Alpha", "Beta", "Gamma"), priority: fc.integer({ min: 1, max: 5 }) }),
            { maxLength: 3 },
          ),
          bl_parent: fc.subarray(["Alpha", "Beta", "Gamma", "Delta"]),
        }),
      }),
      { maxLength: 3 },
    ),
  });

  it("partitions couriers, flags one cheapest and one fastest, and allocates exactly one courier when any is eligible", () => {
    fc.assert(
      fc.property(
        fc.array(candidateArb, { maxLength: 6 }),
        rulesArb,
        fc.constantFrom("cod" as const, "prepaid" as const),
        fc.constantFrom(bengaluru, jaipur),
        (specs, rules, payment_mode, drop) => {
          const candidates = specs.map((s, i) =>
            courier(s.name, s.base, {
              courier_id: i + 1,
              is_active_for_client: s.active,
              is_air: s.is_air,
              has_surface: s.has_surface,
              tatAdjustDays: s.tatAdjustDays,
              drop_serviceability: { lm_delivery: true, cod: s.cod, prepaid: true },
            }),
          );
          const r = run(candidates, { rules, drop, shipment: { ...shipment, payment_mode, cod_amount: 250 } });
          expect(r.rate_list.length + r.skipped.length).toBe(candidates.length);
          for (let i = 1; i < r.rate_list.length; i++) {
            expect(r.rate_list[i - 1].delivered_charges).toBeLessThanOrEqual(r.rate_list[i].delivered_charges);
          }
          const priority = r.rate_list.filter((e) => e.is_priority);
          if (r.rate_list.length === 0) {
            expect(r.explanation).toContain(NO_COURIER_MESSAGE);
            expect(priority).toEqual([]);
            return;
          }
          expect(r.rate_list.filter((e) => e.is_cheapest)).toEqual([r.rate_list[0]]);
          const fastest = r.rate_list.filter((e) => e.is_fastest);
          expect(fastest).toHaveLength(1);
          expect(r.rate_list.every((e) => e.edd_stamp >= fastest[0].edd_stamp)).toBe(true);
          expect(priority.length).toBeLessThanOrEqual(1);
          expect(r.selected_courier_id).toBe(priority[0]?.courier_id ?? null);
          // Every rule type allocates exactly one courier whenever one is eligible (rules fall back, never strand).
          expect(priority).toHaveLength(1);
          if (rules.rule_code === "3") expect(priority[0]).toBe(r.rate_list[0]);
          if (rules.rule_code === "4") expect(priority[0]).toBe(fastest[0]);
        },
      ),
    );
  });
});
