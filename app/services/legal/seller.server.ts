/**
 * The seller's side of legal documents (decision 028): the documents in force for one seller with
 * whether each is accepted, accepting one (once, whoever races), and the rule that refuses a
 * seller's new orders while a mandatory document is overdue.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import { fail, type Failure, notFound, type Result } from "../core/result";
import type { Executor } from "../db/client.server";
import { clients, legalAcceptances, legalDocuments } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { blockedOrderMessage, expiryDate, indiaDate, isOverdue, segmentOfTin } from "./documents";
import { DOC_NAME_LABELS, type DocName, type DocType, type OrderBlocking } from "./forms";
import { LEGAL_DOCUMENT_NOT_FOUND } from "./publish.server";
import { inForceLinks, SELLER_COLUMNS } from "./status.server";
import { keepStatusAfterAccept } from "./status-kept.server";

export type SellerLegalDoc = {
  id: number;
  doc_name: DocName;
  doc_type: DocType;
  description: string;
  version: number;
  publish_at: string;
  order_blocking: OrderBlocking;
  days: number | null;
  expiry_date: string | null;
  accepted: boolean;
  accepted_at: string | null;
  /** Overdue and not accepted: the seller's new orders are refused (unless legal enforcement is off for it). */
  blocks_orders: boolean;
};

type SellerRow = { id: number; email: string; segment: ReturnType<typeof segmentOfTin>; disable_legal: boolean };

async function sellerRow(db: Executor, clientId: number): Promise<SellerRow | null> {
  const [c] = await db
    .select({
      id: clients.id,
      email: clients.email,
      tin: sql<string | null>`${clients.business_data}->>'tin_number'`,
      disable_legal: sql<boolean>`coalesce((${clients.pickrr_config}->>'disable_legal')::boolean, false)`,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  return c ? { id: c.id, email: c.email, segment: segmentOfTin(c.tin), disable_legal: c.disable_legal } : null;
}

/**
 * The documents in force for the seller today (the one rule, documents.ts `versionInForce`, as
 * status.server.ts `inForceLinks`), oldest first, each with its acceptance.
 */
export async function sellerLegalDocs(
  db: Executor,
  clientId: number,
  now = new Date(),
): Promise<{ docs: SellerLegalDoc[]; legal_enforced: boolean }> {
  const seller = await sellerRow(db, clientId);
  if (!seller) return { docs: [], legal_enforced: false };
  const today = indiaDate(now);
  // The documents in force for this seller by Legal Status's own links (status.server.ts
  // `inForceLinks`), the query the publish preview counts its sellers and "have not accepted"
  // with: the sellers the preview names are the ones this rule refuses (decision 082).
  const sellerSql = sql`select ${SELLER_COLUMNS} from clients c where c.id = ${clientId}`;
  const inForce = (
    await db
      .select()
      .from(legalDocuments)
      .where(sql`${legalDocuments.id} in (with ${inForceLinks(today, sellerSql)} select doc_id from links)`)
      .orderBy(legalDocuments.id)
  ).map((d) => ({ ...d, doc_name: d.doc_name as DocName, order_blocking: d.order_blocking as OrderBlocking }));
  const accepted = inForce.length
    ? await db
        .select({ id: legalAcceptances.document_id, at: legalAcceptances.accepted_at })
        .from(legalAcceptances)
        .where(
          and(
            eq(legalAcceptances.client_id, clientId),
            inArray(
              legalAcceptances.document_id,
              inForce.map((d) => d.id),
            ),
          ),
        )
    : [];
  const acceptedAt = new Map(accepted.map((a) => [a.id, a.at]));
  return {
    legal_enforced: !seller.disable_legal,
    docs: inForce.map((d) => ({
      id: d.id,
      doc_name: d.doc_name,
      doc_type: d.doc_type as DocType,
      description: d.description,
      version: d.version,
      publish_at: d.publish_at,
      order_blocking: d.order_blocking,
      days: d.days,
      expiry_date: expiryDate(d.publish_at, d.days),
      accepted: acceptedAt.has(d.id),
      accepted_at: acceptedAt.get(d.id)?.toISOString() ?? null,
      blocks_orders: !seller.disable_legal && isOverdue(d, acceptedAt.has(d.id), today),
    })),
  };
}

/** Whether the seller may read this document's PDF: it is addressed to the seller and published. */
export async function sellerMayRead(
  db: Executor,
  clientId: number,
  doc: { audience: string; publish_at: string },
  now = new Date(),
): Promise<boolean> {
  const seller = await sellerRow(db, clientId);
  if (!seller || doc.publish_at > indiaDate(now)) return false;
  return (
    doc.audience === `email:${seller.email.toLowerCase()}` ||
    (seller.segment !== null && doc.audience === `segment:${seller.segment}`)
  );
}

/**
 * Records the seller's acceptance of a document in force for it (who, when, version, from which
 * IP) once: a second accept, or twenty at the same moment, leave the first one standing.
 */
export async function acceptLegalDocument(
  db: Executor,
  seller: { id: number; email: string },
  documentId: number,
  ip: string | null,
  now = new Date(),
): Promise<Result<{ accepted_at: string; already: boolean }, Failure<404>>> {
  const { docs } = await sellerLegalDocs(db, seller.id, now);
  const doc = docs.find((d) => d.id === documentId);
  if (!doc) return notFound(LEGAL_DOCUMENT_NOT_FOUND);
  if (doc.accepted_at) return { ok: true, accepted_at: doc.accepted_at, already: true };
  const inserted = await transaction(db, async (tx) => {
    const rows = await tx
      .insert(legalAcceptances)
      .values({
        document_id: doc.id,
        client_id: seller.id,
        version: doc.version,
        accepted_by: seller.email,
        ip: ip?.slice(0, 100) ?? null,
        accepted_at: now,
      })
      .onConflictDoNothing()
      .returning({ at: legalAcceptances.accepted_at });
    if (rows.length === 0) return null;
    await writeAudit(
      tx,
      { id: null, email: seller.email, role: "seller" },
      {
        clientId: seller.id,
        entity: "legal_acceptance",
        entityId: doc.id,
        action: "accept",
        newValue: { doc_name: doc.doc_name, version: doc.version, ip: ip?.slice(0, 100) ?? null },
      },
    );
    // The seller's Legal Status, in the same transaction (decision 036).
    await keepStatusAfterAccept(tx, seller.id, now);
    return rows[0].at;
  });
  if (inserted) return { ok: true, accepted_at: inserted.toISOString(), already: false };
  const [first] = await db
    .select({ at: legalAcceptances.accepted_at })
    .from(legalAcceptances)
    .where(and(eq(legalAcceptances.document_id, doc.id), eq(legalAcceptances.client_id, seller.id)));
  return { ok: true, accepted_at: first.at.toISOString(), already: true };
}

/** The legal rule of order placement: refused while a mandatory document is overdue (not for blocked users). */
export async function legalOrderGate(
  db: Executor,
  clientId: number,
  now = new Date(),
): Promise<Result<{}, Failure<409>>> {
  const { docs, legal_enforced } = await sellerLegalDocs(db, clientId, now);
  if (!legal_enforced) return { ok: true };
  const overdue = docs.find((d) => d.blocks_orders);
  return overdue ? fail(409, blockedOrderMessage(overdue, DOC_NAME_LABELS[overdue.doc_name])) : { ok: true };
}
