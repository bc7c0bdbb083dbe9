import { describe, expect, it } from "vitest";

import { countOf, plural } from "./plural";

describe("plural", () => {
  it("uses the singular for exactly one and the plural for every other count", () => {
    expect(plural(1, "client", "clients")).toBe("client");
    expect(plural(0, "client", "clients")).toBe("clients");
    expect(plural(2, "client", "clients")).toBe("clients");
    expect(plural(1_00_000, "row", "rows")).toBe("rows");
  });
  it("writes the count before the word", () => {
    expect(countOf(1, "remittance", "remittances")).toBe("1 remittance");
    expect(countOf(3, "remittance", "remittances")).toBe("3 remittances");
    expect(countOf(0, "remittance", "remittances")).toBe("0 remittances");
  });
});
