/**
 * Rate changes that take effect at a time (decision 075): scheduling a list of row changes, the
 * pending list on the rate card, cancelling one before its time, and the job that applies what is
 * due — once across every copy of the app (one run at a time under an advisory lock; each change
 * row locked and closed in the run's transaction) — with the same audit rows and e-mail as the
 * immediate change, and a row that was edited in between refused with its own history entry.
 *
 * The list is the one shape of every rate change (changes.ts RowChange), so anything that produces
 * row changes (a row edit, an upload, a segment, RTO from forward, a bulk price change) schedules
 * with `scheduleRowChanges` and is applied by `applyRowChanges` — on a client's courier-wise card,
 * a client's Advantage plan card or a segment card (`ScheduledCard`, decision 076).
 */
import { and, asc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { jobMs } from "../core/env.server";
import { istDmyTime } from "../core/ist-dates";
import { startPeriodic } from "../core/periodic";
import { type AdvantagePlanName, isPlanName } from "../core/plans";
import { isSegment, type Segment } from "../core/rate-fields";
import { fail, refusals } from "../core/result";
import { type StaffRole } from "../core/roles";
import type { Db, Executor, Tx } from "../db/client.server";
import { clients, planRateRows, rateCardUploads, rateRows, scheduledRateChanges } from "../db/schema";
import { transaction } from "../db/transaction.server";
import type { RateCardDetails } from "./audit-kinds";
import { changeLines, type RowChange } from "./changes";
import { type CardRow, SEGMENT_NAMES } from "./fields";
import { queueRateChangeMail, queueSegmentRateChangeMail, type RateChangeKind } from "./notify.server";
import { copyPlanDefaults, hasOwnPlanRows, planCard, planRows } from "./plan-rows.server";
import { clientCardRows, segmentCardRows } from "./read.server";
import {
  auditRowChange,
  CLIENT_CARD_AUDIT,
  pricesOf,
  type RateRowTable,
  type RowAuditLabel,
  type RowPrices,
  writeRowPrices,
} from "./row-edit.server";
import {
  BULK_CHANGE_ACTION,
  isWholeAddition,
  KIND_LABELS,
  type PendingChangeView,
  rowChangeRefusal,
  rowKeyOf,
  type ScheduledKind,
  withNewValues,
} from "./scheduled";

export type { ScheduledKind };
import { allowed, clientFor, insertValues, lockClientRows, type RateCardActor, recordCardChange } from "./scope.server";

/** The job's advisory lock key (two-int form, beside the legal reminders' 7062). */
const SCHEDULED_RATES_LOCK = 7075;

export const CANCEL_NOT_FOUND = "This scheduled change was not found, or it was already cancelled.";
export const CANCEL_TOO_LATE = "This change has already taken effect, so it can no longer be cancelled.";

/**
 * The card a scheduled change is for (decision 076): a client's courier-wise card (`clientId`), a
 * client's card of an Advantage plan (`clientId` and `plan`, plan_rate_rows: the plan's defaults
 * until the client's first edit) or a segment card (`segment`).
 */
export type ScheduledCard = { clientId: number; plan?: AdvantagePlanName | null } | { segment: Segment };

const isSegmentCard = (card: ScheduledCard): card is { segment: Segment } => "segment" in card;

/** The stored columns of a card. */
function cardColumns(card: ScheduledCard) {
  return isSegmentCard(card)
    ? { client_id: null, plan: null, segment: card.segment }
    : { client_id: card.clientId, plan: card.plan ?? null, segment: null };
}

/** The pending changes of exactly this card (a client's courier-wise card excludes its plan cards). */
function cardCondition(card: ScheduledCard): SQL {
  if (isSegmentCard(card)) return eq(scheduledRateChanges.segment, card.segment);
  return and(
    eq(scheduledRateChanges.client_id, card.clientId),
    card.plan ? eq(scheduledRateChanges.plan, card.plan) : isNull(scheduledRateChanges.plan),
  )!;
}

/** The card of a stored change. */
function storedCard(s: { client_id: number | null; plan: string | null; segment: number | null }): ScheduledCard {
  if (s.client_id === null) {
    if (s.segment === null || !isSegment(s.segment)) throw new Error(`Scheduled change without a card`);
    return { segment: s.segment };
  }
  return { clientId: s.client_id, plan: s.plan !== null && isPlanName(s.plan) ? s.plan : null };
}

/** What the card's entries in the audit log carry besides the change: which plan or segment. */
function cardContext(card: ScheduledCard): Record<string, unknown> {
  if (isSegmentCard(card)) return { segment: card.segment };
  return card.plan ? { plan: card.plan } : {};
}

const auditClientOf = (card: ScheduledCard) => (isSegmentCard(card) ? null : card.clientId);

export type ScheduleRequest = ScheduledCard & {
  kind: ScheduledKind;
  mailKind: RateChangeKind;
  note?: string;
  /** A card-wide change's audit details, written when it is applied (upload, apply_segment, rto_from_forward). */
  details?: RateCardDetails[keyof RateCardDetails];
  changes: readonly RowChange[];
  effectiveAt: Date;
};

export type Scheduled = { id: number; effectiveAt: Date; count: number };

/**
 * Stores a list of row changes to take effect at `effectiveAt`, audited, in the caller's
 * transaction (the caller checked the actor's permission and the client's scope, and built the
 * list against the rows as they are now, which become each change's "old value seen").
 */
export async function scheduleRowChanges(tx: Executor, actor: AuditActor, req: ScheduleRequest): Promise<Scheduled> {
  const [row] = await tx
    .insert(scheduledRateChanges)
    .values({
      ...cardColumns(req),
      kind: req.kind,
      mail_kind: req.mailKind,
      note: req.note ?? null,
      details: req.details ?? null,
      changes: req.changes,
      effective_at: req.effectiveAt,
      scheduled_by: actor.id,
      scheduled_by_email: actor.email,
      scheduled_by_role: actor.role,
    })
    .returning({ id: scheduledRateChanges.id });
  await writeAudit(tx, actor, {
    clientId: auditClientOf(req),
    entity: "rate_card",
    entityId: row.id,
    action: "schedule",
    newValue: {
      ...cardContext(req),
      scheduled_change_id: row.id,
      kind: req.kind,
      effective_at: req.effectiveAt.toISOString(),
      changes: req.changes.length,
    },
  });
  return { id: row.id, effectiveAt: req.effectiveAt, count: req.changes.length };
}

/** One pending change as the rate card lists it, with its kind and moment. */
export type PendingChange = PendingChangeView & { kind: ScheduledKind; effectiveAt: Date };

const LISTED_LINES = 20;

/** A card's pending changes, soonest first (a number: the client's courier-wise card). */
export async function pendingChanges(db: Executor, card: number | ScheduledCard): Promise<PendingChange[]> {
  const rows = await db
    .select()
    .from(scheduledRateChanges)
    .where(
      and(
        cardCondition(typeof card === "number" ? { clientId: card } : card),
        eq(scheduledRateChanges.status, "pending"),
      ),
    )
    .orderBy(asc(scheduledRateChanges.effective_at), asc(scheduledRateChanges.id));
  return rows.map((r) => {
    const changes = r.changes as RowChange[];
    const lines = changeLines(changes);
    const kind = r.kind as ScheduledKind;
    return {
      id: r.id,
      kind,
      kindLabel: KIND_LABELS[kind] ?? r.kind,
      effectiveAt: r.effective_at,
      effectiveAtText: istDmyTime(r.effective_at),
      count: changes.length,
      scheduledBy: `${r.scheduled_by_email} (${r.scheduled_by_role})`,
      scheduledAtText: istDmyTime(r.scheduled_at),
      lines: lines.slice(0, LISTED_LINES),
      more: Math.max(0, lines.length - LISTED_LINES),
    };
  });
}

/**
 * A client's pending changes to its courier-wise card due by `at`, in the order the job applies
 * them (a quote's overlay). Plan and segment cards price no order (decision 076), so not theirs.
 */
export async function dueChangesFor(db: Executor, clientId: number, at: Date): Promise<RowChange[]> {
  const rows = await db
    .select({ changes: scheduledRateChanges.changes })
    .from(scheduledRateChanges)
    .where(
      and(
        cardCondition({ clientId }),
        eq(scheduledRateChanges.status, "pending"),
        lte(scheduledRateChanges.effective_at, at),
      ),
    )
    .orderBy(asc(scheduledRateChanges.effective_at), asc(scheduledRateChanges.id));
  return rows.flatMap((r) => r.changes as RowChange[]);
}

const { forbidden, notFound } = refusals({
  forbidden: "You are not allowed to change this rate card.",
  notFound: CANCEL_NOT_FOUND,
});

/** Who may cancel a card's change: whoever may make that kind of change. */
function mayCancel(actor: RateCardActor, card: ScheduledCard): boolean {
  if (isSegmentCard(card)) return allowed(actor, "canBulkChange");
  if (card.plan) return can(actor, "plan.rate.edit");
  return allowed(actor, "canEditRates") || allowed(actor, "canUpload") || allowed(actor, "canBulkChange");
}

/**
 * Cancels a pending change of a card before its time (whoever may make that kind of change may
 * cancel it), audited. A change whose time has come is not cancelled: orders may already be
 * priced by it.
 */
export async function cancelScheduledChange(
  db: Db,
  actor: RateCardActor,
  input: ScheduledCard & { id: number },
  now: Date = new Date(),
) {
  if (!mayCancel(actor, input)) return forbidden();
  if (!Number.isSafeInteger(input.id)) return notFound();
  return transaction(db, async (tx) => {
    let card: ScheduledCard = input;
    if (!isSegmentCard(input)) {
      const client = await clientFor(tx, actor, input.clientId);
      if (!client) return notFound();
      card = { clientId: client.id, plan: input.plan ?? null };
    }
    const [row] = await tx
      .select()
      .from(scheduledRateChanges)
      .where(and(eq(scheduledRateChanges.id, input.id), cardCondition(card)))
      .for("update");
    if (!row || row.status === "cancelled") return notFound();
    if (row.status !== "pending" || row.effective_at.getTime() <= now.getTime()) return fail(409, CANCEL_TOO_LATE);
    await tx
      .update(scheduledRateChanges)
      .set({ status: "cancelled", closed_at: now, closed_by_email: actor.email })
      .where(eq(scheduledRateChanges.id, row.id));
    await writeAudit(tx, actor, {
      clientId: auditClientOf(card),
      entity: "rate_card",
      entityId: row.id,
      action: "schedule_cancel",
      newValue: {
        ...cardContext(card),
        scheduled_change_id: row.id,
        kind: row.kind,
        effective_at: row.effective_at.toISOString(),
        changes: (row.changes as RowChange[]).length,
      },
    });
    return { ok: true as const, effectiveAtText: istDmyTime(row.effective_at) };
  });
}

/** A row change refused by the conflict rule, and why. */
export type RefusedRowChange = { change: RowChange; reason: string };

/**
 * Where a card's rows live and how its changes are recorded and told: a client's courier-wise card
 * (rows matched by id, rows may be added or removed), a segment card (by id, prices only) or a
 * client's plan card (by key, prices only: a client still on the plan's defaults gets its own copy
 * when a change takes effect, as at its first edit).
 */
type CardStore = {
  table: RateRowTable;
  byKey: boolean;
  addsRows: boolean;
  lock: (tx: Tx) => Promise<void>;
  rows: (tx: Tx) => Promise<CardRow[]>;
  /** The rows to write to, once something applies (a plan card: the client's own copy). */
  own: (tx: Tx, actor: AuditActor) => Promise<CardRow[] | null>;
  audit: RowAuditLabel;
  mail: (tx: Tx, actor: AuditActor, kind: RateChangeKind, changes: readonly RowChange[], note: string) => Promise<void>;
};

function cardStore(card: ScheduledCard): CardStore {
  if (isSegmentCard(card)) {
    const { segment } = card;
    return {
      table: rateRows,
      byKey: false,
      addsRows: false,
      lock: async (tx) => {
        await tx.select({ id: rateRows.id }).from(rateRows).where(eq(rateRows.segment, segment)).for("update");
      },
      rows: (tx) => segmentCardRows(tx, segment),
      own: async () => null,
      audit: { entity: "rate_row", context: { segment } },
      mail: (tx, actor, kind, changes, note) =>
        queueSegmentRateChangeMail(tx, actor, SEGMENT_NAMES[segment], kind, changes, note),
    };
  }
  const { clientId, plan } = card;
  if (plan) {
    const edit = planCard(plan, clientId);
    return {
      table: planRateRows,
      byKey: true,
      addsRows: false,
      // The client row serialises this with a first edit (updatePlanRateRow locks it too).
      lock: async (tx) => {
        await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for("update");
        await tx
          .select({ id: planRateRows.id })
          .from(planRateRows)
          .where(and(eq(planRateRows.plan, plan), eq(planRateRows.client_id, clientId)))
          .for("update");
      },
      rows: async (tx) =>
        (await hasOwnPlanRows(tx, plan, clientId)) ? planRows(tx, plan, clientId) : planRows(tx, plan, null),
      own: async (tx, actor) => {
        if (await hasOwnPlanRows(tx, plan, clientId)) return null;
        await copyPlanDefaults(tx, actor, plan, clientId);
        return planRows(tx, plan, clientId);
      },
      audit: edit.audit,
      mail: (tx, actor, kind, changes, note) => queueRateChangeMail(tx, actor, clientId, kind, changes, note),
    };
  }
  return {
    table: rateRows,
    byKey: false,
    addsRows: true,
    lock: (tx) => lockClientRows(tx, clientId),
    rows: (tx) => clientCardRows(tx, clientId),
    own: async () => null,
    audit: CLIENT_CARD_AUDIT,
    mail: (tx, actor, kind, changes, note) => queueRateChangeMail(tx, actor, clientId, kind, changes, note),
  };
}

/**
 * Applies a list of row changes to a card, each by the conflict rule (scheduled.ts
 * rowChangeRefusal): updates and removals only where the row still holds the old values seen,
 * additions only where no row has the key. Locks the card's rows first. Writes no audit rows and
 * no e-mail (but a plan card's copy of its defaults, audited as at a first edit): the caller
 * records what was applied and refused. A number is a client's courier-wise card.
 */
export async function applyRowChanges(
  tx: Tx,
  target: number | ScheduledCard,
  changes: readonly RowChange[],
  actor: AuditActor,
): Promise<{ applied: RowChange[]; refused: RefusedRowChange[] }> {
  const card: ScheduledCard = typeof target === "number" ? { clientId: target } : target;
  const store = cardStore(card);
  await store.lock(tx);
  const current = await store.rows(tx);
  const byId = new Map(current.map((r) => [r.id, r]));
  const byKey = new Map(current.map((r) => [rowKeyOf(r), r]));
  const updates = new Map<number, RowPrices>();
  const deletes: number[] = [];
  const creates: { change: RowChange; values: typeof rateRows.$inferInsert }[] = [];
  const applied: RowChange[] = [];
  const refused: RefusedRowChange[] = [];
  for (const change of changes) {
    const row = change.action === "create" || store.byKey ? byKey.get(rowKeyOf(change)) : byId.get(change.rowId);
    const reason =
      (change.action !== "update" && !store.addsRows ? "this card's rows are not added or removed" : null) ??
      rowChangeRefusal(row, change) ??
      (change.action === "create" && !isWholeAddition(change) ? "the added row does not give every value" : null);
    if (reason) {
      refused.push({ change, reason });
      continue;
    }
    const copy = { ...change, fields: change.fields.map((f) => ({ ...f })) };
    if (change.action === "update") {
      const next = withNewValues(row!, change);
      byId.set(next.id, next);
      byKey.set(rowKeyOf(next), next);
      updates.set(next.id, pricesOf(next));
      copy.rowId = next.id;
    } else if (change.action === "delete") {
      byId.delete(row!.id);
      byKey.delete(rowKeyOf(row!));
      updates.delete(row!.id);
      deletes.push(row!.id);
    } else if (!isSegmentCard(card)) {
      const blank = {
        id: 0,
        courier_service_id: change.courier_service_id,
        courier_name: change.courier,
        shipment_type: change.shipment_type,
        delivery_type: change.delivery_type,
        is_active: false,
        version: 1,
      } as CardRow;
      const next = withNewValues(blank, change);
      byKey.set(rowKeyOf(next), next);
      creates.push({ change: copy, values: insertValues(card.clientId, next, pricesOf(next)) });
    }
    applied.push(copy);
  }
  let writes = [...updates].map(([id, prices]) => ({ id, prices }));
  if (writes.length > 0) {
    // A plan card on the plan's defaults: the change is the client's first edit of it.
    const own = await store.own(tx, actor);
    if (own) {
      const idOf = new Map(own.map((r) => [rowKeyOf(r), r.id]));
      const keyOf = new Map(current.map((r) => [r.id, rowKeyOf(r)]));
      writes = writes.map((w) => ({ ...w, id: idOf.get(keyOf.get(w.id)!)! }));
      for (const c of applied) c.rowId = idOf.get(rowKeyOf(c)) ?? c.rowId;
    }
  }
  await writeRowPrices(tx, store.table, writes);
  if (deletes.length > 0) await tx.delete(rateRows).where(inArray(rateRows.id, deletes));
  if (creates.length > 0) {
    const inserted = await tx
      .insert(rateRows)
      .values(creates.map((c) => c.values))
      .returning({ id: rateRows.id });
    inserted.forEach((r, i) => (creates[i].change.rowId = r.id));
  }
  return { applied, refused };
}

type ScheduledRow = typeof scheduledRateChanges.$inferSelect;

/** The audit action of an applied row change: the immediate change's own. */
function rowAuditAction(kind: ScheduledKind, applied: readonly RowChange[], i: number): string {
  if (kind === "bulk_price") return BULK_CHANGE_ACTION;
  if (kind === "update" && i > 0 && applied[i].rowId !== applied[0].rowId) return "update:courier_terms";
  return kind;
}

/** Applies one due change in the run's transaction: rows, audit rows, refusals, e-mail, and its close. */
async function applyScheduled(tx: Tx, s: ScheduledRow, now: Date): Promise<{ applied: number; refused: number }> {
  // The audit rows and e-mail name who scheduled it (a deleted account leaves its id null).
  const actor = {
    id: s.scheduled_by,
    email: s.scheduled_by_email,
    role: s.scheduled_by_role as StaffRole,
  } as RateCardActor;
  const kind = s.kind as ScheduledKind;
  const card = storedCard(s);
  const store = cardStore(card);
  const auditClientId = auditClientOf(card);
  const context = cardContext(card);
  const { applied, refused } = await applyRowChanges(tx, card, s.changes as RowChange[], actor);
  const when = `Scheduled by ${s.scheduled_by_email} on ${istDmyTime(s.scheduled_at)}, in effect from ${istDmyTime(s.effective_at)}.`;
  const refusedNote =
    refused.length > 0
      ? `\n${refused.length} scheduled ${refused.length === 1 ? "change was" : "changes were"} refused because the row changed after scheduling:\n${refused
          .map((r) => `- ${changeLines([r.change])[0] ?? r.change.courier}: ${r.reason}`)
          .join("\n")}`
      : "";
  const note = [s.note, when].filter(Boolean).join(" ") + refusedNote;
  const mail = { kind: s.mail_kind as RateChangeKind, note };

  if (
    s.details &&
    s.client_id !== null &&
    (kind === "upload" || kind === "apply_segment" || kind === "rto_from_forward")
  ) {
    const clientId = s.client_id;
    let entityId = clientId;
    const details = { ...(s.details as Record<string, unknown>) };
    if (kind === "upload") {
      const d = s.details as RateCardDetails["upload"];
      const [upload] = await tx
        .insert(rateCardUploads)
        .values({ client_id: clientId, uploaded_by: s.scheduled_by, row_count: d.row_count, file_name: d.file_name })
        .returning({ id: rateCardUploads.id });
      entityId = upload.id;
      details.changed_rows = applied.length;
    }
    if (kind === "rto_from_forward") details.changed_rows = applied.length;
    if (kind === "apply_segment") {
      details.updated = applied.filter((c) => c.action === "update").length;
      details.created = applied.filter((c) => c.action === "create").length;
      details.deleted = applied.filter((c) => c.action === "delete").length;
    }
    await recordCardChange(tx, actor, clientId, {
      action: kind,
      entityId,
      rows: applied,
      details: details as never,
      mail,
    });
  } else {
    for (const [i, c] of applied.entries())
      await auditRowChange(tx, actor, auditClientId, store.audit, rowAuditAction(kind, applied, i), c);
    await store.mail(tx, actor, mail.kind, applied, mail.note);
  }
  for (const r of refused) {
    await writeAudit(tx, actor, {
      clientId: auditClientId,
      entity: "rate_card",
      entityId: s.id,
      action: "schedule_refused",
      newValue: {
        ...context,
        scheduled_change_id: s.id,
        kind,
        effective_at: s.effective_at.toISOString(),
        courier: r.change.courier,
        shipment_type: r.change.shipment_type,
        delivery_type: r.change.delivery_type,
        reason: r.reason,
      },
    });
  }
  if (refused.length > 0 && applied.length === 0) {
    // Nothing applied: the hierarchy is still told that the change they expected did not happen.
    await store.mail(
      tx,
      actor,
      mail.kind,
      refused.map((r) => r.change),
      `NOT APPLIED. ${note}`,
    );
  }
  await writeAudit(tx, actor, {
    clientId: auditClientId,
    entity: "rate_card",
    entityId: s.id,
    action: "schedule_apply",
    newValue: {
      ...context,
      scheduled_change_id: s.id,
      kind,
      effective_at: s.effective_at.toISOString(),
      changes: applied.length,
      refused: refused.length,
    },
  });
  await tx
    .update(scheduledRateChanges)
    .set({
      status: "applied",
      closed_at: now,
      closed_by_email: s.scheduled_by_email,
      outcome: { applied: applied.length, refused: refused.map((r) => ({ rowId: r.change.rowId, reason: r.reason })) },
    })
    .where(eq(scheduledRateChanges.id, s.id));
  return { applied: applied.length, refused: refused.length };
}

export type ScheduledRun = { outcome: "busy" } | { outcome: "done"; changes: number; applied: number; refused: number };

/**
 * One run of the job: every pending change due by `now`, in time order, each applied once. One
 * server at a time (another running it answers "busy"); the change rows are locked and closed in
 * the same transaction, so a cancel waits for the run and then finds the change applied.
 */
export async function applyDueChanges(db: Db, now: Date = new Date()): Promise<ScheduledRun> {
  return transaction(db, async (tx): Promise<ScheduledRun> => {
    const [{ locked }] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SCHEDULED_RATES_LOCK}, 0) as locked`))
      .rows as { locked: boolean }[];
    if (!locked) return { outcome: "busy" };
    const due = await tx
      .select()
      .from(scheduledRateChanges)
      .where(and(eq(scheduledRateChanges.status, "pending"), lte(scheduledRateChanges.effective_at, now)))
      .orderBy(asc(scheduledRateChanges.effective_at), asc(scheduledRateChanges.id))
      .limit(200)
      .for("update");
    let applied = 0;
    let refused = 0;
    for (const s of due) {
      const r = await applyScheduled(tx, s, now);
      applied += r.applied;
      refused += r.refused;
    }
    return { outcome: "done", changes: due.length, applied, refused };
  });
}

/** The job: every `everyMs` (and once at once) on every server; one of them applies what is due. */
export function startScheduledRateChanges(db: Db, log: (line: string) => void, everyMs = jobMs(30_000)): () => void {
  return startPeriodic(
    "scheduled-rate-changes",
    async () => {
      const r = await applyDueChanges(db);
      if (r.outcome === "done" && r.changes > 0)
        log(`Scheduled rate changes: ${r.changes} applied (${r.applied} rows, ${r.refused} refused)`);
    },
    "Applying scheduled rate changes failed; the next run applies what is due",
    everyMs,
  );
}
