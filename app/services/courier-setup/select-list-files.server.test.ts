import { describe, expect, it } from "vitest";

import { readListFiles, textFieldsOf, WRONG_LIST_FILE } from "./select-list-files.server";
import { SELECT_RULE_MESSAGES, valuesOfRule } from "./select-rule-form";

const csv = (text: string, name = "pins.csv") => new File([text], name, { type: "text/csv" });
const empty = () => new File([], "", { type: "application/octet-stream" });

describe("the Pickrr Select editor's list files", () => {
  it("hands the form's schema only the text fields", () => {
    const form = new FormData();
    form.append("name", "A");
    form.append("zone_list", "B");
    form.append("zone_list", "C");
    form.append("lm_csv", csv("110001"));
    const fields = textFieldsOf(form);
    expect([...fields.entries()]).toEqual([
      ["name", "A"],
      ["zone_list", "B"],
      ["zone_list", "C"],
    ]);
  });

  it("a chosen CSV replaces its list's text; an input left empty changes nothing", async () => {
    const posted = { ...valuesOfRule(null, null), lm_list: "typed", fm_list: "kept" };
    const form = new FormData();
    form.append("lm_csv", csv("pincode\r\n560001\r\n"));
    form.append("fm_csv", empty());
    const read = await readListFiles(form, posted);
    expect(read.ok && read.values).toMatchObject({ lm_list: "pincode\r\n560001\r\n", fm_list: "kept" });
    expect(posted.lm_list).toBe("typed");
  });

  it("a file that is not a CSV is refused by its list, with the values posted to refill the form", async () => {
    const posted = { ...valuesOfRule(null, null), name: "Rule" };
    const form = new FormData();
    form.append(
      "product_csv",
      new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], "products.xlsx", {
        type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      }),
    );
    const read = await readListFiles(form, posted);
    expect(read).toEqual({
      ok: false,
      status: 400,
      message: SELECT_RULE_MESSAGES.invalid,
      fieldErrors: { product_list: WRONG_LIST_FILE },
      values: posted,
    });
  });
});
