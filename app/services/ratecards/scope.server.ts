/**
 * What every rate card change shares: who may make it, the client it is made to (within the
 * actor's scope), the refusals with their sentences, the card token that guards card-wide
 * confirmations, and the row writes and audit rows (shared with plan cards through
 * row-edit.server.ts).
 */
import { createHash } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { clientScopeCondition } from "../clients/clients.server";
import { type Conflict, type Forbidden, type Invalid, type NotFound, refusals, type Stale } from "../core/result";
import { type StaffRole } from "../core/roles";
import type { Executor, Tx } from "../db/client.server";
import { clients, rateRows } from "../db/schema";
import type { RateCardDetails } from "./audit-kinds";
import type { RowChange } from "./changes";
import type { UploadError } from "./csv";
import type { CardRow } from "./fields";
import { queueRateChangeMail, type RateChangeKind } from "./notify.server";
import { type RateCardPermissions, rateCardPermissions } from "./permissions";
import { auditRowChange as auditRowEntry, CLIENT_CARD_AUDIT, type RowPrices, writeRowPrices } from "./row-edit.server";

/** The member of staff making a change (a Viewer from clients.server fits). */
export type RateCardActor = AuditActor & { id: number; role: StaffRole };

export const NOT_ALLOWED_MESSAGE = "You are not allowed to change this rate card.";
export const NOT_FOUND_MESSAGE = "This rate card or rate row was not found.";
/** A row edited while someone deleted it or uploaded a new card (shown above the card: the row is gone). */
export const ROW_GONE_MESSAGE =
  "This rate row is no longer on the card: someone deleted it or uploaded a new card. Nothing was saved; the card below is as it is now.";
export const CONFLICT_MESSAGE =
  "Someone changed this rate after you opened it, so nothing was saved. These are the current values; edit them again if needed.";
export const UPLOAD_INVALID_MESSAGE = "The rate card file did not pass verification; nothing was changed.";
export const SEGMENT_STALE_MESSAGE =
  "The rate card changed after the preview, so nothing was changed. Preview the segment again to see what it would change now.";
export { UPLOAD_STALE_MESSAGE } from "./bulk-forms";

export type RateCardFailure = Invalid<{ errors?: UploadError[] }> | Forbidden | NotFound | Conflict<CardRow> | Stale;

export const { forbidden, notFound } = refusals({ forbidden: NOT_ALLOWED_MESSAGE, notFound: NOT_FOUND_MESSAGE });

export function allowed(actor: RateCardActor, permission: keyof RateCardPermissions): boolean {
  return rateCardPermissions(actor.role)[permission];
}

type ClientRef = { id: number; email: string };

/** The client, if it exists and the actor's role may see it (vp, kam: all; avp, bdm, tl: their own). */
export async function clientFor(db: Executor, actor: RateCardActor, clientId: number): Promise<ClientRef | null> {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) return null;
  const [client] = await db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, clientId), clientScopeCondition(actor)));
  return client ?? null;
}

/**
 * A digest of the client's rows as they are now (ids and versions). A card-wide change's
 * confirmation (segment preview, verified upload) carries it, and the change is refused when
 * the card moved on in between, so an edit made after the preview is never silently
 * overwritten by what the person confirmed.
 */
export async function clientCardToken(db: Executor, clientId: number): Promise<string> {
  const rows = await db
    .select({ id: rateRows.id, version: rateRows.version })
    .from(rateRows)
    .where(eq(rateRows.client_id, clientId))
    .orderBy(rateRows.id);
  return createHash("sha256")
    .update(rows.map((r) => `${r.id}:${r.version}`).join(","))
    .digest("hex");
}

/** Locks the client's rows so concurrent card-wide changes queue instead of interleaving. */
export async function lockClientRows(tx: Tx, clientId: number): Promise<void> {
  await tx.select({ id: rateRows.id }).from(rateRows).where(eq(rateRows.client_id, clientId)).for("update");
}

// Prices, changes, audit rows and the multi-row write are shared with plan cards (row-edit.server.ts).
export function auditRowChange(
  tx: Tx,
  actor: RateCardActor,
  clientId: number,
  action: string,
  change: RowChange,
): Promise<void> {
  return auditRowEntry(tx, actor, clientId, CLIENT_CARD_AUDIT, action, change);
}

export function writePrices(tx: Tx, updates: { id: number; prices: RowPrices }[]): Promise<void> {
  return writeRowPrices(tx, rateRows, updates);
}

export function insertValues(
  clientId: number,
  row: Pick<CardRow, "courier_service_id" | "shipment_type" | "delivery_type">,
  prices: RowPrices,
): typeof rateRows.$inferInsert {
  return {
    client_id: clientId,
    segment: null,
    courier_service_id: row.courier_service_id,
    shipment_type: row.shipment_type,
    delivery_type: row.delivery_type,
    ...prices,
    divisor: Number(prices.divisor),
  };
}

/**
 * Records a card-wide change in its transaction: an audit row per changed row, one for the
 * whole (its details typed per action, audit/kinds.ts), and the e-mail to the hierarchy.
 */
export async function recordCardChange<A extends keyof RateCardDetails>(
  tx: Tx,
  actor: RateCardActor,
  clientId: number,
  change: {
    action: A;
    entityId: number;
    rows: readonly RowChange[];
    details: RateCardDetails[A];
    mail: { kind: RateChangeKind; note?: string };
  },
): Promise<void> {
  for (const c of change.rows) await auditRowChange(tx, actor, clientId, change.action, c);
  await writeAudit(tx, actor, {
    clientId,
    entity: "rate_card",
    entityId: change.entityId,
    action: change.action,
    newValue: change.details,
  });
  await queueRateChangeMail(tx, actor, clientId, change.mail.kind, change.rows, change.mail.note);
}
