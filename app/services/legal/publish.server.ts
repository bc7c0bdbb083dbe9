/**
 * Publishing legal documents (decision 028; docs/product.md §3 "Legal document", §5, §7 legal-docs
 * create and list): each publish stores the checked PDF (decision 021) and a new version of the
 * document for its name and audience, with an audit row, in one transaction.
 */
import { and, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { type Actor, can } from "../auth/permissions";
import {
  fail,
  type Failure,
  FIELDS_INVALID,
  forbidden,
  type Invalid,
  invalid,
  notFound,
  type Result,
} from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db, Executor } from "../db/client.server";
import { clients, legalDocuments } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { claimPendingFile, type PendingFile, pendingFile, saveFile, savePendingFile } from "../files/store.server";
import { kindByName } from "../http/file-kinds";
import { hasContentOf } from "../http/upload.server";
import { publishDateProblem } from "./deadline";
import { audienceOf, indiaDate } from "./documents";
import { LEGAL_MESSAGES, type LegalDocumentInput, MAX_LEGAL_PDF_BYTES, UNSAFE_FILE_NAME } from "./forms";
import type { PublishPreview } from "./preview";
import { audienceCounts, inForceVersionOf } from "./preview.server";
import { keepStatusAfterPublish } from "./status-kept.server";

export type LegalActor = Actor & { id: number | null; email: string; role: StaffRole };

export const LEGAL_FORBIDDEN = "Only the legal team may do this.";
export const LEGAL_DOCUMENT_NOT_FOUND = "No such legal document.";

export type PdfUpload = { name: string; type: string; bytes: Uint8Array };

/** A legal document's PDF in the file store (decision 021); kept as `pending:legal_document` between the posts of a publish. */
export const LEGAL_FILE_PURPOSE = "legal_document";

/** The one PDF of a publish: not empty, at most 1 MB, a safe name, and really a PDF by its bytes (the check of every PDF upload). */
export function checkLegalPdf(
  file: PdfUpload | null,
): Result<{ file: PdfUpload }, Failure<400 | 413, { field: "doc_file" }>> {
  const refuse = (status: 400 | 413, message: string) => fail(status, message, { field: "doc_file" as const });
  if (!file) return refuse(400, LEGAL_MESSAGES.fileMissing);
  if (file.bytes.byteLength > MAX_LEGAL_PDF_BYTES) return refuse(413, LEGAL_MESSAGES.fileSize);
  if (file.bytes.byteLength === 0) return refuse(400, LEGAL_MESSAGES.fileEmpty);
  if (UNSAFE_FILE_NAME.test(file.name) || file.name.length > 255) return refuse(400, LEGAL_MESSAGES.fileName);
  if (kindByName(file.name, file.type, ["pdf"]) !== "pdf" || !hasContentOf("pdf", file.bytes))
    return refuse(400, LEGAL_MESSAGES.fileType);
  return { ok: true, file };
}

export type PublishFailure = Failure<400 | 403 | 413, { fieldErrors?: Record<string, string> }>;

/** The PDF of a publish: its checked bytes, or the pending file kept by the preview (decision 063). */
export type PublishPdf = PdfUpload | { pending: number } | null;

/** The client a Specific document is for (its e-mail, any case), or the refusal by the e-mail field. */
async function specificClient(
  db: Executor,
  input: LegalDocumentInput,
): Promise<Result<{ clientId: number | null }, Invalid<{ fieldErrors: Record<string, string> }>>> {
  if (input.doc_type !== "specific") return { ok: true, clientId: null };
  const [c] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`lower(${clients.email}) = ${input.email}`);
  return c
    ? { ok: true, clientId: c.id }
    : invalid(LEGAL_MESSAGES.unknownSeller, { fieldErrors: { email: LEGAL_MESSAGES.unknownSeller } });
}

/** The publish-date rule (deadline.ts) as a refusal by the date field, on India's day of `now`. */
export function dateRefusal(
  input: LegalDocumentInput,
  now: Date,
): Invalid<{ fieldErrors: Record<string, string> }> | null {
  const problem = publishDateProblem(input, indiaDate(now));
  return problem ? invalid(problem, { fieldErrors: { publish_at: problem } }) : null;
}

/**
 * Publishes a new version of the document for its name and audience, at `now` (the date rule,
 * decision 063, is checked again here: a preview left open past midnight may no longer hold).
 */
export async function publishLegalDocument(
  db: Db,
  actor: LegalActor,
  input: LegalDocumentInput,
  pdf: PublishPdf,
  now = new Date(),
): Promise<{ ok: true; id: number; version: number } | PublishFailure> {
  if (!can(actor, "legal.publish")) return forbidden(LEGAL_FORBIDDEN);
  const late = dateRefusal(input, now);
  if (late) return late;
  let upload: PdfUpload | null = null;
  if (!(pdf && "pending" in pdf)) {
    const checked = checkLegalPdf(pdf);
    if (!checked.ok) return { ...checked, fieldErrors: { doc_file: checked.message } };
    upload = checked.file;
  }
  const client = await specificClient(db, input);
  if (!client.ok) return client;
  const { clientId } = client;
  const audience = audienceOf(input);
  return transaction(db, async (tx) => {
    // One publisher at a time per name and audience, so two publishes get versions n and n + 1.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${input.doc_name}:${audience}`}))`);
    // The preview's kept PDF becomes the document's file, once (a second Publish finds it claimed).
    const file = upload
      ? {
          id: await saveFile(tx, {
            purpose: LEGAL_FILE_PURPOSE,
            fileName: upload.name,
            contentType: "application/pdf",
            bytes: upload.bytes,
            uploadedBy: actor.email,
          }),
          fileName: upload.name,
          size: upload.bytes.byteLength,
        }
      : await claimPendingFile(tx, (pdf as { pending: number }).pending, LEGAL_FILE_PURPOSE, actor.email, now);
    if (!file) return invalid(LEGAL_MESSAGES.fileGone, { fieldErrors: { doc_file: LEGAL_MESSAGES.fileGone } });
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${legalDocuments.version}), 0)::int` })
      .from(legalDocuments)
      .where(and(eq(legalDocuments.doc_name, input.doc_name), eq(legalDocuments.audience, audience)));
    const version = Number(last) + 1;
    const [row] = await tx
      .insert(legalDocuments)
      .values({
        ...input,
        client_id: clientId,
        audience,
        version,
        file_id: file.id,
        file_name: file.fileName,
        created_by: actor.id,
      })
      .returning({ id: legalDocuments.id });
    await writeAudit(tx, actor, {
      clientId,
      entity: "legal_document",
      entityId: row.id,
      action: "publish",
      newValue: {
        doc_name: input.doc_name,
        doc_type: input.doc_type,
        segment: input.segment,
        email: input.email,
        publish_at: input.publish_at,
        order_blocking: input.order_blocking,
        days: input.days,
        version,
        file_name: file.fileName,
        file_size: file.size,
      },
    });
    // The audience's sellers' Legal Status, in the same transaction (decision 036).
    await keepStatusAfterPublish(tx, audience, now);
    return { ok: true as const, id: row.id, version };
  });
}

/** What the form step posted: its fields read (or their errors), the files chosen, the PDF kept before. */
export type PublishStep = {
  input: LegalDocumentInput | null;
  fieldErrors: Record<string, string>;
  files: PdfUpload[];
  kept: number | null;
};

export type PrepareFailure = Failure<400 | 413, { fieldErrors: Record<string, string>; kept: PendingFile | null }>;

/**
 * The form step of a publish (decision 063): a chosen PDF that passes its check is kept as a
 * pending file even when other fields fail (so it need not be chosen again), every field's
 * message comes at once, the PDF's included, and a complete form gets its preview.
 */
export async function prepareLegalDocument(
  db: Db,
  actor: LegalActor,
  step: PublishStep,
  now = new Date(),
): Promise<{ ok: true; preview: PublishPreview; kept: PendingFile } | PrepareFailure | Failure<403>> {
  if (!can(actor, "legal.publish")) return forbidden(LEGAL_FORBIDDEN);
  const errors = { ...step.fieldErrors };
  let kept: PendingFile | null = null;
  let status: 400 | 413 = 400;
  if (step.files.length > 1) errors.doc_file = LEGAL_MESSAGES.fileOne;
  else if (step.files.length === 1) {
    const checked = checkLegalPdf(step.files[0]);
    if (checked.ok)
      kept = await savePendingFile(
        db,
        {
          purpose: LEGAL_FILE_PURPOSE,
          fileName: checked.file.name,
          contentType: "application/pdf",
          bytes: checked.file.bytes,
          uploadedBy: actor.email,
        },
        now,
      );
    else [errors.doc_file, status] = [checked.message, checked.status];
  } else if (step.kept !== null) {
    kept = await pendingFile(db, step.kept, LEGAL_FILE_PURPOSE, actor.email, now);
    if (!kept) errors.doc_file = LEGAL_MESSAGES.fileGone;
  } else errors.doc_file = LEGAL_MESSAGES.fileMissing;
  if (step.input) {
    const late = dateRefusal(step.input, now);
    if (late) Object.assign(errors, late.fieldErrors);
    const client = await specificClient(db, step.input);
    if (!client.ok) Object.assign(errors, client.fieldErrors);
  }
  const failed = Object.keys(errors).length > 0;
  if (failed || !step.input || !kept) {
    const only413 = status === 413 && Object.keys(errors).length === 1;
    return fail(only413 ? 413 : 400, FIELDS_INVALID, { fieldErrors: errors, kept });
  }
  return { ok: true, kept, preview: await previewOf(db, step.input, kept, indiaDate(now)) };
}

/** The staff member's PDF kept by an earlier post of this publish, if it is still kept. */
export async function keptLegalPdf(
  db: Db,
  actor: LegalActor,
  id: number | null,
  now = new Date(),
): Promise<PendingFile | null> {
  return id === null ? null : pendingFile(db, id, LEGAL_FILE_PURPOSE, actor.email, now);
}

/** The preview's facts: the next version, the one in force, the audience's counts (preview.server.ts). */
async function previewOf(db: Db, input: LegalDocumentInput, file: PendingFile, today: string): Promise<PublishPreview> {
  const audience = audienceOf(input);
  const [{ last }] = await db
    .select({ last: sql<number>`coalesce(max(${legalDocuments.version}), 0)::int` })
    .from(legalDocuments)
    .where(and(eq(legalDocuments.doc_name, input.doc_name), eq(legalDocuments.audience, audience)));
  const inForce = await inForceVersionOf(db, input.doc_name, audience, today);
  const counts = await audienceCounts(db, audience, inForce, today);
  return {
    doc_name: input.doc_name,
    version: Number(last) + 1,
    replaces: inForce?.version ?? null,
    audience: input.doc_type === "specific" ? (input.email ?? "") : `Segment ${input.segment}`,
    sellers: counts.sellers,
    not_accepted: counts.notAccepted,
    publish_at: input.publish_at,
    today,
    order_blocking: input.order_blocking,
    days: input.days,
    file: { name: file.fileName, size: file.size },
  };
}

/** A document's stored PDF id and name, or 404. Who may read it is decided by the caller. */
export async function legalDocumentFile(
  db: Executor,
  id: number,
): Promise<Result<{ fileId: number; audience: string; publish_at: string }, Failure<404>>> {
  if (!Number.isSafeInteger(id) || id <= 0) return notFound(LEGAL_DOCUMENT_NOT_FOUND);
  const [d] = await db
    .select({
      fileId: legalDocuments.file_id,
      audience: legalDocuments.audience,
      publish_at: legalDocuments.publish_at,
    })
    .from(legalDocuments)
    .where(eq(legalDocuments.id, id));
  return d ? { ok: true, ...d } : notFound(LEGAL_DOCUMENT_NOT_FOUND);
}
