/**
 * Legal documents on a real database (decision 028; PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * publishing stores a checked PDF and a new version with an audit row; refused files store
 * nothing; a seller sees the documents in force for it and accepts each once however many
 * accepts race; Legal Status counts them; a mandatory document overdue refuses the seller's
 * orders unless legal blocked the seller.
 */
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clients, legalAcceptances, legalDocuments, staff, storedFiles } from "~/services/db/schema";
import { blockedUsers, setLegalAccess } from "~/services/legal/access.server";
import { LEGAL_MESSAGES, type LegalDocumentInput, parseLegalDocument } from "~/services/legal/forms";
import { listLegalDocuments } from "~/services/legal/list.server";
import {
  LEGAL_FORBIDDEN,
  type LegalActor,
  type PdfUpload,
  publishLegalDocument,
} from "~/services/legal/publish.server";
import { acceptLegalDocument, legalOrderGate, sellerLegalDocs } from "~/services/legal/seller.server";
import { legalStatus, legalStatusCsvRecords } from "~/services/legal/status.server";
import { placeOrder } from "~/services/orders/place.server";
import { parseOrder } from "~/services/orders/place-form";

import { openTestDb } from "../support/db";
import { makePdf } from "../support/pdf";

let h: DbHandle;
let legal: LegalActor;
let vp: LegalActor;
let pdf: Uint8Array;
type Seller = { id: number; email: string; segment: string };
let seller: Seller;
let other: Seller;
const now = new Date("2026-11-20T06:00:00Z");

function input(extra: Record<string, string> = {}): LegalDocumentInput {
  const r = parseLegalDocument({
    doc_name: "agreement",
    doc_type: "broadcast",
    email: "",
    segment: seller.segment,
    description: "Merchant agreement",
    publish_at: "2026-11-01",
    order_blocking: "optional",
    days: "",
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.input;
}
const file = (bytes: Uint8Array = pdf, name = "agreement.pdf", type = "application/pdf"): PdfUpload => ({
  name,
  type,
  bytes,
});
const counts = async () => ({
  files: (await h.db.select({ n: count() }).from(storedFiles))[0].n,
  docs: (await h.db.select({ n: count() }).from(legalDocuments))[0].n,
});

async function sellerWith(segment: string, skip: number[] = []): Promise<Seller> {
  const rows = await h.db
    .select({ id: clients.id, email: clients.email })
    .from(clients)
    .where(
      and(
        isNotNull(clients.auth_token),
        sql`${clients.business_data}->>'tin_number' = ${`Segment_${segment}`}`,
        sql`not coalesce((${clients.pickrr_config}->>'disable_legal')::boolean, false)`,
      ),
    )
    .orderBy(clients.id)
    .limit(5);
  const row = rows.find((r) => !skip.includes(r.id))!;
  return { ...row, segment };
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const person = async (email: string): Promise<LegalActor> => {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    return { id: s.id, email: s.email, role: s.role };
  };
  legal = await person("legal@demo.test");
  vp = await person("vp@demo.test");
  pdf = await makePdf("Merchant agreement");
  seller = await sellerWith("2");
  other = await sellerWith("2", [seller.id]);
});
afterAll(() => h?.close());

describe("publishing", () => {
  it("refuses a file of 1 MB + 1 byte, a renamed PNG, an empty file and a script-bearing name, and stores nothing", async () => {
    const before = await counts();
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(pdf);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(7)]);
    const cases: [PdfUpload | null, string, number][] = [
      [file(big), "Max file size 1 mb only", 413],
      [file(png, "photo.pdf"), "You can only upload pdf file!", 400],
      [file(pdf, "agreement.png", "image/png"), "You can only upload pdf file!", 400],
      [file(new Uint8Array(), "empty.pdf"), LEGAL_MESSAGES.fileEmpty, 400],
      [file(pdf, "<script>alert(1)</script>.pdf"), LEGAL_MESSAGES.fileName, 400],
      [null, LEGAL_MESSAGES.fileMissing, 400],
    ];
    for (const [upload, message, status] of cases) {
      const r = await publishLegalDocument(h.db, legal, input(), upload);
      expect(r).toMatchObject({ ok: false, status, message, fieldErrors: { doc_file: message } });
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses anyone but legal (403) and an unknown seller's e-mail, storing nothing", async () => {
    const before = await counts();
    expect(await publishLegalDocument(h.db, vp, input(), file())).toMatchObject({
      ok: false,
      status: 403,
      message: LEGAL_FORBIDDEN,
    });
    expect(
      await publishLegalDocument(h.db, legal, input({ doc_type: "specific", email: "nobody@nowhere.test" }), file()),
    ).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "No seller has this e-mail." },
    });
    expect(await counts()).toEqual(before);
  });

  it("publishes versions per name and audience, with the PDF and an audit row", async () => {
    const seeded = (await listLegalDocuments(h.db, 1)).total;
    const first = await publishLegalDocument(h.db, legal, input(), file());
    const second = await publishLegalDocument(h.db, legal, input({ description: "Revised" }), file());
    const privacy = await publishLegalDocument(h.db, legal, input({ doc_name: "privacy_policy" }), file());
    const specific = await publishLegalDocument(
      h.db,
      legal,
      input({ doc_type: "specific", email: seller.email.toUpperCase() }),
      file(),
    );
    expect([first, second, privacy, specific].map((r) => r.ok && r.version)).toEqual([1, 2, 1, 1]);
    if (!second.ok || !specific.ok) throw new Error("published");
    const [row] = await h.db.select().from(legalDocuments).where(eq(legalDocuments.id, specific.id));
    expect(row).toMatchObject({
      audience: `email:${seller.email.toLowerCase()}`,
      client_id: seller.id,
      file_name: "agreement.pdf",
    });
    const [stored] = await h.db.select().from(storedFiles).where(eq(storedFiles.id, row.file_id));
    expect(stored).toMatchObject({ purpose: "legal_document", content_type: "application/pdf", size: pdf.byteLength });
    expect(Buffer.from(stored.bytes).equals(Buffer.from(pdf))).toBe(true);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "legal_document"), eq(auditLog.action, "publish")));
    expect(audits).toHaveLength(4);
    expect(audits.find((a) => a.entity_id === String(second.id))).toMatchObject({
      staff_email: "legal@demo.test",
      staff_role: "legal",
      new_value: { version: 2, doc_name: "agreement" },
    });
    const list = await listLegalDocuments(h.db, 1);
    expect(list.total).toBe(seeded + 4);
    expect(list.rows[0]).toMatchObject({ id: specific.id, audience_size: 1, accepted: 0, doc_type: "specific" });
    const segmentSize = (
      await h.db
        .select({ n: count() })
        .from(clients)
        .where(sql`${clients.business_data}->>'tin_number' = 'Segment_2'`)
    )[0].n;
    expect(list.rows.find((r) => r.id === second.id)).toMatchObject({ audience_size: segmentSize, version: 2 });
  });
});

describe("the seller's documents and acceptance", () => {
  it("lists the newest published version per document for the seller only; not yet published ones are left out", async () => {
    await publishLegalDocument(h.db, legal, input({ doc_name: "other", publish_at: "2026-12-31" }), file());
    const mine = await sellerLegalDocs(h.db, seller.id, now);
    expect(mine.docs.map((d) => [d.doc_name, d.doc_type, d.version])).toEqual([
      ["agreement", "broadcast", 2],
      ["privacy_policy", "broadcast", 1],
      ["agreement", "specific", 1],
    ]);
    const theirs = await sellerLegalDocs(h.db, other.id, now);
    expect(theirs.docs.map((d) => d.doc_type)).toEqual(["broadcast", "broadcast"]);
  });

  it("records one acceptance under 20 concurrent accepts, with one audit row", async () => {
    const { docs } = await sellerLegalDocs(h.db, seller.id, now);
    const target = docs[0];
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => acceptLegalDocument(h.db, seller, target.id, "203.0.113.7", now)),
    );
    expect(answers.every((a) => a.ok)).toBe(true);
    const times = new Set(answers.map((a) => a.ok && a.accepted_at));
    expect(times.size).toBe(1);
    const rows = await h.db.select().from(legalAcceptances).where(eq(legalAcceptances.document_id, target.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client_id: seller.id, version: 2, ip: "203.0.113.7", accepted_by: seller.email });
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "legal_acceptance"), eq(auditLog.entity_id, String(target.id))));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ staff_role: "seller", client_id: seller.id });
    expect((await sellerLegalDocs(h.db, seller.id, now)).docs[0]).toMatchObject({ accepted: true });
  });

  it("refuses a document not addressed to the seller (404)", async () => {
    const { docs } = await sellerLegalDocs(h.db, seller.id, now);
    const specific = docs.find((d) => d.doc_type === "specific")!;
    expect(await acceptLegalDocument(h.db, other, specific.id, null, now)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("Legal Status", () => {
  it("counts documents in force and accepted per seller, filters by status and searches", async () => {
    const { docs } = await sellerLegalDocs(h.db, seller.id, now);
    for (const d of docs) await acceptLegalDocument(h.db, seller, d.id, null, now);
    const accepted = await legalStatus(h.db, { status: "1", q: "", page: 1 }, now);
    expect(accepted.rows.map((r) => r.id)).toEqual([seller.id]);
    expect(accepted.rows[0]).toMatchObject({ in_force: 3, accepted: 3, status: "1" });
    expect(accepted.rows[0].docs.every((d) => d.accepted_at !== null)).toBe(true);
    // A stale link past the last page shows the last page.
    expect(await legalStatus(h.db, { status: "1", q: "", page: 99 }, now)).toMatchObject({
      page: 1,
      pages: 1,
      total: 1,
      rows: [{ id: seller.id }],
    });
    const notAccepted = await legalStatus(h.db, { status: "0", q: other.email, page: 1 }, now);
    expect(notAccepted.rows).toHaveLength(1);
    expect(notAccepted.rows[0]).toMatchObject({ id: other.id, in_force: 2, accepted: 0, status: "0" });
    expect(notAccepted.rows[0].docs.map((d) => d.accepted_at)).toEqual([null, null]);
    const segment2 = (
      await h.db
        .select({ n: count() })
        .from(clients)
        .where(sql`${clients.business_data}->>'tin_number' = 'Segment_2'`)
    )[0].n;
    expect((await legalStatus(h.db, { status: "0", q: "", page: 1 }, now)).total).toBe(segment2 - 1);
    const csv = await legalStatusCsvRecords(h.db, { status: "1", q: "" }, now);
    expect(csv).toHaveLength(1);
    expect(csv[0].slice(1, 8)).toEqual([seller.email, csv[0][2], "2", "1", "3", "3", "Accepted"]);
  });

  it("counts the unfiltered pages (chosen by name, then counted) exactly as the filtered path counts every seller", async () => {
    // `other` accepts one of its two documents: a partly accepted seller among the counted.
    const { docs } = await sellerLegalDocs(h.db, other.id, now);
    await acceptLegalDocument(h.db, other, docs[0].id, null, now);
    // Every seller's counts by the path that counts them all (the CSV's) …
    const everyone = await legalStatusCsvRecords(h.db, { status: null, q: "" }, now);
    const expected = everyone.map((r) => [r[1], r[5], r[6], r[4]]);
    // … against the pages of the unfiltered view, which count only the page's sellers.
    const first = await legalStatus(h.db, { status: null, q: "", page: 1 }, now);
    const shown: string[][] = [];
    for (let page = 1; page <= first.pages; page++) {
      const result = await legalStatus(h.db, { status: null, q: "", page }, now);
      expect(result.total).toBe(everyone.length);
      for (const r of result.rows) shown.push([r.email, String(r.in_force), String(r.accepted), r.status ?? ""]);
    }
    expect(shown).toEqual(expected);
    expect(shown.some(([, inForce, accepted]) => Number(accepted) > 0 && accepted !== inForce)).toBe(true);
  });
});

describe("orders and blocked users", () => {
  const order = () => {
    const parsed = parseOrder({
      pickup_pincode: "110001",
      drop_pincode: "560001",
      payment_mode: "prepaid",
      invoice_value: 899,
      weight: 1.2,
      length: 20,
      breadth: 15,
      height: 10,
      items: [{ name: "Kurta", sku: "K-1", quantity: 2 }],
      customer_name: "Priya Sharma",
      customer_phone: "9876543210",
      customer_address: "12 MG Road, Bengaluru",
    });
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    return parsed.order;
  };

  it("an overdue mandatory document refuses new orders naming it; a blocked seller's orders are not refused; accepting lifts it", async () => {
    // The seller the order tests place for (its couriers quote this lane).
    const [c] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .orderBy(clients.id)
      .limit(1);
    const other = { ...c, segment: "" };
    const published = await publishLegalDocument(
      h.db,
      legal,
      input({
        doc_type: "specific",
        email: other.email,
        doc_name: "other",
        order_blocking: "mandatory",
        days: "5",
        publish_at: "2026-11-10",
      }),
      file(),
      // Published on its publish date: a mandatory document is not backdated (decision 063).
      new Date("2026-11-10T06:00:00Z"),
    );
    if (!published.ok) throw new Error("published");
    expect(await legalOrderGate(h.db, other.id, new Date("2026-11-14T06:00:00Z"))).toEqual({ ok: true });
    const refused = await placeOrder(h.db, other.id, order(), { now });
    expect(refused).toEqual({
      status: 409,
      body: {
        err: "New orders are blocked: the Other (version 1) published on 2026-11-10 had to be accepted by 2026-11-15. Accept it to place orders again.",
      },
    });

    const before = (await h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "legal_access")))[0].n;
    expect(await setLegalAccess(h.db, legal, { email: other.email.toUpperCase(), disable_legal: true })).toEqual({
      ok: true,
      changed: true,
    });
    expect(await setLegalAccess(h.db, legal, { email: other.email, disable_legal: true })).toEqual({
      ok: true,
      changed: false,
    });
    expect((await blockedUsers(h.db)).map((u) => u.id)).toContain(other.id);
    expect((await placeOrder(h.db, other.id, order(), { now })).status).toBe(201);
    const [access] = await h.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, "legal_access"))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(access).toMatchObject({
      action: "block",
      client_id: other.id,
      staff_role: "legal",
      old_value: { disable_legal: false },
      new_value: { disable_legal: true },
    });
    expect((await h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "legal_access")))[0].n).toBe(
      before + 1,
    );

    expect(await setLegalAccess(h.db, legal, { email: other.email, disable_legal: false })).toEqual({
      ok: true,
      changed: true,
    });
    expect((await blockedUsers(h.db)).map((u) => u.id)).not.toContain(other.id);
    expect((await placeOrder(h.db, other.id, order(), { now })).status).toBe(409);
    expect((await acceptLegalDocument(h.db, other, published.id, null, now)).ok).toBe(true);
    expect((await placeOrder(h.db, other.id, order(), { now })).status).toBe(201);
  });

  it("refuses an unknown e-mail and non-legal staff, changing nothing", async () => {
    const before = await blockedUsers(h.db);
    expect(await setLegalAccess(h.db, legal, { email: "nobody@nowhere.test", disable_legal: true })).toMatchObject({
      ok: false,
      status: 400,
      message: "No seller has this e-mail.",
    });
    expect(await setLegalAccess(h.db, vp, { email: seller.email, disable_legal: true })).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await blockedUsers(h.db)).toEqual(before);
  });
});
