/**
 * Saved quotes (decision 073) on a real seeded database (PGlite, or PostgreSQL with
 * TEST_DATABASE_URL): a kept quote keeps its prices, PDF and rate-card version after the rates
 * change; only staff of the client's hierarchy open it; e-mailing it queues the PDF in the outbox
 * (delivered to a real SMTP receiver) and writes an audit row in the same transaction.
 */
import type net from "node:net";

import { and, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import type { Viewer } from "~/services/clients/clients.server";
import { formatInr } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, clientCourierServices, clients, mailOutbox, savedQuotes, staff } from "~/services/db/schema";
import { deliverDueMail } from "~/services/mail/outbox.server";
import { quoteForClient } from "~/services/quote/quote.server";
import {
  createAndEmailSavedQuote,
  createSavedQuote,
  emailSavedQuote,
  QUOTE_NOT_FOUND_MESSAGE,
  savedQuoteFile,
  savedQuoteForViewer,
} from "~/services/quote/saved-quote.server";
import { updateRateRow } from "~/services/ratecards/edit.server";
import { rateValuesOf } from "~/services/ratecards/fields";
import { getClientRateCard } from "~/services/ratecards/read.server";
import { rateCardVersion } from "~/services/ratecards/version.server";

import { calculatorInput } from "../support/calculator";
import { openTestDb } from "../support/db";
import { extractPdfText } from "../support/pdf-text";

let h: DbHandle;
let vp: Viewer;
let tl: Viewer;
let client: { id: number; name: string; company_name: string; email: string };
/** A client outside tl@demo.test's chain. */
let otherClientId: number;
const NOW = new Date("2026-11-27T04:30:00Z"); // 10:00 IST

async function viewer(email: string): Promise<Viewer> {
  const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
  return { id: s.id, email: s.email, role: s.role };
}

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  vp = await viewer("vp@demo.test");
  tl = await viewer("tl@demo.test");
  // A client of tl@'s chain whose card quotes the test lane with at least one courier.
  const candidates = await h.db
    .select()
    .from(clients)
    .where(and(eq(clients.tl_id, tl.id), isNotNull(clients.auth_token)))
    .orderBy(clients.id);
  for (const c of candidates) {
    const q = await quoteForClient(h.db, c.id, calculatorInput(), NOW);
    if (q.ok && q.quote.rate_list.length > 0) {
      client = { id: c.id, name: c.name, company_name: c.company_name, email: c.email };
      break;
    }
  }
  if (!client) throw new Error("no client of tl@demo.test quotes the lane");
  const [other] = await h.db
    .select({ id: clients.id })
    .from(clients)
    .where(sql`${clients.tl_id} is distinct from ${tl.id}`)
    .limit(1);
  otherClientId = other.id;
});
afterAll(async () => {
  await h?.close();
});
afterEach(() => {
  delete process.env.SMTP_URL;
});

/** Raises every Forward/express row's zone prices of the client's card by ₹`delta` (one audited change per row). */
async function raiseRates(delta: number) {
  const card = await getClientRateCard(h.db, client.id, { showAll: true });
  for (const row of card!.rows.filter((r) => r.shipment_type === "FORWARD")) {
    const values = rateValuesOf(row);
    for (const zone of ["a", "b", "c", "d", "e"] as const)
      values[`zone_${zone}_base`] = (Number(values[`zone_${zone}_base`]) + delta).toFixed(2);
    const result = await updateRateRow(h.db, vp, { rowId: row.id, clientId: client.id, version: row.version, values });
    expect(result.ok).toBe(true);
  }
}

describe("a saved quote", () => {
  it("keeps its prices, PDF and rate-card version after the rates change; a new quote has the new ones", async () => {
    const created = await createSavedQuote(h.db, vp, client, calculatorInput({ weight: "0.75" }), NOW);
    if (!created.ok) throw new Error(created.message);
    const { quote } = created;
    const before = quote.document;
    const live = await quoteForClient(h.db, client.id, calculatorInput({ weight: "0.75" }), NOW);
    if (!live.ok) throw new Error(live.message);
    expect(before.couriers.map((c) => c.delivered_paise)).toEqual(live.quote.rate_list.map((e) => e.delivered_charges));
    expect(before.rate_card.version).toBe((await rateCardVersion(h.db, client.id)).version);
    expect(before.quoted_on).toBe("2026-11-27");
    expect(before.valid_until).toBe("2026-12-04");
    const pdfBefore = (await savedQuoteFile(quote)).pdf;
    const text = extractPdfText(pdfBefore).flat;
    expect(text).toContain("Prices as of 27-11-2026, valid 7 days (until 04-12-2026).");
    expect(text).toContain(`Rate card version ${before.rate_card.version}`);
    for (const c of before.couriers) expect(text).toContain(formatInr(c.delivered_paise).replace("₹", ""));
    expect(text).toContain("Pickup pincode: 110001");
    expect(text).toContain("Delivery pincode: 560001");
    expect(text).toMatch(/Chargeable weight: 0\.75 kg \(the dead weight is used\)/);

    await raiseRates(10);
    const version = await rateCardVersion(h.db, client.id);
    expect(version.version).toBeGreaterThan(before.rate_card.version);

    // The kept quote: the same prices, version and PDF bytes.
    const reopened = await savedQuoteForViewer(h.db, vp, client.id, quote.id);
    if (!reopened.ok) throw new Error(reopened.message);
    expect(reopened.quote.document).toEqual(before);
    expect((await savedQuoteFile(reopened.quote)).pdf.equals(pdfBefore)).toBe(true);

    // A quote made now is ₹10 dearer per courier, at the new version.
    const again = await createSavedQuote(h.db, vp, client, calculatorInput({ weight: "0.75" }), NOW);
    if (!again.ok) throw new Error(again.message);
    const byCourier = new Map(before.couriers.map((c) => [c.courier_id, c.delivered_paise]));
    for (const c of again.quote.document.couriers)
      if (byCourier.has(c.courier_id)) expect(c.delivered_paise).toBe(byCourier.get(c.courier_id)! + 1000);
    expect(again.quote.document.rate_card.version).toBe(version.version);
    expect(again.quote.id).not.toBe(quote.id);
  });

  it("the working says which weight is charged: volumetric for a light, bulky parcel", async () => {
    const created = await createSavedQuote(
      h.db,
      vp,
      client,
      calculatorInput({ length: "40", breadth: "30", height: "20", weight: "1" }),
      NOW,
    );
    if (!created.ok) throw new Error(created.message);
    expect(created.quote.document.weight).toMatchObject({
      dead_grams: 1000,
      volumetric_grams: 4800,
      chargeable_grams: 4800,
      used: "volumetric",
    });
    const text = extractPdfText((await savedQuoteFile(created.quote)).pdf).flat;
    expect(text).toContain("Volumetric weight: 4.80 kg (L × B × H / 5000)");
    expect(text).toContain("Chargeable weight: 4.80 kg (the volumetric weight is used)");
  });

  it("is refused with the field's message for an unknown pincode, and with the spec's sentence when no courier carries it", async () => {
    const unknown = await createSavedQuote(h.db, vp, client, calculatorInput({ drop_pincode: "999999" }), NOW);
    expect(unknown).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { drop_pincode: "Please enter a valid pincode" },
    });
    const count = async () => (await h.db.select({ n: sql<number>`count(*)::int` }).from(savedQuotes))[0].n;
    const n = await count();
    // Another client with every courier switched off: no courier carries anything.
    await h.db
      .update(clientCourierServices)
      .set({ is_active: false })
      .where(eq(clientCourierServices.client_id, otherClientId));
    const [other] = await h.db.select().from(clients).where(eq(clients.id, otherClientId));
    const none = await createSavedQuote(h.db, vp, other, calculatorInput(), NOW);
    expect(none).toMatchObject({
      ok: false,
      status: 400,
      message: "There is no courier matching your search criteria",
    });
    expect(await count()).toBe(n);
  });
});

describe("who may open a saved quote", () => {
  it("staff of the client's hierarchy open it; others, a wrong client or a missing id get 404", async () => {
    const created = await createSavedQuote(h.db, vp, client, calculatorInput(), NOW);
    if (!created.ok) throw new Error(created.message);
    const id = created.quote.id;
    expect((await savedQuoteForViewer(h.db, tl, client.id, id)).ok).toBe(true);
    expect((await savedQuoteForViewer(h.db, await viewer("kam@demo.test"), client.id, id)).ok).toBe(true);

    // A tl of another chain: the client is not theirs.
    const [otherTl] = await h.db
      .select()
      .from(staff)
      .where(and(eq(staff.role, "tl"), ne(staff.id, tl.id)))
      .limit(1);
    const outsider: Viewer = { id: otherTl.id, email: otherTl.email, role: otherTl.role };
    const refused = await savedQuoteForViewer(h.db, outsider, client.id, id);
    expect(refused).toMatchObject({ ok: false, status: 404, message: QUOTE_NOT_FOUND_MESSAGE });
    // The quote under another client's address (even one the viewer may see) is not there.
    expect(await savedQuoteForViewer(h.db, vp, otherClientId, id)).toMatchObject({ ok: false, status: 404 });
    expect(await savedQuoteForViewer(h.db, vp, client.id, id + 100_000)).toMatchObject({ ok: false, status: 404 });
    // Nor may the outsider e-mail it: nothing is queued or audited.
    const mails = (await h.db.select().from(mailOutbox)).length;
    expect(await emailSavedQuote(h.db, outsider, client.id, id, null)).toMatchObject({ ok: false, status: 404 });
    expect((await h.db.select().from(mailOutbox)).length).toBe(mails);
  });
});

type Received = { to: string[]; data: string };

/** A real SMTP receiver on a free local port. */
async function startSmtp(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (c: Buffer) => (data += c.toString()));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise((r) => server.close(() => r())) };
}

/** The base64 body of the MIME part named `fileName`. */
function attachment(data: string, fileName: string): Buffer {
  const at =
    data.indexOf(`filename=${fileName}`) >= 0
      ? data.indexOf(`filename=${fileName}`)
      : data.indexOf(`filename="${fileName}"`);
  expect(at).toBeGreaterThan(0);
  const body = data.slice(data.indexOf("\r\n\r\n", at) + 4);
  return Buffer.from(body.slice(0, body.indexOf("\r\n--")).replace(/\s+/g, ""), "base64");
}

describe("e-mailing a quote", () => {
  it("queues it to the client's e-mail with the PDF attached, audits it, and a real SMTP server receives it", async () => {
    const smtp = await startSmtp();
    vi.stubEnv("SMTP_URL", smtp.url);
    try {
      // Anything queued before (the rate change's e-mails) leaves first: the first call may join a
      // delivery run an earlier queueing started without this SMTP server; the second is a run of its own.
      await deliverDueMail(h.db);
      await deliverDueMail(h.db);
      smtp.received.length = 0;
      const sent = await createAndEmailSavedQuote(
        h.db,
        tl,
        client,
        calculatorInput(),
        "Rates as discussed today.",
        NOW,
      );
      if (!sent.ok) throw new Error(sent.message);
      expect(sent.to).toBe(client.email);
      const [queued] = await h.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(1);
      expect(queued.to).toEqual([client.email.toLowerCase()]);
      expect(queued.attachments?.map((a) => [a.filename, a.content_type])).toEqual([
        [`quote_${sent.reference}.pdf`, "application/pdf"],
      ]);
      const [audit] = await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "saved_quote"), eq(auditLog.entity_id, String(sent.quoteId))));
      expect(audit).toMatchObject({ staff_email: "tl@demo.test", client_id: client.id, action: "email" });
      expect(audit.new_value).toMatchObject({
        to: client.email,
        mail_id: queued.id,
        note: "Rates as discussed today.",
      });

      expect(await deliverDueMail(h.db)).toBe(1);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to).toEqual([client.email.toLowerCase()]);
      expect(smtp.received[0].data).toMatch(new RegExp(`^Subject: Shipping quote ${sent.reference}`, "m"));
      const pdf = attachment(smtp.received[0].data, `quote_${sent.reference}.pdf`);
      const text = extractPdfText(pdf).flat;
      expect(text).toContain(`Shipping quote ${sent.reference}`);
      expect(text).toContain("Prices as of 27-11-2026, valid 7 days (until 04-12-2026).");
      // The attachment is the stored quote's PDF, byte for byte.
      const kept = await savedQuoteForViewer(h.db, tl, client.id, sent.quoteId);
      if (!kept.ok) throw new Error(kept.message);
      expect(pdf.equals((await savedQuoteFile(kept.quote)).pdf)).toBe(true);

      // A kept quote e-mailed again from its page: a second message and a second audit row.
      const again = await emailSavedQuote(h.db, vp, client.id, sent.quoteId, null);
      expect(again).toMatchObject({ ok: true, to: client.email });
      expect(await deliverDueMail(h.db)).toBe(1);
      expect(smtp.received).toHaveLength(2);
      const audits = await h.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, "saved_quote"), eq(auditLog.entity_id, String(sent.quoteId))));
      expect(audits.map((a) => a.staff_email).sort()).toEqual(["tl@demo.test", "vp@demo.test"]);
    } finally {
      await smtp.close();
    }
  });

  it("keeps nothing and sends nothing when the quote is refused", async () => {
    const [quotes, mails, audits] = await Promise.all([
      h.db.select().from(savedQuotes),
      h.db.select().from(mailOutbox),
      h.db.select().from(auditLog),
    ]);
    const refused = await createAndEmailSavedQuote(
      h.db,
      vp,
      client,
      calculatorInput({ pickup_pincode: "999999" }),
      null,
      NOW,
    );
    expect(refused).toMatchObject({ ok: false, status: 400 });
    expect((await h.db.select().from(savedQuotes)).length).toBe(quotes.length);
    expect((await h.db.select().from(mailOutbox)).length).toBe(mails.length);
    expect((await h.db.select().from(auditLog)).length).toBe(audits.length);
  });
});
