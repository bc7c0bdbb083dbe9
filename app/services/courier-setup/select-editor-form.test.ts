import { describe, expect, it } from "vitest";

import { selectRuleValues } from "../../../tests/support/select-rule-values";
import { selectRuleFormValidator } from "./select-editor-form";

describe("the Pickrr Select editor's form schema", () => {
  it("reads the editor's post into the same values as the form reader, a 100,000-pincode list included", async () => {
    const form = new FormData();
    const pins = Array.from({ length: 100_000 }, (_, i) => String(900_000 + i)).join(", ");
    for (const [k, v] of [
      ["name", "Lane rule"],
      ["version", ""],
      ["zone_list", "A"],
      ["zone_list", "E"],
      ["order_type", "cod"],
      ["lm_list", pins],
      ["invoice_min_2", "100"],
      ["invoice_max_2", "250.50"],
      ["lane_from_0", "Delhi NCR"],
      ["lane_to_0", "Karnataka"],
      ["selection", "advantage"],
      ["bl_parent", "Gati"],
      ["bl_parent", "Ekart"],
    ])
      form.append(k, v);
    const read = await selectRuleFormValidator.validate(form);
    expect(read.error).toBeUndefined();
    expect(read.data).toEqual(selectRuleValues(form));
  });

  it("bounds the fields: a name past any rule name, a forged long choice", async () => {
    const form = new FormData();
    form.append("name", "n".repeat(1001));
    form.append("selection", "s".repeat(101));
    const read = await selectRuleFormValidator.validate(form);
    expect(read.error?.fieldErrors).toEqual({
      name: "Please enter at most 1,000 characters.",
      selection: "Please enter at most 100 characters.",
    });
  });

  it("leaves a name of 101 characters to the rule's own check (parseSelectRule), which says so by the field", async () => {
    const form = new FormData();
    form.append("name", "n".repeat(101));
    expect((await selectRuleFormValidator.validate(form)).data?.name).toHaveLength(101);
  });
});
