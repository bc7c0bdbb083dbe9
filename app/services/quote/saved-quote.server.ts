/**
 * Saved quotes (decision 073): a Rate Calculator quote kept in PostgreSQL as it was made, opened
 * at a stable address by the client's staff, downloaded as a PDF and e-mailed to the merchant
 * through the outbox (with the PDF attached, audited in the same transaction).
 */
import { and, eq } from "drizzle-orm";

import type { AuditActor } from "../audit/audit.server";
import { writeAudit } from "../audit/audit.server";
import { getClientForViewer, type Viewer } from "../clients/clients.server";
import { istDayOf } from "../core/ist-dates";
import { type FieldErrors, type Invalid, invalid, type NotFound, notFound } from "../core/result";
import type { Db, Executor } from "../db/client.server";
import { savedQuotes } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { enqueueMail } from "../mail/outbox.server";
import { rateCardVersion } from "../ratecards/version.server";
import { NO_COURIER_MESSAGE } from "./allocation";
import type { CalculatorInput } from "./calculator-form";
import { quoteForClient } from "./quote.server";
import { savedQuotePdf } from "./quote-pdf.server";
import {
  isQuoteValidOn,
  quoteEmail,
  quoteReference,
  readSavedQuoteDocument,
  type SavedQuoteDocument,
  savedQuoteDocument,
} from "./saved-quote";
import { calculatorQuery } from "./saved-quote-form";

export const QUOTE_NOT_FOUND_MESSAGE = "This quote does not exist, or you do not have access to it.";

type QuoteClient = { id: number; name: string; company_name: string; email: string };

export type SavedQuote = {
  id: number;
  clientId: number;
  createdAt: Date;
  createdByEmail: string;
  input: Record<string, string>;
  document: SavedQuoteDocument;
};

/**
 * Quotes the shipment at today's rates, as the document to keep. The rate-card version is read
 * before and after quoting: a card changed in between is quoted again, so the version kept is
 * the one the prices come from. Refused (400) for an unknown pincode or when no courier can
 * carry the shipment: there is nothing to send. Reads the quote engine's caches, so it runs on
 * the database, before the transaction that keeps the quote.
 */
async function quoteDocument(
  db: Db,
  client: QuoteClient,
  input: CalculatorInput,
  now: Date,
): Promise<{ ok: true; document: SavedQuoteDocument } | Invalid<{ fieldErrors?: FieldErrors }>> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await rateCardVersion(db, client.id);
    const quoted = await quoteForClient(db, client.id, input, now);
    if (!quoted.ok) return invalid(quoted.message, { fieldErrors: quoted.fieldErrors });
    if (quoted.quote.rate_list.length === 0) return invalid(NO_COURIER_MESSAGE);
    const after = await rateCardVersion(db, client.id);
    if (after.version === before.version)
      return { ok: true, document: savedQuoteDocument({ input, quote: quoted.quote, client, rateCard: after, now }) };
  }
  throw new Error(`The rate card of client ${client.id} kept changing while it was quoted`);
}

async function insertSavedQuote(
  tx: Executor,
  actor: AuditActor,
  clientId: number,
  input: CalculatorInput,
  document: SavedQuoteDocument,
  now: Date,
): Promise<SavedQuote> {
  const query = calculatorQuery(input);
  const [row] = await tx
    .insert(savedQuotes)
    .values({
      client_id: clientId,
      created_by: actor.id,
      created_by_email: actor.email,
      created_at: now,
      input: query,
      document: document as unknown as Record<string, unknown>,
      rate_card_version: document.rate_card.version,
      valid_until: document.valid_until,
    })
    .returning({ id: savedQuotes.id });
  return { id: row.id, clientId, createdAt: now, createdByEmail: actor.email, input: query, document };
}

/** Quotes the shipment at today's rates and keeps the result (the Rate Calculator's "Download quote (PDF)"). */
export async function createSavedQuote(
  db: Db,
  actor: AuditActor,
  client: QuoteClient,
  input: CalculatorInput,
  now: Date = new Date(),
): Promise<{ ok: true; quote: SavedQuote } | Invalid<{ fieldErrors?: FieldErrors }>> {
  const quoted = await quoteDocument(db, client, input, now);
  if (!quoted.ok) return quoted;
  return { ok: true, quote: await insertSavedQuote(db, actor, client.id, input, quoted.document, now) };
}

/** A saved quote of a client the viewer may see (else 404, as every /all-users/{id} page answers). */
export async function savedQuoteForViewer(
  db: Db,
  viewer: Viewer,
  clientId: number,
  quoteId: number,
): Promise<{ ok: true; quote: SavedQuote } | NotFound> {
  if (!Number.isSafeInteger(quoteId) || quoteId <= 0) return notFound(QUOTE_NOT_FOUND_MESSAGE);
  const client = await getClientForViewer(db, viewer, clientId);
  if (!client) return notFound(QUOTE_NOT_FOUND_MESSAGE);
  const quote = await readSavedQuote(db, client.id, quoteId);
  return quote ? { ok: true, quote } : notFound(QUOTE_NOT_FOUND_MESSAGE);
}

async function readSavedQuote(db: Executor, clientId: number, quoteId: number): Promise<SavedQuote | null> {
  const [row] = await db
    .select()
    .from(savedQuotes)
    .where(and(eq(savedQuotes.id, quoteId), eq(savedQuotes.client_id, clientId)));
  if (!row) return null;
  return {
    id: row.id,
    clientId: row.client_id,
    createdAt: row.created_at,
    createdByEmail: row.created_by_email,
    input: row.input,
    document: readSavedQuoteDocument(row.document),
  };
}

/** The quote's PDF and its file name. */
export async function savedQuoteFile(quote: SavedQuote): Promise<{ fileName: string; pdf: Buffer }> {
  return {
    fileName: quoteEmail(quote.id, quote.document, null).fileName,
    pdf: await savedQuotePdf(quote.id, quote.document),
  };
}

/** Whether the quote's prices still hold today (IST). */
export const quoteStillValid = (quote: SavedQuote, now: Date = new Date()) =>
  isQuoteValidOn(quote.document, istDayOf(now));

/**
 * Queues the quote to the client's e-mail (its address today) with the PDF attached, and audits
 * it, in the caller's transaction: the e-mail leaves once both commit.
 */
async function queueQuoteEmail(
  tx: Executor,
  actor: AuditActor,
  client: QuoteClient,
  quote: SavedQuote,
  note: string | null,
) {
  const mail = quoteEmail(quote.id, quote.document, note);
  const pdf = await savedQuotePdf(quote.id, quote.document);
  const mailId = await enqueueMail(tx, {
    to: [client.email],
    subject: mail.subject,
    text: mail.text,
    attachments: [{ filename: mail.fileName, contentType: "application/pdf", content: pdf }],
  });
  await writeAudit(tx, actor, {
    clientId: client.id,
    entity: "saved_quote",
    entityId: quote.id,
    action: "email",
    newValue: {
      reference: quoteReference(quote.id),
      to: client.email,
      mail_id: mailId,
      rate_card_version: quote.document.rate_card.version,
      quoted_on: quote.document.quoted_on,
      valid_until: quote.document.valid_until,
      note,
    },
  });
  return { to: client.email, reference: quoteReference(quote.id) };
}

/** E-mails a saved quote to the merchant (the quote's page). */
export async function emailSavedQuote(
  db: Db,
  actor: AuditActor & Viewer,
  clientId: number,
  quoteId: number,
  note: string | null,
): Promise<{ ok: true; to: string; reference: string; quoteId: number } | NotFound> {
  const found = await savedQuoteForViewer(db, actor, clientId, quoteId);
  if (!found.ok) return found;
  const client = (await getClientForViewer(db, actor, clientId))!;
  const sent = await transaction(db, (tx) => queueQuoteEmail(tx, actor, client, found.quote, note));
  return { ok: true, ...sent, quoteId };
}

/** Quotes, keeps and e-mails in one go (the Rate Calculator's "E-mail quote"): all or nothing. */
export async function createAndEmailSavedQuote(
  db: Db,
  actor: AuditActor,
  client: QuoteClient,
  input: CalculatorInput,
  note: string | null,
  now: Date = new Date(),
): Promise<{ ok: true; to: string; reference: string; quoteId: number } | Invalid<{ fieldErrors?: FieldErrors }>> {
  const quoted = await quoteDocument(db, client, input, now);
  if (!quoted.ok) return quoted;
  return transaction(db, async (tx) => {
    const quote = await insertSavedQuote(tx, actor, client.id, input, quoted.document, now);
    const sent = await queueQuoteEmail(tx, actor, client, quote, note);
    return { ok: true as const, ...sent, quoteId: quote.id };
  });
}
