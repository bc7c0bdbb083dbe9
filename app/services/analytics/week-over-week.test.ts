/**
 * Week on week and the Dropping preset (decision 072) against figures worked out by hand: the
 * edges are a zero last week, a fall of exactly 30 %, and exactly 20 orders last week.
 */
import { describe, expect, it } from "vitest";

import { formatWeekChange, formatWeekPercent, isDropping, weekChange, weekRanges } from "./week-over-week";

/** thisWeek, lastWeek → change, percent (truncated toward zero), dropping. Worked by hand. */
const FIXTURE: [number, number, number, number | null, boolean][] = [
  // Last week had none: no per cent, never dropping (no base), whatever this week did.
  [0, 0, 0, null, false],
  [15, 0, 15, null, false],
  // Exactly 20 orders last week, down exactly 30 % (20 → 14): dropping.
  [14, 20, -6, -30, true],
  // 20 → 15 is −25 %: not enough.
  [15, 20, -5, -25, false],
  // 19 last week, down 100 %: too few orders last week.
  [0, 19, -19, -100, false],
  // 20 → 0: down 100 % on exactly 20, dropping.
  [0, 20, -20, -100, true],
  // 100 → 70 is exactly −30 %: dropping; 100 → 71 is −29 %: not.
  [70, 100, -30, -30, true],
  [71, 100, -29, -29, false],
  // 33 → 23: −30.30… % (truncated −30), 23 ≤ 0.7·33 = 23.1: dropping.
  [23, 33, -10, -30, true],
  // 33 → 24: −27.27… %, truncated to −27: not.
  [24, 33, -9, -27, false],
  // 61 → 43: −29.5 % — shown −29 (truncated toward zero, not floored to −30): not dropping.
  [43, 61, -18, -29, false],
  // Growth: 40 → 50 is +25 %; 3 → 4 is +33.3… %, truncated to +33.
  [50, 40, 10, 25, false],
  [4, 3, 1, 33, false],
];

describe("week on week", () => {
  it.each(FIXTURE)(
    "%i this week against %i last week: change %i, %s %%, dropping %s",
    (w, b, change, percent, down) => {
      expect(weekChange({ thisWeek: w, lastWeek: b })).toEqual({ change, percent });
      expect(isDropping({ thisWeek: w, lastWeek: b })).toBe(down);
    },
  );

  it("a row shown at −30 % or lower is dropping whenever it had 20 or more orders last week, and never otherwise", () => {
    for (let lastWeek = 20; lastWeek <= 200; lastWeek++)
      for (let thisWeek = 0; thisWeek <= lastWeek; thisWeek++) {
        const { percent } = weekChange({ thisWeek, lastWeek });
        expect(isDropping({ thisWeek, lastWeek }), `${thisWeek}/${lastWeek}`).toBe(percent! <= -30);
      }
  });

  it("compares the seven whole days to yesterday with the seven before (today left out)", () => {
    expect(weekRanges("2026-11-27")).toEqual({
      thisWeek: { from: "2026-11-20", to: "2026-11-26" },
      lastWeek: { from: "2026-11-13", to: "2026-11-19" },
    });
    // Across a month's end.
    expect(weekRanges("2026-12-03").lastWeek).toEqual({ from: "2026-11-19", to: "2026-11-25" });
  });

  it("writes the change and the per cent with their signs", () => {
    expect(formatWeekPercent(-30)).toBe("−30%");
    expect(formatWeekPercent(25)).toBe("+25%");
    expect(formatWeekPercent(0)).toBe("0%");
    expect(formatWeekPercent(null)).toBe("—");
    expect(formatWeekChange(-1234, (n) => n.toLocaleString("en-IN"))).toBe("−1,234");
    expect(formatWeekChange(5)).toBe("+5");
    expect(formatWeekChange(0)).toBe("0");
    // 0 − 0 is 0 %, not "−0".
    expect(weekChange({ thisWeek: 5, lastWeek: 5 }).percent).toBe(0);
  });
});
