/**
 * One row's change on a client's card (docs/product.md §5, §7 update-ratecard-data): its prices
 * (type rate) or its weight slabs (type weight), each in one transaction with its audit rows
 * and the e-mail to the client's hierarchy, refused with the current values when someone
 * changed the row since the editor saw it.
 */
import { and, eq } from "drizzle-orm";

import { conflict, invalid } from "../core/result";
import type { Db } from "../db/client.server";
import { rateRows } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { diffRow, type RowChange } from "./changes";
import type { CardRow } from "./fields";
import { queueRateChangeMail } from "./notify.server";
import { clientCardRows } from "./read.server";
import {
  applyRowEdit,
  CLIENT_CARD_AUDIT,
  type EditableCard,
  parseRateValues,
  planRowEdit,
  pricesOf,
  rowChange,
} from "./row-edit.server";
import { SOME_FIELD_NOT_VALID, weightSlabFormSchema } from "./row-form";
import { type Scheduled, scheduleRowChanges } from "./scheduled.server";
import {
  allowed,
  auditRowChange,
  clientFor,
  CONFLICT_MESSAGE,
  forbidden,
  notFound,
  type RateCardActor,
  type RateCardFailure,
  ROW_GONE_MESSAGE,
  writePrices,
} from "./scope.server";

export type UpdateRateRowInput = {
  rowId: number;
  clientId: number;
  version: number;
  values: Record<string, unknown>;
  /** A time in the future: the edit is scheduled to take effect then, not written now (decision 075). */
  effectiveAt?: Date | null;
};

export type UpdateRateRowResult =
  { ok: true; row: CardRow; changes: RowChange[]; scheduled?: Scheduled } | RateCardFailure;

/**
 * Saves one row's prices (vp). Refused with the current values when the row's version is
 * not the one the editor saw. COD Percent, COD Minimum, NDD Charge and Divisor are terms of
 * the courier, so a change to them is carried to the courier's other rows in the card
 * (keeping the card uploadable, docs/product.md §5); those rows appear in `changes` too.
 */
export async function updateRateRow(
  db: Db,
  actor: RateCardActor,
  input: UpdateRateRowInput,
): Promise<UpdateRateRowResult> {
  if (!allowed(actor, "canEditRates")) return forbidden();
  const parsed = parseRateValues(input.values);
  if (!parsed.ok) return parsed;
  if (!Number.isSafeInteger(input.version) || !Number.isSafeInteger(input.rowId)) return invalid(SOME_FIELD_NOT_VALID);
  const values = parsed.values;

  return transaction(db, async (tx): Promise<UpdateRateRowResult> => {
    const client = await clientFor(tx, actor, input.clientId);
    if (!client) return notFound();
    const locked = await tx
      .select({ id: rateRows.id })
      .from(rateRows)
      .where(and(eq(rateRows.id, input.rowId), eq(rateRows.client_id, client.id)))
      .for("update");
    if (locked.length === 0) return notFound(ROW_GONE_MESSAGE);
    const [current] = await clientCardRows(tx, client.id, eq(rateRows.id, input.rowId));
    if (current.version !== input.version) return conflict(CONFLICT_MESSAGE, current);

    const card: EditableCard = {
      clientId: client.id,
      table: rateRows,
      rows: (t, where) => clientCardRows(t, client.id, where),
      audit: CLIENT_CARD_AUDIT,
      mail: { kind: "rate" },
    };
    if (input.effectiveAt) {
      const { changes } = await planRowEdit(tx, card, current, values);
      if (changes.length === 0) return { ok: true, row: current, changes };
      const scheduled = await scheduleRowChanges(tx, actor, {
        clientId: client.id,
        kind: "update",
        mailKind: "rate",
        changes,
        effectiveAt: input.effectiveAt,
      });
      return { ok: true, row: current, changes, scheduled };
    }
    return { ok: true, ...(await applyRowEdit(tx, actor, card, current, values)) };
  });
}

export type UpdateWeightSlabInput = {
  clientId: number;
  courier_service_id: number | string;
  shipment_type: string;
  delivery_type: string;
  first_slab: string | number;
  second_slab: string | number;
  version: number | string;
  /** A time in the future: the change is scheduled to take effect then (decision 075). */
  effectiveAt?: Date | null;
};

export type UpdateWeightSlabResult =
  { ok: true; row: CardRow; changes: RowChange[]; scheduled?: Scheduled } | RateCardFailure;

/** Changes a row's base and additional weight (vp), from the fixed list; prices stay as they are. */
export async function updateWeightSlab(
  db: Db,
  actor: RateCardActor,
  input: UpdateWeightSlabInput,
): Promise<UpdateWeightSlabResult> {
  if (!allowed(actor, "canEditWeightSlabs")) return forbidden();
  const parsed = weightSlabFormSchema.safeParse({
    courier_service_id: input.courier_service_id,
    shipment_type: input.shipment_type,
    delivery_type: input.delivery_type,
    first_slab: input.first_slab == null ? undefined : String(input.first_slab),
    second_slab: input.second_slab == null ? undefined : String(input.second_slab),
    version: input.version,
  });
  if (!parsed.success) {
    const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]));
    return invalid(SOME_FIELD_NOT_VALID, { fieldErrors });
  }
  const p = parsed.data;

  return transaction(db, async (tx): Promise<UpdateWeightSlabResult> => {
    const client = await clientFor(tx, actor, input.clientId);
    if (!client) return notFound();
    const key = and(
      eq(rateRows.client_id, client.id),
      eq(rateRows.courier_service_id, p.courier_service_id),
      eq(rateRows.shipment_type, p.shipment_type),
      eq(rateRows.delivery_type, p.delivery_type),
    );
    const locked = await tx.select({ id: rateRows.id }).from(rateRows).where(key).for("update");
    if (locked.length === 0) return notFound(ROW_GONE_MESSAGE);
    const [current] = await clientCardRows(tx, client.id, eq(rateRows.id, locked[0].id));
    if (current.version !== p.version) return conflict(CONFLICT_MESSAGE, current);
    const fields = diffRow(current, { first_slab: p.first_slab, second_slab: p.second_slab });
    if (fields.length === 0) return { ok: true, row: current, changes: [] };
    if (input.effectiveAt) {
      const changes = [rowChange(current, "update", fields)];
      const scheduled = await scheduleRowChanges(tx, actor, {
        clientId: client.id,
        kind: "weight_slab",
        mailKind: "weight",
        changes,
        effectiveAt: input.effectiveAt,
      });
      return { ok: true, row: current, changes, scheduled };
    }
    await writePrices(tx, [
      { id: current.id, prices: { ...pricesOf(current), first_slab: p.first_slab, second_slab: p.second_slab } },
    ]);
    const change = rowChange(current, "update", fields);
    await auditRowChange(tx, actor, client.id, "weight_slab", change);
    await queueRateChangeMail(tx, actor, client.id, "weight", [change]);
    const [row] = await clientCardRows(tx, client.id, eq(rateRows.id, current.id));
    return { ok: true, row, changes: [change] };
  });
}
