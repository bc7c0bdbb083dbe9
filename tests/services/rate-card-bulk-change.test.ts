/**
 * Change prices in bulk (decision 074) on a real database: preview, apply in one transaction
 * (versions, one audit row per row, one e-mail), refusals when a row changed since the
 * preview, out-of-bounds results, and roles that may not.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Viewer } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clients, mailOutbox, rateRows, staff } from "~/services/db/schema";
import { transaction } from "~/services/db/transaction.server";
import { updateRateRow } from "~/services/ratecards/edit.server";
import { rateValuesOf } from "~/services/ratecards/fields";
import type { PriceChangeRequest } from "~/services/ratecards/price-change";
import {
  applyPriceChange,
  applyPriceChangePlan,
  BULK_CHANGE_ACTION,
  BULK_CONFLICT_MESSAGE,
  BULK_OUT_OF_BOUNDS_MESSAGE,
  BULK_STALE_MESSAGE,
  previewPriceChange,
  priceChangeCard,
} from "~/services/ratecards/price-change.server";
import { clientCardRows, segmentCardRows } from "~/services/ratecards/read.server";
import { cancelScheduledChange, pendingChanges } from "~/services/ratecards/scheduled.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers: Record<string, Viewer> = {};
let clientIds: number[] = [];

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const email of ["vp@demo.test", "kam@demo.test", "avp@demo.test", "tl@demo.test", "legal@demo.test"]) {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    viewers[s.role] = { id: s.id, email: s.email, role: s.role };
  }
  const rows = await h.db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.tl_id, viewers.tl.id),
        sql`exists (select 1 from ${rateRows} r where r.client_id = ${clients.id} and r.shipment_type = 'FORWARD_RTO')`,
      ),
    )
    .orderBy(asc(clients.id));
  clientIds = rows.map((r) => r.id);
  expect(clientIds.length).toBeGreaterThanOrEqual(5);
});
afterAll(async () => {
  await h?.close();
});

async function lastMailId(): Promise<number> {
  const [r] = await h.db.select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` }).from(mailOutbox);
  return r.id;
}
async function lastAuditId(): Promise<number> {
  const [r] = await h.db.select({ id: sql<number>`coalesce(max(${auditLog.id}), 0)::int` }).from(auditLog);
  return r.id;
}

/** +10 % on every zone's base and additional price of the client's first two couriers, Forward and RTO. */
async function tenPercent(clientId: number): Promise<PriceChangeRequest> {
  const rows = await clientCardRows(h.db, clientId);
  const couriers = [...new Set(rows.filter((r) => r.shipment_type === "FORWARD").map((r) => r.courier_service_id))];
  return {
    by: "percent",
    amount: 1_000,
    courierServiceIds: couriers.slice(0, 2),
    zones: ["A", "B", "C", "D", "E"],
    columns: ["base", "add"],
    tabs: ["forward", "rto"],
  };
}

describe("bulk price change on a client's card", () => {
  it("previews, then applies every value in one go: versions bumped, one audit row per row, one e-mail", async () => {
    const clientId = clientIds[0];
    const request = await tenPercent(clientId);
    const before = await clientCardRows(h.db, clientId);
    const preview = await previewPriceChange(h.db, viewers.vp, { clientId }, request);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.summary.values).toBe(preview.plan.changes.length);
    expect(preview.summary.rows).toBe(preview.rows.length);
    expect(preview.summary.rows).toBeGreaterThan(1);
    // Every affected row is a Forward or RTO row of a chosen courier; nothing is written by a preview.
    const byId = new Map(before.map((r) => [r.id, r]));
    for (const c of preview.plan.changes) {
      const row = byId.get(c.rowId)!;
      expect(request.courierServiceIds).toContain(row.courier_service_id);
      expect(["FORWARD", "FORWARD_RTO", "REVERSE_RTO"]).toContain(row.shipment_type);
      expect(c.old).toBe(row[c.field]);
      expect(Math.round(Number(c.old) * 110) / 100).toBeCloseTo(Number(c.new), 2);
    }
    expect(await clientCardRows(h.db, clientId)).toEqual(before);

    const [mail0, audit0] = [await lastMailId(), await lastAuditId()];
    const applied = await applyPriceChange(h.db, viewers.vp, { clientId }, request, preview.token);
    if (!applied.ok) throw new Error(applied.message);

    const after = new Map((await clientCardRows(h.db, clientId)).map((r) => [r.id, r]));
    for (const c of preview.plan.changes) expect(after.get(c.rowId)![c.field]).toBe(c.new);
    for (const r of preview.rows) expect(after.get(r.rowId)!.version).toBe(byId.get(r.rowId)!.version + 1);
    // Rows outside the plan are untouched.
    const planned = new Set(preview.rows.map((r) => r.rowId));
    for (const r of before.filter((x) => !planned.has(x.id))) expect(after.get(r.id)).toEqual(r);

    const audits = await h.db.select().from(auditLog).where(gt(auditLog.id, audit0)).orderBy(asc(auditLog.id));
    expect(audits).toHaveLength(preview.summary.rows);
    for (const a of audits) {
      expect(a).toMatchObject({ entity: "rate_row", action: BULK_CHANGE_ACTION, client_id: clientId });
      expect(a.staff_email).toBe("vp@demo.test");
    }
    const first = preview.rows[0];
    const entry = audits.find((a) => a.entity_id === String(first.rowId))!;
    expect(entry.old_value).toMatchObject(Object.fromEntries(first.fields.map((f) => [f.field, f.old])));
    expect(entry.new_value).toMatchObject(Object.fromEntries(first.fields.map((f) => [f.field, f.new])));

    const mails = await h.db.select().from(mailOutbox).where(gt(mailOutbox.id, mail0));
    expect(mails).toHaveLength(1);
    const [c] = await h.db.select().from(clients).where(eq(clients.id, clientId));
    expect(mails[0].subject).toBe(`Rate card prices changed: ${c.company_name}`);
    expect([...mails[0].to].sort()).toEqual(["avp@demo.test", "bdm@demo.test", "tl@demo.test", "vp@demo.test"]);
    expect(mails[0].text).toContain("Bulk change: +10.00 %.");
    expect(mails[0].text).toContain(`${first.fields[0].old} → ${first.fields[0].new}`);
  });

  it("refuses Apply when a row was edited after the preview, and changes nothing", async () => {
    const clientId = clientIds[1];
    const request = await tenPercent(clientId);
    const preview = await previewPriceChange(h.db, viewers.vp, { clientId }, request);
    if (!preview.ok) throw new Error(preview.message);
    // Someone edits one affected row with the row edit.
    const target = (await clientCardRows(h.db, clientId)).find((r) => r.id === preview.plan.changes[0].rowId)!;
    const edited = await updateRateRow(h.db, viewers.vp, {
      clientId,
      rowId: target.id,
      version: target.version,
      values: { ...rateValuesOf(target), surcharge: "7.00" },
    });
    expect(edited.ok).toBe(true);
    const before = await clientCardRows(h.db, clientId);
    const [mail0, audit0] = [await lastMailId(), await lastAuditId()];

    const applied = await applyPriceChange(h.db, viewers.vp, { clientId }, request, preview.token);
    expect(applied).toMatchObject({ ok: false, status: 409, message: BULK_STALE_MESSAGE });
    expect(await clientCardRows(h.db, clientId)).toEqual(before);
    expect(await lastAuditId()).toBe(audit0);
    expect(await lastMailId()).toBe(mail0);

    // The plan itself, applied as a later (scheduled) change would apply it: the row's version moved on.
    const refused = await transaction(h.db, async (tx) => {
      const card = (await priceChangeCard(tx, viewers.vp, { clientId }))!;
      return applyPriceChangePlan(tx, viewers.vp, card, preview.plan, "test");
    });
    expect(refused).toMatchObject({ ok: false, status: 409, message: BULK_CONFLICT_MESSAGE, conflict: true });
    expect(await clientCardRows(h.db, clientId)).toEqual(before);
    expect(await lastAuditId()).toBe(audit0);
  });

  it("refuses a change whose results fall below zero, with the field's message for each, and writes nothing", async () => {
    const clientId = clientIds[2];
    const request: PriceChangeRequest = { ...(await tenPercent(clientId)), by: "rupees", amount: -1_000_000 };
    const before = await clientCardRows(h.db, clientId);
    const preview = await previewPriceChange(h.db, viewers.vp, { clientId }, request);
    expect(preview).toMatchObject({ ok: false, status: 400, message: BULK_OUT_OF_BOUNDS_MESSAGE });
    const text = !preview.ok && "fieldErrors" in preview ? preview.fieldErrors!.amount : "";
    expect(text).toMatch(/ · Zone A Base: \d+\.\d\d → -\d+\.\d\d — \* Enter valid number !/);
    const applied = await applyPriceChange(h.db, viewers.vp, { clientId }, request, "x");
    expect(applied).toMatchObject({ ok: false, status: 400 });
    expect(await clientCardRows(h.db, clientId)).toEqual(before);
  });

  it("is refused (403) for every role but vp, before anything is read or written", async () => {
    const clientId = clientIds[3];
    const request = await tenPercent(clientId);
    const preview = await previewPriceChange(h.db, viewers.vp, { clientId }, request);
    if (!preview.ok) throw new Error(preview.message);
    const before = await clientCardRows(h.db, clientId);
    for (const role of ["kam", "avp", "tl", "legal"]) {
      expect(await previewPriceChange(h.db, viewers[role], { clientId }, request), role).toMatchObject({ status: 403 });
      expect(await applyPriceChange(h.db, viewers[role], { clientId }, request, preview.token), role).toMatchObject({
        status: 403,
      });
      expect(await applyPriceChange(h.db, viewers[role], { segment: 0 }, request, preview.token), role).toMatchObject({
        status: 403,
      });
    }
    expect(await clientCardRows(h.db, clientId)).toEqual(before);
  });
});

describe("bulk price change on a segment card", () => {
  it("applies to the segment's rows: audit rows without a client, one e-mail to the vps", async () => {
    const segment = 2;
    const before = await segmentCardRows(h.db, segment);
    const courier = before.find((r) => r.shipment_type === "FORWARD")!.courier_service_id;
    const request: PriceChangeRequest = {
      by: "rupees",
      amount: 150,
      courierServiceIds: [courier],
      zones: ["E"],
      columns: ["add", "cod_charge"],
      tabs: ["forward"],
    };
    const preview = await previewPriceChange(h.db, viewers.vp, { segment }, request);
    if (!preview.ok) throw new Error(preview.message);
    // COD charge is the courier's term: every row of the courier, whatever tab.
    const courierRows = before.filter((r) => r.courier_service_id === courier);
    expect(preview.summary.rows).toBe(courierRows.length);
    expect(preview.summary.largest?.difference).toBe("+1.50");

    const [mail0, audit0] = [await lastMailId(), await lastAuditId()];
    const applied = await applyPriceChange(h.db, viewers.vp, { segment }, request, preview.token);
    if (!applied.ok) throw new Error(applied.message);
    const after = new Map((await segmentCardRows(h.db, segment)).map((r) => [r.id, r]));
    for (const c of preview.plan.changes) expect(after.get(c.rowId)![c.field]).toBe(c.new);

    const audits = await h.db.select().from(auditLog).where(gt(auditLog.id, audit0));
    expect(audits).toHaveLength(courierRows.length);
    for (const a of audits) {
      expect(a).toMatchObject({ entity: "rate_row", action: BULK_CHANGE_ACTION, client_id: null });
      expect(a.new_value).toMatchObject({ segment: 2, courier_service_id: courier });
    }
    const mails = await h.db.select().from(mailOutbox).where(gt(mailOutbox.id, mail0));
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Rate card prices changed: Segment Three");
    const vps = await h.db.select({ email: staff.email }).from(staff).where(eq(staff.role, "vp"));
    expect([...mails[0].to].sort()).toEqual(vps.map((v) => v.email).sort());
    expect(mails[0].to).toContain("vp@demo.test");

    // The same preview applied again is refused: the rows moved on.
    expect(await applyPriceChange(h.db, viewers.vp, { segment }, request, preview.token)).toMatchObject({
      status: 409,
      message: BULK_STALE_MESSAGE,
    });
  });

  it("a change scheduled from the preview lists the preview's rows, every one (the counts agree)", async () => {
    const segment = 1;
    const rows = await segmentCardRows(h.db, segment);
    // The dialog's defaults on every courier (+5 %): more rows than a screen, many prices a row.
    const request: PriceChangeRequest = {
      by: "percent",
      amount: 500,
      courierServiceIds: [...new Set(rows.map((r) => r.courier_service_id))],
      zones: ["A", "B", "C", "D", "E"],
      columns: ["base", "add"],
      tabs: ["forward", "rto"],
    };
    const preview = await previewPriceChange(h.db, viewers.vp, { segment }, request);
    if (!preview.ok) throw new Error(preview.message);
    expect(preview.summary.rows).toBe(preview.rows.length);
    expect(preview.summary.values).toBeGreaterThan(preview.summary.rows);
    const effectiveAt = new Date("2030-06-01T01:00:00Z");
    const scheduled = await applyPriceChange(h.db, viewers.vp, { segment }, request, preview.token, effectiveAt);
    if (!scheduled.ok) throw new Error(scheduled.message);
    const [listed] = (await pendingChanges(h.db, { segment })).filter(
      (p) => p.effectiveAt.getTime() === effectiveAt.getTime(),
    );
    expect(listed.count).toBe(preview.rows.length);
    expect(await cancelScheduledChange(h.db, viewers.vp, { segment, id: listed.id })).toMatchObject({ ok: true });
  });

  it("answers 404 for a segment that does not exist", async () => {
    const request = await tenPercent(clientIds[4]);
    expect(await previewPriceChange(h.db, viewers.vp, { segment: 3 }, request)).toMatchObject({ status: 404 });
  });
});
