/**
 * The forms that make and send a saved quote (decision 073): the Rate Calculator's "Download
 * quote (PDF)" and "E-mail quote" post the quote on screen as one hidden field, `quote`, holding
 * the calculator's query (one field, so the page never has two inputs of a calculator field's
 * name), read by the calculator's own schema; "E-mail quote" adds an optional note to the
 * merchant; the saved quote's page e-mails with the note alone.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { boundedFreeText } from "../core/text-input";
import { CALCULATOR_FIELDS, type CalculatorField, type CalculatorInput, calculatorSchema } from "./calculator-form";

/** A note for the merchant, written into the e-mail above the quote. */
export const QUOTE_NOTE_MAX = 500;

const note = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v == null ? "" : v),
  boundedFreeText(QUOTE_NOTE_MAX).transform((v) => (v === "" ? null : v)),
);

export const quoteNoteSchema = z.object({ note });
export const quoteNoteValidator = withZod(quoteNoteSchema);

/** The longest `quote` field: every calculator field at its limit (product names: 2,000) fits. */
export const QUOTE_FIELD_MAX = 4000;

/** The calculator's query (the `quote` field, at most QUOTE_FIELD_MAX characters) and the note. */
export const quoteFromCalculatorSchema = z.preprocess((raw, ctx) => {
  const fields = (raw ?? {}) as Record<string, unknown>;
  const query = typeof fields.quote === "string" ? fields.quote : "";
  if (query.length > QUOTE_FIELD_MAX) {
    ctx.addIssue({ code: "custom", path: ["quote"], message: "This quote is too long to keep." });
    return z.NEVER;
  }
  return { ...Object.fromEntries(new URLSearchParams(query)), note: fields.note };
}, calculatorSchema.and(quoteNoteSchema));
export const quoteFromCalculatorValidator = withZod(quoteFromCalculatorSchema);

/** The Rate Calculator's query for an input: the link that quotes the same shipment again at today's rates. */
export function calculatorQuery(input: CalculatorInput): Record<CalculatorField, string> {
  const value = (f: CalculatorField): string => {
    const v = input[f];
    if (Array.isArray(v)) return v.join(", ");
    if (typeof v === "boolean") return v ? "true" : "false";
    return v == null ? "" : String(v);
  };
  return Object.fromEntries(CALCULATOR_FIELDS.map((f) => [f, value(f)])) as Record<CalculatorField, string>;
}
