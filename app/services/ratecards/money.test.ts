import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { MAX_MONEY_PAISE } from "../core/rate-fields";
import { formatKg, formatTwoDecimals, hundredthsToString, parseHundredths, parsePaise, sameDecimal } from "./money";

const paise = fc.integer({ min: 0, max: MAX_MONEY_PAISE });
const digits = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });

describe("parsePaise (strict money parsing)", () => {
  it("reads plain amounts exactly, without float drift", () => {
    expect(parsePaise("32")).toBe(3200);
    expect(parsePaise("32.5")).toBe(3250);
    expect(parsePaise("32.50")).toBe(3250);
    expect(parsePaise("0.10")).toBe(10);
    expect(parsePaise("0.29")).toBe(29); // 0.29 * 100 is 28.999999999999996 as a float
    expect(parsePaise("  45.05 ")).toBe(4505);
    expect(parsePaise("0")).toBe(0);
    expect(parsePaise("0007.5")).toBe(750);
  });

  it("refuses negatives, signs, more than two decimals and anything that is not a plain decimal", () => {
    for (const bad of [
      "",
      " ",
      "-1",
      "-0.5",
      "+1",
      "1.",
      ".5",
      "1.234",
      "1e3",
      "1,000",
      "12,50",
      "₹10",
      "0x10",
      "NaN",
      "Infinity",
      "1 000",
      "abc",
      "1..2",
    ]) {
      expect(parsePaise(bad), bad).toBeNull();
    }
  });

  it("caps at the column's maximum when asked", () => {
    expect(parsePaise("9999999999.99", MAX_MONEY_PAISE)).toBe(MAX_MONEY_PAISE);
    expect(parsePaise("10000000000.00", MAX_MONEY_PAISE)).toBeNull();
    expect(parseHundredths("100.00", 10_000)).toBe(10_000);
    expect(parseHundredths("100.01", 10_000)).toBeNull();
  });

  it("round-trips every amount through its two-decimal text (property)", () => {
    fc.assert(
      fc.property(paise, (p) => {
        const text = hundredthsToString(p);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(parsePaise(text)).toBe(p);
      }),
    );
  });

  it("accepts exactly the non-negative decimals with at most two decimals (property)", () => {
    fc.assert(
      fc.property(digits(1, 10), fc.option(digits(1, 2), { nil: undefined }), (whole, frac) => {
        const text = frac === undefined ? whole : `${whole}.${frac}`;
        const expected = Number(whole) * 100 + (frac === undefined ? 0 : Number(frac.padEnd(2, "0")));
        expect(parsePaise(text)).toBe(expected);
      }),
    );
    fc.assert(
      fc.property(digits(1, 8), digits(3, 6), (whole, frac) => {
        expect(parsePaise(`${whole}.${frac}`)).toBeNull();
      }),
    );
    fc.assert(
      fc.property(
        paise.filter((p) => p > 0),
        (p) => {
          expect(parsePaise(`-${hundredthsToString(p)}`)).toBeNull();
        },
      ),
    );
  });

  it("never throws and never returns a non-integer, whatever the text (property)", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const r = parsePaise(s);
        expect(r === null || (Number.isSafeInteger(r) && r >= 0)).toBe(true);
      }),
    );
  });
});

describe("two-decimal display", () => {
  it("shows stored numerics with exactly two decimals", () => {
    expect(formatTwoDecimals("32")).toBe("32.00");
    expect(formatTwoDecimals("32.5")).toBe("32.50");
    expect(formatTwoDecimals("32.50")).toBe("32.50");
    expect(formatTwoDecimals(1.5)).toBe("1.50");
    expect(formatTwoDecimals(5000)).toBe("5000.00");
    expect(formatTwoDecimals("0.125")).toBe("0.13");
    expect(formatTwoDecimals("not a number")).toBe("not a number");
  });

  it("is idempotent and agrees with the paise text (property)", () => {
    fc.assert(
      fc.property(paise, (p) => {
        const shown = formatTwoDecimals(hundredthsToString(p));
        expect(shown).toBe(hundredthsToString(p));
        expect(formatTwoDecimals(shown)).toBe(shown);
        // A numeric(12,2) value read back with a single decimal digit shows the same.
        if (p % 10 === 0) expect(formatTwoDecimals(shown.slice(0, -1))).toBe(shown);
      }),
    );
  });

  it("prints weights like the spec's panel titles", () => {
    expect(formatKg("0.50")).toBe("0.5");
    expect(formatKg("1.00")).toBe("1");
    expect(formatKg("0.25")).toBe("0.25");
    expect(formatKg("10.00")).toBe("10");
    expect(formatKg(2)).toBe("2");
    expect(formatKg("0.10")).toBe("0.1");
  });

  it("compares decimals by value", () => {
    expect(sameDecimal("0.5", "0.50")).toBe(true);
    expect(sameDecimal("1", "1.00")).toBe(true);
    expect(sameDecimal("1", "1.01")).toBe(false);
    expect(sameDecimal("x", "x")).toBe(true);
  });
});
