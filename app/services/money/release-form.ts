/**
 * The Release Details form (docs/product.md §3 release item, §5 release form): the selected
 * remittances and the approver's e-mail and reason, with the spec's messages. Pure, shared by
 * the dialog and the action.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { formatInr, rupeesToPaise } from "../core/money";
import { countOf } from "../core/plural";
import { type FieldErrors, type Invalid, invalidFields, type Result } from "../core/result";
import { boundedFreeText, boundedString, TEXT_LIMITS } from "../core/text-input";
import { type CodView, parseCodView } from "./cod-query";
import { type Confirmed, decodeConfirmed, MAX_FINGERPRINT_LENGTH, MAX_SELECT_ALL, sumOf } from "./release-all";

export const RELEASE_MESSAGES = {
  email: "Enter valid Approval Email",
  reason: "Approver Reason is required",
  none: "Select at least one remittance to release.",
  tooMany: "Release at most 100 remittances at a time.",
  failed: "Something went wrong.",
  confirmation: "This confirmation is not valid any more. Open Select all matching again.",
  allTooMany: `Release at most ${MAX_SELECT_ALL.toLocaleString("en-IN")} remittances at a time: narrow the filter.`,
} as const;

export const MAX_RELEASE_BATCH = 100;
export const MAX_REASON_LENGTH = 500;

const schema = z.object({
  approver_email: boundedString(TEXT_LIMITS.email).trim().toLowerCase().pipe(z.string().email(RELEASE_MESSAGES.email)),
  approver_reason: boundedFreeText(MAX_REASON_LENGTH).trim().min(1, RELEASE_MESSAGES.reason),
});

export type ReleaseInput = { ids: number[]; approver_email: string; approver_reason: string };
/** The checked selection and approver, or invalid input with each field's message (`ids` for the selection). */
export type ReleaseParse = Result<{ input: ReleaseInput }, Invalid<{ fieldErrors: FieldErrors }>>;

export function parseRelease(form: {
  ids: readonly string[];
  approver_email: string;
  approver_reason: string;
}): ReleaseParse {
  const errors: Partial<Record<"ids" | "approver_email" | "approver_reason", string>> = {};
  const ids = [...new Set(form.ids.map((s) => Number(s)))];
  if (form.ids.length === 0) errors.ids = RELEASE_MESSAGES.none;
  else if (ids.length > MAX_RELEASE_BATCH) errors.ids = RELEASE_MESSAGES.tooMany;
  else if (ids.some((n) => !Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647)) errors.ids = RELEASE_MESSAGES.none;
  const parsed = schema.safeParse({ approver_email: form.approver_email, approver_reason: form.approver_reason });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as "approver_email" | "approver_reason";
      // An empty or malformed e-mail gets the spec's one message; a too-long one says so.
      errors[key] ??=
        key === "approver_email" && !issue.message.startsWith("Please") ? RELEASE_MESSAGES.email : issue.message;
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return invalidFields(errors);
  return { ok: true, input: { ids: ids.sort((a, b) => a - b), ...parsed.data } };
}

const asText = (v: unknown) => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : "");
const asList = (v: unknown) => (v == null ? [] : Array.isArray(v) ? v : [v]).map(String);

/** The posted Release Details form (`ids` repeated, one per selected remittance), checked by parseRelease. */
export const releaseFormSchema = z
  .object({ ids: z.unknown(), approver_email: z.unknown(), approver_reason: z.unknown() })
  .transform((raw, ctx): ReleaseInput => {
    const parsed = parseRelease({
      ids: asList(raw.ids),
      approver_email: asText(raw.approver_email),
      approver_reason: asText(raw.approver_reason),
    });
    if (parsed.ok) return parsed.input;
    for (const [path, message] of Object.entries(parsed.fieldErrors))
      ctx.addIssue({ code: "custom", path: [path], message });
    return z.NEVER;
  });
export const releaseValidator = withZod(releaseFormSchema);

export type ReleaseAllInput = {
  view: Pick<CodView, "by" | "q" | "from" | "to">;
  confirmed: Confirmed[];
  approver_email: string;
  approver_reason: string;
};

/**
 * The posted "select all matching" confirmation (decision 066): the filter, the fingerprint of
 * what was confirmed with its count and sum (which must agree with it), and the approver. A
 * confirmation that does not hold together can only be a tampered or stale post: one message
 * on `ids`, as the selection's.
 */
export const releaseAllFormSchema = z
  .object({
    by: z.unknown(),
    q: z.unknown(),
    from: z.unknown(),
    to: z.unknown(),
    confirmed: z.unknown(),
    count: z.unknown(),
    sum: z.unknown(),
    approver_email: z.unknown(),
    approver_reason: z.unknown(),
  })
  .transform((raw, ctx): ReleaseAllInput => {
    const fieldErrors: Record<string, string> = {};
    const approver = schema.safeParse({
      approver_email: asText(raw.approver_email),
      approver_reason: asText(raw.approver_reason),
    });
    if (!approver.success)
      for (const issue of approver.error.issues) {
        const key = issue.path[0] as "approver_email" | "approver_reason";
        fieldErrors[key] ??=
          key === "approver_email" && !issue.message.startsWith("Please") ? RELEASE_MESSAGES.email : issue.message;
      }
    const from = asText(raw.from);
    const params = new URLSearchParams({ by: asText(raw.by), q: asText(raw.q), from, to: asText(raw.to) });
    const view = parseCodView(params, from);
    const text = asText(raw.confirmed);
    const confirmed = text.length <= MAX_FINGERPRINT_LENGTH ? decodeConfirmed(text) : null;
    if (
      !view.ok ||
      !from ||
      !confirmed ||
      String(confirmed.length) !== asText(raw.count) ||
      String(sumOf(confirmed)) !== asText(raw.sum)
    )
      fieldErrors.ids = RELEASE_MESSAGES.confirmation;
    for (const [path, message] of Object.entries(fieldErrors)) ctx.addIssue({ code: "custom", path: [path], message });
    if (!view.ok || !confirmed || !approver.success || Object.keys(fieldErrors).length > 0) return z.NEVER;
    const { by, q, from: f, to } = view.view;
    return { view: { by, q, from: f, to }, confirmed, ...approver.data };
  });
export const releaseAllValidator = withZod(releaseAllFormSchema);

/** The rows of the page chosen for Release Details (ids not on the page are left out), in the page's order. */
export function chosenRows<Row extends { id: number }>(rows: readonly Row[], ids: readonly number[]): Row[] {
  return rows.filter((r) => ids.includes(r.id));
}

/** Release Details' line: "1 remittance" or "N remittances", then each COD Ref ID with its pending amount. */
export function releaseSummary(rows: readonly { pickrr_reference_id: string; pending_amount: string | number }[]): {
  count: string;
  list: string;
} {
  return {
    count: countOf(rows.length, "remittance", "remittances"),
    list: rows.map((r) => `${r.pickrr_reference_id} (${formatInr(rupeesToPaise(r.pending_amount))})`).join(", "),
  };
}
