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
  /** Set when legal withdrew the version (decision 061): it is never in force again. */
  withdrawn_at?: Date | string | null;
};

/**
 * THE rule of which version is in force (decisions 028, 061): for one document name and audience
 * on the IST day `today`, the newest version (by number) that is not withdrawn and whose publish
 * date is on or before `today`; none when there is no such version. A version published for a
 * later date does not yet replace the one in force; withdrawing the version in force puts the
 * previous one back at once. Every reader follows it: the order block (seller.server.ts), the
 * seller API, the kept Legal Status and the reminders (the same rule as SQL: status.server.ts
 * `inForceDocsSql`, compared with this one by tests/services/legal-status-kept.test.ts), and
 * the Merchant Agreements list (`versionStates`).
 */
export function versionInForce<D extends DocVersion>(versions: readonly D[], today: string): D | null {
  let found: D | null = null;
  for (const d of versions) {
    if (d.withdrawn_at || d.publish_at > today) continue;
    if (!found || d.version > found.version) found = d;
  }
  return found;
}

/**
 * The documents in force for a seller on `today`: of the broadcast documents for its segment and
 * the specific ones for its e-mail, per document name and audience the `versionInForce`.
 */
export function inForceFor<D extends DocVersion>(
  docs: readonly D[],
  seller: { segment: Segment | null; email: string },
  today: string,
): D[] {
  const audiences = new Set([`email:${seller.email.toLowerCase()}`]);
  if (seller.segment) audiences.add(`segment:${seller.segment}`);
  const groups = new Map<string, D[]>();
  for (const d of docs) {
    if (!audiences.has(d.audience)) continue;
    const key = `${d.doc_name}|${d.audience}`;
    groups.set(key, [...(groups.get(key) ?? []), d]);
  }
  return [...groups.values()]
    .map((versions) => versionInForce(versions, today))
    .filter((d): d is D => d !== null)
    .sort((a, b) => a.id - b.id);
}

/** What a version is on `today`, as the Merchant Agreements list says it (decision 061). */
export type VersionState =
  | { state: "in_force" }
  | { state: "scheduled"; from: string }
  | { state: "superseded"; by_version: number; on: string }
  | { state: "withdrawn" };

/**
 * Each version's state among all the versions of its document name and audience (`versions`):
 * withdrawn; the one in force; superseded by the one in force (on the day that one took over: its
 * publish date, or the day it was published when that was later); or scheduled for its publish
 * date. Keyed by id.
 */
export function versionStates<D extends DocVersion & { created_day: string }>(
  versions: readonly D[],
  today: string,
): Map<number, VersionState> {
  const current = versionInForce(versions, today);
  const states = new Map<number, VersionState>();
  for (const d of versions) {
    if (d.withdrawn_at) states.set(d.id, { state: "withdrawn" });
    else if (current && d.id === current.id) states.set(d.id, { state: "in_force" });
    else if (current && d.version < current.version)
      states.set(d.id, {
        state: "superseded",
        by_version: current.version,
        on: current.publish_at > current.created_day ? current.publish_at : current.created_day,
      });
    else states.set(d.id, { state: "scheduled", from: d.publish_at });
  }
  return states;
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
