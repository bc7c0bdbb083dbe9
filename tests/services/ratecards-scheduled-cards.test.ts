/**
 * Scheduled rate changes beyond a client's courier-wise row edits (decision 076), on a real
 * database: a bulk "Change prices" from a date on a client's card and on a segment card, and an
 * Advantage plan row edit from a date — each stored, listed on its own card only, applied once at
 * its time with the immediate change's audit rows, cancellable before it. Plan and segment cards
 * price no quote, so a client's quotes are the same before and after their changes.
 */
import { and, count, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getPlanRateCard, updatePlanRateRow } from "~/services/advantage/advantage.server";
import type { Viewer } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, planRateRows } from "~/services/db/schema";
import { quoteData } from "~/services/quote/quote-data.server";
import { type CardRow, rateValuesOf } from "~/services/ratecards/fields";
import type { PriceChangeRequest } from "~/services/ratecards/price-change";
import { applyPriceChange, BULK_CHANGE_ACTION, previewPriceChange } from "~/services/ratecards/price-change.server";
import { clientCardRows, segmentCardRows } from "~/services/ratecards/read.server";
import {
  applyDueChanges,
  cancelScheduledChange,
  dueChangesFor,
  pendingChanges,
} from "~/services/ratecards/scheduled.server";

import { openTestDb } from "../support/db";
import { staffViewer, untouchedCardClients } from "../support/ratecard-clients";

let h: DbHandle;
let vp: Viewer;
let kam: Viewer;
let freshClients: number[] = [];
const take = () => freshClients.shift()!;

// Each test has its own time, so a run for one never applies another's change.
const at = (day: number) => new Date(`2036-12-${String(day).padStart(2, "0")}T00:00:00+05:30`);
const minute = 60_000;

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  vp = await staffViewer(h.db, "vp@demo.test");
  kam = await staffViewer(h.db, "kam@demo.test");
  freshClients = await untouchedCardClients(h.db, { limit: 6, withoutPlanRows: true });
  expect(freshClients.length).toBeGreaterThanOrEqual(4);
});
afterAll(() => h?.close());

async function auditCount(where: ReturnType<typeof and>): Promise<number> {
  const [{ n }] = await h.db.select({ n: count() }).from(auditLog).where(where);
  return n;
}

const FIVE_PERCENT_ON_BASE = (courierServiceIds: number[]): PriceChangeRequest => ({
  by: "percent",
  amount: 500,
  courierServiceIds,
  zones: ["A", "B", "C", "D", "E"],
  columns: ["base"],
  tabs: ["forward"],
});

/** Every courier's lowest total for a client (the quote's per-courier rows, as the overlay prices them). */
async function quotedRows(clientId: number, when: Date) {
  const data = await quoteData(h.db, clientId, when);
  return data.client!.services.map((s) => ({ id: s.courier_service_id, rows: s.rows }));
}

describe("a bulk price change from a date, on a client's card", () => {
  it("changes nothing before its time, is listed, is priced from its time, and is applied exactly once", async () => {
    const clientId = take();
    const T = at(2);
    const rows = await clientCardRows(h.db, clientId);
    const couriers = [...new Set(rows.map((r) => r.courier_service_id))];
    const request = FIVE_PERCENT_ON_BASE(couriers);
    const preview = await previewPriceChange(h.db, vp, { clientId }, request);
    if (!preview.ok) throw new Error(JSON.stringify(preview));
    expect(preview.plan.changes.length).toBeGreaterThan(0);

    // A time not in the future is the form's refusal; here the service is given a future one.
    const result = await applyPriceChange(h.db, vp, { clientId }, request, preview.token, T);
    expect(result).toMatchObject({ ok: true, scheduled: { effectiveAt: T } });
    expect(await clientCardRows(h.db, clientId)).toEqual(rows);
    const [pending] = await pendingChanges(h.db, clientId);
    expect(pending).toMatchObject({ kind: "bulk_price", kindLabel: "Bulk price change", count: preview.rows.length });
    expect(pending.effectiveAtText).toBe("02-12-2036 00:00");

    // Quotes: the old card before the time, the new one from it (the overlay), before the job ran.
    const forwardRow = rows.find((r) => r.shipment_type === "FORWARD")!;
    const quotedBase = async (when: Date) =>
      (await quotedRows(clientId, when)).find((s) => s.id === forwardRow.courier_service_id)!.rows[
        `FORWARD:${forwardRow.delivery_type}`
      ]!;
    const before = await quotedBase(new Date(T.getTime() - minute));
    const after = await quotedBase(new Date(T.getTime() + minute));
    expect(JSON.stringify(after)).not.toBe(JSON.stringify(before));

    const bulkAudits = () => auditCount(and(eq(auditLog.client_id, clientId), eq(auditLog.action, BULK_CHANGE_ACTION)));
    expect(await applyDueChanges(h.db, new Date(T.getTime() - minute))).toMatchObject({ outcome: "done" });
    expect(await clientCardRows(h.db, clientId)).toEqual(rows);
    const runs = await Promise.all([
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
    ]);
    await applyDueChanges(h.db, new Date(T.getTime() + minute));
    expect(runs.some((r) => r.outcome === "done" && r.changes > 0)).toBe(true);
    const now = await clientCardRows(h.db, clientId);
    const changed = now.find((r) => r.id === forwardRow.id)!;
    expect(Number(changed.zone_a_base)).toBeCloseTo(Math.round(Number(forwardRow.zone_a_base) * 105) / 100, 2);
    expect(changed.version).toBe(forwardRow.version + 1);
    expect(await bulkAudits()).toBe(preview.rows.length);
    expect(await pendingChanges(h.db, clientId)).toEqual([]);
  });
});

describe("an Advantage plan row edit from a date", () => {
  async function planRow(clientId: number) {
    const card = await getPlanRateCard(h.db, clientId, "advantage_basic");
    const row = card.rows.find((r) => r.shipment_type === "FORWARD")!;
    return { card, row };
  }

  async function schedulePlanEdit(clientId: number, row: CardRow, applyDefault: boolean, T: Date) {
    const next = (Number(row.zone_a_base) + 11).toFixed(2);
    const result = await updatePlanRateRow(h.db, vp, {
      clientId,
      plan: "advantage_basic",
      rowId: row.id,
      version: row.version,
      applyDefault,
      values: { ...rateValuesOf(row), zone_a_base: next },
      effectiveAt: T,
    });
    if (!result.ok || !result.scheduled) throw new Error(`not scheduled: ${JSON.stringify(result)}`);
    return { next, scheduled: result.scheduled };
  }

  it("on the plan's defaults: copies them for the client at its time only, applied once; the client's quotes do not move", async () => {
    const clientId = take();
    const T = at(3);
    const { card, row } = await planRow(clientId);
    expect(card.applyDefault).toBe(true);
    const { next } = await schedulePlanEdit(clientId, row, true, T);

    // Nothing copied, nothing changed; listed on the plan card only, never in the courier-wise card's overlay.
    expect((await planRow(clientId)).card.applyDefault).toBe(true);
    expect(await pendingChanges(h.db, { clientId, plan: "advantage_basic" })).toHaveLength(1);
    expect(await pendingChanges(h.db, { clientId, plan: "advantage_premium" })).toEqual([]);
    expect(await pendingChanges(h.db, clientId)).toEqual([]);
    expect(await dueChangesFor(h.db, clientId, new Date(T.getTime() + minute))).toEqual([]);
    const quotedBefore = await quotedRows(clientId, new Date(T.getTime() - minute));

    await applyDueChanges(h.db, new Date(T.getTime() - minute));
    expect((await planRow(clientId)).card.applyDefault).toBe(true);
    await Promise.all([
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
    ]);
    await applyDueChanges(h.db, new Date(T.getTime() + minute));

    const after = await planRow(clientId);
    expect(after.card.applyDefault).toBe(false);
    expect(after.row.zone_a_base).toBe(next);
    // The plan's defaults themselves are untouched.
    const [stillDefault] = await h.db
      .select({ zone_a_base: planRateRows.zone_a_base })
      .from(planRateRows)
      .where(and(eq(planRateRows.id, row.id), isNull(planRateRows.client_id)));
    expect(stillDefault.zone_a_base).toBe(row.zone_a_base);
    const planAudit = (action: string, entity: string) =>
      auditCount(and(eq(auditLog.client_id, clientId), eq(auditLog.entity, entity), eq(auditLog.action, action)));
    expect(await planAudit("copy_defaults", "plan_rate_card")).toBe(1);
    expect(await planAudit("update", "plan_rate_row")).toBe(1);
    expect(await planAudit("schedule_apply", "rate_card")).toBe(1);
    expect(await quotedRows(clientId, new Date(T.getTime() + minute))).toEqual(quotedBefore);
  });

  it("on the client's own copy, refused if the row was edited meanwhile; cancelled before its time; a kam may not cancel", async () => {
    const clientId = take();
    const T = at(4);
    // A first edit now makes the client's own copy.
    const first = await planRow(clientId);
    const now = await updatePlanRateRow(h.db, vp, {
      clientId,
      plan: "advantage_basic",
      rowId: first.row.id,
      version: first.row.version,
      applyDefault: true,
      values: { ...rateValuesOf(first.row), zone_b_base: (Number(first.row.zone_b_base) + 1).toFixed(2) },
    });
    expect(now).toMatchObject({ ok: true });
    const own = await planRow(clientId);
    expect(own.card.applyDefault).toBe(false);

    const a = await schedulePlanEdit(clientId, own.row, false, T);
    const [listed] = await pendingChanges(h.db, { clientId, plan: "advantage_basic" });
    expect(await cancelScheduledChange(h.db, kam, { clientId, plan: "advantage_basic", id: listed.id })).toMatchObject({
      status: 403,
    });
    // The courier-wise card's cancel does not reach a plan card's change.
    expect(await cancelScheduledChange(h.db, vp, { clientId, id: listed.id })).toMatchObject({ status: 404 });
    const cancelled = await cancelScheduledChange(h.db, vp, { clientId, plan: "advantage_basic", id: a.scheduled.id });
    expect(cancelled).toMatchObject({ ok: true, effectiveAtText: "04-12-2036 00:00" });
    expect(await pendingChanges(h.db, { clientId, plan: "advantage_basic" })).toEqual([]);

    // Scheduled again, then the row is edited now: at its time the change is refused, not overwritten.
    const b = await schedulePlanEdit(clientId, own.row, false, T);
    const edited = (Number(own.row.zone_a_base) + 2).toFixed(2);
    expect(
      await updatePlanRateRow(h.db, vp, {
        clientId,
        plan: "advantage_basic",
        rowId: own.row.id,
        version: own.row.version,
        applyDefault: false,
        values: { ...rateValuesOf(own.row), zone_a_base: edited },
      }),
    ).toMatchObject({ ok: true });
    expect(b.next).not.toBe(edited);
    const run = await applyDueChanges(h.db, new Date(T.getTime() + minute));
    expect(run).toMatchObject({ outcome: "done", refused: 1 });
    expect((await planRow(clientId)).row.zone_a_base).toBe(edited);
    expect(await auditCount(and(eq(auditLog.client_id, clientId), eq(auditLog.action, "schedule_refused")))).toBe(1);
  });
});

describe("a bulk price change from a date, on a segment card", () => {
  it("is listed on the segment card, cancelled before its time, and when scheduled again applied once at it", async () => {
    const segment = 1 as const;
    const T = at(5);
    const rows = await segmentCardRows(h.db, segment);
    const request = FIVE_PERCENT_ON_BASE([...new Set(rows.map((r) => r.courier_service_id))]);
    const schedule = async () => {
      const preview = await previewPriceChange(h.db, vp, { segment }, request);
      if (!preview.ok) throw new Error(JSON.stringify(preview));
      const result = await applyPriceChange(h.db, vp, { segment }, request, preview.token, T);
      if (!result.ok || !result.scheduled) throw new Error(JSON.stringify(result));
      return { id: result.scheduled.id, count: preview.rows.length };
    };
    const first = await schedule();
    expect(await segmentCardRows(h.db, segment)).toEqual(rows);
    expect(await pendingChanges(h.db, { segment })).toMatchObject([{ id: first.id, kind: "bulk_price" }]);
    expect(await pendingChanges(h.db, { segment: 0 })).toEqual([]);
    expect(await cancelScheduledChange(h.db, kam, { segment, id: first.id })).toMatchObject({ status: 403 });
    expect(await cancelScheduledChange(h.db, vp, { segment, id: first.id })).toMatchObject({ ok: true });

    const second = await schedule();
    await applyDueChanges(h.db, new Date(T.getTime() - minute));
    expect(await segmentCardRows(h.db, segment)).toEqual(rows);
    await Promise.all([
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
      applyDueChanges(h.db, new Date(T.getTime() + minute)),
    ]);
    const now = await segmentCardRows(h.db, segment);
    const row = rows.find((r) => r.shipment_type === "FORWARD")!;
    const changed = now.find((r) => r.id === row.id)!;
    expect(changed.version).toBe(row.version + 1);
    expect(Number(changed.zone_c_base)).toBeCloseTo(Math.round(Number(row.zone_c_base) * 105) / 100, 2);
    // The immediate change's audit rows: no client, the segment in their values.
    const entries = await h.db
      .select()
      .from(auditLog)
      .where(and(isNull(auditLog.client_id), eq(auditLog.action, BULK_CHANGE_ACTION)));
    expect(entries.filter((e) => (e.new_value as { segment?: number }).segment === segment)).toHaveLength(second.count);
    expect(await pendingChanges(h.db, { segment })).toEqual([]);
  });
});
