/**
 * The one set of rules for text that people type or send (decision 019): every text field has
 * a maximum length, and control characters (NUL, ESC, a CR/LF in a one-line field …) are
 * refused with a clear field message instead of reaching the database (PostgreSQL rejects
 * NUL in text, which used to answer 500) or the page. Every zod form and query schema builds
 * its text fields from these.
 */
import { z } from "zod";

/** Field limits (decision 019; docs/product.md sets none tighter). */
export const TEXT_LIMITS = {
  name: 100,
  company: 150,
  email: 254,
  phone: 15,
  freeText: 1000,
  /** Passwords are hashed with scrypt: a bound keeps one sign-in from costing more than the next. */
  password: 1000,
  search: 100,
  /** A redirect path carried in a form. */
  path: 2048,
} as const;

export const CONTROL_CHARACTER_MESSAGE =
  "Please remove control characters (such as NUL or line breaks) from this field.";

export function tooLongMessage(max: number): string {
  return `Please enter at most ${max.toLocaleString("en-IN")} characters.`;
}

const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/** For `.regex(…)` on a string schema that cannot start from boundedString. */

export const NO_CONTROL = /^[^\u0000-\u001f\u007f-\u009f]*$/;

const NO_CONTROL_BUT_LINE_BREAKS = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]*$/;

/** True when `value` holds a control character (TAB, CR and LF allowed only with `multiline`). */
export function hasControlCharacters(value: unknown, opts: { multiline?: boolean } = {}): boolean {
  return typeof value === "string" && (opts.multiline ? CONTROL_BUT_LINE_BREAKS : ANY_CONTROL).test(value);
}

type StringParams = Parameters<typeof z.string>[0];

/** A one-line text field as a plain ZodString (so `.trim().min().regex().pipe()` chain on it). */
export function boundedString(max: number, params?: StringParams) {
  return z.string(params).max(max, tooLongMessage(max)).regex(NO_CONTROL, CONTROL_CHARACTER_MESSAGE);
}

/** Free text (TAB and line breaks allowed), at most `max` characters. */
export function boundedFreeText(max: number = TEXT_LIMITS.freeText, params?: StringParams) {
  return z.string(params).max(max, tooLongMessage(max)).regex(NO_CONTROL_BUT_LINE_BREAKS, CONTROL_CHARACTER_MESSAGE);
}
