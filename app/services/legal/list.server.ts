/**
 * The Merchant Agreements list (docs/product.md §2.14, decisions 028 and 061): the published
 * versions, newest first, 20 a page, each with what it is today — in force, scheduled, superseded
 * (by which version, since when) or withdrawn (by whom, when, why) — its acceptances (out of its
 * audience while it is live), and the deadline reminders sent for it (decision 062); and, per
 * segment, the version of each document in force now.
 */
import { count, desc, inArray, sql } from "drizzle-orm";

import type { Db } from "../db/client.server";
import { clients, legalAcceptances, legalDocuments } from "../db/schema";
import { expiryDate, indiaDate, type VersionState, versionStates } from "./documents";
import type { DocName, DocType, OrderBlocking } from "./forms";
import type { ReminderKind } from "./reminders";
import { reminderCounts } from "./reminders.server";
import { inForceDocsSql } from "./status.server";

export type LegalDocumentRow = {
  id: number;
  doc_name: DocName;
  doc_type: DocType;
  segment: string;
  email: string | null;
  description: string;
  publish_at: string;
  order_blocking: OrderBlocking;
  days: number | null;
  expiry_date: string | null;
  version: number;
  file_name: string;
  accepted: number;
  audience_size: number;
  state: VersionState;
  withdrawn: { at: string; by: string; reason: string } | null;
  reminders: Record<ReminderKind, number>;
};

/** The version of a document in force for a segment now. */
export type SegmentInForce = { segment: string; doc_name: DocName; version: number; publish_at: string };

export const LEGAL_PAGE_SIZE = 20;

const SEGMENT_SQL = sql`replace(${clients.business_data}->>'tin_number', 'Segment_', '')`;

export async function listLegalDocuments(
  db: Db,
  page: number,
  now = new Date(),
): Promise<{ rows: LegalDocumentRow[]; total: number; page: number; pages: number; inForce: SegmentInForce[] }> {
  const today = indiaDate(now);
  const [{ total }] = await db.select({ total: count() }).from(legalDocuments);
  const pages = Math.max(1, Math.ceil(total / LEGAL_PAGE_SIZE));
  const at = Math.min(Math.max(1, page), pages);
  const docs = await db
    .select()
    .from(legalDocuments)
    .orderBy(desc(legalDocuments.created_at), desc(legalDocuments.id))
    .limit(LEGAL_PAGE_SIZE)
    .offset((at - 1) * LEGAL_PAGE_SIZE);
  const ids = docs.map((d) => d.id);
  const audiences = [...new Set(docs.map((d) => d.audience))];
  const [accepted, segments, siblings, reminders, inForce] = await Promise.all([
    ids.length
      ? db
          .select({ id: legalAcceptances.document_id, n: count() })
          .from(legalAcceptances)
          .where(inArray(legalAcceptances.document_id, ids))
          .groupBy(legalAcceptances.document_id)
      : [],
    db
      .select({ segment: sql<string>`${SEGMENT_SQL}`, n: count() })
      .from(clients)
      .groupBy(SEGMENT_SQL),
    // Every version of the page's documents' names and audiences: what each row is today.
    audiences.length
      ? db
          .select({
            id: legalDocuments.id,
            doc_name: legalDocuments.doc_name,
            audience: legalDocuments.audience,
            version: legalDocuments.version,
            publish_at: legalDocuments.publish_at,
            order_blocking: legalDocuments.order_blocking,
            days: legalDocuments.days,
            withdrawn_at: legalDocuments.withdrawn_at,
            created_at: legalDocuments.created_at,
          })
          .from(legalDocuments)
          .where(inArray(legalDocuments.audience, audiences))
      : [],
    reminderCounts(db, ids),
    db.execute(
      sql`select * from (${inForceDocsSql(today, false)}) d where audience like 'segment:%' order by audience, doc_name`,
    ),
  ]);
  const acceptedOf = new Map(accepted.map((a) => [a.id, a.n]));
  const sizeOf = new Map(segments.map((s) => [s.segment, s.n]));
  const groups = new Map<string, (typeof siblings)[number][]>();
  for (const s of siblings) {
    const key = `${s.doc_name}|${s.audience}`;
    groups.set(key, [...(groups.get(key) ?? []), s]);
  }
  const stateOf = new Map<number, VersionState>();
  for (const versions of groups.values()) {
    const states = versionStates(
      versions.map((v) => ({
        ...v,
        doc_name: v.doc_name as DocName,
        order_blocking: v.order_blocking as OrderBlocking,
        created_day: indiaDate(v.created_at),
      })),
      today,
    );
    for (const [id, state] of states) stateOf.set(id, state);
  }
  return {
    total,
    page: at,
    pages,
    inForce: (
      inForce.rows as { audience: string; doc_name: DocName; version: number; publish_at: string | Date }[]
    ).map((d) => ({
      segment: d.audience.slice("segment:".length),
      doc_name: d.doc_name,
      version: d.version,
      publish_at: typeof d.publish_at === "string" ? d.publish_at.slice(0, 10) : indiaDate(d.publish_at),
    })),
    rows: docs.map((d) => ({
      id: d.id,
      doc_name: d.doc_name as DocName,
      doc_type: d.doc_type as DocType,
      segment: d.segment,
      email: d.email,
      description: d.description,
      publish_at: d.publish_at,
      order_blocking: d.order_blocking as OrderBlocking,
      days: d.days,
      expiry_date: expiryDate(d.publish_at, d.days),
      version: d.version,
      file_name: d.file_name,
      accepted: acceptedOf.get(d.id) ?? 0,
      audience_size: d.doc_type === "specific" ? 1 : (sizeOf.get(d.segment) ?? 0),
      state: stateOf.get(d.id) ?? { state: "scheduled", from: d.publish_at },
      withdrawn:
        d.withdrawn_at && d.withdrawn_by && d.withdrawn_reason
          ? { at: d.withdrawn_at.toISOString(), by: d.withdrawn_by, reason: d.withdrawn_reason }
          : null,
      reminders: reminders.get(d.id) ?? { "3d": 0, "1d": 0 },
    })),
  };
}
