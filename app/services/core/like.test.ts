import { describe, expect, it } from "vitest";

import { containsPattern } from "./like";

describe("containsPattern", () => {
  it("wraps the text in % and takes its own %, _ and \\ literally", () => {
    expect(containsPattern("asha rao")).toBe("%asha rao%");
    expect(containsPattern("100%_a\\b")).toBe("%100\\%\\_a\\\\b%");
  });
});
