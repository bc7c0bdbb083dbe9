/**
 * Withdrawing a legal version and the deadline reminders (decisions 061, 062) on a real database
 * (PGlite, and PostgreSQL with TEST_DATABASE_URL): a withdrawal puts the audience's previous
 * version back in force at once — the order API (POST /api/orders, through its route) answers
 * 201 again and the kept Legal Status says so in the same transaction; twenty withdraws at once
 * withdraw once; reminders go out once per seller, document and kind even with two job runners at
 * the same moment; the demo seed holds some.
 */
import { and, count, eq, isNotNull, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addDays } from "~/services/core/ist-dates";
import type { DbHandle } from "~/services/db/client.server";
import {
  auditLog,
  clients,
  legalAcceptances,
  legalDocuments,
  legalReminders,
  legalSellerStatus,
  mailOutbox,
  staff,
} from "~/services/db/schema";
import { saveFile } from "~/services/files/store.server";
import { indiaDate } from "~/services/legal/documents";
import { parseLegalDocument } from "~/services/legal/forms";
import { listLegalDocuments } from "~/services/legal/list.server";
import { type LegalActor, publishLegalDocument } from "~/services/legal/publish.server";
import { sendLegalReminders } from "~/services/legal/reminders.server";
import { acceptLegalDocument, sellerLegalDocs } from "~/services/legal/seller.server";
import { rebuildLegalStatus } from "~/services/legal/status-kept.server";
import { withdrawLegalDocument, withdrawTarget } from "~/services/legal/withdraw.server";
import { WITHDRAW_MESSAGES } from "~/services/legal/withdraw-form";

import { openTestDb, useAsAppDb } from "../support/db";
import { firstClientToken, postOrderBody } from "../support/orders-api";
import { makePdf } from "../support/pdf";

let h: DbHandle;
let legal: LegalActor;
let pdf: Uint8Array;
const today = indiaDate(new Date());

const ORDER = {
  pickup_pincode: "110001",
  drop_pincode: "560001",
  payment_mode: "prepaid",
  invoice_value: 899,
  weight: 1.2,
  length: 20,
  breadth: 15,
  height: 10,
  items: [{ name: "Kurta", sku: "K-1", quantity: 2 }],
  customer_name: "Withdraw Customer",
  customer_phone: "9876543210",
  customer_address: "12 MG Road, Bengaluru",
};

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  const [s] = await h.db.select().from(staff).where(eq(staff.email, "legal@demo.test"));
  legal = { id: s.id, email: s.email, role: s.role };
  pdf = await makePdf("Withdraw test");
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

/** A version as it stands after being published earlier (the publish form refuses past deadlines today). */
async function earlierVersion(
  seller: { id: number; email: string },
  v: { version: number; publish_at: string; days: number; doc_name?: "agreement" | "other" },
): Promise<number> {
  const fileId = await saveFile(h.db, {
    purpose: "legal_document",
    fileName: "agreement.pdf",
    contentType: "application/pdf",
    bytes: pdf,
    uploadedBy: legal.email,
  });
  const [row] = await h.db
    .insert(legalDocuments)
    .values({
      doc_name: v.doc_name ?? "agreement",
      doc_type: "specific",
      segment: "1",
      email: seller.email.toLowerCase(),
      client_id: seller.id,
      audience: `email:${seller.email.toLowerCase()}`,
      description: `Version ${v.version}`,
      publish_at: v.publish_at,
      order_blocking: "mandatory",
      days: v.days,
      version: v.version,
      file_id: fileId,
      file_name: "agreement.pdf",
      created_by: legal.id,
    })
    .returning({ id: legalDocuments.id });
  return row.id;
}

describe("withdrawing a version", () => {
  it("puts the previous version back in force at once: the order API answers 201 again and Legal Status says accepted", async () => {
    const token = await firstClientToken(h.db);
    const [seller] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(eq(clients.auth_token, token));
    // v1 accepted; v2, published later, overdue and not accepted: the seller's orders are refused.
    const v1 = await earlierVersion(seller, { version: 1, publish_at: addDays(today, -40), days: 5 });
    await acceptLegalDocument(h.db, seller, v1, null, new Date(`${addDays(today, -39)}T06:00:00Z`));
    const v2 = await earlierVersion(seller, { version: 2, publish_at: addDays(today, -10), days: 3 });
    await rebuildLegalStatus(h.db, { only: "all" });
    const refused = await postOrderBody(token, JSON.stringify(ORDER));
    expect(refused.status).toBe(409);
    expect(refused.body.err).toContain("version 2");

    // Before: v2 in force, v1 superseded by it on the day v2 was published (today, its date being earlier).
    const listed = await listLegalDocuments(h.db, 1);
    expect(listed.rows.find((r) => r.id === v1)?.state).toEqual({ state: "superseded", by_version: 2, on: today });
    expect(listed.rows.find((r) => r.id === v2)?.state).toEqual({ state: "in_force" });

    const view = await withdrawTarget(h.db, v2);
    expect(view).toMatchObject({ ok: true, in_force_now: 2, in_force_after: { version: 1 } });
    const withdrawnFrom = Date.now();
    const done = await withdrawLegalDocument(h.db, legal, v2, { reason: "Published with the wrong dates" });
    expect(done).toEqual({ ok: true, version: 2 });

    const placed = await postOrderBody(token, JSON.stringify({ ...ORDER, customer_name: "After Withdraw" }));
    expect(placed.status).toBe(201);
    const mine = await sellerLegalDocs(h.db, seller.id);
    expect(mine.docs.filter((d) => d.doc_name === "agreement").map((d) => [d.version, d.accepted])).toEqual([
      [1, true],
    ]);
    // The kept Legal Status was refreshed in the withdrawal's transaction.
    const [kept] = await h.db.select().from(legalSellerStatus).where(eq(legalSellerStatus.client_id, seller.id));
    expect(kept).toMatchObject({ status: "1", stale: false });
    expect(kept.docs.map((d) => d.version)).toEqual([1]);
    // Readable, marked withdrawn with who, when and why; v1 in force; audited.
    const list = await listLegalDocuments(h.db, 1);
    const rowOf = (id: number) => list.rows.find((r) => r.id === id)!;
    expect(rowOf(v2)).toMatchObject({
      state: { state: "withdrawn" },
      withdrawn: { by: "legal@demo.test", reason: "Published with the wrong dates" },
    });
    // When: the moment of the withdrawal.
    const at = Date.parse(rowOf(v2).withdrawn!.at);
    expect(at).toBeGreaterThanOrEqual(withdrawnFrom - 1000);
    expect(at).toBeLessThanOrEqual(Date.now() + 1000);
    expect(rowOf(v1).state).toEqual({ state: "in_force" });
    const [audit] = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "legal_document"), eq(auditLog.action, "withdraw")));
    expect(audit).toMatchObject({
      entity_id: String(v2),
      staff_email: "legal@demo.test",
      new_value: { version: 2, withdrawn: true, reason: "Published with the wrong dates" },
    });
  });

  it("withdraws once under 20 concurrent withdraws: one success, 19 refusals, one audit row", async () => {
    const [seller] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .orderBy(clients.id)
      .offset(3)
      .limit(1);
    const id = await earlierVersion(seller, {
      version: 1,
      publish_at: addDays(today, -2),
      days: 30,
      doc_name: "other",
    });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => withdrawLegalDocument(h.db, legal, id, { reason: `Racer ${i} says no` })),
    );
    expect(answers.filter((a) => a.ok)).toHaveLength(1);
    const refused = answers.filter((a) => !a.ok);
    expect(refused).toHaveLength(19);
    for (const r of refused) expect(r).toMatchObject({ status: 409, message: WITHDRAW_MESSAGES.already });
    const audits = await h.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.action, "withdraw"), eq(auditLog.entity_id, String(id))));
    expect(audits[0].n).toBe(1);
    expect(await withdrawLegalDocument(h.db, legal, 99_999_999, { reason: "No such version" })).toMatchObject({
      status: 404,
    });
  });
});

describe("deadline reminders", () => {
  it("the demo seed holds reminders of both kinds, sent through the job", async () => {
    const kinds = await h.db
      .select({ kind: legalReminders.kind, n: count() })
      .from(legalReminders)
      .groupBy(legalReminders.kind);
    const byKind = Object.fromEntries(kinds.map((k) => [k.kind, k.n]));
    expect(byKind["3d"]).toBeGreaterThan(0);
    expect(byKind["1d"]).toBeGreaterThan(0);
  });

  it("sends each reminder once, with two job runners at the same moment; 1 day before the next; none after accepting", async () => {
    const input = parseLegalDocument({
      doc_name: "privacy_policy",
      doc_type: "broadcast",
      email: "",
      segment: "3",
      description: "Reminder test",
      publish_at: today,
      order_blocking: "mandatory",
      days: "5",
    });
    if (!input.ok) throw new Error("input");
    const published = await publishLegalDocument(h.db, legal, input.input, {
      name: "privacy.pdf",
      type: "application/pdf",
      bytes: pdf,
    });
    if (!published.ok) throw new Error(published.message);
    const sellers = (
      await h.db.execute(sql`select id, email from clients c where c.business_data->>'tin_number' = 'Segment_3'
        and not coalesce((c.pickrr_config->>'disable_legal')::boolean, false) order by id`)
    ).rows as { id: number; email: string }[];
    // One seller accepts before any reminder: it gets none.
    await acceptLegalDocument(h.db, sellers[0], published.id, null);
    const expected = sellers.length - 1;
    const mails = async () =>
      (
        await h.db.select({ n: count() }).from(mailOutbox).where(like(mailOutbox.subject, "%Privacy Policy (version%"))
      )[0].n;
    const before = await mails();
    const at = (day: string) => new Date(`${day}T04:00:00Z`);
    // Three days before the deadline, twice at once.
    const runs = await Promise.all([
      sendLegalReminders(h.db, at(addDays(today, 2))),
      sendLegalReminders(h.db, at(addDays(today, 2))),
    ]);
    const sent = runs.reduce((n, r) => n + (r.outcome === "done" ? r.sent : 0), 0);
    expect(sent).toBe(expected);
    expect(await mails()).toBe(before + expected);
    const rows = await h.db.select().from(legalReminders).where(eq(legalReminders.document_id, published.id));
    expect(rows.filter((r) => r.kind === "3d")).toHaveLength(expected);
    expect(rows.some((r) => r.client_id === sellers[0].id)).toBe(false);
    // Two days before: the 3-day reminder is not sent again.
    expect(await sendLegalReminders(h.db, at(addDays(today, 3)))).toEqual({ outcome: "done", sent: 0 });
    // A second seller accepts; the day before, every other seller gets the 1-day reminder, once.
    await acceptLegalDocument(h.db, sellers[1], published.id, null, at(addDays(today, 3)));
    const dayBefore = await Promise.all([
      sendLegalReminders(h.db, at(addDays(today, 4))),
      sendLegalReminders(h.db, at(addDays(today, 4))),
    ]);
    expect(dayBefore.reduce((n, r) => n + (r.outcome === "done" ? r.sent : 0), 0)).toBe(expected - 1);
    expect(await mails()).toBe(before + expected + expected - 1);
    const list = await listLegalDocuments(h.db, 1);
    expect(list.rows.find((r) => r.id === published.id)?.reminders).toEqual({ "3d": expected, "1d": expected - 1 });
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(
        sql`${mailOutbox.to} ? ${sellers[2].email.toLowerCase()} and ${mailOutbox.subject} like '%Privacy Policy%'`,
      )
      .limit(1);
    expect(mail.subject).toContain("Privacy Policy (version 1)");
    expect(
      (
        await h.db.select({ n: count() }).from(legalAcceptances).where(eq(legalAcceptances.document_id, published.id))
      )[0].n,
    ).toBe(2);
  });

  it("a withdrawn version sends no reminders", async () => {
    const [seller] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(isNotNull(clients.auth_token))
      .orderBy(clients.id)
      .offset(5)
      .limit(1);
    const id = await earlierVersion(seller, { version: 1, publish_at: today, days: 3, doc_name: "other" });
    expect(await withdrawLegalDocument(h.db, legal, id, { reason: "Sent to the wrong seller" })).toMatchObject({
      ok: true,
    });
    await sendLegalReminders(h.db, new Date(`${today}T04:00:00Z`));
    expect(
      (await h.db.select({ n: count() }).from(legalReminders).where(eq(legalReminders.document_id, id)))[0].n,
    ).toBe(0);
  });
});
