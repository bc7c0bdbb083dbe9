/**
 * Withdrawing a published legal version (decision 061): legal gives a reason; the version is
 * marked withdrawn (who, when, why) and is never in force again, so its audience's previous
 * version is in force from that moment (documents.ts `versionInForce`). In one transaction with
 * the audit row and the audience's kept Legal Status (decision 036), so the order API, which
 * reads the documents in force, accepts at once a seller blocked only by the withdrawn version.
 */
import { and, eq, isNull } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { fail, type Failure, forbidden, notFound, type Result } from "../core/result";
import type { Db, Executor } from "../db/client.server";
import { legalDocuments } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { indiaDate, versionInForce } from "./documents";
import type { DocName, OrderBlocking } from "./forms";
import { LEGAL_DOCUMENT_NOT_FOUND, LEGAL_FORBIDDEN, type LegalActor } from "./publish.server";
import { keepStatusAfterPublish } from "./status-kept.server";
import { WITHDRAW_MESSAGES, type WithdrawInput } from "./withdraw-form";

export type WithdrawTarget = {
  id: number;
  doc_name: DocName;
  doc_type: string;
  segment: string;
  email: string | null;
  audience: string;
  version: number;
  publish_at: string;
  order_blocking: string;
  days: number | null;
  description: string;
  file_name: string;
  withdrawn_at: string | null;
  withdrawn_by: string | null;
  withdrawn_reason: string | null;
};

/** What the Withdraw page shows: the version, and which version is in force now and would be after. */
export type WithdrawView = {
  doc: WithdrawTarget;
  in_force_now: number | null;
  in_force_after: { version: number; publish_at: string } | null;
};

/** The version as the Withdraw page shows it, with the audience's version in force now and after, or 404. */
export async function withdrawTarget(
  db: Executor,
  id: number,
  now = new Date(),
): Promise<Result<WithdrawView, Failure<404>>> {
  if (!Number.isSafeInteger(id) || id <= 0) return notFound(LEGAL_DOCUMENT_NOT_FOUND);
  const [d] = await db.select().from(legalDocuments).where(eq(legalDocuments.id, id));
  if (!d) return notFound(LEGAL_DOCUMENT_NOT_FOUND);
  const versions = (
    await db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.doc_name, d.doc_name), eq(legalDocuments.audience, d.audience)))
  ).map((v) => ({ ...v, doc_name: v.doc_name as DocName, order_blocking: v.order_blocking as OrderBlocking }));
  const today = indiaDate(now);
  const after = versionInForce(
    versions.filter((v) => v.id !== d.id),
    today,
  );
  return {
    ok: true,
    in_force_now: versionInForce(versions, today)?.version ?? null,
    in_force_after: after ? { version: after.version, publish_at: after.publish_at } : null,
    doc: {
      id: d.id,
      doc_name: d.doc_name as DocName,
      doc_type: d.doc_type,
      segment: d.segment,
      email: d.email,
      audience: d.audience,
      version: d.version,
      publish_at: d.publish_at,
      order_blocking: d.order_blocking,
      days: d.days,
      description: d.description,
      file_name: d.file_name,
      withdrawn_at: d.withdrawn_at?.toISOString() ?? null,
      withdrawn_by: d.withdrawn_by,
      withdrawn_reason: d.withdrawn_reason,
    },
  };
}

/**
 * Withdraws the version once: of twenty withdraws at the same moment one marks it (a conditional
 * update: only a row not yet withdrawn changes) and writes the audit row; the others answer 409.
 */
export async function withdrawLegalDocument(
  db: Db,
  actor: LegalActor,
  id: number,
  input: WithdrawInput,
  now = new Date(),
): Promise<Result<{ version: number }, Failure<403 | 404 | 409>>> {
  if (!can(actor, "legal.publish")) return forbidden(LEGAL_FORBIDDEN);
  if (!Number.isSafeInteger(id) || id <= 0) return notFound(LEGAL_DOCUMENT_NOT_FOUND);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(legalDocuments)
      .set({ withdrawn_at: now, withdrawn_by: actor.email, withdrawn_reason: input.reason })
      .where(and(eq(legalDocuments.id, id), isNull(legalDocuments.withdrawn_at)))
      .returning();
    if (!row) {
      const [exists] = await tx.select({ id: legalDocuments.id }).from(legalDocuments).where(eq(legalDocuments.id, id));
      return exists ? fail(409, WITHDRAW_MESSAGES.already) : notFound(LEGAL_DOCUMENT_NOT_FOUND);
    }
    await writeAudit(tx, actor, {
      clientId: row.client_id,
      entity: "legal_document",
      entityId: row.id,
      action: "withdraw",
      oldValue: { doc_name: row.doc_name, audience: row.audience, version: row.version, withdrawn: false },
      newValue: {
        doc_name: row.doc_name,
        audience: row.audience,
        version: row.version,
        withdrawn: true,
        reason: input.reason,
      },
    });
    // The audience's sellers' Legal Status, in the same transaction (decision 036).
    await keepStatusAfterPublish(tx, row.audience, now);
    return { ok: true as const, version: row.version };
  });
}
