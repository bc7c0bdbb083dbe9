/**
 * The Courier Rules forms' fields as plain text and lists, from what a form posts once
 * remix-validated-form has read it (a field sent once is a string, a checkbox group checked
 * twice an array) or from the values an answer refills the form with. Pure and forgiving:
 * the schemas (tab-form.ts, select-editor-form.ts) have already bounded every field, and a
 * refill only needs the same reading again (docs/forms.md §3).
 */
import { z } from "zod";

import { tooLongMessage } from "../core/text-input";

export type Fields = Readonly<Record<string, unknown>>;

/** A one-value field's text: the first value when it came more than once, "" when absent. */
export function fieldText(fields: Fields, key: string): string {
  const value = fields[key];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : typeof first === "number" ? String(first) : "";
}

/** A checkbox group's values, in the order posted (none checked: empty). */
export function fieldList(fields: Fields, key: string): string[] {
  const value = fields[key];
  const all = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return all.filter((v): v is string => typeof v === "string");
}

/** A one-value text field of at most `max` characters; absent is "" for the readers above. */
export const textField = (max: number) => z.string().max(max, tooLongMessage(max)).optional();

/** A checkbox group: one value (a string) or several (an array), each at most `max` characters. */
export const listField = (max: number, most = 100) =>
  z
    .union([z.string().max(max, tooLongMessage(max)), z.array(z.string().max(max, tooLongMessage(max))).max(most)])
    .optional();
