/**
 * Rate changes that take effect at a time (decision 075), on a real database: a scheduled change
 * is applied once at its time however many job runners race, an order is priced by the card in
 * force when it is placed (even before the job ran), a change is cancelled before its time, and
 * a row edited in between is refused with its own history entry, never overwritten.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Viewer } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, mailOutbox, rateCardUploads, rateRows, scheduledRateChanges, staff } from "~/services/db/schema";
import { readCsv, writeCsv } from "~/services/http/csv";
import { placeOrder } from "~/services/orders/place.server";
import { type OrderRequest, parseOrder } from "~/services/orders/place-form";
import { applySegment, applyUpload, previewApplySegment, updateRtoFromForward } from "~/services/ratecards/bulk.server";
import { CSV_COLUMNS } from "~/services/ratecards/csv";
import { describeCardEntry } from "~/services/ratecards/describe";
import { updateRateRow, updateWeightSlab } from "~/services/ratecards/edit.server";
import { type CardRow, rateValuesOf } from "~/services/ratecards/fields";
import { rateChangeHistory } from "~/services/ratecards/history.server";
import { clientCardRows, clientRateCardCsv } from "~/services/ratecards/read.server";
import {
  applyDueChanges,
  CANCEL_TOO_LATE,
  cancelScheduledChange,
  pendingChanges,
  scheduleRowChanges,
} from "~/services/ratecards/scheduled.server";
import { clientCardToken } from "~/services/ratecards/scope.server";

import { openTestDb } from "../support/db";
import { staffViewer, untouchedCardClients } from "../support/ratecard-clients";

let h: DbHandle;
let vp: Viewer;
/** Clients with an auth token (they can place orders), each test taking its own. */
let freshClients: number[] = [];
const take = () => freshClients.shift()!;

const T = new Date("2026-12-01T00:00:00+05:30");
const before = new Date(T.getTime() - 60_000);
const after = new Date(T.getTime() + 60_000);

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  vp = await staffViewer(h.db, "vp@demo.test");
  freshClients = await untouchedCardClients(h.db, { limit: 10 });
  expect(freshClients.length).toBeGreaterThanOrEqual(6);
});
afterAll(() => h?.close());

const plus = (money: string, rupees: number) => (Number(money) + rupees).toFixed(2);

async function rowsOf(clientId: number): Promise<CardRow[]> {
  return clientCardRows(h.db, clientId);
}

async function auditCount(clientId: number, action: string): Promise<number> {
  const [{ n }] = await h.db
    .select({ n: count() })
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), eq(auditLog.action, action)));
  return n;
}

async function mailCount(): Promise<number> {
  const [{ n }] = await h.db.select({ n: count() }).from(mailOutbox);
  return n;
}

/** Schedules a zone A base change on one row through the row edit, as the console does. */
async function scheduleEdit(clientId: number, row: CardRow, zoneABase: string, effectiveAt = T) {
  const result = await updateRateRow(h.db, vp, {
    clientId,
    rowId: row.id,
    version: row.version,
    values: { ...rateValuesOf(row), zone_a_base: zoneABase },
    effectiveAt,
  });
  if (!result.ok || !result.scheduled) throw new Error(`not scheduled: ${JSON.stringify(result)}`);
  return result.scheduled;
}

describe("a scheduled row edit", () => {
  it("changes nothing before its time, is listed, and is applied exactly once with two job runners racing", async () => {
    const clientId = take();
    const [row] = await rowsOf(clientId);
    const next = plus(row.zone_a_base, 7);
    const scheduled = await scheduleEdit(clientId, row, next);

    const [unchanged] = await clientCardRows(h.db, clientId, eq(rateRows.id, row.id));
    expect(unchanged.zone_a_base).toBe(row.zone_a_base);
    expect(unchanged.version).toBe(row.version);
    const pending = await pendingChanges(h.db, clientId);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ id: scheduled.id, effectiveAtText: "01-12-2026 00:00", count: 1 });
    expect(pending[0].scheduledBy).toBe("vp@demo.test (vp)");
    expect(await auditCount(clientId, "schedule")).toBe(1);

    // Not yet due: a run applies nothing.
    const early = await applyDueChanges(h.db, before);
    expect(early).toMatchObject({ outcome: "done" });
    expect((await clientCardRows(h.db, clientId, eq(rateRows.id, row.id)))[0].zone_a_base).toBe(row.zone_a_base);

    const updatesBefore = await auditCount(clientId, "update");
    const mailBefore = await mailCount();
    const runs = await Promise.all([applyDueChanges(h.db, after), applyDueChanges(h.db, after)]);
    const applied = runs.map((r) => (r.outcome === "done" ? r.changes : 0)).reduce((a, b) => a + b, 0);
    const third = await applyDueChanges(h.db, after);
    expect(applied + (third.outcome === "done" ? third.changes : 0)).toBe(1);

    const [now] = await clientCardRows(h.db, clientId, eq(rateRows.id, row.id));
    expect(now.zone_a_base).toBe(next);
    expect(now.version).toBe(row.version + 1);
    expect(await auditCount(clientId, "update")).toBe(updatesBefore + 1);
    expect(await auditCount(clientId, "schedule_apply")).toBe(1);
    expect(await mailCount()).toBe(mailBefore + 1);
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .orderBy(sql`${mailOutbox.id} desc`)
      .limit(1);
    expect(mail.subject).toMatch(/^Rate card updated: /);
    expect(mail.text).toContain("in effect from 01-12-2026 00:00");
    expect(await pendingChanges(h.db, clientId)).toEqual([]);
    const [stored] = await h.db.select().from(scheduledRateChanges).where(eq(scheduledRateChanges.id, scheduled.id));
    expect(stored.status).toBe("applied");
  });
});

describe("pricing by the card in force at placement", () => {
  function order(clientOrderId: string): OrderRequest {
    const parsed = parseOrder({
      pickup_pincode: "110001",
      drop_pincode: "560001",
      payment_mode: "prepaid",
      invoice_value: 899,
      weight: 0.4,
      length: 10,
      breadth: 10,
      height: 10,
      items: [{ name: "Kurta", sku: "K-1", quantity: 1 }],
      customer_name: "Priya Sharma",
      customer_phone: "9876543210",
      customer_address: "12 MG Road, Bengaluru",
      client_order_id: clientOrderId,
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    return parsed.order;
  }

  it("prices an order before the time by the old card, and after it by the new one even before the job ran", async () => {
    const clientId = take();
    const rows = await rowsOf(clientId);
    // Every zone's base price of every row goes up by ₹100 at T.
    const changes = rows.map((r) => ({
      rowId: r.id,
      action: "update" as const,
      courier_service_id: r.courier_service_id,
      courier: r.courier_name,
      shipment_type: r.shipment_type,
      delivery_type: r.delivery_type,
      fields: (["zone_a_base", "zone_b_base", "zone_c_base", "zone_d_base", "zone_e_base"] as const).map((f) => ({
        field: f,
        old: r[f],
        new: plus(r[f], 100),
      })),
    }));
    await scheduleRowChanges(h.db, vp, { clientId, kind: "bulk_price", mailKind: "rate", changes, effectiveAt: T });

    const early = await placeOrder(h.db, clientId, order("sched-early"), { now: before });
    const late = await placeOrder(h.db, clientId, order("sched-late"), { now: after });
    expect(early.status).toBe(201);
    expect(late.status).toBe(201);
    if (early.status !== 201 || late.status !== 201) return;
    expect(late.body.courier).toBe(early.body.courier);
    // The job has not run: the rows still hold the old prices, yet the later order paid the new ones.
    expect((await rowsOf(clientId)).map((r) => r.zone_a_base)).toEqual(rows.map((r) => r.zone_a_base));
    expect(Number(late.body.charged_amount)).toBeGreaterThanOrEqual(Number(early.body.charged_amount) + 100);

    // Once the job applied it, an order at the same time is charged the same as the one before the job.
    await applyDueChanges(h.db, after);
    const applied = await placeOrder(h.db, clientId, order("sched-applied"), { now: after });
    expect(applied.status).toBe(201);
    if (applied.status === 201) expect(applied.body.charged_amount).toBe(late.body.charged_amount);
  });
});

describe("cancelling", () => {
  it("cancels before the time (audited; nothing applied), and refuses once the time has come", async () => {
    const clientId = take();
    const [row] = await rowsOf(clientId);
    const first = await scheduleEdit(clientId, row, plus(row.zone_a_base, 3));
    const cancelled = await cancelScheduledChange(h.db, vp, { clientId, id: first.id }, before);
    expect(cancelled).toMatchObject({ ok: true, effectiveAtText: "01-12-2026 00:00" });
    expect(await pendingChanges(h.db, clientId)).toEqual([]);
    expect(await auditCount(clientId, "schedule_cancel")).toBe(1);
    await applyDueChanges(h.db, after);
    expect((await clientCardRows(h.db, clientId, eq(rateRows.id, row.id)))[0].zone_a_base).toBe(row.zone_a_base);
    // A second cancel finds nothing to cancel.
    expect(await cancelScheduledChange(h.db, vp, { clientId, id: first.id }, before)).toMatchObject({ status: 404 });

    // Its time has come (the job has not run yet): orders may already be priced by it.
    const second = await scheduleEdit(clientId, row, plus(row.zone_a_base, 4), new Date(Date.now() + 60_000));
    const late = await cancelScheduledChange(h.db, vp, { clientId, id: second.id }, new Date(Date.now() + 120_000));
    expect(late).toMatchObject({ ok: false, status: 409, message: CANCEL_TOO_LATE });
    // A kam may not cancel (nor make) rate edits.
    const [k] = await h.db.select().from(staff).where(eq(staff.email, "kam@demo.test"));
    const kam = { id: k.id, email: k.email, role: k.role };
    expect(await cancelScheduledChange(h.db, kam, { clientId, id: second.id }, new Date())).toMatchObject({
      status: 403,
    });
  });
});

describe("the conflict rule", () => {
  it("refuses the change of a row edited after scheduling, with its history entry, and applies the rest", async () => {
    const clientId = take();
    const rows = await rowsOf(clientId);
    const [a, b] = rows.filter((r) => r.shipment_type === "FORWARD");
    const changes = [a, b].map((r) => ({
      rowId: r.id,
      action: "update" as const,
      courier_service_id: r.courier_service_id,
      courier: r.courier_name,
      shipment_type: r.shipment_type,
      delivery_type: r.delivery_type,
      fields: [{ field: "zone_b_base" as const, old: r.zone_b_base, new: plus(r.zone_b_base, 5) }],
    }));
    await scheduleRowChanges(h.db, vp, { clientId, kind: "bulk_price", mailKind: "rate", changes, effectiveAt: T });

    // Someone edits row a now, before the change's time.
    const edited = plus(a.zone_b_base, 1);
    const now = await updateRateRow(h.db, vp, {
      clientId,
      rowId: a.id,
      version: a.version,
      values: { ...rateValuesOf(a), zone_b_base: edited },
    });
    expect(now.ok).toBe(true);

    const run = await applyDueChanges(h.db, after);
    expect(run).toMatchObject({ outcome: "done", refused: 1 });
    const [aNow] = await clientCardRows(h.db, clientId, eq(rateRows.id, a.id));
    const [bNow] = await clientCardRows(h.db, clientId, eq(rateRows.id, b.id));
    expect(aNow.zone_b_base).toBe(edited);
    expect(bNow.zone_b_base).toBe(plus(b.zone_b_base, 5));

    const history = await rateChangeHistory(h.db, clientId, { perPage: 100 });
    const refusal = history.entries.find((e) => e.action === "schedule_refused");
    expect(refusal).toBeDefined();
    const said = describeCardEntry(refusal!);
    expect(said.actionLabel).toBe("Scheduled change refused");
    expect(said.summary).toContain(`not applied to ${a.courier_name}`);
    expect(said.summary).toContain(
      `Zone B Base is ${Number(edited).toFixed(2)}, was ${Number(a.zone_b_base).toFixed(2)}`,
    );
    expect(said.summary).toContain("The row keeps its current values.");
  });
});

describe("card-wide changes scheduled", () => {
  it("an upload scheduled for later changes the card (and records the upload) only at its time", async () => {
    const clientId = take();
    const csv = await clientRateCardCsv(h.db, clientId);
    const table = readCsv(csv!.csv);
    const col = CSV_COLUMNS.findIndex((c) => c === "Zone C Base");
    expect(col).toBeGreaterThanOrEqual(0);
    const [header, first, ...rest] = table;
    const changed = [...first];
    changed[col] = plus(first[col], 2);
    const text = writeCsv([header, changed, ...rest]);
    const result = await applyUpload(h.db, vp, {
      clientId,
      csvText: text,
      fileName: "later.csv",
      cardToken: await clientCardToken(h.db, clientId),
      effectiveAt: T,
    });
    expect(result).toMatchObject({ ok: true, uploadId: null, scheduled: { count: 1 } });
    const [{ n: uploads }] = await h.db
      .select({ n: count() })
      .from(rateCardUploads)
      .where(eq(rateCardUploads.client_id, clientId));
    expect(uploads).toBe(0);

    await applyDueChanges(h.db, after);
    const [{ n: afterUploads }] = await h.db
      .select({ n: count() })
      .from(rateCardUploads)
      .where(eq(rateCardUploads.client_id, clientId));
    expect(afterUploads).toBe(1);
    expect(await auditCount(clientId, "upload")).toBe(2); // the row's entry and the card's
  });

  it("a segment applied later adds, updates and removes rows at its time, as applying it now would", async () => {
    const clientId = take();
    const previewNow = await previewApplySegment(h.db, vp, { clientId, segment: 1 });
    if (!previewNow.ok) throw new Error(previewNow.message);
    expect(previewNow.changes.length).toBeGreaterThan(0);
    const result = await applySegment(h.db, vp, {
      clientId,
      segment: 1,
      cardToken: previewNow.cardToken,
      effectiveAt: T,
    });
    expect(result).toMatchObject({ ok: true, scheduled: { count: previewNow.changes.length } });
    // Nothing changed yet: the card still differs from the segment as it did.
    const stillNow = await previewApplySegment(h.db, vp, { clientId, segment: 1 });
    if (!stillNow.ok) throw new Error(stillNow.message);
    expect(stillNow.changes.length).toBe(previewNow.changes.length);
    await applyDueChanges(h.db, after);
    const again = await previewApplySegment(h.db, vp, { clientId, segment: 1 });
    if (!again.ok) throw new Error(again.message);
    expect(again.changes).toEqual([]);
  });

  it("a weight slab and RTO from forward scheduled for later take effect at their time", async () => {
    const clientId = take();
    const rows = await rowsOf(clientId);
    const forward = rows.find((r) => r.shipment_type === "FORWARD")!;
    const slabs = forward.first_slab === "1.00" ? { first: "2", second: "1" } : { first: "1", second: "1" };
    const slab = await updateWeightSlab(h.db, vp, {
      clientId,
      courier_service_id: forward.courier_service_id,
      shipment_type: forward.shipment_type,
      delivery_type: forward.delivery_type,
      first_slab: slabs.first,
      second_slab: slabs.second,
      version: forward.version,
      effectiveAt: T,
    });
    expect(slab).toMatchObject({ ok: true, scheduled: { count: 1 } });
    const rto = await updateRtoFromForward(h.db, vp, {
      clientId,
      courierServiceIds: [forward.courier_service_id],
      effectiveAt: T,
    });
    expect(rto).toMatchObject({ ok: true, scheduled: {} });
    expect((await rowsOf(clientId)).find((r) => r.id === forward.id)!.first_slab).toBe(forward.first_slab);

    await applyDueChanges(h.db, after);
    const now = await rowsOf(clientId);
    expect(now.find((r) => r.id === forward.id)!.first_slab).toBe(Number(slabs.first).toFixed(2));
    // RTO copied the forward row as it was when scheduled: its slab is the one seen then.
    const rtoRow = now.find(
      (r) =>
        r.courier_service_id === forward.courier_service_id &&
        r.shipment_type === "FORWARD_RTO" &&
        r.delivery_type === forward.delivery_type,
    )!;
    expect(rtoRow.zone_a_base).toBe(forward.zone_a_base);
    expect(await auditCount(clientId, "weight_slab")).toBe(1);
    const [{ n: rtoCard }] = await h.db
      .select({ n: count() })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.client_id, clientId),
          eq(auditLog.entity, "rate_card"),
          eq(auditLog.action, "rto_from_forward"),
        ),
      );
    expect(rtoCard).toBe(1);
  });
});
