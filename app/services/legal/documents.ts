/**
 * Which legal documents are in force for a seller, when they expire and whether one blocks the
 * seller's new orders (decision 028). Pure; the database queries in legal.server.ts follow the
 * same rules (tests compare them).
 */
import { DOC_NAME_LABELS, type DocName, type OrderBlocking, type Segment } from "./forms";

const DAY_MS = 86_400_000;

/** Today's date in India (YYYY-MM-DD): documents are published and expire by India's calendar (the one IST-day rule). */
export { istDayOf as indiaDate } from "../core/ist-dates";

/** The day the acceptance period ends: publish_at + days (null when optional). */
export function expiryDate(publishAt: string, days: number | null): string | null {
  if (days == null) return null;
  return new Date(Date.parse(`${publishAt}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Who a version replaces: the segment's sellers, or one seller's e-mail. */
export function audienceOf(doc: { doc_type: "broadcast" | "specific"; segment: string; email: string | null }): string {
  return doc.doc_type === "specific" ? `email:${(doc.email ?? "").toLowerCase()}` : `segment:${doc.segment}`;
}

/** Business data's customer segment (`Segment_2`) as a document's segment ('2'); null when unknown. */
export function segmentOfTin(tin: string | null | undefined): Segment | null {
  const m = /^Segment_([123])$/.exec(tin ?? "");
  return m ? (m[1] as Segment) : null;
}

export type DocVersion = {
  id: number;
  doc_name: DocName;
  audience: string;
  version: number;
  publish_at: string;
  order_blocking: OrderBlocking;
  days: number | null;
};

/**
 * The documents in force for a seller on `today`: of the broadcast documents for its segment
 * and the specific ones for its e-mail, those published by today, and of each document name and
 * audience only the newest such version (a version published for a later date does not yet
 * replace the one in force).
 */
export function inForceFor<D extends DocVersion>(
  docs: readonly D[],
  seller: { segment: Segment | null; email: string },
  today: string,
): D[] {
  const audiences = new Set([`email:${seller.email.toLowerCase()}`]);
  if (seller.segment) audiences.add(`segment:${seller.segment}`);
  const newest = new Map<string, D>();
  for (const d of docs) {
    if (!audiences.has(d.audience) || d.publish_at > today) continue;
    const key = `${d.doc_name}|${d.audience}`;
    const seen = newest.get(key);
    if (!seen || d.version > seen.version) newest.set(key, d);
  }
  return [...newest.values()].sort((a, b) => a.id - b.id);
}

/** A mandatory document not accepted by the end of its period blocks orders from its expiry date on. */
export function isOverdue(doc: DocVersion, accepted: boolean, today: string): boolean {
  if (accepted || doc.order_blocking !== "mandatory") return false;
  const expiry = expiryDate(doc.publish_at, doc.days);
  return expiry !== null && today >= expiry;
}

/** The message `POST /api/orders` refuses with, naming the document. */
export function blockedOrderMessage(
  doc: { doc_name: DocName; version: number; publish_at: string; days: number | null },
  label: string,
): string {
  return `New orders are blocked: the ${label} (version ${doc.version}) published on ${doc.publish_at} had to be accepted by ${expiryDate(doc.publish_at, doc.days)}. Accept it to place orders again.`;
}

/** "Agreement v2" for a document in force. */
export const docLabel = (d: { doc_name: DocName; version: number }) => `${DOC_NAME_LABELS[d.doc_name]} v${d.version}`;
