import { describe, expect, it } from "vitest";

import { selectRuleValues } from "../../../tests/support/select-rule-values";
import { editorInitialValues, editorMessage, editorRuleId, selectRuleFields } from "./select-editor-fields";
import { SELECT_RULE_MESSAGES, valuesOfRule } from "./select-rule-form";

describe("the Pickrr Select editor's fields", () => {
  it("names a new rule, a stored one, or none", () => {
    expect(editorRuleId("new")).toBeNull();
    expect(editorRuleId("17")).toBe(17);
    for (const bad of [undefined, "", "0", "-3", "1.5", "x", "1e400"]) expect(editorRuleId(bad)).toBe("bad");
  });

  it("reads a post's fields as the form reader does", () => {
    const entries: [string, string][] = [
      ["name", "  Heavy  "],
      ["version", "4"],
      ["zone_list", "C"],
      ["service_type", "express"],
      ["service_type", "surface"],
      ["lm_list", "110001, 110002"],
      ["lm_list_mode", "replace"],
      ["fm_list_mode", "bogus"],
      ["weight_min_0", " 2 "],
      ["weight_max_0", "5"],
      ["lane_from_1", "Goa"],
      ["selection", "priority"],
      ["priority_0", " Gati "],
      ["bl_parent", "Ekart"],
    ];
    const form = new FormData();
    const fields: Record<string, string | string[]> = {};
    for (const [k, v] of entries) {
      form.append(k, v);
      fields[k] = k in fields ? [fields[k]].flat().concat(v) : v;
    }
    expect(selectRuleFields(fields)).toEqual(selectRuleValues(form));
    expect(selectRuleFields(fields)).toMatchObject({
      name: "Heavy",
      service_type: ["express", "surface"],
      zone_list: ["C"],
      list_mode: { lm_list: "replace", fm_list: "edit" },
    });
  });

  it("opens after an answer with the stored rule after a stale save, the values posted after a refused one, else the stored rule", () => {
    const stored = valuesOfRule(null, null);
    const posted = { ...stored, name: "Posted" };
    const current = { ...stored, name: "Current", version: "7" };
    expect(editorInitialValues(stored, null)).toBe(stored);
    expect(editorInitialValues(stored, { status: 409, message: "changed", current })).toBe(current);
    expect(editorInitialValues(stored, { status: 400, fieldErrors: { criteria: "x" }, values: posted })).toBe(posted);
    expect(
      editorInitialValues(stored, {
        status: 400,
        fieldErrors: { name: "long" },
        repopulateFields: { name: "Refilled" },
      }).name,
    ).toBe("Refilled");
    expect(editorInitialValues(stored, { status: 413, message: "too large", repopulateFields: {} })).toBe(stored);
  });

  it("heads field errors with 'Some form fields are invalid.' and shows a refusal's own message", () => {
    expect(editorMessage(null)).toBeNull();
    expect(editorMessage({ status: 400, fieldErrors: { name: "Please enter a rule name." } })).toBe(
      SELECT_RULE_MESSAGES.invalid,
    );
    expect(
      editorMessage({ status: 413, message: "A list may hold at most 1,00,000 entries (files up to 2 MB)." }),
    ).toBe("A list may hold at most 1,00,000 entries (files up to 2 MB).");
    expect(editorMessage({ status: 400, fieldErrors: {} })).toBeNull();
  });
});
