/**
 * Card-wide changes to a client's card (docs/product.md §4–§5, §7): applying a segment,
 * RTO from forward, and a CSV upload (verify, then apply). Each is one transaction over the
 * locked card with an audit row per changed row and one for the whole, and the e-mail; a
 * confirmation made against a preview is refused when the card changed since.
 */
import { eq, inArray } from "drizzle-orm";

import { isSegment, type Segment } from "../core/rate-fields";
import { invalid, stale } from "../core/result";
import type { Db, Executor } from "../db/client.server";
import { clientCourierServices, rateCardUploads, rateRows } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { CHANGEABLE_FIELDS, diffRow, type RowChange } from "./changes";
import { type VerifyResult, verifyUpload } from "./csv";
import { type CardRow, SEGMENT_NAMES } from "./fields";
import { clientCardRows, segmentCardRows } from "./read.server";
import { pricesOf, rowChange, type RowPrices } from "./row-edit.server";
import { type Scheduled, scheduleRowChanges } from "./scheduled.server";
import {
  allowed,
  clientCardToken,
  clientFor,
  forbidden,
  insertValues,
  lockClientRows,
  notFound,
  type RateCardActor,
  type RateCardFailure,
  recordCardChange,
  SEGMENT_STALE_MESSAGE,
  UPLOAD_INVALID_MESSAGE,
  UPLOAD_STALE_MESSAGE,
  writePrices,
} from "./scope.server";

// ---------------------------------------------------------------------------------------
// Apply a segment
// ---------------------------------------------------------------------------------------

const rowKey = (r: Pick<CardRow, "courier_service_id" | "shipment_type" | "delivery_type">) =>
  `${r.courier_service_id}|${r.shipment_type}|${r.delivery_type}`;

type SegmentPlan = {
  segment: Segment;
  segmentName: string;
  updates: { row: CardRow; prices: RowPrices; change: RowChange }[];
  creates: { from: CardRow; change: RowChange }[];
  deletes: { row: CardRow; change: RowChange }[];
  unchanged: number;
};

/**
 * The segment's rows for every service switched on for the client replace the client's rows
 * of those services: matching rows (same courier, shipment and delivery type) take the
 * segment's slabs and prices, missing ones are created, and rows the segment lacks are
 * removed. Services not switched on for the client are left alone.
 */
async function planApplySegment(db: Executor, clientId: number, segment: Segment): Promise<SegmentPlan> {
  const services = await db
    .select({ id: clientCourierServices.courier_service_id })
    .from(clientCourierServices)
    .where(eq(clientCourierServices.client_id, clientId));
  const serviceIds = services.map((s) => s.id);
  const [segmentRows, clientRows] =
    serviceIds.length === 0
      ? [[], []]
      : await Promise.all([
          segmentCardRows(db, segment).then((rows) => rows.filter((r) => serviceIds.includes(r.courier_service_id))),
          clientCardRows(db, clientId, inArray(rateRows.courier_service_id, serviceIds)),
        ]);
  const byKey = new Map(clientRows.map((r) => [rowKey(r), r]));
  const plan: SegmentPlan = {
    segment,
    segmentName: SEGMENT_NAMES[segment],
    updates: [],
    creates: [],
    deletes: [],
    unchanged: 0,
  };
  for (const s of segmentRows) {
    const mine = byKey.get(rowKey(s));
    byKey.delete(rowKey(s));
    const prices = pricesOf(s);
    if (!mine) {
      const fields = CHANGEABLE_FIELDS.map((f) => ({ field: f, old: null, new: prices[f] }));
      plan.creates.push({ from: s, change: rowChange({ ...s, id: 0 }, "create", fields) });
      continue;
    }
    const fields = diffRow(mine, prices);
    if (fields.length === 0) plan.unchanged++;
    else plan.updates.push({ row: mine, prices, change: rowChange(mine, "update", fields) });
  }
  for (const row of byKey.values()) {
    const prices = pricesOf(row);
    const fields = CHANGEABLE_FIELDS.map((f) => ({ field: f, old: prices[f], new: null }));
    plan.deletes.push({ row, change: rowChange(row, "delete", fields) });
  }
  return plan;
}

export type ApplySegmentSummary = {
  segment: Segment;
  segmentName: string;
  /** Rows updated, created (rowId 0 in a preview) and removed, in card order. */
  changes: RowChange[];
  updated: number;
  created: number;
  deleted: number;
  unchanged: number;
};

function summarise(plan: SegmentPlan): ApplySegmentSummary {
  return {
    segment: plan.segment,
    segmentName: plan.segmentName,
    changes: [
      ...plan.updates.map((u) => u.change),
      ...plan.creates.map((c) => c.change),
      ...plan.deletes.map((d) => d.change),
    ],
    updated: plan.updates.length,
    created: plan.creates.length,
    deleted: plan.deletes.length,
    unchanged: plan.unchanged,
  };
}

/** What applying the segment would change, for the confirmation (nothing is written). */
export async function previewApplySegment(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; segment: number },
): Promise<({ ok: true; cardToken: string } & ApplySegmentSummary) | RateCardFailure> {
  if (!allowed(actor, "canApplySegment")) return forbidden();
  if (!isSegment(input.segment)) return invalid("Choose segment 0, 1 or 2.");
  const client = await clientFor(db, actor, input.clientId);
  if (!client) return notFound();
  const [cardToken, plan] = await Promise.all([
    clientCardToken(db, client.id),
    planApplySegment(db, client.id, input.segment),
  ]);
  return { ok: true, cardToken, ...summarise(plan) };
}

/**
 * Replaces the client's rates with the segment's (vp), with an audit row per changed row and
 * one for the whole. With `cardToken` (from the preview) it is refused (409) when the card
 * changed since the preview.
 */
export async function applySegment(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; segment: number; cardToken?: string; effectiveAt?: Date | null },
): Promise<({ ok: true; scheduled?: Scheduled } & ApplySegmentSummary) | RateCardFailure> {
  if (!allowed(actor, "canApplySegment")) return forbidden();
  if (!isSegment(input.segment)) return invalid("Choose segment 0, 1 or 2.");
  const segment = input.segment;
  return transaction(
    db,
    async (tx): Promise<({ ok: true; scheduled?: Scheduled } & ApplySegmentSummary) | RateCardFailure> => {
      const client = await clientFor(tx, actor, input.clientId);
      if (!client) return notFound();
      await lockClientRows(tx, client.id);
      if (input.cardToken !== undefined && input.cardToken !== (await clientCardToken(tx, client.id))) {
        return stale(SEGMENT_STALE_MESSAGE);
      }
      const plan = await planApplySegment(tx, client.id, segment);
      if (input.effectiveAt) {
        const summary = summarise(plan);
        const scheduled = await scheduleRowChanges(tx, actor, {
          clientId: client.id,
          kind: "apply_segment",
          mailKind: "segment",
          note: `Applied ${plan.segmentName}.`,
          details: {
            segment,
            segment_name: plan.segmentName,
            updated: summary.updated,
            created: summary.created,
            deleted: summary.deleted,
          },
          changes: summary.changes,
          effectiveAt: input.effectiveAt,
        });
        return { ok: true as const, ...summary, scheduled };
      }

      await writePrices(
        tx,
        plan.updates.map((u) => ({ id: u.row.id, prices: u.prices })),
      );
      if (plan.deletes.length > 0) {
        await tx.delete(rateRows).where(
          inArray(
            rateRows.id,
            plan.deletes.map((d) => d.row.id),
          ),
        );
      }
      if (plan.creates.length > 0) {
        const inserted = await tx
          .insert(rateRows)
          .values(plan.creates.map((c) => insertValues(client.id, c.from, pricesOf(c.from))))
          .returning({ id: rateRows.id });
        inserted.forEach((r, i) => (plan.creates[i].change.rowId = r.id));
      }
      const summary = summarise(plan);
      await recordCardChange(tx, actor, client.id, {
        action: "apply_segment",
        entityId: client.id,
        rows: summary.changes,
        details: {
          segment,
          segment_name: plan.segmentName,
          updated: summary.updated,
          created: summary.created,
          deleted: summary.deleted,
        },
        mail: { kind: "segment", note: `Applied ${plan.segmentName}.` },
      });
      return { ok: true as const, ...summary };
    },
  );
}

// ---------------------------------------------------------------------------------------
// RTO from forward
// ---------------------------------------------------------------------------------------

/** A courier whose forward rates RTO can take, as the dialog lists it. */
export type ForwardCourier = { id: number; name: string; active: boolean };

/** The client's courier services that have forward rates, by name (the only ones RTO can copy from). */
export async function forwardCouriers(db: Executor, clientId: number): Promise<ForwardCourier[]> {
  const seen = new Map<number, ForwardCourier>();
  for (const r of await clientCardRows(db, clientId)) {
    if (r.shipment_type === "FORWARD" && !seen.has(r.courier_service_id))
      seen.set(r.courier_service_id, { id: r.courier_service_id, name: r.courier_name, active: r.is_active });
  }
  return [...seen.values()];
}

/** Update RTO with forward, before Confirm: the chosen couriers, each of which must have forward rates on the card (nothing is written). */
export async function reviewRtoFromForward(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; courierServiceIds: readonly number[] },
): Promise<{ ok: true; couriers: ForwardCourier[] } | RateCardFailure> {
  if (!allowed(actor, "canUpdateRtoFromForward")) return forbidden();
  const client = await clientFor(db, actor, input.clientId);
  if (!client) return notFound();
  const ids = new Set(input.courierServiceIds);
  const couriers = (await forwardCouriers(db, client.id)).filter((c) => ids.has(c.id));
  if (ids.size === 0 || couriers.length !== ids.size)
    return invalid("Some chosen couriers have no forward rates on this card. Nothing was changed.");
  return { ok: true, couriers };
}

/**
 * Copies the forward slabs and prices of the chosen couriers into their Forward RTO rows
 * (vp), creating an RTO row where a courier has none. Every chosen courier must have
 * forward rates on the card, or nothing is changed.
 */
export async function updateRtoFromForward(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; courierServiceIds: readonly number[]; effectiveAt?: Date | null },
): Promise<{ ok: true; changes: RowChange[]; scheduled?: Scheduled } | RateCardFailure> {
  if (!allowed(actor, "canUpdateRtoFromForward")) return forbidden();
  const ids = [...new Set(input.courierServiceIds)];
  if (ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id) && id > 0))
    return invalid("Choose at least one courier.");
  return transaction(db, async (tx) => {
    const client = await clientFor(tx, actor, input.clientId);
    if (!client) return notFound();
    await lockClientRows(tx, client.id);
    const rows = await clientCardRows(tx, client.id, inArray(rateRows.courier_service_id, ids));
    const forward = rows.filter((r) => r.shipment_type === "FORWARD");
    const missing = ids.filter((id) => !forward.some((r) => r.courier_service_id === id));
    if (missing.length > 0) {
      return invalid(`These couriers have no forward rates on this card: ${missing.join(", ")}. Nothing was changed.`);
    }
    const rto = new Map(
      rows
        .filter((r) => r.shipment_type === "FORWARD_RTO")
        .map((r) => [`${r.courier_service_id}|${r.delivery_type}`, r]),
    );
    const updates: { id: number; prices: RowPrices }[] = [];
    const changes: RowChange[] = [];
    const creates: { change: RowChange; values: typeof rateRows.$inferInsert }[] = [];
    for (const f of forward) {
      const prices = pricesOf(f);
      const target = rto.get(`${f.courier_service_id}|${f.delivery_type}`);
      if (target) {
        const fields = diffRow(target, prices);
        if (fields.length === 0) continue;
        updates.push({ id: target.id, prices });
        changes.push(rowChange(target, "update", fields));
      } else {
        const fields = CHANGEABLE_FIELDS.map((k) => ({ field: k, old: null, new: prices[k] }));
        const change = rowChange({ ...f, id: 0, shipment_type: "FORWARD_RTO" }, "create", fields);
        creates.push({ change, values: insertValues(client.id, { ...f, shipment_type: "FORWARD_RTO" }, prices) });
        changes.push(change);
      }
    }
    const details = {
      courier_service_ids: ids,
      couriers: [...new Set(forward.map((f) => f.courier_name))],
      changed_rows: changes.length,
    };
    if (input.effectiveAt) {
      const scheduled = await scheduleRowChanges(tx, actor, {
        clientId: client.id,
        kind: "rto_from_forward",
        mailKind: "rto",
        details,
        changes,
        effectiveAt: input.effectiveAt,
      });
      return { ok: true as const, changes, scheduled };
    }
    await writePrices(tx, updates);
    if (creates.length > 0) {
      const inserted = await tx
        .insert(rateRows)
        .values(creates.map((c) => c.values))
        .returning({ id: rateRows.id });
      inserted.forEach((r, i) => (creates[i].change.rowId = r.id));
    }
    await recordCardChange(tx, actor, client.id, {
      action: "rto_from_forward",
      entityId: client.id,
      rows: changes,
      details,
      mail: { kind: "rto" },
    });
    return { ok: true as const, changes };
  });
}

// ---------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------

/** Uploads beyond this are refused before parsing (a client card is a few hundred rows). */
export const MAX_UPLOAD_CHARS = 5_000_000;

/** Verifies an uploaded file against the client's current card (the modal's Verify step); writes nothing. */
export async function verifyClientUpload(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; csvText: string },
): Promise<VerifyResult | RateCardFailure> {
  if (!allowed(actor, "canUpload")) return forbidden();
  if (input.csvText.length > MAX_UPLOAD_CHARS) return invalid("The file is too large.");
  const client = await clientFor(db, actor, input.clientId);
  if (!client) return notFound();
  return verifyUpload({ sellerEmail: client.email, rows: await clientCardRows(db, client.id) }, input.csvText);
}

function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(0, 200);
  return clean || "ratecard.csv";
}

export type ApplyUploadResult =
  | { ok: true; uploadId: number | null; rowCount: number; changes: RowChange[]; scheduled?: Scheduled }
  | RateCardFailure;

/**
 * Applies an uploaded card (not for kam): verified again against the card as it is now,
 * then every row in one transaction — all or nothing — with an upload record (which makes
 * the client's uploaded-card view appear) and audit rows.
 */
export async function applyUpload(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; csvText: string; fileName: string; cardToken?: string; effectiveAt?: Date | null },
): Promise<ApplyUploadResult> {
  if (!allowed(actor, "canUpload")) return forbidden();
  if (input.csvText.length > MAX_UPLOAD_CHARS) return invalid("The file is too large.");
  return transaction(db, async (tx): Promise<ApplyUploadResult> => {
    const client = await clientFor(tx, actor, input.clientId);
    if (!client) return notFound();
    await lockClientRows(tx, client.id);
    if (input.cardToken !== undefined && input.cardToken !== (await clientCardToken(tx, client.id))) {
      return stale(UPLOAD_STALE_MESSAGE);
    }
    const current = await clientCardRows(tx, client.id);
    const verified = verifyUpload({ sellerEmail: client.email, rows: current }, input.csvText);
    if (!verified.ok) return invalid(UPLOAD_INVALID_MESSAGE, { errors: verified.errors });

    const byId = new Map(current.map((r) => [r.id, r]));
    const updates: { id: number; prices: RowPrices }[] = [];
    const changes: RowChange[] = [];
    for (const u of verified.rows) {
      const row = byId.get(u.rowId)!;
      const fields = diffRow(row, u.values);
      if (fields.length === 0) continue;
      updates.push({ id: row.id, prices: { ...pricesOf(row), ...u.values } });
      changes.push(rowChange(row, "update", fields));
    }
    if (input.effectiveAt) {
      // The upload record (which switches the card to the uploaded list) is written when it takes effect.
      const fileName = cleanFileName(input.fileName);
      const scheduled = await scheduleRowChanges(tx, actor, {
        clientId: client.id,
        kind: "upload",
        mailKind: "upload",
        note: `File ${fileName}.`,
        details: { file_name: fileName, row_count: verified.rows.length, changed_rows: changes.length },
        changes,
        effectiveAt: input.effectiveAt,
      });
      return { ok: true, uploadId: null, rowCount: verified.rows.length, changes, scheduled };
    }
    await writePrices(tx, updates);
    const [upload] = await tx
      .insert(rateCardUploads)
      .values({
        client_id: client.id,
        uploaded_by: actor.id,
        row_count: verified.rows.length,
        file_name: cleanFileName(input.fileName),
      })
      .returning({ id: rateCardUploads.id });
    const fileName = cleanFileName(input.fileName);
    await recordCardChange(tx, actor, client.id, {
      action: "upload",
      entityId: upload.id,
      rows: changes,
      details: { file_name: fileName, row_count: verified.rows.length, changed_rows: changes.length },
      mail: { kind: "upload", note: `File ${fileName}.` },
    });
    return { ok: true, uploadId: upload.id, rowCount: verified.rows.length, changes };
  });
}
