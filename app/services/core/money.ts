/**
 * Money arithmetic in integer paise.
 *
 * The spec stores rupees with two decimals and shows two decimals everywhere. Binary floats
 * cannot hold most of those values (0.1 + 0.2 !== 0.3), and a quote sums several of them, so
 * every amount is parsed from its decimal text straight into an integer count of paise and
 * all arithmetic stays in integers. Rounding is half-up (half away from zero), the rule of
 * PostgreSQL's `round(numeric)` and of invoices, so the database and the screen agree.
 */

/** A whole number of paise (1 rupee = 100 paise). */
export type Paise = number;

/** Rupees as a person types them in a form: up to 10 digits, at most two decimals, no sign or grouping. */
export const RUPEES_INPUT = /^\d{1,10}(\.\d{1,2})?$/;

const DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * Parses a decimal (text or number) into an integer scaled by 10^decimals, rounding half-up
 * on the digits themselves, so "12.345" at 2 decimals is 1235 without ever being a float.
 *
 * Numbers are read through `String(n)`, the shortest text that round-trips, which is the
 * value a person typed (1.005 reads as "1.005", not 1.00499999…). Grouping commas are refused
 * rather than stripped: "12,50" is a decimal comma in much of the world, not 1250.
 */
export function parseScaledDecimal(value: string | number, decimals: number): number {
  // Fast path for whole numbers (most sizes, weights in grams' callers, divisors): exact in a double.
  if (typeof value === "number" && Number.isSafeInteger(value) && Math.abs(value) <= 9e11) {
    const scaled = value * 10 ** decimals;
    if (Number.isSafeInteger(scaled)) return scaled === 0 ? 0 : scaled;
  }
  const text = typeof value === "number" ? numberToPlainText(value) : value.trim();
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || (whole === "" && fraction === "")) {
    throw new RangeError(`Not a decimal number: ${JSON.stringify(value)}`);
  }
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  const roundUp = (fraction[decimals] ?? "0") >= "5";
  // Up to 15 significant digits fit a double exactly: skip BigInt (a hot path of pricing).
  if (whole.length + decimals <= 15) {
    let small = Number(whole || "0") * 10 ** decimals + Number(kept || "0") + (roundUp ? 1 : 0);
    if (match[1] === "-") small = -small;
    return small === 0 ? 0 : small;
  }
  let scaled = BigInt(whole || "0") * 10n ** BigInt(decimals) + BigInt(kept || "0");
  if (roundUp) scaled += 1n;
  if (match[1] === "-") scaled = -scaled;
  const result = Number(scaled);
  if (!Number.isSafeInteger(result)) throw new RangeError(`Decimal out of range: ${JSON.stringify(value)}`);
  // Avoid -0 so that results compare and serialise plainly.
  return result === 0 ? 0 : result;
}

function numberToPlainText(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`);
  const text = String(n);
  // String() switches to exponent notation below 1e-6 and from 1e21; toFixed spells those out.
  return /e/i.test(text) ? n.toFixed(20) : text;
}

/** Rupees ("1234.5", "1234.50", 1234.5) → paise, exact for up to two decimals, half-up beyond. */
export function rupeesToPaise(rupees: string | number): Paise {
  return parseScaledDecimal(rupees, 2);
}

function assertPaise(paise: number): void {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Paise must be a whole number: ${paise}`);
}

/** Paise → "1234.50", the plain two-decimal text stored in numeric(12,2) and sent in payloads. */
export function paiseToRupeesString(paise: Paise): string {
  assertPaise(paise);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

// Only the whole rupees go through Intl (integers format exactly); the paise are appended as
// digits, so even amounts beyond float precision for p / 100 print exactly.
const wholeRupeesFormat = new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 });

/** Paise → "₹1,23,456.78" with Indian digit grouping (lakh, crore). */
export function formatInr(paise: Paise): string {
  assertPaise(paise);
  const sign = paise < 0 ? "-" : "";
  const abs = Math.abs(paise);
  return `${sign}₹${wholeRupeesFormat.format(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero
 * (2.5 → 3, -2.5 → -3), using only integer arithmetic.
 */
export function roundHalfUpDiv(numerator: number, denominator: number): number {
  if (!Number.isSafeInteger(numerator) || !Number.isSafeInteger(denominator)) {
    throw new RangeError(`roundHalfUpDiv needs whole numbers: ${numerator} / ${denominator}`);
  }
  return Number(roundHalfUpDivBig(BigInt(numerator), BigInt(denominator)));
}

/** The same rounding on bigints, for products that may pass 2^53 (paise × hundredths of a percent). */
export function roundHalfUpDivBig(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError("Division by zero");
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  let q = n / d;
  if ((n % d) * 2n >= d) q += 1n;
  return negative ? -q : q;
}

/** A percentage: decimal text such as "1.75" (percent), or an exact count of hundredths of a percent. */
export type Percent = string | { hundredths: number };

/** "1.75" → 175 hundredths of a percent (half-up beyond two decimals, like numeric(6,2)). */
export function percentToHundredths(percent: Percent): number {
  if (typeof percent === "string") return parseScaledDecimal(percent, 2);
  if (!Number.isSafeInteger(percent.hundredths)) {
    throw new RangeError(`Hundredths of a percent must be a whole number: ${percent.hundredths}`);
  }
  return percent.hundredths;
}

/** percent % of an amount in paise, rounded half-up to the paisa. */
export function percentOfPaise(amount: Paise, percent: Percent): Paise {
  assertPaise(amount);
  const hundredths = percentToHundredths(percent);
  // hundredths of a percent → a fraction of 10,000.
  const result = Number(roundHalfUpDivBig(BigInt(amount) * BigInt(hundredths), 10_000n));
  return result === 0 ? 0 : result;
}
