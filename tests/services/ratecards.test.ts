import { and, asc, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { clientByAuthToken } from "~/services/auth/client-token.server";
import { getClientForViewer, type Viewer } from "~/services/clients/clients.server";
import { RATE_FIELDS } from "~/services/core/rate-fields";
import type { DbHandle } from "~/services/db/client.server";
import {
  auditLog,
  clientCourierServices,
  clients,
  mailOutbox,
  rateCardUploads,
  rateRows,
  staff,
} from "~/services/db/schema";
import { readCsv, writeCsv } from "~/services/http/csv";
import {
  applySegment,
  applyUpload,
  previewApplySegment,
  updateRtoFromForward,
  verifyClientUpload,
} from "~/services/ratecards/bulk.server";
import { CSV_COLUMNS, verifyUpload } from "~/services/ratecards/csv";
import { updateRateRow, updateWeightSlab } from "~/services/ratecards/edit.server";
import { type CardRow, rateValuesOf } from "~/services/ratecards/fields";
import { rateChangeHistory } from "~/services/ratecards/history.server";
import {
  clientRateCardCsv,
  getClientRateCard,
  getSegmentRateCard,
  segmentRateCardCsv,
} from "~/services/ratecards/read.server";
import {
  clientCardToken,
  CONFLICT_MESSAGE,
  SEGMENT_STALE_MESSAGE,
  UPLOAD_STALE_MESSAGE,
} from "~/services/ratecards/scope.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers: Record<string, Viewer> = {};
/** Clients of tl@demo.test that have no uploaded card, each test taking its own. */
let freshClients: number[] = [];

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const email of [
    "vp@demo.test",
    "kam@demo.test",
    "avp@demo.test",
    "bdm@demo.test",
    "tl@demo.test",
    "legal@demo.test",
  ]) {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    viewers[s.role] = { id: s.id, email: s.email, role: s.role };
  }
  const rows = await h.db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.tl_id, viewers.tl.id),
        sql`not exists (select 1 from ${rateCardUploads} u where u.client_id = ${clients.id})`,
        // A REVERSE row and an inactive courier make the cards worth testing.
        sql`exists (select 1 from ${rateRows} r where r.client_id = ${clients.id} and r.shipment_type = 'REVERSE')`,
      ),
    )
    .orderBy(asc(clients.id));
  freshClients = rows.map((r) => r.id);
  expect(freshClients.length).toBeGreaterThanOrEqual(12); // one per test below, and the last one left unchanged
});
afterAll(async () => {
  await h?.close();
});

let taken = 0;
const takeClient = () => freshClients[taken++];

/** Everything about a client's rates that a change could touch. */
async function snapshot(clientId: number) {
  const rows = await h.db.select().from(rateRows).where(eq(rateRows.client_id, clientId)).orderBy(asc(rateRows.id));
  const [{ audits }] = await h.db.select({ audits: count() }).from(auditLog).where(eq(auditLog.client_id, clientId));
  const [{ uploads }] = await h.db
    .select({ uploads: count() })
    .from(rateCardUploads)
    .where(eq(rateCardUploads.client_id, clientId));
  return { rows, audits, uploads };
}

async function cardOf(clientId: number) {
  const card = await getClientRateCard(h.db, clientId, { showAll: true });
  if (!card) throw new Error(`no client ${clientId}`);
  return card;
}

const forwardRowOf = async (clientId: number) =>
  (await cardOf(clientId)).rows.find((r) => r.shipment_type === "FORWARD")!;

/** The newest outbox id: mail queued by a change has a larger one. */
async function lastMailId(): Promise<number> {
  const [r] = await h.db.select({ id: sql<number>`coalesce(max(${mailOutbox.id}), 0)::int` }).from(mailOutbox);
  return r.id;
}

/**
 * Exactly one message was queued since `since`, to the client's avp, bdm, tl and vp (the
 * spec's email_sender_list; these clients are in the demo chain), about this change.
 */
async function expectHierarchyMail(clientId: number, since: number, subject: string, lines: string[]) {
  const mails = await h.db
    .select()
    .from(mailOutbox)
    .where(sql`${mailOutbox.id} > ${since}`);
  const [c] = await h.db.select().from(clients).where(eq(clients.id, clientId));
  expect(mails).toHaveLength(1);
  expect([...mails[0].to].sort()).toEqual(["avp@demo.test", "bdm@demo.test", "tl@demo.test", "vp@demo.test"]);
  expect(mails[0].subject).toBe(`${subject}: ${c.company_name}`);
  for (const line of lines) expect(mails[0].text).toContain(line);
}

describe("reading rate cards", () => {
  it("gives a client's card with courier names, switches and panels; active couriers only unless showAll", async () => {
    const [withInactive] = await h.db
      .select({ client_id: clientCourierServices.client_id })
      .from(clientCourierServices)
      .where(eq(clientCourierServices.is_active, false))
      .limit(1);
    const all = await getClientRateCard(h.db, withInactive.client_id, { showAll: true });
    const active = await getClientRateCard(h.db, withInactive.client_id);
    expect(all && active).toBeTruthy();
    const [client] = await h.db.select().from(clients).where(eq(clients.id, withInactive.client_id));
    expect(all!.sellerEmail).toBe(client.email);
    const count = (p: typeof all) =>
      Object.values(p!.panels)
        .flatMap((byDelivery) => Object.values(byDelivery).flat())
        .reduce((n, panel) => n + panel.couriers.length, 0);
    expect(count(all)).toBe(all!.rows.length);
    expect(count(active)).toBe(all!.rows.filter((r) => r.is_active).length);
    expect(count(active)).toBeLessThan(count(all));
    const panel = all!.panels.forward.surface[0] ?? all!.panels.forward.express[0];
    expect(panel.title).toMatch(/^Base upto [\d.]+ KG \+ Every Additional [\d.]+ KG - \d+ Courier Options$/);
    expect(panel.couriers[0].courier_name).toMatch(/kg$/);
    expect(await getClientRateCard(h.db, 99_999_999)).toBeNull();
  });

  it("says when a client has an uploaded rate card, with who uploaded it", async () => {
    const [u] = await h.db.select().from(rateCardUploads).limit(1);
    const card = await cardOf(u.client_id);
    expect(card.hasUploadedRateCard).toBe(true);
    expect(card.lastUpload).toMatchObject({ file_name: u.file_name, row_count: card.rows.length });
    expect(card.lastUpload!.uploaded_by?.email).toBeTruthy();
    expect((await cardOf(freshClients[freshClients.length - 1])).hasUploadedRateCard).toBe(false);
  });

  it("reads only one tab's rows when asked, except for a client with an uploaded card", async () => {
    const plain = freshClients[freshClients.length - 1];
    const full = await cardOf(plain);
    const rto = await getClientRateCard(h.db, plain, { showAll: true, onlyTab: "rto" });
    expect(rto!.rows.length).toBeGreaterThan(0);
    for (const r of rto!.rows) expect(["FORWARD_RTO", "REVERSE_RTO"]).toContain(r.shipment_type);
    expect(rto!.rows).toEqual(
      full.rows.filter((r) => r.shipment_type === "FORWARD_RTO" || r.shipment_type === "REVERSE_RTO"),
    );
    expect(rto!.panels.rto).toEqual(full.panels.rto);
    expect(rto!.panels.forward.express).toEqual([]);

    const [u] = await h.db.select().from(rateCardUploads).limit(1);
    const uploaded = await getClientRateCard(h.db, u.client_id, { showAll: true, onlyTab: "forward" });
    expect(uploaded!.rows).toEqual((await cardOf(u.client_id)).rows);
  });

  it("gives each segment's card over every courier service, and its CSV", async () => {
    const seg = await getSegmentRateCard(h.db, 2);
    expect(seg!.name).toBe("Segment Three");
    const services = new Set(seg!.rows.map((r) => r.courier_service_id));
    const [{ n }] = await h.db.select({ n: count() }).from(sql`courier_services`);
    expect(services.size).toBe(n);
    const csv = await segmentRateCardCsv(h.db, 2);
    expect(readCsv(csv!.csv)).toHaveLength(seg!.rows.length + 1);
    expect(readCsv(csv!.csv)[1][0]).toBe("Segment Three");
  });
});

describe("clients without an auth token", () => {
  it("still have a readable card, say so to the page, and no seller call can speak for them", async () => {
    const tokenless = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(sql`${clients.auth_token} is null`);
    expect(tokenless.length).toBeGreaterThanOrEqual(1);
    for (const c of tokenless) {
      // The page reads the token from the client lookup, and offers no download or upload without one.
      expect(await getClientForViewer(h.db, viewers.vp, c.id)).toMatchObject({
        id: c.id,
        email: c.email,
        auth_token: null,
      });
      expect((await cardOf(c.id)).rows.length).toBeGreaterThan(0);
    }
    const withToken = freshClients[freshClients.length - 1];
    expect((await getClientForViewer(h.db, viewers.vp, withToken))?.auth_token).toMatch(/\S/);
    // Out of the tl's book: not found, as on every client page.
    expect(await getClientForViewer(h.db, viewers.tl, tokenless[0].id)).toBeNull();
    for (const token of ["", "null", " "]) {
      expect(await clientByAuthToken(h.db, token), JSON.stringify(token)).toBeNull();
    }
  });
});

describe("editing a rate row", () => {
  it("saves new prices, bumps the version and writes an audit row in the same transaction", async () => {
    const clientId = takeClient();
    const row = await forwardRowOf(clientId);
    const values = { ...rateValuesOf(row), zone_a_base: "19.5", zone_e_add: "77" };
    const r = await updateRateRow(h.db, viewers.vp, { rowId: row.id, clientId, version: row.version, values });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.row).toMatchObject({ id: row.id, zone_a_base: "19.50", zone_e_add: "77.00", version: row.version + 1 });
    expect(r.changes).toEqual([
      {
        rowId: row.id,
        action: "update",
        courier_service_id: row.courier_service_id,
        courier: row.courier_name,
        shipment_type: "FORWARD",
        delivery_type: row.delivery_type,
        fields: [
          { field: "zone_a_base", old: row.zone_a_base, new: "19.50" },
          { field: "zone_e_add", old: row.zone_e_add, new: "77.00" },
        ],
      },
    ]);
    const [stored] = await h.db.select().from(rateRows).where(eq(rateRows.id, row.id));
    expect(stored).toMatchObject({
      zone_a_base: "19.50",
      zone_e_add: "77.00",
      version: row.version + 1,
      zone_b_base: row.zone_b_base,
    });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "rate_row"), eq(auditLog.entity_id, String(row.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      staff_id: viewers.vp.id,
      staff_email: "vp@demo.test",
      staff_role: "vp",
      client_id: clientId,
      action: "update",
      old_value: {
        courier: row.courier_name,
        shipment_type: "FORWARD",
        zone_a_base: row.zone_a_base,
        zone_e_add: row.zone_e_add,
      },
      new_value: { courier: row.courier_name, shipment_type: "FORWARD", zone_a_base: "19.50", zone_e_add: "77.00" },
    });
  });

  it("refuses a stale version with the current values and changes nothing", async () => {
    const clientId = takeClient();
    const row = await forwardRowOf(clientId);
    const first = await updateRateRow(h.db, viewers.vp, {
      rowId: row.id,
      clientId,
      version: row.version,
      values: { ...rateValuesOf(row), surcharge: "7" },
    });
    expect(first.ok).toBe(true);
    const before = await snapshot(clientId);
    const stale = await updateRateRow(h.db, viewers.vp, {
      rowId: row.id,
      clientId,
      version: row.version,
      values: { ...rateValuesOf(row), surcharge: "9" },
    });
    expect(stale).toMatchObject({ ok: false, status: 409, conflict: true, message: CONFLICT_MESSAGE });
    if (stale.ok || !("conflict" in stale)) return;
    expect(stale.current).toMatchObject({ id: row.id, surcharge: "7.00", version: row.version + 1 });
    expect(await snapshot(clientId)).toEqual(before);
  });

  it("refuses invalid values and other roles, changing nothing", async () => {
    const clientId = takeClient();
    const row = await forwardRowOf(clientId);
    const before = await snapshot(clientId);
    const bad = await updateRateRow(h.db, viewers.vp, {
      rowId: row.id,
      clientId,
      version: row.version,
      values: { ...rateValuesOf(row), zone_a_base: "-1", cod_charge: "" },
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { zone_a_base: "* Enter valid number !", cod_charge: "Please fill!" },
    });
    for (const role of ["tl", "kam", "avp", "bdm", "legal"]) {
      const r = await updateRateRow(h.db, viewers[role], {
        rowId: row.id,
        clientId,
        version: row.version,
        values: rateValuesOf(row),
      });
      expect(r, role).toMatchObject({ ok: false, status: 403 });
    }
    // A row of another client cannot be reached through this client.
    const other = await forwardRowOf(freshClients[freshClients.length - 1]);
    const foreign = await updateRateRow(h.db, viewers.vp, {
      rowId: other.id,
      clientId,
      version: other.version,
      values: rateValuesOf(other),
    });
    expect(foreign).toMatchObject({ ok: false, status: 404 });
    expect(await snapshot(clientId)).toEqual(before);
  });

  it("carries COD and divisor terms to the courier's other price types, so the card stays uploadable", async () => {
    const clientId = takeClient();
    const card = await cardOf(clientId);
    const row = card.rows.find(
      (r) =>
        r.shipment_type === "FORWARD" &&
        card.rows.some((s) => s.courier_service_id === r.courier_service_id && s.shipment_type === "REVERSE"),
    )!;
    const siblings = card.rows.filter((r) => r.courier_service_id === row.courier_service_id && r.id !== row.id);
    expect(siblings.length).toBeGreaterThanOrEqual(2);
    const r = await updateRateRow(h.db, viewers.vp, {
      rowId: row.id,
      clientId,
      version: row.version,
      values: { ...rateValuesOf(row), cod_percentage: "2.35", divisor: "4500", zone_b_base: "60" },
    });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.changes.map((c) => c.rowId).sort()).toEqual([row.id, ...siblings.map((s) => s.id)].sort());
    for (const c of r.changes.slice(1))
      expect(c.fields.map((f) => f.field).sort()).toEqual(["cod_percentage", "divisor"]);
    const after = await cardOf(clientId);
    for (const s of after.rows.filter((x) => x.courier_service_id === row.courier_service_id)) {
      expect(s).toMatchObject({ cod_percentage: "2.35", divisor: 4500 });
    }
    expect(after.rows.find((x) => x.id === siblings[0].id)!.zone_b_base).toBe(siblings[0].zone_b_base);
    const csv = await clientRateCardCsv(h.db, clientId);
    expect(verifyUpload({ sellerEmail: after.sellerEmail, rows: after.rows }, csv!.csv)).toMatchObject({
      ok: true,
      changes: [],
    });
  });
});

describe("editing a weight slab", () => {
  it("changes base and additional weight from the fixed list, with version check and audit", async () => {
    const clientId = takeClient();
    const row = await forwardRowOf(clientId);
    const key = {
      clientId,
      courier_service_id: row.courier_service_id,
      shipment_type: row.shipment_type,
      delivery_type: row.delivery_type,
    };
    const bad = await updateWeightSlab(h.db, viewers.vp, {
      ...key,
      first_slab: "0.75",
      second_slab: "",
      version: row.version,
    });
    expect(bad).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { first_slab: "Please enter base weight!", second_slab: "Please enter additional weight!" },
    });
    expect(
      await updateWeightSlab(h.db, viewers.tl, { ...key, first_slab: "1", second_slab: "1", version: row.version }),
    ).toMatchObject({ status: 403 });
    const since = await lastMailId();
    const ok = await updateWeightSlab(h.db, viewers.vp, {
      ...key,
      first_slab: "15",
      second_slab: "2",
      version: row.version,
    });
    expect(ok).toMatchObject({
      ok: true,
      row: { first_slab: "15.00", second_slab: "2.00", version: row.version + 1, zone_a_base: row.zone_a_base },
    });
    await expectHierarchyMail(clientId, since, "Weight slab updated", [
      `${row.courier_name} · Forward (${row.delivery_type}) · Base Weight:`,
      "→ 15 KG",
    ]);
    const stale = await updateWeightSlab(h.db, viewers.vp, {
      ...key,
      first_slab: "1",
      second_slab: "1",
      version: row.version,
    });
    expect(stale).toMatchObject({ ok: false, status: 409, current: { first_slab: "15.00" } });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(row.id)), eq(auditLog.action, "weight_slab")));
    expect(audit.new_value).toMatchObject({ first_slab: "15.00", second_slab: "2.00" });
    expect(
      (await cardOf(clientId)).panels.forward[row.delivery_type].some((p) =>
        p.title.startsWith("Base upto 15 KG + Every Additional 2 KG"),
      ),
    ).toBe(true);
  });
});

describe("uploading a rate card", () => {
  it("applies nothing when any row is bad (all or nothing), then applies a valid file in full", async () => {
    const clientId = takeClient();
    const download = (await clientRateCardCsv(h.db, clientId))!;
    const grid = readCsv(download.csv);
    const col = (name: string) => CSV_COLUMNS.indexOf(name);
    grid[1][col("Zone A Base")] = "11.11";
    grid[2][col("Zone B Additional")] = "22.22";
    const badGrid = grid.map((r) => [...r]);
    badGrid[grid.length - 1][col("Zone C Base")] = "-3";
    const before = await snapshot(clientId);

    const verified = await verifyClientUpload(h.db, viewers.tl, { clientId, csvText: writeCsv(badGrid) });
    expect(verified).toMatchObject({ ok: false, errors: [{ row: grid.length, column: "Zone C Base" }] });
    const refused = await applyUpload(h.db, viewers.tl, { clientId, csvText: writeCsv(badGrid), fileName: "bad.csv" });
    expect(refused).toMatchObject({ ok: false, status: 400, errors: [{ row: grid.length, column: "Zone C Base" }] });
    expect(
      await applyUpload(h.db, viewers.kam, { clientId, csvText: writeCsv(grid), fileName: "x.csv" }),
    ).toMatchObject({ status: 403 });
    expect(await snapshot(clientId)).toEqual(before);

    const preview = await verifyClientUpload(h.db, viewers.tl, { clientId, csvText: writeCsv(grid) });
    expect(preview).toMatchObject({ ok: true });
    const since = await lastMailId();
    const applied = await applyUpload(h.db, viewers.tl, {
      clientId,
      csvText: writeCsv(grid),
      fileName: "C:\\Users\\tl\\ratecard edited.csv",
    });
    expect(applied.ok).toBe(true);
    if (!applied.ok) return;
    expect(applied.changes.map((c) => c.fields)).toEqual([
      [
        {
          field: "zone_a_base",
          old: before.rows.find((r) => r.id === applied.changes[0].rowId)!.zone_a_base,
          new: "11.11",
        },
      ],
      [
        {
          field: "zone_b_add",
          old: before.rows.find((r) => r.id === applied.changes[1].rowId)!.zone_b_add,
          new: "22.22",
        },
      ],
    ]);
    const after = await snapshot(clientId);
    const changedIds = new Set(applied.changes.map((c) => c.rowId));
    for (const r of after.rows) {
      const old = before.rows.find((b) => b.id === r.id)!;
      expect(r.version).toBe(changedIds.has(r.id) ? old.version + 1 : old.version);
    }
    await expectHierarchyMail(clientId, since, "Rate card uploaded", [
      "File ratecard edited.csv.",
      "Zone A Base:",
      "→ 11.11",
      "Zone B Additional:",
      "→ 22.22",
    ]);
    const [upload] = await h.db.select().from(rateCardUploads).where(eq(rateCardUploads.client_id, clientId));
    expect(upload).toMatchObject({
      uploaded_by: viewers.tl.id,
      row_count: before.rows.length,
      file_name: "ratecard edited.csv",
    });
    expect(after.audits).toBe(before.audits + 3); // two rows and the upload
    expect((await cardOf(clientId)).hasUploadedRateCard).toBe(true);
    // The file is now stale: uploading it again changes nothing but is still accepted.
    const again = await applyUpload(h.db, viewers.tl, { clientId, csvText: writeCsv(grid), fileName: "again.csv" });
    expect(again).toMatchObject({ ok: true, changes: [] });
  });

  it("refuses an upload for a client outside the uploader's book", async () => {
    const [foreign] = await h.db
      .select({ id: clients.id })
      .from(clients)
      .where(sql`${clients.tl_id} <> ${viewers.tl.id}`)
      .limit(1);
    const csv = (await clientRateCardCsv(h.db, foreign.id))!.csv;
    expect(
      await applyUpload(h.db, viewers.tl, { clientId: foreign.id, csvText: csv, fileName: "x.csv" }),
    ).toMatchObject({ ok: false, status: 404 });
  });
});

describe("an upload that fails half-way", () => {
  it("rolls everything back: prices, versions, audit rows, the upload record and the e-mail", async () => {
    const clientId = takeClient();
    const grid = readCsv((await clientRateCardCsv(h.db, clientId))!.csv);
    grid[1][CSV_COLUMNS.indexOf("Zone A Base")] = "12.34";
    grid[2][CSV_COLUMNS.indexOf("Divisor")] = "4500";
    // Carry the divisor to the courier's other rows so the file verifies.
    const courier = grid[2][CSV_COLUMNS.indexOf("Courier")];
    for (const r of grid.slice(1))
      if (r[CSV_COLUMNS.indexOf("Courier")] === courier) r[CSV_COLUMNS.indexOf("Divisor")] = "4500";
    expect(await verifyClientUpload(h.db, viewers.vp, { clientId, csvText: writeCsv(grid) })).toMatchObject({
      ok: true,
    });
    const before = await snapshot(clientId);
    const since = await lastMailId();
    // The upload record is written after the new prices: make that insert fail for this client.
    await h.db.execute(
      sql.raw(`create function ratecards_test_fail_upload() returns trigger language plpgsql as $$
        begin if new.client_id = ${clientId} then raise exception 'storage failed (test)'; end if; return new; end $$`),
    );
    await h.db.execute(
      sql.raw(
        `create trigger ratecards_test_fail_upload before insert on rate_card_uploads for each row execute function ratecards_test_fail_upload()`,
      ),
    );
    try {
      const failure: unknown = await applyUpload(h.db, viewers.vp, {
        clientId,
        csvText: writeCsv(grid),
        fileName: "half.csv",
      }).then(
        () => null,
        (e: unknown) => e,
      );
      // drizzle wraps the database's error ("Failed query: insert into rate_card_uploads …").
      const cause = (failure as { cause?: Error } | null)?.cause;
      expect(`${(failure as Error | null)?.message} ${cause?.message}`).toMatch(
        /rate_card_uploads[\s\S]*storage failed \(test\)/,
      );
    } finally {
      await h.db.execute(sql.raw(`drop trigger ratecards_test_fail_upload on rate_card_uploads`));
      await h.db.execute(sql.raw(`drop function ratecards_test_fail_upload()`));
    }
    expect(await snapshot(clientId)).toEqual(before);
    expect(await lastMailId()).toBe(since);
    // The same file applies in full once nothing fails.
    const applied = await applyUpload(h.db, viewers.vp, { clientId, csvText: writeCsv(grid), fileName: "whole.csv" });
    expect(applied.ok).toBe(true);
    const after = await snapshot(clientId);
    expect(after.rows.filter((r) => r.divisor === 4500).length).toBeGreaterThanOrEqual(2);
    expect(after.uploads).toBe(before.uploads + 1);
  });
});

describe("card-wide changes confirmed against a card that changed since", () => {
  it("refuse a segment preview or a verified upload after someone edited a row, changing nothing", async () => {
    const clientId = takeClient();
    const preview = await previewApplySegment(h.db, viewers.vp, { clientId, segment: 1 });
    if (!preview.ok) throw new Error(preview.message);
    const csv = (await clientRateCardCsv(h.db, clientId))!.csv;
    const uploadToken = await clientCardToken(h.db, clientId);
    expect(preview.cardToken).toBe(uploadToken);

    const row = await forwardRowOf(clientId);
    expect(
      (
        await updateRateRow(h.db, viewers.vp, {
          rowId: row.id,
          clientId,
          version: row.version,
          values: { ...rateValuesOf(row), surcharge: "3" },
        })
      ).ok,
    ).toBe(true);
    expect(await clientCardToken(h.db, clientId)).not.toBe(preview.cardToken);
    const before = await snapshot(clientId);
    const since = await lastMailId();

    expect(await applySegment(h.db, viewers.vp, { clientId, segment: 1, cardToken: preview.cardToken })).toEqual({
      ok: false,
      status: 409,
      stale: true,
      message: SEGMENT_STALE_MESSAGE,
    });
    expect(
      await applyUpload(h.db, viewers.vp, { clientId, csvText: csv, fileName: "old.csv", cardToken: uploadToken }),
    ).toEqual({
      ok: false,
      status: 409,
      stale: true,
      message: UPLOAD_STALE_MESSAGE,
    });
    expect(await snapshot(clientId)).toEqual(before);
    expect(await lastMailId()).toBe(since);

    // A fresh preview carries the new token and applies.
    const again = await previewApplySegment(h.db, viewers.vp, { clientId, segment: 1 });
    if (!again.ok) throw new Error(again.message);
    expect(await applySegment(h.db, viewers.vp, { clientId, segment: 1, cardToken: again.cardToken })).toMatchObject({
      ok: true,
      segment: 1,
    });
  });
});

describe("applying a segment", () => {
  it("previews, then replaces the client's rates for its services with the segment's, with audit", async () => {
    const clientId = takeClient();
    const before = await snapshot(clientId);
    const services = (
      await h.db.select().from(clientCourierServices).where(eq(clientCourierServices.client_id, clientId))
    ).map((s) => s.courier_service_id);
    // A row the segment does not have, to be removed, and a segment row the client lacks.
    const [reverse] = before.rows.filter((r) => r.shipment_type === "REVERSE");
    const reverseCourier = (await cardOf(clientId)).rows.find((r) => r.id === reverse.id)!.courier_name;
    await h.db.delete(rateRows).where(eq(rateRows.id, reverse.id));

    const preview = await previewApplySegment(h.db, viewers.vp, { clientId, segment: 0 });
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.created).toBeGreaterThanOrEqual(1);
    expect(preview.updated).toBeGreaterThan(0);
    expect(
      preview.changes.find(
        (c) =>
          c.action === "create" && c.courier_service_id === reverse.courier_service_id && c.shipment_type === "REVERSE",
      ),
    ).toBeTruthy();
    const afterPreview = await snapshot(clientId);
    expect(afterPreview.rows.length).toBe(before.rows.length - 1);
    expect(afterPreview.audits).toBe(before.audits);

    expect(await applySegment(h.db, viewers.avp, { clientId, segment: 0 })).toMatchObject({ status: 403 });
    expect(await applySegment(h.db, viewers.vp, { clientId, segment: 7 })).toMatchObject({ status: 400 });
    const since = await lastMailId();
    const applied = await applySegment(h.db, viewers.vp, { clientId, segment: 0, cardToken: preview.cardToken });
    expect(applied).toMatchObject({
      ok: true,
      segment: 0,
      segmentName: "Segment One",
      updated: preview.updated,
      created: preview.created,
      deleted: preview.deleted,
    });

    const segment = (await getSegmentRateCard(h.db, 0))!.rows.filter((r) => services.includes(r.courier_service_id));
    const mine = (await cardOf(clientId)).rows;
    const priceKey = (r: CardRow) =>
      JSON.stringify([
        r.courier_service_id,
        r.shipment_type,
        r.delivery_type,
        r.first_slab,
        r.second_slab,
        rateValuesOf(r),
      ]);
    expect(mine.map(priceKey).sort()).toEqual(segment.map(priceKey).sort());
    await expectHierarchyMail(clientId, since, "Segment rates applied", [
      "Applied Segment One.",
      `${reverseCourier} · Reverse (${reverse.delivery_type}) · added`,
    ]);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), sql`${auditLog.action} like 'apply_segment%'`));
    expect(audits).toHaveLength(preview.updated + preview.created + preview.deleted + 1);
    expect(audits.find((a) => a.entity === "rate_card")!.new_value).toMatchObject({
      segment: 0,
      updated: preview.updated,
    });
    for (const f of RATE_FIELDS) expect(typeof mine[0][f] === "string" || typeof mine[0][f] === "number").toBe(true);
  });
});

describe("RTO from forward", () => {
  it("copies forward rates into the chosen couriers' RTO rows, creating missing ones, with audit", async () => {
    const clientId = takeClient();
    const card = await cardOf(clientId);
    const forwards = card.rows.filter((r) => r.shipment_type === "FORWARD").slice(0, 2);
    const [a, b] = forwards;
    const rtoA = card.rows.find(
      (r) => r.courier_service_id === a.courier_service_id && r.shipment_type === "FORWARD_RTO",
    )!;
    const rtoB = card.rows.find(
      (r) => r.courier_service_id === b.courier_service_id && r.shipment_type === "FORWARD_RTO",
    )!;
    await h.db.update(rateRows).set({ zone_a_base: "1.00" }).where(eq(rateRows.id, rtoA.id));
    await h.db.delete(rateRows).where(eq(rateRows.id, rtoB.id));

    const before = await snapshot(clientId);
    expect(
      await updateRtoFromForward(h.db, viewers.vp, { clientId, courierServiceIds: [a.courier_service_id, 999_999] }),
    ).toMatchObject({ ok: false, status: 400 });
    expect(await updateRtoFromForward(h.db, viewers.vp, { clientId, courierServiceIds: [] })).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(
      await updateRtoFromForward(h.db, viewers.bdm, { clientId, courierServiceIds: [a.courier_service_id] }),
    ).toMatchObject({ status: 403 });
    expect(await snapshot(clientId)).toEqual(before);

    const since = await lastMailId();
    const r = await updateRtoFromForward(h.db, viewers.vp, {
      clientId,
      courierServiceIds: [a.courier_service_id, b.courier_service_id],
    });
    expect(r.ok).toBe(true);
    await expectHierarchyMail(clientId, since, "RTO rates updated from forward", [
      `${a.courier_name} · Forward RTO (${a.delivery_type}) · Zone A Base: 1.00 → ${a.zone_a_base}`,
      `${b.courier_name} · Forward RTO (${b.delivery_type}) · added`,
    ]);
    if (!r.ok) return;
    expect(r.changes.map((c) => [c.courier_service_id, c.action])).toEqual(
      expect.arrayContaining([
        [a.courier_service_id, "update"],
        [b.courier_service_id, "create"],
      ]),
    );
    const after = await cardOf(clientId);
    for (const f of forwards) {
      const rto = after.rows.find(
        (x) => x.courier_service_id === f.courier_service_id && x.shipment_type === "FORWARD_RTO",
      )!;
      expect({ ...rateValuesOf(rto), first_slab: rto.first_slab, second_slab: rto.second_slab }).toEqual({
        ...rateValuesOf(f),
        first_slab: f.first_slab,
        second_slab: f.second_slab,
      });
    }
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, clientId), sql`${auditLog.action} like 'rto_from_forward%'`));
    expect(audits.map((x) => x.action).sort()).toEqual([
      "rto_from_forward",
      "rto_from_forward",
      "rto_from_forward:create",
    ]);
  });
});

describe("rate change history", () => {
  it("lists a client's rate audit rows newest first, paginated, with old → new", async () => {
    const clientId = takeClient();
    const row = await forwardRowOf(clientId);
    let version = row.version;
    for (const price of ["41", "42", "43"]) {
      const r = await updateRateRow(h.db, viewers.vp, {
        rowId: row.id,
        clientId,
        version,
        values: { ...rateValuesOf(row), zone_c_base: price },
      });
      expect(r.ok).toBe(true);
      version++;
    }
    const page1 = await rateChangeHistory(h.db, clientId, { page: 1, perPage: 2 });
    const page2 = await rateChangeHistory(h.db, clientId, { page: 2, perPage: 2 });
    expect(page1).toMatchObject({ total: 3, page: 1, pageCount: 2 });
    expect(page1.entries.map((e) => e.changes)).toEqual([
      [{ field: "zone_c_base", old: "42.00", new: "43.00" }],
      [{ field: "zone_c_base", old: "41.00", new: "42.00" }],
    ]);
    expect(page2.entries.map((e) => e.changes[0].new)).toEqual(["41.00"]);
    expect(page1.entries[0]).toMatchObject({
      action: "update",
      courier: row.courier_name,
      shipment_type: "FORWARD",
      staff: { email: "vp@demo.test", role: "vp" },
    });
    const times = [...page1.entries, ...page2.entries].map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((x, y) => y - x));
    expect((await rateChangeHistory(h.db, clientId, { page: 99, perPage: 2 })).page).toBe(2);
  });
});
