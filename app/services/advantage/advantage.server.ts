/**
 * Pickrr Advantage plans (docs/product.md §2–§9, decision 009): which plans a client is offered and
 * which one the seller activated, each plan's rate card for the client (the plan's defaults
 * until the first edit, then the client's own copy), and premium cashback settings. Every
 * change is one transaction with its audit rows; plan rate changes e-mail the client's
 * hierarchy like client rate changes do.
 *
 * Call map (docs/product.md §7 → here):
 *   GET  houston-ratecard/user-rate-plan/offer/   → getAdvantageRatePlan
 *   POST houston-ratecard/user-rate-plan/offer/   → offerPlan / withdrawPlan
 *   GET  pricing /v1/prices/rate-cards            → getPlanRateCard, getCashbackSettings
 *   PUT  pricing /v1/prices/                      → updatePlanRateRow
 *   PUT  pricing /v1/prices/cashback              → saveCashbackSettings
 *   seller dashboard: activate / deactivate       → setActivePlanBySeller
 */
import { and, eq, isNotNull, type SQL, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { clientScopeCondition } from "../clients/clients.server";
import { ADVANTAGE_PLAN_NAMES, type AdvantagePlanName, isPlanName, PLAN_TYPE_OF } from "../core/plans";
import type { RateValues } from "../core/rate-fields";
import {
  type Conflict,
  conflict,
  fail,
  type Failure,
  type Invalid,
  invalid,
  type Refusal,
  refusals,
  type Result,
} from "../core/result";
import { type StaffRole } from "../core/roles";
import { logServerError } from "../core/server-log";
import type { Db, Executor, Tx } from "../db/client.server";
import { cashbackSettings, clientAdvantagePlans, clients, planRateRows } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { diffRow, type RowChange } from "../ratecards/changes";
import { type CardRow } from "../ratecards/fields";
import { buildRateCardPanels, type RateCardPanels } from "../ratecards/panels";
import { copyPlanDefaults, hasOwnPlanRows, planCard, planRows } from "../ratecards/plan-rows.server";
import { applyRowEdit, parseRateValues, planRowEdit } from "../ratecards/row-edit.server";
import { SOME_FIELD_NOT_VALID } from "../ratecards/row-form";
import { type Scheduled, scheduleRowChanges } from "../ratecards/scheduled.server";
import { ROW_GONE_MESSAGE } from "../ratecards/scope.server";
import type { CashbackSettings } from "./cashback";
import { type CashbackSettingsUpdate, defaultCashbackSettings } from "./cashback-form";
import {
  ACTIVE_MUST_BE_OFFERED,
  type AdvantagePermissions,
  advantagePermissions,
  type AdvantageRatePlan,
  ERROR_FETCHING_PLANS,
  ERROR_FETCHING_RATE_CARDS,
  planTurnaround,
} from "./plans";

export type AdvantageActor = AuditActor & { id: number; role: StaffRole };

export const NOT_ALLOWED_MESSAGE = "You are not allowed to change advantage plans.";
export const NOT_FOUND_MESSAGE = "This client or plan rate row was not found.";
export const CONFLICT_MESSAGE =
  "Someone changed this plan rate after you opened it, so nothing was saved. These are the current values; edit them again if needed.";
export const SETTINGS_CONFLICT_MESSAGE =
  "Someone changed these settings after you opened them, so nothing was saved. The form now shows the current values.";
export const PREMIUM_ONLY_MESSAGE = "Cashback settings belong to the Premium plan.";

export type AdvantageFailure = Refusal | Failure<409>;

const { forbidden, notFound } = refusals({ forbidden: NOT_ALLOWED_MESSAGE, notFound: NOT_FOUND_MESSAGE });

function allowed(actor: { role: StaffRole }, permission: keyof AdvantagePermissions): boolean {
  return advantagePermissions(actor.role)[permission];
}

/** The client if it exists and the actor may see it; locked for the rest of the transaction when `lock`. */
async function scopedClient(db: Executor, actor: { id: number; role: StaffRole }, clientId: number, lock = false) {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) return null;
  const q = db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(and(eq(clients.id, clientId), clientScopeCondition(actor)));
  const [client] = lock ? await q.for("update") : await q;
  return client ?? null;
}

// ---------------------------------------------------------------------------------------
// Offered and active plans
// ---------------------------------------------------------------------------------------

export type ClientPlanState = {
  plan: AdvantagePlanName;
  offered: boolean;
  active: boolean;
  offeredAt: Date | null;
  activatedAt: Date | null;
};

export async function getClientPlanStates(
  db: Executor,
  clientId: number,
): Promise<Record<AdvantagePlanName, ClientPlanState>> {
  const rows = await db.select().from(clientAdvantagePlans).where(eq(clientAdvantagePlans.client_id, clientId));
  const out = {} as Record<AdvantagePlanName, ClientPlanState>;
  for (const plan of ADVANTAGE_PLAN_NAMES) {
    const r = rows.find((x) => x.plan === plan);
    out[plan] = {
      plan,
      offered: !!r,
      active: !!r?.activated_at,
      offeredAt: r?.offered_at ?? null,
      activatedAt: r?.activated_at ?? null,
    };
  }
  return out;
}

/** The spec's `advantage_rate_plan`: offered plans as `{type, name}` and the active one. */
export function toAdvantageRatePlan(states: Record<AdvantagePlanName, ClientPlanState>): AdvantageRatePlan {
  const offered = ADVANTAGE_PLAN_NAMES.filter((p) => states[p].offered).map((name) => ({
    type: PLAN_TYPE_OF[name],
    name,
  }));
  const active = ADVANTAGE_PLAN_NAMES.find((p) => states[p].active);
  return { offered, active: active ? { type: PLAN_TYPE_OF[active], name: active } : null };
}

export async function getAdvantageRatePlan(db: Executor, clientId: number): Promise<AdvantageRatePlan> {
  return toAdvantageRatePlan(await getClientPlanStates(db, clientId));
}

export type PlanChangeResult =
  { ok: true; changed: boolean; advantage_rate_plan: AdvantageRatePlan } | AdvantageFailure;

/** The checks an offer and a withdrawal share (vp, a known plan, a client in scope), then the change in one transaction. */
async function changePlanOffer(
  db: Db,
  actor: AdvantageActor,
  input: { clientId: number; plan: string },
  change: (tx: Tx, client: { id: number }, plan: AdvantagePlanName) => Promise<PlanChangeResult>,
): Promise<PlanChangeResult> {
  if (!allowed(actor, "canOfferPlans")) return forbidden();
  const plan = input.plan;
  if (!isPlanName(plan)) return invalid("Unknown plan.");
  return transaction(db, async (tx): Promise<PlanChangeResult> => {
    const client = await scopedClient(tx, actor, input.clientId, true);
    if (!client) return notFound();
    return change(tx, client, plan);
  });
}

/** Enable a plan for the client (vp): the plan is added to offered. Offering an offered plan changes nothing. */
export async function offerPlan(
  db: Db,
  actor: AdvantageActor,
  input: { clientId: number; plan: string },
): Promise<PlanChangeResult> {
  return changePlanOffer(db, actor, input, async (tx, client, plan) => {
    const before = await getAdvantageRatePlan(tx, client.id);
    const inserted = await tx
      .insert(clientAdvantagePlans)
      .values({ client_id: client.id, plan, offered_by: actor.id })
      .onConflictDoNothing()
      .returning({ plan: clientAdvantagePlans.plan });
    const after = await getAdvantageRatePlan(tx, client.id);
    if (inserted.length > 0) {
      await writeAudit(tx, actor, {
        clientId: client.id,
        entity: "advantage_plan",
        entityId: plan,
        action: "offer",
        oldValue: before,
        newValue: after,
      });
    }
    return { ok: true, changed: inserted.length > 0, advantage_rate_plan: after };
  });
}

/**
 * Disable a plan (vp): removed from offered. A plan the seller has activated cannot be
 * withdrawn here — the platform answers 'active must be in offered.' (docs/product.md §8), which the
 * console shows as "deactivate it from the seller dashboard first".
 */
export async function withdrawPlan(
  db: Db,
  actor: AdvantageActor,
  input: { clientId: number; plan: string },
): Promise<PlanChangeResult> {
  return changePlanOffer(db, actor, input, async (tx, client, plan) => {
    const states = await getClientPlanStates(tx, client.id);
    if (states[plan].active) return fail(409, ACTIVE_MUST_BE_OFFERED);
    const before = toAdvantageRatePlan(states);
    const deleted = await tx
      .delete(clientAdvantagePlans)
      .where(and(eq(clientAdvantagePlans.client_id, client.id), eq(clientAdvantagePlans.plan, plan)))
      .returning({ plan: clientAdvantagePlans.plan });
    const after = await getAdvantageRatePlan(tx, client.id);
    if (deleted.length > 0) {
      await writeAudit(tx, actor, {
        clientId: client.id,
        entity: "advantage_plan",
        entityId: plan,
        action: "withdraw",
        oldValue: before,
        newValue: after,
      });
    }
    return { ok: true, changed: deleted.length > 0, advantage_rate_plan: after };
  });
}

/**
 * The seller activates an offered plan, or deactivates the active one (`active: null`). At
 * most one plan is active; activating a plan that is not offered is refused with the
 * platform's 'active must be in offered.'. Audited with the seller as the actor.
 */
export async function setActivePlanBySeller(
  db: Db,
  seller: { id: number; email: string },
  input: { active: string | null },
): Promise<Result<{ changed: boolean; advantage_rate_plan: AdvantageRatePlan }, Invalid>> {
  const active = input.active;
  if (active !== null && !isPlanName(active)) return invalid(ACTIVE_MUST_BE_OFFERED);
  const actor: AuditActor = { id: null, email: seller.email, role: "seller" };
  return transaction(db, async (tx) => {
    await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, seller.id)).for("update");
    const states = await getClientPlanStates(tx, seller.id);
    if (active !== null && !states[active].offered) return invalid(ACTIVE_MUST_BE_OFFERED);
    const current = ADVANTAGE_PLAN_NAMES.find((p) => states[p].active) ?? null;
    if (current === active)
      return { ok: true as const, changed: false, advantage_rate_plan: toAdvantageRatePlan(states) };
    const before = toAdvantageRatePlan(states);
    // Deactivate first: the partial unique index allows one active plan per client.
    await tx
      .update(clientAdvantagePlans)
      .set({ activated_at: null })
      .where(and(eq(clientAdvantagePlans.client_id, seller.id), isNotNull(clientAdvantagePlans.activated_at)));
    if (active !== null) {
      await tx
        .update(clientAdvantagePlans)
        .set({ activated_at: sql`now()` })
        .where(and(eq(clientAdvantagePlans.client_id, seller.id), eq(clientAdvantagePlans.plan, active)));
    }
    const after = await getAdvantageRatePlan(tx, seller.id);
    await writeAudit(tx, actor, {
      clientId: seller.id,
      entity: "advantage_plan",
      entityId: active ?? current,
      action: active === null ? "deactivate" : "activate",
      oldValue: before,
      newValue: after,
    });
    return { ok: true as const, changed: true, advantage_rate_plan: after };
  });
}

// ---------------------------------------------------------------------------------------
// Plan rate cards
// ---------------------------------------------------------------------------------------

export type PlanRateCard = {
  plan: AdvantagePlanName;
  /** docs/product.md §4 first-edit mode: true while the client uses the plan's defaults. */
  applyDefault: boolean;
  /** `exclusive` once the client has its own copy. */
  planType: "default" | "exclusive";
  rows: CardRow[];
  panels: RateCardPanels;
};

/** The plan's rate card as the client sees it: its own copy after the first edit, else the defaults. */
export async function getPlanRateCard(db: Db, clientId: number, plan: AdvantagePlanName): Promise<PlanRateCard> {
  const own = await planRows(db, plan, clientId);
  const applyDefault = own.length === 0;
  const rows = applyDefault ? await planRows(db, plan, null) : own;
  return {
    plan,
    applyDefault,
    planType: applyDefault ? "default" : "exclusive",
    rows,
    panels: buildRateCardPanels(rows, { showAll: true }),
  };
}

export type UpdatePlanRateRowInput = {
  clientId: number;
  plan: string;
  rowId: number;
  version: number;
  /** The editor saw the plan's defaults (first-edit mode). */
  applyDefault: boolean;
  values: Record<string, unknown>;
  /** Confirm's "Effective from" (decision 076): null or absent applies the edit now. */
  effectiveAt?: Date | null;
};

export type UpdatePlanRateRowResult =
  | { ok: true; row: CardRow; changes: RowChange[]; copiedDefaults: number; scheduled?: Scheduled }
  | Refusal
  | Conflict<CardRow>;

const sameKey = (a: Pick<CardRow, "courier_service_id" | "shipment_type" | "delivery_type">, b: typeof a) =>
  a.courier_service_id === b.courier_service_id &&
  a.shipment_type === b.shipment_type &&
  a.delivery_type === b.delivery_type;

/**
 * Saves one row of a client's plan card (vp), through the same edit path as a client's card
 * (ratecards/row-edit.server.ts): the same checks, COD terms carried to the courier's other
 * rows of this plan card, one audit row per changed row, the e-mail. In first-edit mode the
 * plan's defaults are copied for the client (plan_type exclusive) and the change applied to
 * the copy, in one transaction — but only when something changed: a save that changes
 * nothing leaves the client on the defaults and writes nothing. The version the editor saw
 * must still be current — of the default row in first-edit mode, of the client's row after —
 * and if another first edit got there first the save is refused with the current values.
 */
export async function updatePlanRateRow(
  db: Db,
  actor: AdvantageActor,
  input: UpdatePlanRateRowInput,
): Promise<UpdatePlanRateRowResult> {
  if (!allowed(actor, "canEditPlanRates")) return forbidden();
  const plan = input.plan;
  if (!isPlanName(plan)) return invalid("Unknown plan.");
  const parsed = parseRateValues(input.values);
  if (!parsed.ok) return parsed;
  if (!Number.isSafeInteger(input.version) || !Number.isSafeInteger(input.rowId)) return invalid(SOME_FIELD_NOT_VALID);
  const values: RateValues = parsed.values;

  return transaction(db, async (tx): Promise<UpdatePlanRateRowResult> => {
    // Locking the client serialises first edits: two can never both copy the defaults.
    const client = await scopedClient(tx, actor, input.clientId, true);
    if (!client) return notFound();
    const card = planCard(plan, client.id);
    const copied = await hasOwnPlanRows(tx, plan, client.id);
    let current: CardRow | undefined;
    let copiedDefaults = 0;

    if (input.applyDefault) {
      const [seen] = await planRows(tx, plan, null, eq(planRateRows.id, input.rowId));
      if (!seen) return notFound();
      if (copied) {
        const mine = (await card.rows(tx)).find((r) => sameKey(r, seen));
        if (!mine) return notFound();
        return conflict(CONFLICT_MESSAGE, mine);
      }
      if (seen.version !== input.version) return conflict(CONFLICT_MESSAGE, seen);
      if (diffRow(seen, values).length === 0) return { ok: true, row: seen, changes: [], copiedDefaults: 0 };
      // Scheduled on the defaults: the copy is made when the change takes effect (scheduled.server.ts).
      if (input.effectiveAt) return schedulePlanEdit(tx, actor, plan, client.id, seen, values, input.effectiveAt);
      copiedDefaults = await copyPlanDefaults(tx, actor, plan, client.id);
      current = (await card.rows(tx)).find((r) => sameKey(r, seen));
    } else {
      if (!copied) return notFound();
      const locked = await tx
        .select({ id: planRateRows.id })
        .from(planRateRows)
        .where(
          and(eq(planRateRows.id, input.rowId), eq(planRateRows.client_id, client.id), eq(planRateRows.plan, plan)),
        )
        .for("update");
      if (locked.length === 0) return notFound(ROW_GONE_MESSAGE);
      [current] = await card.rows(tx, eq(planRateRows.id, input.rowId));
      if (current && current.version !== input.version) return conflict(CONFLICT_MESSAGE, current);
      if (current && input.effectiveAt)
        return schedulePlanEdit(tx, actor, plan, client.id, current, values, input.effectiveAt);
    }
    if (!current) return notFound();
    const { row, changes } = await applyRowEdit(tx, actor, card, current, values);
    return { ok: true, row, changes, copiedDefaults };
  });
}

/**
 * A plan row edit to take effect at a time (decision 076): what it would change now — the row and
 * the courier's other rows of the card the editor saw (the defaults, or the client's copy) — stored
 * for the job, which applies it by key to the client's copy (copying the defaults first if needed).
 */
async function schedulePlanEdit(
  tx: Tx,
  actor: AdvantageActor,
  plan: AdvantagePlanName,
  clientId: number,
  current: CardRow,
  values: RateValues,
  effectiveAt: Date,
): Promise<UpdatePlanRateRowResult> {
  const own = await hasOwnPlanRows(tx, plan, clientId);
  const seen = { table: planRateRows, rows: (t: Tx, where?: SQL) => planRows(t, plan, own ? clientId : null, where) };
  const { changes } = await planRowEdit(tx, seen, current, values);
  if (changes.length === 0) return { ok: true, row: current, changes, copiedDefaults: 0 };
  const card = planCard(plan, clientId);
  const scheduled = await scheduleRowChanges(tx, actor, {
    clientId,
    plan,
    kind: "update",
    mailKind: card.mail.kind,
    note: card.mail.note,
    changes,
    effectiveAt,
  });
  return { ok: true, row: current, changes, copiedDefaults: 0, scheduled };
}

// ---------------------------------------------------------------------------------------
// Cashback settings (premium)
// ---------------------------------------------------------------------------------------

export type StoredCashbackSettings = {
  /** The settings, with the spec's defaults where nothing was saved; no liability until saved. */
  settings: Omit<CashbackSettings, "max_tat_liability"> & { max_tat_liability: string | null };
  /** 0 while the client has the defaults. */
  version: number;
  configured: boolean;
};

type CashbackRow = typeof cashbackSettings.$inferSelect;

/** A stored settings row as the cashback engine reads it (also the money side's cashback credits, decision 031). */
export function cashbackSettingsFromRow(r: CashbackRow): CashbackSettings {
  return {
    assurance: r.assurance as CashbackSettings["assurance"],
    return_cashback: {
      plan: r.return_plan as CashbackSettings["return_cashback"]["plan"],
      forward_percentage: r.return_forward_percentage,
      forward_value: r.return_forward_value,
      rto_percentage: r.return_rto_percentage,
      rto_value: r.return_rto_value,
    },
    delivered_cashback: {
      plan: r.delivered_plan as CashbackSettings["delivered_cashback"]["plan"],
      forward_percentage: r.delivered_forward_percentage,
      forward_value: r.delivered_forward_value,
      rto_percentage: r.delivered_rto_percentage,
      rto_value: r.delivered_rto_value,
    },
    tat_zoneA: r.tat_zoneA,
    tat_zoneB: r.tat_zoneB,
    tat_zoneC: r.tat_zoneC,
    tat_zoneD: r.tat_zoneD,
    tat_zoneE: r.tat_zoneE,
    max_tat_liability: r.max_tat_liability,
  };
}

export async function getCashbackSettings(
  db: Executor,
  clientId: number,
  plan: AdvantagePlanName = "advantage_premium",
): Promise<StoredCashbackSettings> {
  const [row] = await db
    .select()
    .from(cashbackSettings)
    .where(and(eq(cashbackSettings.client_id, clientId), eq(cashbackSettings.plan, plan)));
  return row
    ? { settings: cashbackSettingsFromRow(row), version: row.version, configured: true }
    : { settings: defaultCashbackSettings(), version: 0, configured: false };
}

export type SaveCashbackResult =
  { ok: true; settings: CashbackSettings; version: number } | Refusal | Conflict<StoredCashbackSettings>;

/**
 * Saves the premium cashback settings (vp). The assurance is not changed here (its radio is
 * always disabled). Refused with the current settings when someone saved since the editor
 * loaded them (`version` 0 = the editor saw the defaults).
 */
export async function saveCashbackSettings(
  db: Db,
  actor: AdvantageActor,
  input: { clientId: number; plan: string; version: number; settings: CashbackSettingsUpdate },
): Promise<SaveCashbackResult> {
  if (!allowed(actor, "canEditCashback")) return forbidden();
  if (input.plan !== "advantage_premium") return invalid(PREMIUM_ONLY_MESSAGE);
  const plan = input.plan;
  const s = input.settings;
  return transaction(db, async (tx): Promise<SaveCashbackResult> => {
    const client = await scopedClient(tx, actor, input.clientId, true);
    if (!client) return notFound();
    const current = await getCashbackSettings(tx, client.id, plan);
    if (current.version !== input.version) return conflict(SETTINGS_CONFLICT_MESSAGE, current);
    const columns = {
      return_plan: s.return_cashback.plan,
      return_forward_percentage: s.return_cashback.forward_percentage,
      return_forward_value: s.return_cashback.forward_value,
      return_rto_percentage: s.return_cashback.rto_percentage,
      return_rto_value: s.return_cashback.rto_value,
      delivered_plan: s.delivered_cashback.plan,
      delivered_forward_percentage: s.delivered_cashback.forward_percentage,
      delivered_forward_value: s.delivered_cashback.forward_value,
      delivered_rto_percentage: s.delivered_cashback.rto_percentage,
      delivered_rto_value: s.delivered_cashback.rto_value,
      tat_zoneA: s.tat_zoneA,
      tat_zoneB: s.tat_zoneB,
      tat_zoneC: s.tat_zoneC,
      tat_zoneD: s.tat_zoneD,
      tat_zoneE: s.tat_zoneE,
      max_tat_liability: s.max_tat_liability,
      updated_by: actor.id,
    };
    const [row] = await tx
      .insert(cashbackSettings)
      .values({ client_id: client.id, plan, assurance: current.settings.assurance, ...columns })
      .onConflictDoUpdate({
        target: [cashbackSettings.client_id, cashbackSettings.plan],
        set: { ...columns, version: sql`${cashbackSettings.version} + 1`, updated_at: sql`now()` },
      })
      .returning();
    const saved = cashbackSettingsFromRow(row);
    await writeAudit(tx, actor, {
      clientId: client.id,
      entity: "cashback_settings",
      entityId: plan,
      action: current.configured ? "update" : "create",
      oldValue: current.configured ? current.settings : null,
      newValue: saved,
    });
    return { ok: true, settings: saved, version: row.version };
  });
}

/**
 * Everything the Pickrr Advantage tab shows for one plan. Each part loads on its own: when
 * one fails the tab still shows the others, with the spec's message for what is missing
 * (docs/product.md §8 'Error occurred while fetching plans' / '… rate cards'; §4: a failed card clears it).
 */
export async function getAdvantageView(db: Db, clientId: number, plan: AdvantagePlanName) {
  const errors: string[] = [];
  const attempt = async <T>(load: () => Promise<T>, message: string): Promise<T | null> => {
    try {
      return await load();
    } catch (error) {
      logServerError(error, `${message} (client ${clientId}, ${plan})`);
      errors.push(message);
      return null;
    }
  };
  const states = await attempt(() => getClientPlanStates(db, clientId), ERROR_FETCHING_PLANS);
  const card = await attempt(() => getPlanRateCard(db, clientId, plan), ERROR_FETCHING_RATE_CARDS);
  const cashback =
    plan === "advantage_premium"
      ? await attempt(() => getCashbackSettings(db, clientId, plan), ERROR_FETCHING_RATE_CARDS)
      : null;
  return { states, card, cashback, turnaround: planTurnaround(plan, cashback), errors: [...new Set(errors)] };
}
