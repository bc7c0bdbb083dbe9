/**
 * Strict reading and two-decimal display of the numbers on a rate card. The integer-paise
 * arithmetic lives in core/money.ts; this module adds what forms and uploads need on top:
 * a *strict* parser (a person's "32.505" or "-5" is an error to show, not a value to round)
 * and the display rules of the rate card screens. The same hundredths serve rupees
 * (numeric(12,2)), percentages (numeric(6,2)) and weight slabs in kg.
 */
import { paiseToRupeesString, rupeesToPaise } from "../core/money";

const STRICT_DECIMAL = /^\d{1,13}(?:\.\d{1,2})?$/;

/**
 * Parses a non-negative decimal with at most two decimals ("32", "32.5", "0.25") into
 * hundredths (3200, 3250, 25). Surrounding spaces are ignored; anything else (signs,
 * exponents, separators, "1.", ".5", three decimals) gives null, as does a value above
 * `max` hundredths (e.g. MAX_MONEY_PAISE for numeric(12,2)).
 */
export function parseHundredths(text: string, max = Number.MAX_SAFE_INTEGER): number | null {
  const trimmed = text.trim();
  if (!STRICT_DECIMAL.test(trimmed)) return null;
  const value = rupeesToPaise(trimmed);
  return value <= max ? value : null;
}

/** Rupees text → paise, or null when the text is not a valid non-negative amount. */
export const parsePaise = parseHundredths;

/** 3250 → "32.50": the exact two-decimal text stored in numeric columns and shown on screen. */
export const hundredthsToString = paiseToRupeesString;

/**
 * A stored numeric ("32.5", "32.50", 32.5) shown with exactly two decimals (docs/product.md §9:
 * numbers are shown to two decimals), rounding half-up beyond two. Text that is not a
 * decimal comes back unchanged.
 */
export function formatTwoDecimals(value: string | number): string {
  try {
    return paiseToRupeesString(rupeesToPaise(value));
  } catch {
    return String(value);
  }
}

/** A weight in kg as the spec prints it in panel titles: 0.5, 1, 2, 0.25 (no trailing zeros). */
export function formatKg(value: string | number): string {
  const text = typeof value === "number" ? String(value) : value.trim();
  if (!/^\d+(\.\d+)?$/.test(text)) return text;
  const [whole, frac = ""] = text.split(".");
  const trimmed = frac.replace(/0+$/, "");
  const w = whole.replace(/^0+(?=\d)/, "");
  return trimmed ? `${w}.${trimmed}` : w;
}

/** Do two decimal texts hold the same value ("0.5" and "0.50")? Invalid texts compare as text. */
export function sameDecimal(a: string, b: string): boolean {
  const x = parseHundredths(a);
  const y = parseHundredths(b);
  return x !== null && y !== null ? x === y : a.trim() === b.trim();
}
