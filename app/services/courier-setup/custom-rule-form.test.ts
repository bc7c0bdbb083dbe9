import { describe, expect, it } from "vitest";

import { courierOptionsFor, CUSTOM_RULE_MESSAGES, customRuleValues, parseCustomRule } from "./custom-rule-form";

/** Invalid input, told field by field. */
const FAILED = { ok: false, status: 400, message: CUSTOM_RULE_MESSAGES.invalid } as const;

const COURIERS = [
  { name: "Blue Dart Air 0.5kg", has_surface: false },
  { name: "DTDC Surface 0.5kg", has_surface: true },
  { name: "Ecom Express Surface 0.5kg", has_surface: true },
];
const form = (entries: [string, string][]) => customRuleValues(new URLSearchParams(entries));

describe("custom priority rule form", () => {
  it("needs a service type, a zone, an order type and a courier, each with its message", () => {
    expect(parseCustomRule(form([]), COURIERS)).toEqual({
      ...FAILED,
      fieldErrors: {
        service_type: CUSTOM_RULE_MESSAGES.serviceType,
        zone_list: CUSTOM_RULE_MESSAGES.zones,
        order_type: CUSTOM_RULE_MESSAGES.orderTypes,
        slot_1: CUSTOM_RULE_MESSAGES.couriers,
      },
    });
  });

  it("keeps slot order as priority, skipping empty slots; zones and order types in their canonical order", () => {
    const r = parseCustomRule(
      form([
        ["service_type", "surface"],
        ["zone_list", "D"],
        ["zone_list", "A"],
        ["order_type", "reverse"],
        ["order_type", "cod"],
        ["slot_1", ""],
        ["slot_2", "Ecom Express Surface 0.5kg"],
        ["slot_4", "DTDC Surface 0.5kg"],
      ]),
      COURIERS,
    );
    expect(r).toEqual({
      ok: true,
      rule: {
        service_type: "surface",
        zone_list: ["A", "D"],
        order_type: ["cod", "reverse"],
        courier_list: [
          { name: "Ecom Express Surface 0.5kg", priority: 1 },
          { name: "DTDC Surface 0.5kg", priority: 2 },
        ],
      },
    });
  });

  it("a courier chosen twice is flagged on the later slot", () => {
    const r = parseCustomRule(
      form([
        ["service_type", "express"],
        ["zone_list", "A"],
        ["order_type", "cod"],
        ["slot_1", "DTDC Surface 0.5kg"],
        ["slot_3", "DTDC Surface 0.5kg"],
      ]),
      COURIERS,
    );
    expect(r).toEqual({ ...FAILED, fieldErrors: { slot_3: CUSTOM_RULE_MESSAGES.duplicate } });
  });

  it("surface lists only couriers with surface support, and the server refuses others", () => {
    expect(courierOptionsFor("surface", COURIERS).map((c) => c.name)).toEqual([
      "DTDC Surface 0.5kg",
      "Ecom Express Surface 0.5kg",
    ]);
    expect(courierOptionsFor("express", COURIERS)).toHaveLength(3);
    const r = parseCustomRule(
      form([
        ["service_type", "surface"],
        ["zone_list", "A"],
        ["order_type", "cod"],
        ["slot_1", "Blue Dart Air 0.5kg"],
      ]),
      COURIERS,
    );
    expect(r).toEqual({ ...FAILED, fieldErrors: { slot_1: CUSTOM_RULE_MESSAGES.noSurface } });
  });

  it("refuses unknown values", () => {
    const r = parseCustomRule(
      form([
        ["service_type", "air"],
        ["zone_list", "F"],
        ["order_type", "cash"],
        ["slot_1", "Nobody"],
      ]),
      COURIERS,
    );
    expect(r).toEqual({
      ...FAILED,
      fieldErrors: {
        service_type: CUSTOM_RULE_MESSAGES.serviceType,
        zone_list: CUSTOM_RULE_MESSAGES.zones,
        order_type: CUSTOM_RULE_MESSAGES.orderTypes,
        slot_1: CUSTOM_RULE_MESSAGES.unknownCourier,
      },
    });
  });
});
