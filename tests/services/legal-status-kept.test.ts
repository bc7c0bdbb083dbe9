/**
 * The kept per-seller Legal Status (decision 036) on a real database (PGlite, and PostgreSQL
 * with TEST_DATABASE_URL): after each kind of write that changes a seller's status — publishing
 * to a segment, to one seller, for a later day; accepting; a segment change; an e-mail change;
 * a new client; the day a document comes into force — the kept table equals what the rules say
 * for every seller, by two independent references: the count-everything query
 * (`countedSellerStatus`) and the pure `inForceFor` over every document and acceptance. The page
 * and the CSV from the kept table equal the page and CSV counted.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { AccountActor } from "~/services/account/scope.server";
import { readAccountRow, saveBusinessDetails } from "~/services/account/sections.server";
import { capabilitiesOf } from "~/services/auth/capabilities.server";
import { registerClient } from "~/services/clients/clients.server";
import type { DbHandle } from "~/services/db/client.server";
import { clients, legalAcceptances, legalDocuments, staff } from "~/services/db/schema";
import { indiaDate, inForceFor, segmentOfTin } from "~/services/legal/documents";
import { type DocName, type LegalDocumentInput, type OrderBlocking, parseLegalDocument } from "~/services/legal/forms";
import { type LegalActor, publishLegalDocument } from "~/services/legal/publish.server";
import { acceptLegalDocument, sellerLegalDocs } from "~/services/legal/seller.server";
import {
  countedLegalStatus,
  countedSellerStatus,
  keptStatusHolds,
  legalStatus,
  legalStatusCsvRecords,
  statusOf,
  type StatusQuery,
  type StatusRow,
} from "~/services/legal/status.server";
import {
  clientAudienceFields,
  keepStatusAfterClientChange,
  keepStatusAfterPublish,
  rebuildLegalStatus,
  startLegalStatusKeeper,
} from "~/services/legal/status-kept.server";
import { withdrawLegalDocument } from "~/services/legal/withdraw.server";

import { openTestDb } from "../support/db";
import { makePdf } from "../support/pdf";

let h: DbHandle;
let legal: LegalActor;
let vp: AccountActor;
let pdf: Uint8Array;
const DAY = 86_400_000;
const now = new Date();
const today = indiaDate(now);
const tomorrow = indiaDate(new Date(now.getTime() + DAY));

type Seller = { id: number; email: string };
/** Sellers of a segment with a token (they accept through the API), by id. */
async function sellersOf(segment: string, n: number): Promise<Seller[]> {
  return h.db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(sql`${clients.business_data}->>'tin_number' = ${`Segment_${segment}`} and ${clients.auth_token} is not null`)
    .orderBy(clients.id)
    .limit(n);
}

function input(extra: Record<string, string>): LegalDocumentInput {
  const r = parseLegalDocument({
    doc_name: "agreement",
    doc_type: "broadcast",
    email: "",
    segment: "2",
    description: "Merchant agreement",
    publish_at: "2026-01-01",
    order_blocking: "optional",
    days: "",
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.input;
}
async function publish(extra: Record<string, string>) {
  const r = await publishLegalDocument(h.db, legal, input(extra), {
    name: "doc.pdf",
    type: "application/pdf",
    bytes: pdf,
  });
  if (!r.ok) throw new Error(r.message);
  return r;
}
/** The sellers the demo seed addressed documents to (decision 062). */
async function seededSellers(): Promise<Set<number>> {
  const rows = await h.db.select({ id: legalDocuments.client_id }).from(legalDocuments);
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}
const iso = (at: Date | string | null) => (at == null ? null : new Date(at).toISOString());

/** What the rules say for every seller on `day`, by the pure `inForceFor` over all documents and acceptances. */
async function byPureRules(day: string) {
  const sellers = await h.db
    .select({
      id: clients.id,
      name: clients.name,
      email: clients.email,
      company_name: clients.company_name,
      tin: sql<string | null>`${clients.business_data}->>'tin_number'`,
    })
    .from(clients)
    .orderBy(clients.id);
  const docs = (await h.db.select().from(legalDocuments)).map((d) => ({
    ...d,
    doc_name: d.doc_name as DocName,
    order_blocking: d.order_blocking as OrderBlocking,
  }));
  const accepted = new Map(
    (await h.db.select().from(legalAcceptances)).map((a) => [`${a.document_id}:${a.client_id}`, iso(a.accepted_at)]),
  );
  return sellers.map((s) => {
    const inForce = inForceFor(docs, { segment: segmentOfTin(s.tin), email: s.email }, day).map((d) => ({
      id: d.id,
      doc_name: d.doc_name,
      version: d.version,
      accepted_at: accepted.get(`${d.id}:${s.id}`) ?? null,
    }));
    const counts = { in_force: inForce.length, accepted: inForce.filter((d) => d.accepted_at !== null).length };
    const { id, name, email, company_name } = s;
    return {
      client_id: id,
      name,
      email,
      company_name,
      segment: segmentOfTin(s.tin),
      ...counts,
      status: statusOf(counts),
      docs: inForce,
    };
  });
}

async function keptRows() {
  return (
    await h.db.execute(
      sql`select client_id, name, email, company_name, segment, in_force, accepted, status, docs from legal_seller_status order by client_id`,
    )
  ).rows as (Omit<StatusRow, "id" | "docs"> & { client_id: number; docs: unknown })[];
}

const VIEWS: StatusQuery[] = [
  { status: "1", q: "", page: 1 },
  { status: "0", q: "", page: 2 },
  { status: null, q: "", page: 3 },
  { status: "0", q: "a", page: 1 },
  // Searches in either case, by name or by e-mail (the kept `search` against the counted ILIKEs).
  { status: null, q: "AR", page: 1 },
  { status: null, q: "@", page: 4 },
  { status: "0", q: "_%", page: 1 },
  { status: "1", q: "", page: 999 },
];

/** The kept table holds for `day` and equals both references; the page and CSV equal the counted ones. */
async function expectKeptMatchesRules(day: string, at: Date) {
  expect(await keptStatusHolds(h.db, day)).toBe(true);
  const kept = await keptRows();
  const pure = await byPureRules(day);
  expect(kept).toEqual(pure);
  const counted = await countedSellerStatus(h.db, day);
  expect(kept.map((k) => [k.client_id, k.in_force, k.accepted])).toEqual(
    counted.map((c) => [c.id, c.in_force, c.accepted]),
  );
  for (const view of VIEWS)
    expect(await legalStatus(h.db, view, at)).toEqual(await countedLegalStatus(h.db, view, day));
  return kept;
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [l] = await h.db.select().from(staff).where(eq(staff.email, "legal@demo.test"));
  legal = { id: l.id, email: l.email, role: l.role };
  const [v] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
  vp = { id: v.id, email: v.email, role: v.role, capabilities: await capabilitiesOf(h.db, v) };
  pdf = await makePdf("Merchant agreement");
});
afterAll(() => h?.close());

describe("the kept Legal Status equals the rules after each kind of write", () => {
  it("starts seeded: every client has its row (no documents but the demo's few addressed to single sellers)", async () => {
    const kept = await expectKeptMatchesRules(today, now);
    expect(kept.length).toBeGreaterThan(200);
    const addressed = await seededSellers();
    expect(addressed.size).toBeGreaterThan(0);
    expect(kept.filter((k) => !addressed.has(k.client_id)).every((k) => k.status === null && k.in_force === 0)).toBe(
      true,
    );
    expect(kept.filter((k) => addressed.has(k.client_id)).every((k) => k.in_force === 1)).toBe(true);
  });

  it("after publishing to a segment, a new version, another segment and one seller", async () => {
    const [seller] = await sellersOf("1", 1);
    await publish({});
    await publish({ description: "Revised" });
    await publish({ doc_name: "privacy_policy", segment: "1" });
    await publish({
      doc_type: "specific",
      email: seller.email,
      doc_name: "other",
      order_blocking: "mandatory",
      days: "30",
      // A mandatory document is published from today on (decision 063).
      publish_at: today,
    });
    const kept = await expectKeptMatchesRules(today, now);
    expect(kept.find((k) => k.client_id === seller.id)).toMatchObject({ in_force: 2, status: "0" });
  });

  it("after accepting, one seller at a time and twenty racing", async () => {
    const sellers = await sellersOf("2", 21);
    const [first, ...racing] = sellers;
    const { docs } = await sellerLegalDocs(h.db, first.id, now);
    await acceptLegalDocument(h.db, first, docs[0].id, "203.0.113.9", now);
    await Promise.all(racing.map((s) => acceptLegalDocument(h.db, s, docs[0].id, null, now)));
    const kept = await expectKeptMatchesRules(today, now);
    const addressed = await seededSellers();
    expect(
      kept
        .filter((k) => k.status === "1" && !addressed.has(k.client_id))
        .map((k) => k.client_id)
        .sort(),
    ).toEqual(sellers.map((s) => s.id).sort());
  });

  it("after withdrawing the version in force (decision 061): the previous one is in force again", async () => {
    const [seller] = await sellersOf("3", 1);
    const first = await publish({ doc_name: "agreement", segment: "3", description: "Withdraw v1" });
    const second = await publish({ doc_name: "agreement", segment: "3", description: "Withdraw v2" });
    expect((await withdrawLegalDocument(h.db, legal, second.id, { reason: "Wrong file" })).ok).toBe(true);
    const kept = await expectKeptMatchesRules(today, now);
    const docs = kept.find((k) => k.client_id === seller.id)!.docs as { id: number }[];
    expect(docs.map((d) => d.id)).toContain(first.id);
    expect(docs.map((d) => d.id)).not.toContain(second.id);
  });

  it("racing a publish to the segment against its sellers' accepts (no update lost)", async () => {
    const sellers = await sellersOf("3", 10);
    await publish({ segment: "3", doc_name: "other" });
    const { docs } = await sellerLegalDocs(h.db, sellers[0].id, now);
    await Promise.all([
      ...sellers.map((s) => acceptLegalDocument(h.db, s, docs[0].id, null, now)),
      publish({ segment: "3", doc_name: "privacy_policy" }),
      publish({ segment: "3", doc_name: "other", description: "v2" }),
    ]);
    await expectKeptMatchesRules(today, now);
  });

  it("after a segment change on Business Details (and only then)", async () => {
    const [mover] = await sellersOf("2", 1);
    const row = (await readAccountRow(h.db, mover.id))!;
    const { label_logo: _, ...business } = row.business_data;
    const saved = await saveBusinessDetails(h.db, vp, {
      clientId: mover.id,
      version: row.business_version,
      input: { ...business, tin_number: "Segment_1" },
    });
    expect(saved.ok).toBe(true);
    const kept = await expectKeptMatchesRules(today, now);
    // Segment 1's privacy policy now, not segment 2's agreement.
    expect(kept.find((k) => k.client_id === mover.id)?.docs).toEqual([
      expect.objectContaining({ doc_name: "privacy_policy" }),
    ]);
  });

  it("after an e-mail change (the services' hook; any other writer's change marks the row stale until recomputed)", async () => {
    const [addressed] = await h.db
      .select({ id: legalDocuments.client_id, email: legalDocuments.email, doc: legalDocuments.id })
      .from(legalDocuments)
      .where(eq(legalDocuments.doc_type, "specific"));
    // In a transaction with the hook, as a service would.
    await h.db.transaction(async (tx) => {
      const before = await clientAudienceFields(tx, addressed.id!);
      await tx
        .update(clients)
        .set({ email: `moved-${addressed.id}@example.test` })
        .where(eq(clients.id, addressed.id!));
      await keepStatusAfterClientChange(tx, addressed.id!, before);
    });
    const kept = await expectKeptMatchesRules(today, now);
    expect(kept.find((k) => k.client_id === addressed.id)).toMatchObject({
      in_force: 1,
      docs: [expect.not.objectContaining({ id: addressed.doc })],
    });
    // A writer without the hook: the trigger marks the row stale; the page counts (still right) until the keeper's refresh.
    await h.db.update(clients).set({ email: addressed.email! }).where(eq(clients.id, addressed.id!));
    expect(await keptStatusHolds(h.db, today)).toBe(false);
    for (const view of VIEWS)
      expect(await legalStatus(h.db, view, now)).toEqual(await countedLegalStatus(h.db, view, today));
    expect(await rebuildLegalStatus(h.db, { only: "stale", now, wait: false })).toEqual({
      outcome: "done",
      sellers: 1,
    });
    const back = await expectKeptMatchesRules(today, now);
    expect(back.find((k) => k.client_id === addressed.id)?.in_force).toBe(2);
  });

  it("after a client's name changes (any writer): the row follows, the order with it", async () => {
    const [renamed] = await sellersOf("1", 1);
    await h.db
      .update(clients)
      .set({ name: "Aaaa First By Name", company_name: "Renamed Co." })
      .where(eq(clients.id, renamed.id));
    await expectKeptMatchesRules(today, now);
    expect((await legalStatus(h.db, { status: null, q: "", page: 1 }, now)).rows[0].id).toBe(renamed.id);
  });

  it("after registering a client", async () => {
    const r = await registerClient(
      h.db,
      { id: vp.id!, email: vp.email, role: vp.role },
      {
        name: "Kept Status",
        company_name: "Kept Status Co.",
        phone_number: "9845012399",
        email: "kept.status@example.test",
        password: "kept-status-22",
        confirmPassword: "kept-status-22",
      },
    );
    expect(r.ok).toBe(true);
    await expectKeptMatchesRules(today, now);
  });

  it("on the day a document comes into force: counted until the keeper refreshes the rows, then kept again", async () => {
    await publish({ segment: "2", doc_name: "other", publish_at: tomorrow });
    await expectKeptMatchesRules(today, now);
    const later = new Date(now.getTime() + DAY);
    // Tomorrow the segment's rows no longer hold: the page counts, and shows the document.
    expect(await keptStatusHolds(h.db, tomorrow)).toBe(false);
    for (const view of VIEWS)
      expect(await legalStatus(h.db, view, later)).toEqual(await countedLegalStatus(h.db, view, tomorrow));
    const segment2 = (
      await h.db.execute(sql`select count(*)::int n from clients where business_data->>'tin_number' = 'Segment_2'`)
    ).rows[0].n;
    expect(await rebuildLegalStatus(h.db, { only: "stale", now: later })).toEqual({
      outcome: "done",
      sellers: segment2,
    });
    await expectKeptMatchesRules(tomorrow, later);
  });

  it("the rebuild from scratch gives the same rows", async () => {
    const before = await keptRows();
    const all = (await h.db.execute(sql`select count(*)::int n from clients`)).rows[0].n;
    expect(await rebuildLegalStatus(h.db, { only: "all", now: new Date(now.getTime() + DAY) })).toEqual({
      outcome: "done",
      sellers: all,
    });
    expect(await keptRows()).toEqual(before);
    // The CSV from the kept rows is the counted CSV.
    const csv = await legalStatusCsvRecords(h.db, { status: "0", q: "" }, new Date(now.getTime() + DAY));
    const counted = (await countedSellerStatus(h.db, tomorrow)).filter((c) => statusOf(c) === "0");
    const byEmail = (rows: string[][]) => rows.sort((a, b) => (a[0] < b[0] ? -1 : 1));
    expect(byEmail(csv.map((r) => [r[1], r[5], r[6]]))).toEqual(
      byEmail(counted.map((c) => [c.email, String(c.in_force), String(c.accepted)])),
    );
    expect(csv.length).toBeGreaterThan(50);
  });

  it("the keeper recomputes stale rows on its own (a client added around the services)", async () => {
    await h.db.execute(sql`insert into clients (name, email, company_name, phone_number, business_data, pickrr_config)
      select 'Scripted Seller', 'scripted@example.test', 'Scripted Co.', '9800000001', jsonb_build_object('tin_number', 'Segment_3'), '{}'::jsonb`);
    expect(await keptStatusHolds(h.db, today)).toBe(false);
    const lines: string[] = [];
    const stop = startLegalStatusKeeper(h.db, (line) => lines.push(line), 50);
    try {
      for (let i = 0; i < 100 && !(await keptStatusHolds(h.db, today)); i++)
        await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    await expectKeptMatchesRules(today, now);
    expect(lines.join("\n")).toMatch(/Legal Status: \d+ sellers' status refreshed/);
  });

  it("a write that fails leaves the kept status as it was (one transaction)", async () => {
    const before = await keptRows();
    const failure = new Error("after the status");
    await expect(
      h.db.transaction(async (tx) => {
        const [doc] = await tx.select().from(legalDocuments).limit(1);
        const { id: _, created_at: __, ...copy } = doc;
        await tx.insert(legalDocuments).values({ ...copy, version: 99, publish_at: "2026-01-02" });
        await keepStatusAfterPublish(tx, doc.audience, now);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await keptRows()).toEqual(before);
  });
});
