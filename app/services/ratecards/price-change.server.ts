/**
 * Change prices in bulk on a client's card or a segment card (decision 074): the preview (the
 * plan, its digest, what the dialog shows) and Apply. Apply re-plans from the locked card and
 * refuses when the plan is not the one previewed; the plan itself is written by
 * `applyPriceChangePlan`, the one function that writes a plan — in one transaction, each row's
 * version checked as a row edit checks it, one audit row per changed row and one e-mail.
 */
import { createHash } from "node:crypto";

import { and, eq, inArray } from "drizzle-orm";

import { isSegment, type Segment } from "../core/rate-fields";
import { conflict, invalid, stale } from "../core/result";
import type { Db, Executor, Tx } from "../db/client.server";
import { rateRows } from "../db/schema";
import { transaction } from "../db/transaction.server";
import type { RowChange } from "./changes";
import { type CardRow, SEGMENT_NAMES } from "./fields";
import { queueRateChangeMail, queueSegmentRateChangeMail } from "./notify.server";
import {
  BULK_OUT_OF_BOUNDS_MESSAGE,
  outOfBoundsLine,
  planPriceChange,
  planRowChanges,
  type PlanSummary,
  type PriceChangePlan,
  type PriceChangeRequest,
  summarisePlan,
} from "./price-change";
import { clientCardRows, segmentCardRows } from "./read.server";
import { auditRowChange, pricesOf, type RowAuditLabel, type RowPrices, writeRowPrices } from "./row-edit.server";
import { BULK_CHANGE_ACTION } from "./scheduled";
import { type Scheduled, scheduleRowChanges } from "./scheduled.server";
import {
  allowed,
  clientFor,
  forbidden,
  lockClientRows,
  notFound,
  type RateCardActor,
  type RateCardFailure,
} from "./scope.server";

/** Which card: a client's courier-wise card, or a segment card. */
export type PriceChangeCardRef = { clientId: number } | { segment: number };

export { BULK_CHANGE_ACTION };

export const BULK_STALE_MESSAGE =
  "The rate card changed after the preview, so nothing was changed. Preview the change again to see what it would do now.";
export const BULK_CONFLICT_MESSAGE =
  "A rate row in this change was edited after the preview, so nothing was changed. Preview the change again.";
export const BULK_NOTHING_TO_CHANGE = "This change would not change any price.";

export { BULK_OUT_OF_BOUNDS_MESSAGE };

/** A card the actor may change: how its rows are read and locked, and how its changes are told. */
export type PriceChangeCard = {
  clientId: number | null;
  segment: Segment | null;
  /** "Segment One", or null for a client's card. */
  name: string | null;
  rows: (db: Executor) => Promise<CardRow[]>;
  lock: (tx: Tx) => Promise<void>;
  audit: RowAuditLabel;
  mail: (tx: Tx, actor: RateCardActor, changes: readonly RowChange[], note: string) => Promise<void>;
};

/** The card, when it exists and the actor may see it (a client within the actor's scope); null otherwise. */
export async function priceChangeCard(
  db: Executor,
  actor: RateCardActor,
  ref: PriceChangeCardRef,
): Promise<PriceChangeCard | null> {
  if ("segment" in ref) {
    if (!isSegment(ref.segment)) return null;
    const segment = ref.segment;
    const name = SEGMENT_NAMES[segment];
    return {
      clientId: null,
      segment,
      name,
      rows: (e) => segmentCardRows(e, segment),
      lock: async (tx) => {
        await tx.select({ id: rateRows.id }).from(rateRows).where(eq(rateRows.segment, segment)).for("update");
      },
      audit: { entity: "rate_row", context: { segment } },
      mail: (tx, a, changes, note) => queueSegmentRateChangeMail(tx, a, name, "bulk", changes, note),
    };
  }
  const client = await clientFor(db, actor, ref.clientId);
  if (!client) return null;
  return {
    clientId: client.id,
    segment: null,
    name: null,
    rows: (e) => clientCardRows(e, client.id),
    lock: (tx) => lockClientRows(tx, client.id),
    audit: { entity: "rate_row" },
    mail: (tx, a, changes, note) => queueRateChangeMail(tx, a, client.id, "bulk", changes, note),
  };
}

/** A digest of a plan: Apply is refused unless re-planning from the card gives the plan previewed. */
export function planToken(plan: PriceChangePlan): string {
  return createHash("sha256").update(JSON.stringify(plan.changes)).digest("hex");
}

/** How the e-mail names the change: "+5.00 % on Zone A Base, …". */
function describeRequest(request: PriceChangeRequest): string {
  const size = Math.abs(request.amount);
  const amount = `${(size / 100).toFixed(2)}`;
  const sign = request.amount < 0 ? "−" : "+";
  return request.by === "percent" ? `Bulk change: ${sign}${amount} %.` : `Bulk change: ${sign}₹${amount}.`;
}

export type PriceChangePreview = {
  ok: true;
  plan: PriceChangePlan;
  token: string;
  summary: PlanSummary;
  /** The plan grouped by row (identity, fields old → new), in card order. */
  rows: RowChange[];
};

function refuseOutOfBounds(lines: string[]): RateCardFailure {
  return invalid(BULK_OUT_OF_BOUNDS_MESSAGE, { fieldErrors: { amount: lines.slice(0, 20).join("\n") } });
}

/** What the change would do to the card as it is now (nothing is written). */
export async function previewPriceChange(
  db: Db,
  actor: RateCardActor,
  ref: PriceChangeCardRef,
  request: PriceChangeRequest,
): Promise<PriceChangePreview | RateCardFailure> {
  if (!allowed(actor, "canBulkChange")) return forbidden();
  const card = await priceChangeCard(db, actor, ref);
  if (!card) return notFound();
  const rows = await card.rows(db);
  const planned = planPriceChange(rows, request);
  if (!planned.ok) return refuseOutOfBounds(planned.outOfBounds.map(outOfBoundsLine));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return {
    ok: true,
    plan: planned.plan,
    token: planToken(planned.plan),
    summary: summarisePlan(planned.plan),
    rows: planRowChanges(planned.plan, byId),
  };
}

export type ApplyPriceChangeResult = { ok: true; changes: RowChange[]; scheduled?: Scheduled } | RateCardFailure;

/**
 * Applies the change the person previewed: the card is locked and planned again; when that
 * plan is not the previewed one (`token`), nothing is written. With `effectiveAt` (the
 * confirm's "Effective from", decision 076) the plan's row changes are stored to take effect
 * then instead (scheduled.server.ts), each row's prices now being the "old values seen".
 */
export async function applyPriceChange(
  db: Db,
  actor: RateCardActor,
  ref: PriceChangeCardRef,
  request: PriceChangeRequest,
  token: string,
  effectiveAt: Date | null = null,
): Promise<ApplyPriceChangeResult> {
  if (!allowed(actor, "canBulkChange")) return forbidden();
  return transaction(db, async (tx): Promise<ApplyPriceChangeResult> => {
    const card = await priceChangeCard(tx, actor, ref);
    if (!card) return notFound();
    await card.lock(tx);
    const rows = await card.rows(tx);
    const planned = planPriceChange(rows, request);
    if (!planned.ok) return refuseOutOfBounds(planned.outOfBounds.map(outOfBoundsLine));
    if (planToken(planned.plan) !== token) return stale(BULK_STALE_MESSAGE);
    if (!effectiveAt) return applyPriceChangePlan(tx, actor, card, planned.plan, describeRequest(request));
    if (planned.plan.changes.length === 0) return invalid(BULK_NOTHING_TO_CHANGE);
    const changes = planRowChanges(planned.plan, new Map(rows.map((r) => [r.id, r])));
    const scheduled = await scheduleRowChanges(tx, actor, {
      ...(card.segment !== null ? { segment: card.segment } : { clientId: card.clientId! }),
      kind: "bulk_price",
      mailKind: "bulk",
      note: describeRequest(request),
      changes,
      effectiveAt,
    });
    return { ok: true, changes, scheduled };
  });
}

/**
 * Writes a plan in the caller's transaction — the one writer of plans. Every planned row is
 * locked and must still be on the card at the planned version with the planned old values
 * (as a row edit checks its version); otherwise nothing is written and the answer is a 409
 * with the row as it is now. Then one multi-row write, one audit row per changed row and one
 * e-mail. Nothing is written before every check has passed, so a refusal leaves the caller's
 * transaction as it was.
 */
export async function applyPriceChangePlan(
  tx: Tx,
  actor: RateCardActor,
  card: PriceChangeCard,
  plan: PriceChangePlan,
  note: string,
): Promise<ApplyPriceChangeResult> {
  if (!allowed(actor, "canBulkChange")) return forbidden();
  if (plan.changes.length === 0) return invalid(BULK_NOTHING_TO_CHANGE);
  const ids = [...new Set(plan.changes.map((c) => c.rowId))];
  const cardWhere =
    card.clientId !== null ? eq(rateRows.client_id, card.clientId) : eq(rateRows.segment, card.segment!);
  await tx
    .select({ id: rateRows.id })
    .from(rateRows)
    .where(and(cardWhere, inArray(rateRows.id, ids)))
    .for("update");
  const current = new Map((await card.rows(tx)).map((r) => [r.id, r]));
  const prices = new Map<number, RowPrices>();
  for (const c of plan.changes) {
    const row = current.get(c.rowId);
    if (!row) return notFound("A rate row in this change is no longer on the card, so nothing was changed.");
    let next = prices.get(row.id);
    if (!next) {
      next = pricesOf(row);
      prices.set(row.id, next);
    }
    if (row.version !== c.version || next[c.field] !== c.old) return conflict(BULK_CONFLICT_MESSAGE, row);
    next[c.field] = c.new;
  }
  await writeRowPrices(
    tx,
    rateRows,
    [...prices].map(([id, p]) => ({ id, prices: p })),
  );
  const changes = planRowChanges(plan, current);
  for (const change of changes) await auditRowChange(tx, actor, card.clientId, card.audit, BULK_CHANGE_ACTION, change);
  await card.mail(tx, actor, changes, note);
  return { ok: true, changes };
}
