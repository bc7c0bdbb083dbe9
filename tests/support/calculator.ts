/** The Rate Calculator's usual query in tests: Delhi → Bengaluru, 0.5 kg, prepaid, unless overridden. */
import { type CalculatorInput, parseCalculator } from "~/services/quote/calculator-form";

/** The calculator form's raw fields (as a browser sends them): service tests parse them, browser tests put them in the URL. */
export const CALCULATOR_FIELDS: Readonly<Record<string, string>> = {
  shipment_type: "forward",
  pickup_pincode: "110001",
  drop_pincode: "560001",
  delivery_mode: "express",
  length: "10",
  breadth: "10",
  height: "10",
  weight: "0.5",
  payment_mode: "prepaid",
};

/** The calculator's URL query for `CALCULATOR_FIELDS` with `overrides`: `?shipment_type=forward&…`. */
export function calculatorQuery(overrides: Record<string, string> = {}): string {
  return `?${new URLSearchParams({ ...CALCULATOR_FIELDS, ...overrides })}`;
}

/** `CALCULATOR_FIELDS` with `overrides`, parsed as the server parses the form. */
export function calculatorInput(overrides: Record<string, string> = {}): CalculatorInput {
  const parsed = parseCalculator({ ...CALCULATOR_FIELDS, ...overrides });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.input;
}
