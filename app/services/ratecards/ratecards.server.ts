/**
 * Rate cards (spec part 1 §2–§9, the houston-ratecard calls of §7): a client's courier-wise
 * card and the three segment cards, and every change to them — a row edit, a weight slab
 * edit, applying a segment, RTO from forward, a CSV upload — each in one transaction with
 * its audit rows. Nothing is written unless the whole change is valid.
 *
 * Call map (spec §7 → here):
 *   fetch-user-courier-wise-ratecard      → getClientRateCard
 *   fetch-segment-wise-ratecard           → getSegmentRateCard
 *   update-ratecard-data (type rate)      → updateRateRow
 *   update-ratecard-data (type weight)    → updateWeightSlab
 *   apply-segment-rate-data-to-ratecard   → previewApplySegment / applySegment
 *   update-rto-ratecard-data-with-forward → updateRtoFromForward
 *   verify-rate-card / update-rate-card-data → verifyClientUpload / applyUpload
 *   download-rate-card / download-segment-ratecard-csv → clientRateCardCsv / segmentRateCardCsv
 */
import { createHash } from "node:crypto";
import { and, count, desc, eq, inArray, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { writeAudit, type AuditActor } from "../audit/audit.server";
import { clientScopeCondition } from "../clients/clients.server";
import type { Db, Tx, Executor } from "../db/client.server";
import { transaction } from "../db/transaction.server";
import { conflict, invalid, refusals, stale, type Conflict, type Forbidden, type Invalid, type NotFound, type Stale } from "../core/result";
import {
  auditLog,
  clientCourierServices,
  clients,
  courierServices,
  rateCardUploads,
  rateRows,
  staff,
  type StaffRole,
} from "../db/schema";
import { CHANGEABLE_FIELDS, diffRow, type FieldChange, type RowChange } from "./changes";
import { writeRateCardCsv, verifyUpload, type UploadError, type VerifyResult } from "./csv";
import {
  RATE_FIELDS,
  SEGMENT_NAMES,
  SHIPMENT_TYPES,
  TAB_OF_SHIPMENT_TYPE,
  isSegment,
  sortCardRows,
  type CardRow,
  type DeliveryType,
  type RateTab,
  type Segment,
  type ShipmentType,
} from "./fields";
import { buildRateCardPanels, type RateCardPanels } from "./panels";
import { weightSlabFormSchema, SOME_FIELD_NOT_VALID } from "./row-form";
import { isPlanName, type AdvantagePlanName } from "../advantage/plans";
import {
  CLIENT_CARD_AUDIT,
  applyRowEdit,
  auditRowChange as auditRowEntry,
  parseRateValues,
  pricesOf,
  rowChange,
  writeRowPrices,
  type EditableCard,
  type RowPrices,
} from "./row-edit.server";
import { queueRateChangeMail } from "./notify.server";
import { rateCardPermissions, type RateCardPermissions } from "./permissions";


/** The member of staff making a change (a Viewer from clients.server fits). */
export type RateCardActor = AuditActor & { id: number; role: StaffRole };

// ---------------------------------------------------------------------------------------
// Results
// ---------------------------------------------------------------------------------------

export const NOT_ALLOWED_MESSAGE = "You are not allowed to change this rate card.";
export const NOT_FOUND_MESSAGE = "This rate card or rate row was not found.";
export const CONFLICT_MESSAGE =
  "Someone changed this rate after you opened it, so nothing was saved. These are the current values; edit them again if needed.";
export const UPLOAD_INVALID_MESSAGE = "The rate card file did not pass verification; nothing was changed.";
export const SEGMENT_STALE_MESSAGE =
  "The rate card changed after the preview, so nothing was changed. Preview the segment again to see what it would change now.";
export const UPLOAD_STALE_MESSAGE = "The rate card changed after this file was verified, so nothing was changed. Verify the file again.";

export type RateCardFailure = Invalid<{ errors?: UploadError[] }> | Forbidden | NotFound | Conflict<CardRow> | Stale;

export type { FieldChange, RowChange };

const { forbidden, notFound } = refusals({ forbidden: NOT_ALLOWED_MESSAGE, notFound: NOT_FOUND_MESSAGE });

function allowed(actor: RateCardActor, permission: keyof RateCardPermissions): boolean {
  return rateCardPermissions(actor.role)[permission];
}

// ---------------------------------------------------------------------------------------
// Reading cards
// ---------------------------------------------------------------------------------------

/**
 * The card's rows as one JSON text: PGlite decodes a wide result row by row in JavaScript
 * (≈ 70 µs per 24-column row), while one text value is a single copy and a native
 * JSON.parse — four times faster for a 200-row card, and no slower on PostgreSQL. Numeric
 * columns are cast to text so the exact decimal strings ("32.00") survive.
 */
function cardRowsJson(isActive: SQL, from: SQL, where: SQL | undefined): SQL {
  const text = (c: SQLWrapper) => sql`${c}::text`;
  const fields: [string, SQL][] = [
    ["id", sql`${rateRows.id}`],
    ["courier_service_id", sql`${rateRows.courier_service_id}`],
    ["courier_name", sql`${courierServices.name}`],
    ["is_active", isActive],
    ["shipment_type", sql`${rateRows.shipment_type}`],
    ["delivery_type", sql`${rateRows.delivery_type}`],
    ["first_slab", text(rateRows.first_slab)],
    ["second_slab", text(rateRows.second_slab)],
    ...RATE_FIELDS.filter((f) => f !== "divisor").map((f): [string, SQL] => [f, text(rateRows[f])]),
    ["divisor", sql`${rateRows.divisor}`],
    ["version", sql`${rateRows.version}`],
  ];
  const list = sql.join(
    fields.map(([name, value]) => sql`${value} as ${sql.identifier(name)}`),
    sql`, `,
  );
  return sql`select coalesce(json_agg(t), '[]')::text as rows from (select ${list} ${from}${where ? sql` where ${where}` : sql``}) t`;
}

async function readCardRows(db: Executor, query: SQL): Promise<CardRow[]> {
  const result = await db.execute(query);
  const [first] = result.rows as { rows: string }[];
  return sortCardRows(JSON.parse(first.rows) as CardRow[]);
}

function clientCardRowsQuery(clientId: number, where?: SQL): SQL {
  const from = sql`from ${rateRows}
    inner join ${courierServices} on ${courierServices.id} = ${rateRows.courier_service_id}
    left join ${clientCourierServices} on ${clientCourierServices.client_id} = ${rateRows.client_id}
      and ${clientCourierServices.courier_service_id} = ${rateRows.courier_service_id}`;
  return cardRowsJson(sql`coalesce(${clientCourierServices.is_active}, false)`, from, and(eq(rateRows.client_id, clientId), where));
}

/** A client's rows, the courier switched on or off per client_courier_services (off when not switched on at all). */
async function clientCardRows(db: Executor, clientId: number, where?: SQL): Promise<CardRow[]> {
  return readCardRows(db, clientCardRowsQuery(clientId, where));
}

async function segmentCardRows(db: Executor, segment: Segment): Promise<CardRow[]> {
  const from = sql`from ${rateRows} inner join ${courierServices} on ${courierServices.id} = ${rateRows.courier_service_id}`;
  return readCardRows(db, cardRowsJson(sql`true`, from, eq(rateRows.segment, segment)));
}

export type RateCardUpload = {
  id: number;
  at: Date;
  file_name: string;
  row_count: number;
  uploaded_by: { id: number; name: string; email: string } | null;
};

export type ClientRateCard = {
  clientId: number;
  /** The client's e-mail: the CSV's Seller Email. */
  sellerEmail: string;
  /** Every row (switched-off couriers too), in sortCardRows order. */
  rows: CardRow[];
  /** Tabs → delivery types → panels; only active couriers unless showAll. */
  panels: RateCardPanels;
  showAll: boolean;
  /** Spec §2: when the client has an uploaded rate card list, that view replaces the tabs. */
  hasUploadedRateCard: boolean;
  lastUpload: RateCardUpload | null;
};

/** A client's courier-wise rate card, or null when there is no such client. */
export async function getClientRateCard(
  db: Db,
  clientId: number,
  opts: {
    showAll?: boolean;
    /**
     * Only the rows of this tab (what a page shows), unless the client has an uploaded card
     * (whose list view needs every row). `rows` and `panels` then hold that tab alone.
     */
    onlyTab?: RateTab;
  } = {},
): Promise<ClientRateCard | null> {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) return null;
  const tabFilter = opts.onlyTab
    ? sql`(${inArray(rateRows.shipment_type, SHIPMENT_TYPES.filter((t) => TAB_OF_SHIPMENT_TYPE[t] === opts.onlyTab))}
        OR EXISTS (SELECT 1 FROM ${rateCardUploads} WHERE ${rateCardUploads.client_id} = ${clientId}))`
    : undefined;
  // One round trip: the client, its latest upload and its rows (a page view pays for each query).
  const lastUploadJson = sql`(select json_build_object('id', ${rateCardUploads.id}, 'at', ${rateCardUploads.at}, 'file_name', ${rateCardUploads.file_name},
      'row_count', ${rateCardUploads.row_count}, 'staff_id', ${staff.id}, 'staff_name', ${staff.name}, 'staff_email', ${staff.email})::text
    from ${rateCardUploads} left join ${staff} on ${staff.id} = ${rateCardUploads.uploaded_by}
    where ${rateCardUploads.client_id} = ${clients.id}
    order by ${rateCardUploads.at} desc, ${rateCardUploads.id} desc limit 1)`;
  const result = await db.execute(
    sql`select ${clients.email} as email, ${lastUploadJson} as last_upload, (${clientCardRowsQuery(clientId, tabFilter)}) as rows
        from ${clients} where ${clients.id} = ${clientId}`,
  );
  const [client] = result.rows as { email: string; last_upload: string | null; rows: string }[];
  if (!client) return null;
  const rows = sortCardRows(JSON.parse(client.rows) as CardRow[]);
  const u = client.last_upload
    ? (JSON.parse(client.last_upload) as {
        id: number;
        at: string;
        file_name: string;
        row_count: number;
        staff_id: number | null;
        staff_name: string | null;
        staff_email: string | null;
      })
    : null;
  const showAll = opts.showAll ?? false;
  return {
    clientId,
    sellerEmail: client.email,
    rows,
    panels: buildRateCardPanels(rows, { showAll }),
    showAll,
    hasUploadedRateCard: !!u,
    lastUpload: u
      ? {
          id: u.id,
          at: new Date(u.at),
          file_name: u.file_name,
          row_count: u.row_count,
          uploaded_by: u.staff_id != null ? { id: u.staff_id, name: u.staff_name!, email: u.staff_email! } : null,
        }
      : null,
  };
}

export type SegmentRateCard = { segment: Segment; name: string; rows: CardRow[]; panels: RateCardPanels };

/** A segment's card over every courier service (all shown: segments have no switched-off couriers). */
export async function getSegmentRateCard(db: Db, segment: Segment): Promise<SegmentRateCard | null> {
  if (!isSegment(segment)) return null;
  const rows = await segmentCardRows(db, segment);
  return { segment, name: SEGMENT_NAMES[segment], rows, panels: buildRateCardPanels(rows, { showAll: true }) };
}

/** The client's card as the CSV the upload accepts (download → edit → upload round-trips). */
export async function clientRateCardCsv(db: Db, clientId: number): Promise<{ fileName: string; csv: string } | null> {
  const card = await getClientRateCard(db, clientId, { showAll: true });
  if (!card) return null;
  return { fileName: `ratecard_${card.sellerEmail.replace(/[^a-z0-9]+/gi, "_")}.csv`, csv: writeRateCardCsv({ sellerEmail: card.sellerEmail, rows: card.rows }) };
}

export async function segmentRateCardCsv(db: Db, segment: Segment): Promise<{ fileName: string; csv: string } | null> {
  const card = await getSegmentRateCard(db, segment);
  if (!card) return null;
  return { fileName: `segment_${segment}_ratecard.csv`, csv: writeRateCardCsv({ sellerEmail: card.name, rows: card.rows }) };
}

// ---------------------------------------------------------------------------------------
// Shared pieces of the changes
// ---------------------------------------------------------------------------------------

type ClientRef = { id: number; email: string };

/** The client, if it exists and the actor's role may see it (vp, kam: all; avp, bdm, tl: their own). */
async function clientFor(db: Executor, actor: RateCardActor, clientId: number): Promise<ClientRef | null> {
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
async function lockClientRows(tx: Tx, clientId: number): Promise<void> {
  await tx.select({ id: rateRows.id }).from(rateRows).where(eq(rateRows.client_id, clientId)).for("update");
}

// Prices, changes, audit rows and the multi-row write are shared with plan cards (row-edit.server.ts).
const diff = diffRow;

function auditRowChange(tx: Tx, actor: RateCardActor, clientId: number, action: string, change: RowChange): Promise<void> {
  return auditRowEntry(tx, actor, clientId, CLIENT_CARD_AUDIT, action, change);
}

function writePrices(tx: Tx, updates: { id: number; prices: RowPrices }[]): Promise<void> {
  return writeRowPrices(tx, rateRows, updates);
}

// ---------------------------------------------------------------------------------------
// Row edit
// ---------------------------------------------------------------------------------------

export type UpdateRateRowInput = { rowId: number; clientId: number; version: number; values: Record<string, unknown> };

export type UpdateRateRowResult = { ok: true; row: CardRow; changes: RowChange[] } | RateCardFailure;

/**
 * Saves one row's prices (vp). Refused with the current values when the row's version is
 * not the one the editor saw. COD Percent, COD Minimum, NDD Charge and Divisor are terms of
 * the courier, so a change to them is carried to the courier's other rows in the card
 * (keeping the card uploadable, spec §5); those rows appear in `changes` too.
 */
export async function updateRateRow(db: Db, actor: RateCardActor, input: UpdateRateRowInput): Promise<UpdateRateRowResult> {
  if (!allowed(actor, "canEditRates")) return forbidden();
  const parsed = parseRateValues(input.values);
  if (!parsed.ok) return invalid(SOME_FIELD_NOT_VALID, { fieldErrors: parsed.fieldErrors });
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
    if (locked.length === 0) return notFound();
    const [current] = await clientCardRows(tx, client.id, eq(rateRows.id, input.rowId));
    if (current.version !== input.version) return conflict(CONFLICT_MESSAGE, current);

    const card: EditableCard = {
      clientId: client.id,
      table: rateRows,
      rows: (t, where) => clientCardRows(t, client.id, where),
      audit: CLIENT_CARD_AUDIT,
      mail: { kind: "rate" },
    };
    return { ok: true, ...(await applyRowEdit(tx, actor, card, current, values)) };
  });
}

// ---------------------------------------------------------------------------------------
// Weight slab edit
// ---------------------------------------------------------------------------------------

export type UpdateWeightSlabInput = {
  clientId: number;
  courier_service_id: number | string;
  shipment_type: string;
  delivery_type: string;
  first_slab: string | number;
  second_slab: string | number;
  version: number | string;
};

export type UpdateWeightSlabResult = { ok: true; row: CardRow; changes: RowChange[] } | RateCardFailure;

/** Changes a row's base and additional weight (vp), from the fixed list; prices stay as they are. */
export async function updateWeightSlab(db: Db, actor: RateCardActor, input: UpdateWeightSlabInput): Promise<UpdateWeightSlabResult> {
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
    if (locked.length === 0) return notFound();
    const [current] = await clientCardRows(tx, client.id, eq(rateRows.id, locked[0].id));
    if (current.version !== p.version) return conflict(CONFLICT_MESSAGE, current);
    const fields = diff(current, { first_slab: p.first_slab, second_slab: p.second_slab });
    if (fields.length === 0) return { ok: true, row: current, changes: [] };
    await writePrices(tx, [{ id: current.id, prices: { ...pricesOf(current), first_slab: p.first_slab, second_slab: p.second_slab } }]);
    const change = rowChange(current, "update", fields);
    await auditRowChange(tx, actor, client.id, "weight_slab", change);
    await queueRateChangeMail(tx, actor, client.id, "weight", [change]);
    const [row] = await clientCardRows(tx, client.id, eq(rateRows.id, current.id));
    return { ok: true, row, changes: [change] };
  });
}

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
  const plan: SegmentPlan = { segment, segmentName: SEGMENT_NAMES[segment], updates: [], creates: [], deletes: [], unchanged: 0 };
  for (const s of segmentRows) {
    const mine = byKey.get(rowKey(s));
    byKey.delete(rowKey(s));
    const prices = pricesOf(s);
    if (!mine) {
      const fields = CHANGEABLE_FIELDS.map((f) => ({ field: f, old: null, new: prices[f] }));
      plan.creates.push({ from: s, change: rowChange({ ...s, id: 0 }, "create", fields) });
      continue;
    }
    const fields = diff(mine, prices);
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
    changes: [...plan.updates.map((u) => u.change), ...plan.creates.map((c) => c.change), ...plan.deletes.map((d) => d.change)],
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
  const [cardToken, plan] = await Promise.all([clientCardToken(db, client.id), planApplySegment(db, client.id, input.segment)]);
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
  input: { clientId: number; segment: number; cardToken?: string },
): Promise<({ ok: true } & ApplySegmentSummary) | RateCardFailure> {
  if (!allowed(actor, "canApplySegment")) return forbidden();
  if (!isSegment(input.segment)) return invalid("Choose segment 0, 1 or 2.");
  const segment = input.segment;
  return transaction(db, async (tx): Promise<({ ok: true } & ApplySegmentSummary) | RateCardFailure> => {
    const client = await clientFor(tx, actor, input.clientId);
    if (!client) return notFound();
    await lockClientRows(tx, client.id);
    if (input.cardToken !== undefined && input.cardToken !== (await clientCardToken(tx, client.id))) {
      return stale(SEGMENT_STALE_MESSAGE);
    }
    const plan = await planApplySegment(tx, client.id, segment);

    await writePrices(tx, plan.updates.map((u) => ({ id: u.row.id, prices: u.prices })));
    if (plan.deletes.length > 0) {
      await tx.delete(rateRows).where(inArray(rateRows.id, plan.deletes.map((d) => d.row.id)));
    }
    if (plan.creates.length > 0) {
      const inserted = await tx
        .insert(rateRows)
        .values(plan.creates.map((c) => insertValues(client.id, c.from, pricesOf(c.from))))
        .returning({ id: rateRows.id });
      inserted.forEach((r, i) => (plan.creates[i].change.rowId = r.id));
    }
    const summary = summarise(plan);
    for (const c of summary.changes) await auditRowChange(tx, actor, client.id, "apply_segment", c);
    await writeAudit(tx, actor, {
      clientId: client.id,
      entity: "rate_card",
      entityId: client.id,
      action: "apply_segment",
      newValue: { segment, segment_name: plan.segmentName, updated: summary.updated, created: summary.created, deleted: summary.deleted },
    });
    await queueRateChangeMail(tx, actor, client.id, "segment", summary.changes, `Applied ${plan.segmentName}.`);
    return { ok: true as const, ...summary };
  });
}

function insertValues(clientId: number, row: Pick<CardRow, "courier_service_id" | "shipment_type" | "delivery_type">, prices: RowPrices): typeof rateRows.$inferInsert {
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

// ---------------------------------------------------------------------------------------
// RTO from forward
// ---------------------------------------------------------------------------------------

/**
 * Copies the forward slabs and prices of the chosen couriers into their Forward RTO rows
 * (vp), creating an RTO row where a courier has none. Every chosen courier must have
 * forward rates on the card, or nothing is changed.
 */
export async function updateRtoFromForward(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; courierServiceIds: readonly number[] },
): Promise<{ ok: true; changes: RowChange[] } | RateCardFailure> {
  if (!allowed(actor, "canUpdateRtoFromForward")) return forbidden();
  const ids = [...new Set(input.courierServiceIds)];
  if (ids.length === 0 || !ids.every((id) => Number.isSafeInteger(id) && id > 0)) return invalid("Choose at least one courier.");
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
    const rto = new Map(rows.filter((r) => r.shipment_type === "FORWARD_RTO").map((r) => [`${r.courier_service_id}|${r.delivery_type}`, r]));
    const updates: { id: number; prices: RowPrices }[] = [];
    const changes: RowChange[] = [];
    const creates: { change: RowChange; values: typeof rateRows.$inferInsert }[] = [];
    for (const f of forward) {
      const prices = pricesOf(f);
      const target = rto.get(`${f.courier_service_id}|${f.delivery_type}`);
      if (target) {
        const fields = diff(target, prices);
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
    await writePrices(tx, updates);
    if (creates.length > 0) {
      const inserted = await tx.insert(rateRows).values(creates.map((c) => c.values)).returning({ id: rateRows.id });
      inserted.forEach((r, i) => (creates[i].change.rowId = r.id));
    }
    for (const c of changes) await auditRowChange(tx, actor, client.id, "rto_from_forward", c);
    await writeAudit(tx, actor, {
      clientId: client.id,
      entity: "rate_card",
      entityId: client.id,
      action: "rto_from_forward",
      newValue: { courier_service_ids: ids, couriers: [...new Set(forward.map((f) => f.courier_name))], changed_rows: changes.length },
    });
    await queueRateChangeMail(tx, actor, client.id, "rto", changes);
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
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "ratecard.csv";
}

export type ApplyUploadResult = { ok: true; uploadId: number; rowCount: number; changes: RowChange[] } | RateCardFailure;

/**
 * Applies an uploaded card (not for kam): verified again against the card as it is now,
 * then every row in one transaction — all or nothing — with an upload record (which makes
 * the client's uploaded-card view appear) and audit rows.
 */
export async function applyUpload(
  db: Db,
  actor: RateCardActor,
  input: { clientId: number; csvText: string; fileName: string; cardToken?: string },
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
      const fields = diff(row, u.values);
      if (fields.length === 0) continue;
      updates.push({ id: row.id, prices: { ...pricesOf(row), ...u.values } });
      changes.push(rowChange(row, "update", fields));
    }
    await writePrices(tx, updates);
    const [upload] = await tx
      .insert(rateCardUploads)
      .values({ client_id: client.id, uploaded_by: actor.id, row_count: verified.rows.length, file_name: cleanFileName(input.fileName) })
      .returning({ id: rateCardUploads.id });
    for (const c of changes) await auditRowChange(tx, actor, client.id, "upload", c);
    await writeAudit(tx, actor, {
      clientId: client.id,
      entity: "rate_card",
      entityId: upload.id,
      action: "upload",
      newValue: { file_name: cleanFileName(input.fileName), row_count: verified.rows.length, changed_rows: changes.length },
    });
    await queueRateChangeMail(tx, actor, client.id, "upload", changes, `File ${cleanFileName(input.fileName)}.`);
    return { ok: true, uploadId: upload.id, rowCount: verified.rows.length, changes };
  });
}

// ---------------------------------------------------------------------------------------
// History
// ---------------------------------------------------------------------------------------

/**
 * The client's card, and its Pickrr Advantage plans (issue 4): plan rate edits, a plan's first
 * edit copying the defaults, offers and activations, and premium cashback settings.
 */
export const RATE_AUDIT_ENTITIES = ["rate_row", "rate_card", "plan_rate_row", "plan_rate_card", "advantage_plan", "cashback_settings"] as const;
/** Entities whose entries are one rate row's old → new fields. */
const ROW_ENTITIES = new Set(["rate_row", "plan_rate_row"]);

const CONTEXT_KEYS = new Set(["plan", "courier", "courier_service_id", "shipment_type", "delivery_type"]);

export type RateHistoryEntry = {
  id: number;
  at: Date;
  staff: { id: number | null; email: string; role: string };
  entity: string;
  entityId: string | null;
  /** e.g. update, update:courier_terms, weight_slab, upload, apply_segment, apply_segment:create, rto_from_forward:create. */
  action: string;
  /** The Advantage plan a plan change belongs to (plan_* entities, advantage_plan, cashback_settings); null for the client's card. */
  plan: AdvantagePlanName | null;
  courier: string | null;
  shipment_type: ShipmentType | null;
  delivery_type: DeliveryType | null;
  /** Row entries: each changed field old → new. */
  changes: { field: string; old: unknown; new: unknown }[];
  /** Card-wide entries (upload, apply_segment, rto_from_forward): what the audit recorded. */
  details: Record<string, unknown> | null;
};

/** The audit history of a client's rate changes, newest first, paginated. */
export async function rateChangeHistory(
  db: Db,
  clientId: number,
  opts: { page?: number; perPage?: number } = {},
): Promise<{ entries: RateHistoryEntry[]; total: number; page: number; pageCount: number; perPage: number }> {
  const perPage = Math.min(100, Math.max(1, Math.floor(opts.perPage ?? 20)));
  const where = and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...RATE_AUDIT_ENTITIES]));
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const entries = rows.map((r): RateHistoryEntry => {
    const oldV = (r.old_value ?? null) as Record<string, unknown> | null;
    const newV = (r.new_value ?? null) as Record<string, unknown> | null;
    const ctx = newV ?? oldV ?? {};
    const isRow = ROW_ENTITIES.has(r.entity);
    const plan = r.entity === "plan_rate_row" ? ctx.plan : r.entity === "rate_row" || r.entity === "rate_card" ? null : r.entity_id;
    const keys = isRow ? [...new Set([...Object.keys(oldV ?? {}), ...Object.keys(newV ?? {})])].filter((k) => !CONTEXT_KEYS.has(k)) : [];
    return {
      id: r.id,
      at: r.at,
      staff: { id: r.staff_id, email: r.staff_email, role: r.staff_role },
      entity: r.entity,
      entityId: r.entity_id,
      action: r.action,
      plan: isPlanName(plan) ? plan : null,
      courier: isRow ? ((ctx.courier as string) ?? null) : null,
      shipment_type: isRow ? ((ctx.shipment_type as ShipmentType) ?? null) : null,
      delivery_type: isRow ? ((ctx.delivery_type as DeliveryType) ?? null) : null,
      changes: keys.map((k) => ({ field: k, old: oldV?.[k] ?? null, new: newV?.[k] ?? null })),
      details: isRow ? null : newV,
    };
  });
  return { entries, total, page, pageCount, perPage };
}
