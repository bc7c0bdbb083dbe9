import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  formatInr,
  paiseToRupeesString,
  parseScaledDecimal,
  percentOfPaise,
  percentToHundredths,
  roundHalfUpDiv,
  roundHalfUpDivBig,
  rupeesToPaise,
} from "./money";

// Amounts up to ₹10 crore, far above any shipment, well inside numeric(12,2).
const paise = fc.integer({ min: -1_000_000_000, max: 1_000_000_000 });

describe("rupeesToPaise", () => {
  it.each([
    ["1234.50", 123450],
    ["1234.5", 123450],
    ["1234", 123400],
    ["0.1", 10],
    ["0.07", 7],
    [".5", 50],
    ["5.", 500],
    ["+3.25", 325],
    ["-3.25", -325],
    ["  42.00 ", 4200],
    ["-0.00", 0],
  ])("reads %j as %d paise", (text, expected) => {
    expect(rupeesToPaise(text)).toBe(expected);
  });

  it("reads numbers by their shortest decimal text, so float sums do not drift", () => {
    expect(rupeesToPaise(0.1 + 0.2)).toBe(30);
    expect(rupeesToPaise(1.005)).toBe(101);
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1e-7)).toBe(0);
    expect(rupeesToPaise(-12.5)).toBe(-1250);
  });

  it("rounds digits beyond the paisa half-up, away from zero", () => {
    expect(rupeesToPaise("12.344")).toBe(1234);
    expect(rupeesToPaise("12.345")).toBe(1235);
    expect(rupeesToPaise("12.3449999")).toBe(1234);
    expect(rupeesToPaise("-12.345")).toBe(-1235);
    expect(rupeesToPaise("0.999")).toBe(100);
  });

  it.each(["", " ", ".", "-", "abc", "1.2.3", "12,50", "1,234.50", "1e3", "₹5"])("refuses %j", (text) => {
    expect(() => rupeesToPaise(text)).toThrow(RangeError);
  });

  it("refuses non-finite numbers and amounts beyond safe integers", () => {
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError);
    expect(() => rupeesToPaise(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => rupeesToPaise("900719925474099.20")).toThrow(RangeError);
  });

  it("property: every two-decimal text reads back to its exact paise", () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(rupeesToPaise(paiseToRupeesString(p))).toBe(p);
      }),
    );
  });

  it("property: a number typed with two decimals is read exactly", () => {
    fc.assert(
      fc.property(paise, (p) => {
        expect(rupeesToPaise(Number((p / 100).toFixed(2)))).toBe(p);
      }),
    );
  });
});

describe("parseScaledDecimal", () => {
  it("scales to any number of decimals (kg to grams)", () => {
    expect(parseScaledDecimal("0.5", 3)).toBe(500);
    expect(parseScaledDecimal(0.1, 3)).toBe(100);
    expect(parseScaledDecimal("2.0005", 3)).toBe(2001);
    expect(parseScaledDecimal("7", 0)).toBe(7);
    expect(parseScaledDecimal("7.5", 0)).toBe(8);
  });
});

describe("paiseToRupeesString", () => {
  it.each([
    [123450, "1234.50"],
    [5, "0.05"],
    [0, "0.00"],
    [-5, "-0.05"],
    [-123456, "-1234.56"],
    [100_000_000_000, "1000000000.00"],
  ])("writes %d paise as %s", (p, text) => {
    expect(paiseToRupeesString(p)).toBe(text);
  });

  it("refuses fractions of a paisa", () => {
    expect(() => paiseToRupeesString(1.5)).toThrow(RangeError);
  });
});

describe("formatInr", () => {
  it.each([
    [123450, "₹1,234.50"],
    [12345678, "₹1,23,456.78"],
    [10_000_000_000, "₹10,00,00,000.00"],
    [0, "₹0.00"],
    [7, "₹0.07"],
    [99_999, "₹999.99"],
    [-12345678, "-₹1,23,456.78"],
  ])("shows %d paise as %s", (p, text) => {
    expect(formatInr(p)).toBe(text);
  });

  it("property: agrees with Intl en-IN two-decimal formatting", () => {
    const intl = new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (p) => {
        expect(formatInr(p)).toBe(`₹${intl.format(p / 100)}`);
      }),
    );
  });

  it("stays exact where p / 100 no longer fits a float's precision", () => {
    expect(formatInr(9_007_199_254_740_991)).toBe("₹9,00,71,99,25,47,409.91");
  });
});

describe("roundHalfUpDiv", () => {
  it.each([
    [5, 2, 3],
    [-5, 2, -3],
    [5, -2, -3],
    [4, 3, 1],
    [7, 3, 2],
    [8, 3, 3],
    [0, 7, 0],
    [10, 5, 2],
    [1, 2, 1],
    [1, 3, 0],
  ])("%d / %d → %d", (n, d, q) => {
    expect(roundHalfUpDiv(n, d)).toBe(q);
  });

  it("refuses division by zero and non-integers", () => {
    expect(() => roundHalfUpDiv(1, 0)).toThrow(RangeError);
    expect(() => roundHalfUpDiv(1.5, 2)).toThrow(RangeError);
    expect(() => roundHalfUpDivBig(1n, 0n)).toThrow(RangeError);
  });

  it("property: the remainder is at most half the divisor, and exact halves go away from zero", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e12, max: 1e12 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.boolean(),
        (n, d, negateD) => {
          const divisor = negateD ? -d : d;
          const q = roundHalfUpDiv(n, divisor);
          const twiceRemainder = 2 * Math.abs(n - q * divisor);
          expect(twiceRemainder).toBeLessThanOrEqual(d);
          if (twiceRemainder === d) expect(Math.abs(q * divisor)).toBeGreaterThan(Math.abs(n));
        },
      ),
    );
  });

  it("property: matches Math.round for non-negative quotients", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 1e4 }), (n, d) => {
        expect(roundHalfUpDiv(n, d)).toBe(Math.round(n / d));
      }),
    );
  });
});

describe("percentOfPaise", () => {
  it("takes a percentage of an amount, half-up to the paisa", () => {
    expect(percentOfPaise(100_000, "1.75")).toBe(1750); // 1.75% of ₹1,000 = ₹17.50
    expect(percentOfPaise(12_345, "2")).toBe(247); // ₹2.469 → ₹2.47
    expect(percentOfPaise(12_325, "2")).toBe(247); // ₹2.465 exactly → up
    expect(percentOfPaise(12_324, "2")).toBe(246); // ₹2.4648 → down
    expect(percentOfPaise(100_000, { hundredths: 175 })).toBe(1750);
    expect(percentOfPaise(0, "3.5")).toBe(0);
    expect(percentOfPaise(999, "0")).toBe(0);
  });

  it("reads percentages like numeric(6,2)", () => {
    expect(percentToHundredths("1.75")).toBe(175);
    expect(percentToHundredths("100")).toBe(10_000);
    expect(percentToHundredths("0.125")).toBe(13);
    expect(() => percentToHundredths({ hundredths: 1.5 })).toThrow(RangeError);
  });

  it("rounds an exact half paisa up (9 paise at 50 %)", () => {
    expect(percentOfPaise(9, "50")).toBe(5);
  });

  it("stays exact where paise × hundredths passes 2^53", () => {
    // ₹90 crore at 99.99%: the product is about 9e14 × 1e4.
    expect(percentOfPaise(90_000_000_000, "99.99")).toBe(89_991_000_000);
  });

  it("property: equals the exact rational amount × percent / 100 rounded half-up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.integer({ min: 0, max: 10_000 }), (amount, hundredths) => {
        const exact = BigInt(amount) * BigInt(hundredths); // in 1/10,000 paise
        const got = BigInt(percentOfPaise(amount, { hundredths }));
        // Half-up: an exact half (…5000) rounds up, so the error lies in (−½, +½] paisa.
        expect(got * 10_000n - exact).toBeGreaterThan(-5_000n);
        expect(got * 10_000n - exact).toBeLessThanOrEqual(5_000n);
        // The text form gives the same answer.
        const text = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
        expect(percentOfPaise(amount, text)).toBe(Number(got));
      }),
    );
  });
});
