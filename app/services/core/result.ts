/**
 * The one shape every service answers with: `{ ok: true, … }` or a failure a route can show
 * as it is — an HTTP status and a sentence for a person, plus what the screen needs to say
 * more (field errors, the current values after a conflict). Services return failures; they
 * throw only for what is truly unexpected (the database gone), which the error boundaries show.
 */

/**
 * The statuses a refusal carries: invalid input, not signed in (wrong credentials), not allowed,
 * not there, changed meanwhile, too large, too many attempts — and 500 for an action whose
 * service call failed unexpectedly where the spec wants the form kept with its message
 * ("Not able to update settings") rather than an error page; a service never returns 500.
 * 422 is the order API's documented answer to a well-formed order no courier can carry
 * (decision 023): JSON only, no page answers it.
 */
export type FailureStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 500;

export type Failure<S extends FailureStatus = FailureStatus, Extra extends object = {}> = {
  ok: false;
  status: S;
  message: string;
} & Extra;

/** A success carrying `T`'s fields, or one of the failures `F`. */
export type Result<T extends object = {}, F extends Failure = Failure> = ({ ok: true } & T) | F;

export type FieldErrors = Record<string, string>;
/** Invalid input: the message, and per field what is wrong when the form can show it. */
export type Invalid<Extra extends object = {}> = Failure<400, { fieldErrors?: FieldErrors } & Extra>;
export type Forbidden = Failure<403>;
export type NotFound = Failure<404>;
/** A refusal before anything is read or written: the usual first lines of a service call. */
export type Refusal = Invalid | Forbidden | NotFound;
/** The record changed since the person saw it: nothing was saved; `current` is what is stored now. */
export type Conflict<Current> = Failure<409, { conflict: true; current: Current }>;
/** A card-wide change confirmed against a preview of something that has changed since. */
export type Stale = Failure<409, { stale: true }>;

export function fail<S extends FailureStatus, Extra extends object = {}>(
  status: S,
  message: string,
  extra?: Extra,
): Failure<S, Extra> {
  return { ok: false, status, message, ...(extra as Extra) };
}

export const forbidden = (message: string): Forbidden => fail(403, message);
export const notFound = (message: string): NotFound => fail(404, message);
export function invalid<Extra extends object = {}>(
  message: string,
  extra?: { fieldErrors?: FieldErrors } & Extra,
): Invalid<Extra> {
  return fail(400, message, extra ?? ({} as { fieldErrors?: FieldErrors } & Extra));
}
/** The message of a refusal whose field errors say everything (the form shows each by its field). */
export const FIELDS_INVALID = "Some fields are not valid.";
/** Invalid input told field by field: the form shows each message beside its field. */
export const invalidFields = (fieldErrors: FieldErrors): Invalid<{ fieldErrors: FieldErrors }> =>
  invalid(FIELDS_INVALID, { fieldErrors });
/** The first message of each field of a failed schema parse (zod's issues); an issue of the whole object is `form`'s. */
export function firstMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return fieldErrors;
}
export const conflict = <Current>(message: string, current: Current): Conflict<Current> =>
  fail(409, message, { conflict: true as const, current });
export const stale = (message: string): Stale => fail(409, message, { stale: true as const });

/**
 * One area's refusals, with its own sentences ("You are not allowed to change this rate
 * card."): each area names its messages once and uses these instead of building objects.
 */
export function refusals(messages: { forbidden: string; notFound: string }) {
  return {
    forbidden: (): Forbidden => forbidden(messages.forbidden),
    notFound: (message = messages.notFound): NotFound => notFound(message),
  };
}

export function isFailure<T extends { ok: boolean }>(result: T): result is Extract<T, { ok: false }> {
  return !result.ok;
}
