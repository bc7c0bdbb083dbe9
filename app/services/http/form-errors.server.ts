/**
 * One way for actions to answer a form that failed validation (GUIDE §3): status 400, the
 * field errors, and the submitted values to refill the form — never a password. A plain
 * (no-JS) post gets the page re-rendered with these values, so whatever is echoed here ends
 * up in the HTML.
 */
import { validationError, type ValidatorError } from "remix-validated-form";

const SECRET_FIELDS = /pass(word)?|secret|token/i;

/** Submitted values minus anything secret (password, confirmPassword, tokens…). */
export function withoutSecrets(submitted: unknown): Record<string, unknown> {
  if (!submitted || typeof submitted !== "object") return {};
  return Object.fromEntries(Object.entries(submitted as Record<string, unknown>).filter(([key]) => !SECRET_FIELDS.test(key)));
}

export function formError(error: ValidatorError, submitted: unknown) {
  return validationError(error, withoutSecrets(submitted), { status: 400 });
}
