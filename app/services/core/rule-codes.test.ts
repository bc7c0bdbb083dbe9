import { describe, expect, it } from "vitest";
import { RULE_CODE_NAMES, RULE_CODES } from "./rule-codes";

describe("rule codes", () => {
  it("name each code by its selection type", () => {
    for (const [name, code] of Object.entries(RULE_CODES)) expect(RULE_CODE_NAMES[code]).toBe(name);
  });
});
