/**
 * A client's rate-card version (decision 073): the card as first set up is version 1, and each
 * committed change to it is one more. A change is what the audit log records for the card
 * (`rate_row` and `rate_card` entries of the client): a card-wide change (an upload, a segment
 * applied, RTO from forward) writes an entry per row and one for the whole, all in one
 * transaction, so all of them carry that transaction's `now()`; the number of distinct moments
 * is the number of changes. Nothing to keep in step: every writer of the card already audits.
 */
import { and, eq, inArray, sql } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import { auditLog } from "../db/schema";

/** The audit entities that are changes to a client's own card (what its quotes are priced from). */
export const CARD_CHANGE_ENTITIES = ["rate_row", "rate_card"] as const;

export type RateCardVersion = {
  version: number;
  /** The newest audit entry of the card (null for a card never changed since it was set up). */
  lastChangeId: number | null;
};

export async function rateCardVersion(db: Executor, clientId: number): Promise<RateCardVersion> {
  const [row] = await db
    .select({
      changes: sql<number>`count(distinct ${auditLog.at})::int`,
      lastId: sql<number | null>`max(${auditLog.id})`,
    })
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...CARD_CHANGE_ENTITIES])));
  return {
    version: Number(row?.changes ?? 0) + 1,
    lastChangeId: row?.lastId == null ? null : Number(row.lastId),
  };
}
