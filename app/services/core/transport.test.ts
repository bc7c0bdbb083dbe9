import { describe, expect, it } from "vitest";

import { transportModeFor } from "./transport";

describe("transportModeFor", () => {
  it("derives the mode from the courier's flags and the delivery mode", () => {
    expect(transportModeFor({ is_air: true, has_surface: false }, "express")).toBe("air");
    expect(transportModeFor({ is_air: false, has_surface: true }, "express")).toBe("surface");
    expect(transportModeFor({ is_air: true, has_surface: true }, "express")).toBe("mixed");
    expect(transportModeFor({ is_air: true, has_surface: true }, "heavy_surface")).toBe("surface");
  });
});
