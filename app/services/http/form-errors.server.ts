/**
 * One way for actions to answer a form that failed validation (GUIDE §3): status 400, the
 * field errors, and the submitted values to refill the form — never a password. A plain
 * (no-JS) post gets the page re-rendered with these values, so whatever is echoed here ends
 * up in the HTML.
 */
import { validationError, type ValidatorError } from "remix-validated-form";
import { TEXT_LIMITS } from "../core/text-input";

const SECRET_FIELDS = /pass(word)?|secret|token/i;

/** An echoed value is never longer than the longest field allows (a 50 MB post is not a 50 MB page). */
function capped(value: unknown): unknown {
  if (typeof value === "string") return value.length > TEXT_LIMITS.freeText ? value.slice(0, TEXT_LIMITS.freeText) : value;
  if (Array.isArray(value)) return value.slice(0, 100).map(capped);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).slice(0, 200).map(([k, v]) => [k, capped(v)]));
  return value;
}

/** Submitted values minus anything secret (password, confirmPassword, tokens…), each capped. */
export function withoutSecrets(submitted: unknown): Record<string, unknown> {
  if (!submitted || typeof submitted !== "object") return {};
  return Object.fromEntries(
    Object.entries(submitted as Record<string, unknown>)
      .filter(([key]) => !SECRET_FIELDS.test(key))
      .slice(0, 200)
      .map(([key, value]) => [key, capped(value)]),
  );
}

export function formError(error: ValidatorError, submitted: unknown) {
  return validationError(error, withoutSecrets(submitted), { status: 400 });
}
