import { describe, expect, it } from "vitest";

import { customRuleValues } from "./custom-rule-form";
import { customRuleFields, customRuleInitialValues } from "./custom-rule-values";

describe("the custom priority dialog's values", () => {
  it("reads a post's fields as the form reader does: one checkbox a string, several an array, slots trimmed, absent fields empty", () => {
    const form = new URLSearchParams([
      ["service_type", "surface"],
      ["zone_list", "A"],
      ["order_type", "cod"],
      ["order_type", "prepaid"],
      ["slot_1", " Delhivery "],
      ["slot_3", "Ekart"],
    ]);
    const fields = {
      service_type: "surface",
      zone_list: "A",
      order_type: ["cod", "prepaid"],
      slot_1: " Delhivery ",
      slot_3: "Ekart",
    };
    expect(customRuleFields(fields)).toEqual(customRuleValues(form));
    expect(customRuleFields(fields)).toEqual({
      service_type: "surface",
      zone_list: ["A"],
      order_type: ["cod", "prepaid"],
      slots: ["Delhivery", "", "Ekart", "", ""],
    });
    expect(customRuleFields({})).toEqual({
      service_type: "",
      zone_list: [],
      order_type: [],
      slots: ["", "", "", "", ""],
    });
  });

  it("opens with a refused post's values, else the rule being edited, else empty", () => {
    const editing = {
      service_type: "express" as const,
      zone_list: ["B" as const],
      order_type: ["cod" as const],
      courier_list: [{ name: "Gati", priority: 1 }],
    };
    expect(customRuleInitialValues(editing, { service_type: "surface", zone_list: ["C", "D"] }).zone_list).toEqual([
      "C",
      "D",
    ]);
    expect(customRuleInitialValues(editing, null)).toEqual({
      service_type: "express",
      zone_list: ["B"],
      order_type: ["cod"],
      slots: ["Gati", "", "", "", ""],
    });
    expect(customRuleInitialValues(null, null)).toEqual({
      service_type: "",
      zone_list: [],
      order_type: [],
      slots: ["", "", "", "", ""],
    });
  });
});
