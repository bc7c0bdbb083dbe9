import { describe, expect, it } from "vitest";

import { isRuleCode, RULE_CODE_NAMES, RULE_CODES } from "./rule-codes";

describe("rule codes", () => {
  it("name each code by its selection type", () => {
    for (const [name, code] of Object.entries(RULE_CODES)) expect(RULE_CODE_NAMES[code]).toBe(name);
  });

  it("knows the four rule codes", () => {
    expect(["0", "3", "4", "5"].every(isRuleCode)).toBe(true);
    expect(isRuleCode("1")).toBe(false);
    expect(isRuleCode(3)).toBe(false);
  });
});
