import { describe, expect, it } from "vitest";

import { isZone, ZONE_COLUMNS, ZONE_E_ALT_LABEL, ZONE_LABELS, ZONE_TAT_DAYS, ZONES } from "./zones";

describe("zone labels", () => {
  it("match the rate card column titles", () => {
    expect(ZONES.map((z) => ZONE_LABELS[z])).toEqual(["Intra City", "Within Zone", "Metros", "ROI", "ROI"]);
    expect(ZONE_E_ALT_LABEL).toBe("Up Country");
  });

  it("isZone accepts only the five letters", () => {
    expect(ZONES.every(isZone)).toBe(true);
    expect(isZone("F")).toBe(false);
    expect(isZone("a")).toBe(false);
    expect(isZone(1)).toBe(false);
  });
});

describe("zone turnaround and columns", () => {
  it("promise 2, 3, 4, 5 and 8 days for zones A to E", () => {
    expect(ZONES.map((z) => ZONE_TAT_DAYS[z])).toEqual([2, 3, 4, 5, 8]);
  });

  it("name the rate table columns with lower-case keys", () => {
    expect(ZONE_COLUMNS.map((c) => [c.key, c.name, c.label])).toEqual([
      ["a", "Zone A", "Intra City"],
      ["b", "Zone B", "Within Zone"],
      ["c", "Zone C", "Metros"],
      ["d", "Zone D", "ROI"],
      ["e", "Zone E", "ROI"],
    ]);
  });
});
