/**
 * KYC (docs/product.md §3 "KYC", §4, §5; decision 026): the GST lookup that fills and locks the
 * billing fields, and the one-time submit with its documents. Once submitted (gst_type set)
 * the KYC is read-only: a second submit is refused, also when two race.
 */
import { eq } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import {
  fail,
  type Failure,
  type Forbidden,
  type Invalid,
  invalid,
  type NotFound,
  notFound,
  type Result,
} from "../core/result";
import type { Db, Executor } from "../db/client.server";
import { clientKyc, clients, pincodes } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { saveFile } from "../files/store.server";
import type { UploadedFile } from "../http/upload.server";
import { checkUpload, chosen, DOCUMENT_KINDS } from "./documents.server";
import {
  DOCUMENT_MISSING_MESSAGE,
  GST_LOCKED_FIELDS,
  KYC_MESSAGES,
  type KycDocument,
  type KycInput,
  requiredDocuments,
} from "./forms";
import { panHolderMismatch } from "./gstin";
import { type GstRegistration, type GstRegistry, gstRegistryFor } from "./registry.server";
import { ACCOUNT_REFUSALS, type AccountActor, refuseUnless } from "./scope.server";

/** The fields a successful lookup fills and locks (docs/product.md §4). */
export const LOCKED_BY_LOOKUP = GST_LOCKED_FIELDS;
export type LockedField = (typeof LOCKED_BY_LOOKUP)[number];

export const UNKNOWN_GSTIN_MESSAGE =
  "No GST registration was found for this GST number. Check the number, or choose No for GST and fill the details yourself.";

export type KycRecord = typeof clientKyc.$inferSelect;

export async function getKyc(db: Executor, clientId: number): Promise<KycRecord | null> {
  const [row] = await db.select().from(clientKyc).where(eq(clientKyc.client_id, clientId));
  return row ?? null;
}

/** The lookup's answer: the values to fill, and which fields they lock. */
export type LookupAnswer = {
  registration: GstRegistration;
  filled: Record<LockedField, string>;
  locked: readonly LockedField[];
};

/** Looks a GSTIN up (already checked: pattern, state, check character). Unknown: a clear message, nothing filled. */
export async function lookupGstin(registry: GstRegistry, gstin: string): Promise<Result<LookupAnswer, NotFound>> {
  const registration = await registry.lookup(gstin);
  if (!registration) return notFound(UNKNOWN_GSTIN_MESSAGE);
  const filled = Object.fromEntries(LOCKED_BY_LOOKUP.map((f) => [f, registration[f]])) as Record<LockedField, string>;
  return { ok: true, registration, filled, locked: LOCKED_BY_LOOKUP };
}

export type KycSubmission = {
  clientId: number;
  input: KycInput;
  documents: Partial<Record<KycDocument, File | string | null>>;
  /** Documents the post held but over 300 KB (left out while it streamed): refused as too large, not as missing. */
  tooLarge?: readonly string[];
};

export type KycSubmitResult = Result<
  { kyc: KycRecord; profileCompleted: boolean },
  Invalid | Forbidden | NotFound | Failure<409>
>;

/**
 * Submits a client's KYC once. With GST, the locked fields are the registry's whatever the
 * post says (the lock holds on the server); the documents the answers need must come, each
 * ≤ 300 KB and a png/jpeg/pdf by its bytes. Anything refused stores nothing.
 */
export async function submitKyc(
  db: Db,
  actor: AccountActor,
  submission: KycSubmission,
  registry: GstRegistry = gstRegistryFor(db),
): Promise<KycSubmitResult> {
  const refused = refuseUnless(actor, "kyc.edit", ACCOUNT_REFUSALS.kyc);
  if (refused) return refused;
  const { clientId } = submission;
  if (await getKyc(db, clientId)) return fail(409, ACCOUNT_REFUSALS.kycSubmitted);

  const fieldErrors: Record<string, string> = {};
  let input = submission.input;
  let fromRegistry = false;
  let sendEmail = false;
  if (input.gst_type === "yes" && input.gst_no) {
    const found = await lookupGstin(registry, input.gst_no);
    if (!found.ok) fieldErrors.gst_no = found.message;
    else {
      input = { ...input, ...found.filled };
      fromRegistry = true;
      sendEmail = found.registration.send_email_flag;
      const mismatch = panHolderMismatch(input.pan_number, input.company_type);
      if (mismatch) fieldErrors.company_type = mismatch;
    }
  }
  const [pin] = await db
    .select({ pincode: pincodes.pincode })
    .from(pincodes)
    .where(eq(pincodes.pincode, Number(input.billing_pincode)));
  if (!pin) fieldErrors.billing_pincode = KYC_MESSAGES.pincodeUnknown;

  const files: Partial<Record<KycDocument, UploadedFile>> = {};
  for (const doc of requiredDocuments(input)) {
    if (submission.tooLarge?.includes(doc)) {
      fieldErrors[doc] = KYC_MESSAGES.fileTooLarge;
      continue;
    }
    const file = chosen(submission.documents[doc]);
    if (!file) {
      fieldErrors[doc] = DOCUMENT_MISSING_MESSAGE[doc];
      continue;
    }
    const checked = await checkUpload(file, DOCUMENT_KINDS);
    if (!checked.ok) fieldErrors[doc] = checked.message;
    else files[doc] = checked.file;
  }
  if (Object.keys(fieldErrors).length) return invalid("Please correct the highlighted fields.", { fieldErrors });

  const outcome = await transaction(db, async (tx) => {
    const fileIds: Partial<Record<KycDocument, number>> = {};
    for (const [doc, file] of Object.entries(files) as [KycDocument, UploadedFile][]) {
      fileIds[doc] = await saveFile(tx, {
        purpose: "kyc_document",
        fileName: file.name,
        contentType: contentTypeOf(file),
        bytes: file.bytes,
        uploadedBy: actor.email,
      });
    }
    const [kyc] = await tx
      .insert(clientKyc)
      .values({
        client_id: clientId,
        company_name: input.company_name,
        company_type: input.company_type,
        business_proof_type: input.business_proof_type,
        gst_type: input.gst_type,
        gst_no: input.gst_type === "yes" ? input.gst_no : null,
        pan_number: input.pan_number,
        msme: input.msme,
        billing_address: input.billing_address,
        billing_address_line2: input.billing_address_line2,
        billing_city: input.billing_city,
        billing_pincode: input.billing_pincode,
        billing_state: input.billing_state,
        send_email_flag: sendEmail,
        from_registry: fromRegistry,
        business_proof_file_id: fileIds.business_proof ?? null,
        pancard_file_id: fileIds.pancard ?? null,
        gst_certificate_file_id: fileIds.gst_certificate ?? null,
        msme_certificate_file_id: fileIds.msme_certificate ?? null,
        submitted_by: actor.email,
      })
      .onConflictDoNothing()
      .returning();
    // Two submits racing: the first wins; the second rolls back with its files.
    if (!kyc) throw new AlreadySubmitted();
    await writeAudit(tx, actor, {
      clientId,
      entity: "kyc",
      entityId: clientId,
      action: "submit",
      oldValue: null,
      newValue: {
        company_name: kyc.company_name,
        company_type: kyc.company_type,
        business_proof_type: kyc.business_proof_type,
        gst_type: kyc.gst_type,
        gst_no: kyc.gst_no,
        pan_number: kyc.pan_number,
        msme: kyc.msme,
        billing_address: kyc.billing_address,
        billing_address_line2: kyc.billing_address_line2,
        billing_city: kyc.billing_city,
        billing_pincode: kyc.billing_pincode,
        billing_state: kyc.billing_state,
        from_registry: kyc.from_registry,
        ...Object.fromEntries(Object.entries(files).map(([doc, f]) => [doc, f.name])),
      },
    });
    const [client] = await tx
      .select({ business_data: clients.business_data })
      .from(clients)
      .where(eq(clients.id, clientId));
    return { kyc, profileCompleted: client ? profileComplete(client.business_data) : false };
  }).catch((error: unknown) => {
    if (error instanceof AlreadySubmitted) return null;
    throw error;
  });
  if (!outcome) return fail(409, ACCOUNT_REFUSALS.kycSubmitted);
  return { ok: true, ...outcome };
}

class AlreadySubmitted extends Error {}

const contentTypeOf = (f: UploadedFile) =>
  ({ pdf: "application/pdf", png: "image/png", jpeg: "image/jpeg", csv: "text/csv" })[f.kind];

/** Bank account and business details already added: the profile-completed card shows after KYC (docs/product.md §2 "KYC screen"). */
export function profileComplete(b: {
  account_number: string | null;
  ifsc_code: string | null;
  account_holder: unknown;
  product_category: string | null;
}): boolean {
  return Boolean(b.account_number && b.ifsc_code && b.account_holder && b.product_category);
}

/** The ids of a client's KYC documents (to serve one only when it is this client's). */
export function kycFileIds(kyc: KycRecord | null): Partial<Record<KycDocument, number>> {
  if (!kyc) return {};
  const ids = {
    business_proof: kyc.business_proof_file_id,
    pancard: kyc.pancard_file_id,
    gst_certificate: kyc.gst_certificate_file_id,
    msme_certificate: kyc.msme_certificate_file_id,
  };
  return Object.fromEntries(Object.entries(ids).filter(([, v]) => v != null)) as Partial<Record<KycDocument, number>>;
}
