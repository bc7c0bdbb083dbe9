import { describe, expect, it } from "vitest";

import {
  customCreateValidator,
  customEditValidator,
  isRuleIntent,
  RULE_INTENTS,
  ruleIdValidator,
  ruleTypeValidator,
  selectMoveValidator,
  selectToggleValidator,
} from "./rules-tab-form";

const form = (entries: [string, string][]) => {
  const f = new FormData();
  for (const [k, v] of entries) f.append(k, v);
  return f;
};

describe("the Courier Rules tab's forms", () => {
  it("knows its intents and nothing else", () => {
    for (const intent of RULE_INTENTS) expect(isRuleIntent(intent)).toBe(true);
    for (const other of ["", "toggle", "rule_type ", null, 3]) expect(isRuleIntent(other)).toBe(false);
  });

  it("reads the custom rule dialog's post into the service's input, the edit with its rule and version", async () => {
    const fields: [string, string][] = [
      ["intent", "custom_edit"],
      ["rule_id", "12"],
      ["version", "3"],
      ["service_type", "express"],
      ["zone_list", "A"],
      ["zone_list", "B"],
      ["order_type", "cod"],
      ["slot_1", "Delhivery"],
    ];
    const edit = await customEditValidator.validate(form(fields));
    expect(edit.data).toEqual({
      ruleId: 12,
      version: 3,
      values: {
        service_type: "express",
        zone_list: ["A", "B"],
        order_type: ["cod"],
        slots: ["Delhivery", "", "", "", ""],
      },
    });
    const create = await customCreateValidator.validate(form(fields.slice(3)));
    expect(create.data).toEqual({ values: edit.data!.values });
    // An edit without the version it was read at cannot be checked for a stale save: refused by its field.
    const stale = await customEditValidator.validate(form(fields.filter(([k]) => k !== "version")));
    expect(Object.keys(stale.error?.fieldErrors ?? {})).toEqual(["version"]);
  });

  it("reads the row actions' rule ids, directions and switches, and refuses what no button sends", async () => {
    expect(
      (
        await selectToggleValidator.validate(
          form([
            ["rule_id", "4"],
            ["active", "false"],
          ]),
        )
      ).data,
    ).toEqual({ rule_id: 4, active: false });
    expect(
      (
        await selectMoveValidator.validate(
          form([
            ["rule_id", "4"],
            ["direction", "up"],
          ]),
        )
      ).data,
    ).toEqual({ rule_id: 4, direction: "up" });
    expect((await ruleIdValidator.validate(form([["rule_id", "9"]]))).data).toEqual({ rule_id: 9 });
    for (const bad of ["0", "-1", "1.5", "abc", "99999999999"])
      expect((await ruleIdValidator.validate(form([["rule_id", bad]]))).error?.fieldErrors.rule_id).toBeTruthy();
    expect(
      (
        await selectMoveValidator.validate(
          form([
            ["rule_id", "4"],
            ["direction", "left"],
          ]),
        )
      ).error?.fieldErrors.direction,
    ).toBeTruthy();
    expect((await ruleTypeValidator.validate(form([["rule_code", "4"]]))).data).toEqual({ rule_code: "4" });
    expect((await ruleTypeValidator.validate(form([["rule_code", "123"]]))).error?.fieldErrors.rule_code).toBeTruthy();
  });

  it("bounds every text field", async () => {
    const long = "x".repeat(101);
    const answer = await customCreateValidator.validate(
      form([
        ["service_type", long],
        ["slot_2", long],
        ["zone_list", "A"],
        ["zone_list", long],
      ]),
    );
    expect(answer.error?.fieldErrors).toMatchObject({
      service_type: "Please enter at most 100 characters.",
      slot_2: "Please enter at most 100 characters.",
    });
  });
});
