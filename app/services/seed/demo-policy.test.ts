import { describe, expect, it } from "vitest";

import { demoSeedWanted } from "./demo-policy";

describe("demoSeedWanted", () => {
  it.each([
    [undefined, undefined, undefined, true], // `npm start`: the demo
    ["development", undefined, undefined, true],
    ["production", undefined, undefined, false], // NODE_ENV=production npm start: no demo accounts
    ["production", "true", undefined, true],
    ["production", "false", undefined, false],
    [undefined, "false", undefined, false],
    [undefined, undefined, "false", false],
    ["production", "true", "false", false],
  ])("NODE_ENV=%s SEED_DEMO=%s SEED_IF_EMPTY=%s → %s", (nodeEnvAsked, SEED_DEMO, SEED_IF_EMPTY, wanted) => {
    expect(demoSeedWanted({ nodeEnvAsked, SEED_DEMO, SEED_IF_EMPTY })).toBe(wanted);
  });
});
