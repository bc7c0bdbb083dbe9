/**
 * The one path for changing rate rows, shared by a client's courier-wise card (`rate_rows`)
 * and a client's copy of an Advantage plan card (`plan_rate_rows`, decision 009): the same value
 * checks, the same old → new comparison, COD terms carried to the courier's other rows, the
 * same multi-row write with version bumps, one audit row per changed row and the e-mail to
 * the client's hierarchy. The two tables have the same price columns; the card says which
 * table, how its rows are read and how its audit rows and e-mail are labelled.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import type { RateValues } from "../core/rate-fields";
import { type Invalid, invalid, type Result } from "../core/result";
import type { Tx } from "../db/client.server";
import { type planRateRows, type rateRows } from "../db/schema";
import { CHANGEABLE_FIELDS, diffRow, type FieldChange, fieldText, type RowChange } from "./changes";
import { type CardRow, PER_COURIER_FIELDS, rateValuesOf } from "./fields";
import { queueRateChangeMail, type RateChangeKind } from "./notify.server";
import { rateValuesSchema, SOME_FIELD_NOT_VALID } from "./row-form";

/** Every value a row's edit can change: prices and both weight slabs, as exact text. */
export type RowPrices = RateValues & { first_slab: string; second_slab: string };

export function pricesOf(row: CardRow): RowPrices {
  return { ...rateValuesOf(row), first_slab: fieldText(row, "first_slab"), second_slab: fieldText(row, "second_slab") };
}

export function rowChange(
  row: Pick<CardRow, "id" | "courier_service_id" | "courier_name" | "shipment_type" | "delivery_type">,
  action: RowChange["action"],
  fields: FieldChange[],
): RowChange {
  return {
    rowId: row.id,
    action,
    courier_service_id: row.courier_service_id,
    courier: row.courier_name,
    shipment_type: row.shipment_type,
    delivery_type: row.delivery_type,
    fields,
  };
}

/** The two tables that hold rate rows: a client's card (and the segments), and plan cards. */
export type RateRowTable = typeof rateRows | typeof planRateRows;

/** How a card's audit rows read: the entity, and what each row entry carries besides the row's identity. */
export type RowAuditLabel = { entity: "rate_row" | "plan_rate_row"; context?: Record<string, unknown> };

export const CLIENT_CARD_AUDIT: RowAuditLabel = { entity: "rate_row" };

/**
 * Checks proposed prices with the row form's rules (docs/product.md §5). Field errors are keyed by
 * field, with the spec's messages ('Please fill!', '* Enter valid number !').
 */
export function parseRateValues(values: unknown): Result<{ values: RateValues }, Invalid> {
  const parsed = rateValuesSchema.safeParse(values ?? {});
  if (parsed.success) return { ok: true, values: parsed.data };
  return invalid(SOME_FIELD_NOT_VALID, {
    fieldErrors: Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])),
  });
}

/** One audit row per changed rate row: old and new hold the row's identity and the changed fields. */
export async function auditRowChange(
  tx: Tx,
  actor: AuditActor,
  /** Null for a segment card's rows (decision 074). */
  clientId: number | null,
  label: RowAuditLabel,
  action: string,
  change: RowChange,
): Promise<void> {
  const context = {
    ...label.context,
    courier: change.courier,
    courier_service_id: change.courier_service_id,
    shipment_type: change.shipment_type,
    delivery_type: change.delivery_type,
  };
  const side = (pick: "old" | "new") =>
    (change.action === "create" && pick === "old") || (change.action === "delete" && pick === "new")
      ? null
      : { ...context, ...Object.fromEntries(change.fields.map((f) => [f.field, f[pick]])) };
  await writeAudit(tx, actor, {
    clientId,
    entity: label.entity,
    entityId: change.rowId,
    action: change.action === "update" ? action : change.action === "create" ? `${action}:create` : `${action}:delete`,
    oldValue: side("old"),
    newValue: side("new"),
  });
}

/**
 * Writes full price sets to many rows of a table in one statement (json_populate_recordset,
 * as the seed does), bumping each row's version.
 */
export async function writeRowPrices(
  tx: Tx,
  table: RateRowTable,
  updates: { id: number; prices: RowPrices }[],
): Promise<void> {
  if (updates.length === 0) return;
  const json = JSON.stringify(updates.map((u) => ({ id: u.id, ...u.prices, divisor: Number(u.prices.divisor) })));
  const set = sql.join(
    CHANGEABLE_FIELDS.map((f) => sql`${sql.identifier(f)} = v.${sql.identifier(f)}`),
    sql`, `,
  );
  await tx.execute(
    sql`update ${table} as r set ${set}, version = r.version + 1, updated_at = now()
        from json_populate_recordset(null::${table}, ${json}::json) as v where r.id = v.id`,
  );
}

/** A card whose rows can be edited: where they live, how to read them, how changes are recorded and told. */
export type EditableCard = {
  clientId: number;
  table: RateRowTable;
  /** The card's rows (and only this card's), narrowed by `where` on `table`. */
  rows: (tx: Tx, where?: SQL) => Promise<CardRow[]>;
  audit: RowAuditLabel;
  mail: { kind: RateChangeKind; note?: string };
};

/**
 * What a row edit changes, written nowhere: the row's changed fields, and the courier's other
 * rows that take its COD terms (applyRowEdit writes it now; a scheduled edit stores the changes,
 * decision 075).
 */
export async function planRowEdit(
  tx: Tx,
  card: Pick<EditableCard, "table" | "rows">,
  current: CardRow,
  values: RateValues,
): Promise<{ changes: RowChange[]; updates: { id: number; prices: RowPrices }[] }> {
  const fields = diffRow(current, values);
  if (fields.length === 0) return { changes: [], updates: [] };
  const changes: RowChange[] = [rowChange(current, "update", fields)];
  const updates = [{ id: current.id, prices: { ...pricesOf(current), ...values } }];

  const courierTerms = fields.filter((f) => (PER_COURIER_FIELDS as readonly string[]).includes(f.field));
  if (courierTerms.length > 0) {
    const siblings = await card.rows(
      tx,
      and(eq(card.table.courier_service_id, current.courier_service_id), sql`${card.table.id} <> ${current.id}`),
    );
    const terms = Object.fromEntries(courierTerms.map((f) => [f.field, f.new!])) as Partial<RowPrices>;
    for (const s of siblings) {
      const f = diffRow(s, terms);
      if (f.length === 0) continue;
      changes.push(rowChange(s, "update", f));
      updates.push({ id: s.id, prices: { ...pricesOf(s), ...terms } });
    }
  }
  return { changes, updates };
}

/**
 * Applies new prices to one row the caller has locked and whose version it has checked.
 * Nothing is written when nothing differs. COD Percent, COD Minimum, NDD Charge and Divisor
 * are terms of the courier, so a change to them is carried to the courier's other rows in
 * the same card (keeping the card uploadable, docs/product.md §5); those rows appear in `changes` too,
 * audited as `update:courier_terms`.
 */
export async function applyRowEdit(
  tx: Tx,
  actor: AuditActor,
  card: EditableCard,
  current: CardRow,
  values: RateValues,
): Promise<{ row: CardRow; changes: RowChange[] }> {
  const { changes, updates } = await planRowEdit(tx, card, current, values);
  if (changes.length === 0) return { row: current, changes: [] };
  await writeRowPrices(tx, card.table, updates);
  for (const c of changes)
    await auditRowChange(
      tx,
      actor,
      card.clientId,
      card.audit,
      c.rowId === current.id ? "update" : "update:courier_terms",
      c,
    );
  await queueRateChangeMail(tx, actor, card.clientId, card.mail.kind, changes, card.mail.note);
  const [row] = await card.rows(tx, eq(card.table.id, current.id));
  return { row, changes };
}
