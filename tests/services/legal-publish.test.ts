/**
 * Publishing a legal document through its preview (decision 063) on a real database (PGlite, and
 * PostgreSQL with TEST_DATABASE_URL): the publish-date rule (past, today, future; mandatory
 * against optional) in the form step and in the publish; every field's message at once, the
 * PDF's included; the checked PDF kept as its owner's pending file between the posts and
 * claimed once by Publish; the preview's counts equal Legal Status's for the same sellers.
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dmy } from "~/services/core/ist-dates";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clients, legalDocuments, staff, storedFiles } from "~/services/db/schema";
import { PENDING_FILE_MS } from "~/services/files/store.server";
import { deadlineMessages } from "~/services/legal/deadline";
import { indiaDate } from "~/services/legal/documents";
import { LEGAL_MESSAGES, type LegalDocumentInput, parseLegalDocument } from "~/services/legal/forms";
import { listLegalDocuments } from "~/services/legal/list.server";
import { previewSentences } from "~/services/legal/preview";
import {
  keptLegalPdf,
  LEGAL_FORBIDDEN,
  type LegalActor,
  type PdfUpload,
  prepareLegalDocument,
  publishLegalDocument,
} from "~/services/legal/publish.server";
import { acceptLegalDocument, legalOrderGate, sellerLegalDocs } from "~/services/legal/seller.server";
import { countedLegalStatus } from "~/services/legal/status.server";

import { openTestDb } from "../support/db";
import { makePdf } from "../support/pdf";

let h: DbHandle;
let legal: LegalActor;
let vp: LegalActor;
let pdf: Uint8Array;
// India's 27-11-2026, mid-morning.
const now = new Date("2026-11-27T05:00:00Z");
const today = indiaDate(now);
const daysFromToday = (n: number) =>
  new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

function input(extra: Record<string, string> = {}): LegalDocumentInput {
  const r = parseLegalDocument({
    doc_name: "agreement",
    doc_type: "broadcast",
    email: "",
    segment: "3",
    description: "Merchant agreement",
    publish_at: today,
    order_blocking: "optional",
    days: "",
    ...extra,
  });
  if (!r.ok) throw new Error(JSON.stringify(r.fieldErrors));
  return r.input;
}
const upload = (bytes: Uint8Array = pdf, name = "agreement.pdf"): PdfUpload => ({
  name,
  type: "application/pdf",
  bytes,
});
const counts = async () => ({
  docs: (await h.db.select({ n: count() }).from(legalDocuments))[0].n,
  published: (await h.db.select({ n: count() }).from(storedFiles).where(eq(storedFiles.purpose, "legal_document")))[0]
    .n,
  audits: (await h.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entity, "legal_document")))[0].n,
});
const step = (extra: Partial<Parameters<typeof prepareLegalDocument>[2]> & { input?: LegalDocumentInput | null }) => ({
  input: input(),
  fieldErrors: {},
  files: [upload()],
  kept: null,
  ...extra,
});

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const person = async (email: string): Promise<LegalActor> => {
    const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
    return { id: s.id, email: s.email, role: s.role };
  };
  legal = await person("legal@demo.test");
  vp = await person("vp@demo.test");
  pdf = await makePdf("Merchant agreement");
});
afterAll(() => h?.close());

describe("the publish-date rule in the service", () => {
  const mandatory = (publish_at: string, days: string) => input({ order_blocking: "mandatory", days, publish_at });

  it("refuses a mandatory document whose deadline is past or today, or that is backdated, storing nothing", async () => {
    const before = await counts();
    const cases: [LegalDocumentInput, string][] = [
      // The reported case: three weeks back, three days.
      [mandatory(daysFromToday(-21), "3"), deadlineMessages.deadlinePast(daysFromToday(-18))],
      [mandatory(daysFromToday(-1), "1"), deadlineMessages.deadlineToday(today)],
      [mandatory(daysFromToday(-2), "30"), deadlineMessages.backdated(today)],
    ];
    for (const [doc, message] of cases) {
      expect(await publishLegalDocument(h.db, legal, doc, upload(), now)).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { publish_at: message },
      });
      expect(await prepareLegalDocument(h.db, legal, step({ input: doc }), now)).toMatchObject({
        ok: false,
        status: 400,
        fieldErrors: { publish_at: message },
      });
    }
    expect(await counts()).toEqual(before);
  });

  it("publishes a mandatory document dated today or later, and an optional one dated in the past", async () => {
    const published = [
      await publishLegalDocument(h.db, legal, mandatory(today, "1"), upload(), now),
      await publishLegalDocument(h.db, legal, mandatory(daysFromToday(8), "3"), upload(), now),
      await publishLegalDocument(
        h.db,
        legal,
        input({ doc_name: "other", publish_at: daysFromToday(-21) }),
        upload(),
        now,
      ),
    ];
    expect(published.map((r) => r.ok)).toEqual([true, true, true]);
    // A deadline judged on India's day: 23:00 IST on the publish date is still that day.
    const lateEvening = new Date(`${today}T17:30:00Z`);
    expect(indiaDate(lateEvening)).toBe(today);
    expect((await publishLegalDocument(h.db, legal, mandatory(today, "1"), upload(), lateEvening)).ok).toBe(true);
  });

  it("a published mandatory document refuses orders only from its deadline on", async () => {
    const [seller] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(
        sql`${clients.business_data}->>'tin_number' = 'Segment_1' and not coalesce((${clients.pickrr_config}->>'disable_legal')::boolean, false)`,
      )
      .orderBy(clients.id)
      .limit(1);
    const r = await publishLegalDocument(
      h.db,
      legal,
      input({
        doc_type: "specific",
        email: seller.email,
        doc_name: "privacy_policy",
        order_blocking: "mandatory",
        days: "3",
      }),
      upload(),
      now,
    );
    expect(r.ok).toBe(true);
    expect(await legalOrderGate(h.db, seller.id, now)).toEqual({ ok: true });
    expect(await legalOrderGate(h.db, seller.id, new Date(`${daysFromToday(2)}T12:00:00Z`))).toEqual({ ok: true });
    expect((await legalOrderGate(h.db, seller.id, new Date(`${daysFromToday(3)}T01:00:00Z`))).ok).toBe(false);
  });
});

describe("the form step", () => {
  it("reports every field's message and the PDF's at once", async () => {
    const fieldErrors = { doc_name: LEGAL_MESSAGES.docName, description: LEGAL_MESSAGES.description };
    expect(await prepareLegalDocument(h.db, legal, step({ input: null, fieldErrors, files: [] }), now)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { ...fieldErrors, doc_file: LEGAL_MESSAGES.fileMissing },
      kept: null,
    });
    const big = new Uint8Array(1024 * 1024 + 1);
    big.set(pdf);
    expect(
      await prepareLegalDocument(h.db, legal, step({ input: null, fieldErrors, files: [upload(big)] }), now),
    ).toMatchObject({ status: 400, fieldErrors: { ...fieldErrors, doc_file: LEGAL_MESSAGES.fileSize } });
    expect(await prepareLegalDocument(h.db, legal, step({ files: [upload(big)] }), now)).toMatchObject({
      status: 413,
      fieldErrors: { doc_file: LEGAL_MESSAGES.fileSize },
    });
    expect(await prepareLegalDocument(h.db, legal, step({ files: [upload(), upload()] }), now)).toMatchObject({
      fieldErrors: { doc_file: LEGAL_MESSAGES.fileOne },
    });
    expect(
      await prepareLegalDocument(
        h.db,
        legal,
        step({ input: input({ doc_type: "specific", email: "nobody@nowhere.test" }) }),
        now,
      ),
    ).toMatchObject({ fieldErrors: { email: LEGAL_MESSAGES.unknownSeller } });
    expect(await prepareLegalDocument(h.db, vp, step({}), now)).toMatchObject({
      status: 403,
      message: LEGAL_FORBIDDEN,
    });
  });

  it("keeps a valid PDF while other fields fail, for its owner only, for a limited time", async () => {
    const failed = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: null, fieldErrors: { description: LEGAL_MESSAGES.description }, files: [upload(pdf, "kept.pdf")] }),
      now,
    );
    if (failed.ok || !("kept" in failed) || !failed.kept) throw new Error("kept");
    expect(failed.fieldErrors).toEqual({ description: LEGAL_MESSAGES.description });
    const kept = failed.kept;
    expect(kept).toMatchObject({ fileName: "kept.pdf", size: pdf.byteLength });
    // The next post, without a file, uses the kept one.
    const again = await prepareLegalDocument(h.db, legal, step({ files: [], kept: kept.id }), now);
    expect(again).toMatchObject({ ok: true, kept: { id: kept.id, fileName: "kept.pdf" } });
    // Someone else's id, an unknown one, or one past its time: choose the PDF again.
    const stranger = { ...legal, email: "someone.else@demo.test" };
    expect(await keptLegalPdf(h.db, stranger, kept.id, now)).toBeNull();
    const later = new Date(now.getTime() + PENDING_FILE_MS + 60_000);
    for (const [actor, id, at] of [
      [legal, 999_999, now],
      [legal, kept.id, later],
    ] as const)
      expect(await prepareLegalDocument(h.db, actor, step({ files: [], kept: id }), at)).toMatchObject({
        ok: false,
        fieldErrors: { doc_file: LEGAL_MESSAGES.fileGone },
        kept: null,
      });
    // A published document's file is not a pending one.
    const [doc] = await h.db.select({ file: legalDocuments.file_id }).from(legalDocuments).limit(1);
    expect(await keptLegalPdf(h.db, legal, doc.file, now)).toBeNull();
  });

  it("Publish claims the kept PDF once: a second Publish of the same preview publishes nothing", async () => {
    const prepared = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: input({ doc_name: "other", segment: "2" }) }),
      now,
    );
    if (!prepared.ok) throw new Error(prepared.message);
    const before = await counts();
    const first = await publishLegalDocument(
      h.db,
      legal,
      input({ doc_name: "other", segment: "2" }),
      { pending: prepared.kept.id },
      now,
    );
    if (!first.ok) throw new Error(first.message);
    const [row] = await h.db.select().from(legalDocuments).where(eq(legalDocuments.id, first.id));
    expect(row).toMatchObject({ file_id: prepared.kept.id, file_name: "agreement.pdf", version: 1 });
    const [file] = await h.db.select().from(storedFiles).where(eq(storedFiles.id, prepared.kept.id));
    expect(file.purpose).toBe("legal_document");
    expect(Buffer.from(file.bytes).equals(Buffer.from(pdf))).toBe(true);
    const second = await publishLegalDocument(
      h.db,
      legal,
      input({ doc_name: "other", segment: "2" }),
      { pending: prepared.kept.id },
      now,
    );
    expect(second).toMatchObject({ ok: false, status: 400, fieldErrors: { doc_file: LEGAL_MESSAGES.fileGone } });
    expect(await counts()).toEqual({
      docs: before.docs + 1,
      published: before.published + 1,
      audits: before.audits + 1,
    });
    // Another staff member cannot publish with it either.
    const prepared2 = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: input({ doc_name: "other", segment: "2" }) }),
      now,
    );
    if (!prepared2.ok) throw new Error(prepared2.message);
    expect(
      await publishLegalDocument(
        h.db,
        { ...legal, email: "someone.else@demo.test" },
        input({ doc_name: "other", segment: "2" }),
        { pending: prepared2.kept.id },
        now,
      ),
    ).toMatchObject({ ok: false, fieldErrors: { doc_file: LEGAL_MESSAGES.fileGone } });
  });

  it("saving a pending file removes pending files past their time", async () => {
    const pending = () =>
      h.db
        .select({ id: storedFiles.id })
        .from(storedFiles)
        .where(sql`${storedFiles.purpose} like 'pending:%'`);
    expect((await pending()).length).toBeGreaterThan(0);
    const later = new Date(now.getTime() + PENDING_FILE_MS + 60_000);
    const fresh = await prepareLegalDocument(h.db, legal, step({}), later);
    if (!fresh.ok) throw new Error(fresh.message);
    expect((await pending()).map((p) => p.id)).toEqual([fresh.kept.id]);
  });
});

describe("the preview", () => {
  it("counts the audience's sellers and those who have not accepted the version in force, as Legal Status does", async () => {
    // Segment 3's Privacy Policy: v1 in force, accepted by three sellers.
    const v1 = await publishLegalDocument(
      h.db,
      legal,
      input({ doc_name: "privacy_policy", publish_at: daysFromToday(-5) }),
      upload(),
      now,
    );
    if (!v1.ok) throw new Error(v1.message);
    const sellers = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(sql`${clients.business_data}->>'tin_number' = 'Segment_3'`)
      .orderBy(clients.id);
    expect(sellers.length).toBeGreaterThan(3);
    for (const s of sellers.slice(0, 3)) expect((await acceptLegalDocument(h.db, s, v1.id, null, now)).ok).toBe(true);

    const prepared = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: input({ doc_name: "privacy_policy", order_blocking: "mandatory", days: "4" }) }),
      now,
    );
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.preview).toMatchObject({
      version: 2,
      replaces: 1,
      audience: "Segment 3",
      sellers: sellers.length,
      not_accepted: sellers.length - 3,
    });
    // Legal Status, counted for every seller, shows the same: each of the segment's sellers has
    // v1 in force, three accepted.
    const status = await countedLegalStatus(h.db, { status: null, q: "", page: 1 }, today);
    expect(status.total).toBeGreaterThan(0);
    const all = [];
    for (let page = 1; page <= status.pages; page++)
      all.push(...(await countedLegalStatus(h.db, { status: null, q: "", page }, today)).rows);
    const v1Links = all.flatMap((r) => r.docs.filter((d) => d.id === v1.id));
    expect(v1Links).toHaveLength(sellers.length);
    expect(v1Links.filter((d) => d.accepted_at === null)).toHaveLength(prepared.preview.not_accepted);
    // The blocking rule reads the same links (decision 082): the sellers whose order gate sees v1
    // in force, and of them those who have not accepted it, are the preview's counts.
    const gateViews = await Promise.all(sellers.map((s) => sellerLegalDocs(h.db, s.id, now)));
    const v1Seen = gateViews.flatMap((v) => v.docs.filter((d) => d.id === v1.id));
    expect(v1Seen).toHaveLength(prepared.preview.sellers);
    expect(v1Seen.filter((d) => !d.accepted)).toHaveLength(prepared.preview.not_accepted);
    // Merchant Agreements says, for the segment, which version is in force now.
    expect((await listLegalDocuments(h.db, 1, now)).inForce).toContainEqual({
      segment: "3",
      doc_name: "privacy_policy",
      version: 1,
      publish_at: daysFromToday(-5),
    });
    expect(previewSentences(prepared.preview)).toEqual([
      `Privacy Policy v2 replaces v1 for Segment 3 (${sellers.length} sellers).`,
      `${sellers.length - 3} have not accepted v1.`,
      "It comes into force today, 27-11-2026.",
      "Mandatory: sellers who have not accepted by 30-11-2026 will have new orders refused from 01-12-2026.",
    ]);
  });

  it("a future publish date keeps the version in force; a version not yet in force is not the one replaced", async () => {
    const future = await publishLegalDocument(
      h.db,
      legal,
      input({ doc_name: "privacy_policy", publish_at: daysFromToday(10) }),
      upload(),
      now,
    );
    expect(future.ok && future.version).toBe(2);
    const prepared = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: input({ doc_name: "privacy_policy", publish_at: daysFromToday(20) }) }),
      now,
    );
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.preview).toMatchObject({ version: 3, replaces: 1 });
    // The list: v1 still in force for Segment 3 (the summary and its row), v2 scheduled.
    const list = await listLegalDocuments(h.db, 1, now);
    expect(list.inForce.filter((d) => d.segment === "3" && d.doc_name === "privacy_policy")).toEqual([
      { segment: "3", doc_name: "privacy_policy", version: 1, publish_at: daysFromToday(-5) },
    ]);
    if (!future.ok) throw new Error(future.message);
    expect(list.rows.find((r) => r.id === future.id)?.state).toEqual({ state: "scheduled", from: daysFromToday(10) });
    expect(previewSentences(prepared.preview)).toContain(
      `v1 stays in force until ${dmy(daysFromToday(19))}; v3 comes into force on ${dmy(daysFromToday(20))}.`,
    );
  });

  it("a Specific document's audience is its one seller", async () => {
    const [seller] = await h.db
      .select({ email: clients.email })
      .from(clients)
      .where(sql`${clients.business_data}->>'tin_number' = 'Segment_2'`)
      .orderBy(clients.id)
      .limit(1);
    const prepared = await prepareLegalDocument(
      h.db,
      legal,
      step({ input: input({ doc_type: "specific", email: seller.email.toUpperCase() }) }),
      now,
    );
    if (!prepared.ok) throw new Error(prepared.message);
    expect(prepared.preview).toMatchObject({
      version: 1,
      replaces: null,
      audience: seller.email.toLowerCase(),
      sellers: 1,
      not_accepted: 0,
    });
  });
});
