/**
 * The legal team's forms (docs/product.md §5 "Legal document", §8, §9; decision 028): Add New Document
 * and the Pickrr Configuration (blocked users) form. Pure: the browser validates with the same
 * schema the action parses with; the messages are the spec's, typos included.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { type FieldErrors, firstMessages, type Invalid, invalidFields, type Result } from "../core/result";
import { boundedFreeText, boundedString, TEXT_LIMITS } from "../core/text-input";
import { publishDateProblem } from "./deadline";

export const DOC_NAMES = ["agreement", "privacy_policy", "other"] as const;
export const DOC_TYPES = ["broadcast", "specific"] as const;
export const SEGMENTS = ["1", "2", "3"] as const;
export const ORDER_BLOCKING = ["mandatory", "optional"] as const;

export type DocName = (typeof DOC_NAMES)[number];
export type DocType = (typeof DOC_TYPES)[number];
export type Segment = (typeof SEGMENTS)[number];
export type OrderBlocking = (typeof ORDER_BLOCKING)[number];

export const DOC_NAME_LABELS: Record<DocName, string> = {
  agreement: "Agreement",
  privacy_policy: "Privacy Policy",
  other: "Other",
};
export const DOC_TYPE_LABELS: Record<DocType, string> = { broadcast: "Broadcast", specific: "Specific" };
export const ORDER_BLOCKING_LABELS: Record<OrderBlocking, string> = { mandatory: "Mandatory", optional: "Optional" };

/** docs/product.md §9: one PDF of at most 1 MB (1,048,576 bytes, as the old console's `size / 1024 / 1024 < 1`). */
export const MAX_LEGAL_PDF_BYTES = 1024 * 1024;
/** An acceptance period longer than ten years is a typing slip, not a period. */
export const MAX_ACCEPTANCE_DAYS = 3650;

export const LEGAL_MESSAGES = {
  docName: "Please select a document type!",
  docType: "Please enter target users details!",
  description: "descripton is required!",
  orderBlocking: "order blocking type is required!",
  segment: "Please select user segment type!",
  emailInvalid: "The input is not valid E-mail!",
  emailRequired: "Please enter E-mail!",
  days: "Please enter an acceptance period of at least 1 day.",
  daysTooLong: `The acceptance period may be at most ${MAX_ACCEPTANCE_DAYS} days.`,
  publishAt: "Please choose a publish date.",
  fileType: "You can only upload pdf file!",
  fileSize: "Max file size 1 mb only",
  fileMissing: "Please choose the PDF to publish.",
  fileOne: "Please choose one PDF only.",
  fileEmpty: "The file is empty; please choose the PDF again.",
  fileGone:
    "The PDF chosen before is no longer kept (a chosen PDF is kept for 2 hours, for one publish); please choose the PDF again.",
  fileName:
    'The file name may not contain < > " / \\ : | ? * or control characters; rename the file and upload it again.',
  unknownSeller: "No seller has this e-mail.",
  uploaded: "Uploaded Successfully!",
  updated: "Updated status successfully",
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

const choice = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .max(50)
      .pipe(z.enum(values, { errorMap: () => ({ message }) })),
  );

const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");

/**
 * The e-mail (Specific only), the acceptance period (mandatory only) and, given India's `today`,
 * the publish-date rule (deadline.ts, decision 063). Checked from the raw post, before the
 * fields, so their messages show together with the others' (zod runs an object's refinements
 * only when every field parsed).
 */
function conditionalErrors(raw: Record<string, unknown>, today?: string): Record<string, string> {
  const errors: Record<string, string> = {};
  if (raw.doc_type === "specific") {
    const email = text(raw.email);
    if (email === "") errors.email = LEGAL_MESSAGES.emailRequired;
    else if (!EMAIL.test(email)) errors.email = LEGAL_MESSAGES.emailInvalid;
  }
  if (raw.order_blocking === "mandatory") {
    const days = text(raw.days);
    if (!/^\d+$/.test(days) || Number(days) < 1) errors.days = LEGAL_MESSAGES.days;
    else if (Number(days) > MAX_ACCEPTANCE_DAYS) errors.days = LEGAL_MESSAGES.daysTooLong;
  }
  const publishAt = text(raw.publish_at);
  if (today && !errors.days && typeof raw.order_blocking === "string" && isRealDate(publishAt)) {
    const days = raw.order_blocking === "mandatory" ? Number(text(raw.days)) : null;
    const problem = publishDateProblem({ publish_at: publishAt, order_blocking: raw.order_blocking, days }, today);
    if (problem) errors.publish_at = problem;
  }
  return errors;
}

/** The Add New Document text fields as posted, in the form's order. */
export const DOCUMENT_FIELDS = [
  "doc_name",
  "doc_type",
  "email",
  "segment",
  "description",
  "publish_at",
  "order_blocking",
  "days",
] as const;

/**
 * The Add New Document fields (not the file, which the server reads from the multipart body);
 * with India's `today`, the publish date is checked by the date rule too (decision 063).
 */
export const legalDocumentSchemaOn = (today?: string) =>
  z
    .preprocess(
      (raw, ctx) => {
        const fields = raw && typeof raw === "object" ? (raw as Record<string, unknown>) : {};
        for (const [path, message] of Object.entries(conditionalErrors(fields, today)))
          ctx.addIssue({ code: "custom", path: [path], message });
        return fields;
      },
      z.object({
        doc_name: choice(DOC_NAMES, LEGAL_MESSAGES.docName),
        doc_type: choice(DOC_TYPES, LEGAL_MESSAGES.docType),
        email: z.preprocess((v) => (v == null ? "" : v), boundedString(TEXT_LIMITS.email).trim()),
        segment: choice(SEGMENTS, LEGAL_MESSAGES.segment),
        description: z.preprocess(
          (v) => (v == null ? "" : v),
          boundedFreeText(TEXT_LIMITS.freeText).trim().min(1, LEGAL_MESSAGES.description),
        ),
        publish_at: z.preprocess(
          (v) => (v == null ? "" : v),
          z.string().max(10, LEGAL_MESSAGES.publishAt).refine(isRealDate, LEGAL_MESSAGES.publishAt),
        ),
        order_blocking: choice(ORDER_BLOCKING, LEGAL_MESSAGES.orderBlocking),
        days: z.preprocess((v) => (v == null ? "" : v), z.string().max(10, LEGAL_MESSAGES.days).trim()),
      }),
    )
    // The e-mail is sent only for Specific and the period only for mandatory (docs/product.md §5, §7).
    .transform((v) => ({
      doc_name: v.doc_name,
      doc_type: v.doc_type,
      email: v.doc_type === "specific" ? v.email.toLowerCase() : null,
      segment: v.segment,
      description: v.description,
      publish_at: v.publish_at,
      order_blocking: v.order_blocking,
      days: v.order_blocking === "mandatory" ? Number(v.days) : null,
    }));

/** The fields without the date rule (the service applies it with its own clock). */
export const legalDocumentSchema = legalDocumentSchemaOn();

/** The Add New Document text fields' validator on India's `today` (docs/forms.md): every field's first message at once. */
export const legalDocumentValidatorOn = (today: string) => withZod(legalDocumentSchemaOn(today));

export type LegalDocumentInput = z.output<typeof legalDocumentSchema>;

/**
 * The Add New Document fields checked in the browser before sending (the action reads them with
 * legalDocumentValidatorOn): the input, or invalid input with the first message of each field.
 */
export function parseLegalDocument(
  fields: Record<string, unknown>,
  today?: string,
): Result<{ input: LegalDocumentInput }, Invalid<{ fieldErrors: FieldErrors }>> {
  const parsed = legalDocumentSchemaOn(today).safeParse(fields);
  return parsed.success ? { ok: true, input: parsed.data } : invalidFields(firstMessages(parsed.error.issues));
}

/**
 * A file name a person's browser sent: kept for the download's name, so it may not carry markup
 * or path characters (a name like `<script>…</script>.pdf` is refused, not cleaned silently).
 */

export const UNSAFE_FILE_NAME = /[<>"/\\:|?*\u0000-\u001f\u007f]/;

/**
 * The PDF kept between the posts of one publish (decision 063): the id of a pending stored file,
 * written by the page itself in a hidden field ("" when none is kept).
 */
export const keptPdfSchema = z.object({
  pending_file: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .regex(/^\d{0,12}$/)
      .transform((v) => (v === "" ? null : Number(v))),
  ),
});
export const keptPdfValidator = withZod(keptPdfSchema);

/** Pickrr Configuration on legal's Account Setup: a seller's e-mail and Disable Agreement. */
export const legalAccessSchema = z.object({
  email: z.preprocess(
    (v) => (v == null ? "" : v),
    boundedString(TEXT_LIMITS.email)
      .trim()
      .min(1, LEGAL_MESSAGES.emailRequired)
      .regex(EMAIL, LEGAL_MESSAGES.emailInvalid),
  ),
  // A native checkbox posts "on" when ticked and nothing when not.
  disable_legal: z.preprocess((v) => v === "on" || v === "true" || v === "1", z.boolean()),
});
export type LegalAccessInput = z.output<typeof legalAccessSchema>;
export const legalAccessValidator = withZod(legalAccessSchema);

/** Legal Status's Agreement Status select (docs/product.md §7: status 1 accepted, 0 not accepted). */
export const AGREEMENT_STATUS = { "1": "Accepted", "0": "Not Accepted" } as const;
export type AgreementStatus = keyof typeof AGREEMENT_STATUS;
