import { describe, expect, it } from "vitest";

import {
  ADVANTAGE_PLAN_NAMES,
  ADVANTAGE_PLAN_TYPES,
  isPlanName,
  isPlanType,
  PLAN_NAME_OF,
  PLAN_TYPE_OF,
} from "./plans";

describe("advantage plan names", () => {
  it("map each type to its name and back", () => {
    for (const type of ADVANTAGE_PLAN_TYPES) expect(PLAN_TYPE_OF[PLAN_NAME_OF[type]]).toBe(type);
    expect(ADVANTAGE_PLAN_NAMES.map((n) => PLAN_TYPE_OF[n])).toEqual(["basic", "premium"]);
  });

  it("recognise only the two plans", () => {
    expect(ADVANTAGE_PLAN_NAMES.every(isPlanName)).toBe(true);
    expect(isPlanName("advantage_gold")).toBe(false);
    expect(isPlanName("basic")).toBe(false);
    expect(ADVANTAGE_PLAN_TYPES.every(isPlanType)).toBe(true);
    expect(isPlanType("advantage_basic")).toBe(false);
    expect(isPlanType(undefined)).toBe(false);
  });
});
