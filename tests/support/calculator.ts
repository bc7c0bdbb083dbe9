/** A Rate Calculator input for service tests: Delhi → Bengaluru, 0.5 kg, prepaid, unless overridden. */
import { type CalculatorInput, parseCalculator } from "~/services/quote/calculator-form";

export function calculatorInput(overrides: Record<string, string> = {}): CalculatorInput {
  const parsed = parseCalculator({
    shipment_type: "forward",
    pickup_pincode: "110001",
    drop_pincode: "560001",
    delivery_mode: "express",
    length: "10",
    breadth: "10",
    height: "10",
    weight: "0.5",
    payment_mode: "prepaid",
    ...overrides,
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.input;
}
