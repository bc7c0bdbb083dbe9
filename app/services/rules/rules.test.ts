import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  customRuleFromStored,
  customRuleToStored,
  selectRuleFromStored,
  slotOfStoredPriority,
  storedPriorityOfSlot,
} from "./rules";

describe("custom priority slots", () => {
  it("stores slots 1–5 as 100 down to 96 and reads them back", () => {
    expect([1, 2, 3, 4, 5].map(storedPriorityOfSlot)).toEqual([100, 99, 98, 97, 96]);
    expect([100, 99, 98, 97, 96].map(slotOfStoredPriority)).toEqual([1, 2, 3, 4, 5]);
    expect(() => storedPriorityOfSlot(6)).toThrow(RangeError);
    expect(() => slotOfStoredPriority(95)).toThrow(RangeError);
  });

  it("round-trips a rule through the stored shape, keeping the order of its couriers", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 5 }),
        (names) => {
          const rule = {
            service_type: "express" as const,
            zone_list: ["A" as const],
            order_type: ["cod" as const],
            courier_list: names.map((name, i) => ({ name, priority: i + 1 })),
          };
          const stored = customRuleToStored(rule);
          expect(stored.courier_list.map((c) => c.priority)).toEqual(names.map((_, i) => 100 - i));
          expect(customRuleFromStored(stored)).toEqual(rule);
        },
      ),
    );
  });

  it("refuses stored rules without zones or order types", () => {
    expect(() =>
      customRuleFromStored({ service_type: "express", zone_list: [], order_type: ["cod"], courier_list: [] }),
    ).toThrow();
    expect(() =>
      customRuleFromStored({ service_type: "air", zone_list: ["A"], order_type: ["cod"], courier_list: [] }),
    ).toThrow();
  });
});

describe("Pickrr Select rules", () => {
  it("reads the spec's shape and refuses an unknown selection type", () => {
    const rule = {
      name: "Heavy to metros",
      priority: 99,
      validity: { active: true },
      criterias: { weight: { list: [{ min: "2", max: "10" }] }, zone_list: { list: ["C"] } },
      courier: {
        courier_selection_rule_type: "priority",
        active_parent: [{ name: "Delhivery", priority: 1 }],
        bl_parent: ["Gati"],
      },
    };
    expect(selectRuleFromStored(rule)).toEqual(rule);
    expect(() =>
      selectRuleFromStored({ ...rule, courier: { ...rule.courier, courier_selection_rule_type: "random" } }),
    ).toThrow();
  });
});
