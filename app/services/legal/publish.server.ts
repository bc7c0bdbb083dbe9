/**
 * Publishing legal documents (decision 028; docs/product.md §3 "Legal document", §5, §7 legal-docs
 * create and list): each publish stores the checked PDF (decision 021) and a new version of the
 * document for its name and audience, with an audit row, in one transaction.
 */
import { and, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { type Actor, can } from "../auth/permissions";
import { fail, type Failure, forbidden, invalid, notFound, type Result } from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db, Executor } from "../db/client.server";
import { clients, legalDocuments } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { saveFile } from "../files/store.server";
import { kindByName } from "../http/file-kinds";
import { hasContentOf } from "../http/upload.server";
import { audienceOf } from "./documents";
import { LEGAL_MESSAGES, type LegalDocumentInput, MAX_LEGAL_PDF_BYTES, UNSAFE_FILE_NAME } from "./forms";
import { keepStatusAfterPublish } from "./status-kept.server";

export type LegalActor = Actor & { id: number | null; email: string; role: StaffRole };

export const LEGAL_FORBIDDEN = "Only the legal team may do this.";
export const LEGAL_DOCUMENT_NOT_FOUND = "No such legal document.";

export type PdfUpload = { name: string; type: string; bytes: Uint8Array };

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

/** Publishes a new version of the document for its name and audience. */
export async function publishLegalDocument(
  db: Db,
  actor: LegalActor,
  input: LegalDocumentInput,
  upload: PdfUpload | null,
): Promise<{ ok: true; id: number; version: number } | PublishFailure> {
  if (!can(actor, "legal.publish")) return forbidden(LEGAL_FORBIDDEN);
  const checked = checkLegalPdf(upload);
  if (!checked.ok) return { ...checked, fieldErrors: { doc_file: checked.message } };
  const { file } = checked;
  let clientId: number | null = null;
  if (input.doc_type === "specific") {
    const [c] = await db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`lower(${clients.email}) = ${input.email}`);
    if (!c) return invalid(LEGAL_MESSAGES.unknownSeller, { fieldErrors: { email: LEGAL_MESSAGES.unknownSeller } });
    clientId = c.id;
  }
  const audience = audienceOf(input);
  return transaction(db, async (tx) => {
    // One publisher at a time per name and audience, so two publishes get versions n and n + 1.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`legal:${input.doc_name}:${audience}`}))`);
    const [{ last }] = await tx
      .select({ last: sql<number>`coalesce(max(${legalDocuments.version}), 0)::int` })
      .from(legalDocuments)
      .where(and(eq(legalDocuments.doc_name, input.doc_name), eq(legalDocuments.audience, audience)));
    const version = Number(last) + 1;
    const fileId = await saveFile(tx, {
      purpose: "legal_document",
      fileName: file.name,
      contentType: "application/pdf",
      bytes: file.bytes,
      uploadedBy: actor.email,
    });
    const [row] = await tx
      .insert(legalDocuments)
      .values({
        ...input,
        client_id: clientId,
        audience,
        version,
        file_id: fileId,
        file_name: file.name,
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
        file_name: file.name,
        file_size: file.bytes.byteLength,
      },
    });
    // The audience's sellers' Legal Status, in the same transaction (decision 036).
    await keepStatusAfterPublish(tx, audience);
    return { ok: true as const, id: row.id, version };
  });
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
