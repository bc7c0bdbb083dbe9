/**
 * The one way an action reads a form and answers it (docs/forms.md): validate the posted
 * fields with the form's validator (a zod schema wrapped by `withZod`, shared with the form),
 * answer an invalid post with status 400, every field error at once and the submitted values
 * to refill the form — never a password — and answer a service's refusal in the same shape.
 * A plain (no-JS) post gets the page re-rendered with these values, so whatever is echoed
 * here ends up in the HTML.
 */
import { data } from "@remix-run/node";
import { validationError, type Validator, type ValidatorError } from "remix-validated-form";

import { type Failure, FIELDS_INVALID, type Invalid, invalid } from "../core/result";
import { TEXT_LIMITS } from "../core/text-input";

const SECRET_FIELDS = /pass(word)?|secret|token/i;

/** An echoed value is never longer than the longest field allows (a 50 MB post is not a 50 MB page); a file is never echoed. */
function capped(value: unknown): unknown {
  if (value instanceof Blob) return undefined;
  if (typeof value === "string")
    return value.length > TEXT_LIMITS.freeText ? value.slice(0, TEXT_LIMITS.freeText) : value;
  if (Array.isArray(value)) return value.slice(0, 100).map(capped);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value)
        .slice(0, 200)
        .map(([k, v]) => [k, capped(v)]),
    );
  return value;
}

/** Submitted values minus anything secret (password, confirmPassword, tokens…), each capped. */
export function withoutSecrets(submitted: unknown): Record<string, unknown> {
  if (!submitted || typeof submitted !== "object") return {};
  return Object.fromEntries(
    Object.entries(submitted as Record<string, unknown>)
      .filter(([key, value]) => !SECRET_FIELDS.test(key) && !(value instanceof Blob))
      .slice(0, 200)
      .map(([key, value]) => [key, capped(value)]),
  );
}

/** The 400 answer to a form whose fields failed validation (remix-validated-form's shape). */
export function formError(error: ValidatorError, submitted: unknown) {
  return validationError(error, withoutSecrets(submitted), { status: 400 });
}

/**
 * What the action has after reading a form: the parsed data, or the 400 answer to return as it
 * is (with its field errors and the submitted values, for a page that says more than the fields).
 */
export type FormRead<T> =
  | { ok: true; data: T; submitted: Record<string, unknown> }
  | (Invalid<{ response: ReturnType<typeof formError>; submitted: Record<string, unknown> }> & {
      fieldErrors: Record<string, string>;
    });

/**
 * Reads a posted form with its validator. Give it the request (it reads the form data), the
 * form data already read (several forms on one page, told apart by `intent`), or the text
 * fields of a multipart post (`readMultipart` first: files are checked by size and bytes there).
 */
export async function readForm<T>(
  source: Request | FormData | Record<string, unknown>,
  validator: Validator<T>,
  formId?: string,
): Promise<FormRead<T>> {
  const fields = source instanceof Request ? await source.formData() : source;
  const result = await validator.validate(fields);
  if (result.error) {
    const response = formError(formId ? { ...result.error, formId } : result.error, result.submittedData);
    return {
      ...invalid(FIELDS_INVALID, { response, submitted: result.submittedData }),
      fieldErrors: result.error.fieldErrors,
    };
  }
  return { ok: true, data: result.data, submitted: result.submittedData };
}

/** The body of an answer to a refused form: field errors in remix-validated-form's shape, or one message for the form. */
export type FormFailure<Extra extends object = {}> = {
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  formId?: string;
  message?: string;
  status: number;
} & Extra;

/**
 * A service's refusal (core/result.ts) as the action's answer, with the values typed so the
 * form refills: a 403 is thrown (the error boundary says "not allowed"); field errors go
 * beside their fields; any other refusal is one message for the form, with what the failure
 * carries besides (`current` after a conflict, `stale`…).
 */
export function failureAnswer<F extends Failure & { fieldErrors?: Record<string, string> }>(
  failure: F,
  submitted?: unknown,
  formId?: string,
) {
  if (failure.status === 403) throw new Response(failure.message, { status: 403 });
  const { ok: _ok, status, message, fieldErrors, ...extra } = failure;
  const body = {
    ...extra,
    status,
    message: fieldErrors ? undefined : message,
    fieldErrors,
    repopulateFields: withoutSecrets(submitted),
    formId,
  };
  return data(body as FormFailure<Omit<F, "ok" | "status" | "message" | "fieldErrors">>, { status });
}
