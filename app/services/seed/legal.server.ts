/**
 * The legal demo data (decisions 036, 062): a few mandatory documents addressed to single sellers,
 * with deadlines in the next days, some accepted; the deadline reminders the job would have sent
 * on the seed's yesterday and today, sent by the job's own function (so Merchant Agreements shows
 * reminders); the first two sellers' agreements are second versions over an accepted v1 (document
 * ids 1–4 of a fresh seed: the browser tests withdraw v2, ids 2 and 4); then every client's kept
 * Legal Status, as the rebuild would (the seed writes clients directly). The sellers are the last ones of a chain no browser test reads
 * (not vp@demo.test's), so no test's seller gets a document it does not expect.
 */
import { eq, sql } from "drizzle-orm";
import PDFDocument from "pdfkit";

import { addDays } from "../core/ist-dates";
import type { Tx } from "../db/client.server";
import { legalAcceptances, legalDocuments, staff } from "../db/schema";
import { saveFile } from "../files/store.server";
import { audienceOf, indiaDate } from "../legal/documents";
import { DOC_NAME_LABELS, type DocName } from "../legal/forms";
import { remindDue } from "../legal/reminders.server";
import { recomputeLegalStatus } from "../legal/status-kept.server";
import type { AreaSeeder } from "./seeder";

/** A one-page PDF of the document (fixed dates, so the bytes are the same every seed). */
function documentPdf(title: string, at: Date): Promise<Buffer> {
  const doc = new PDFDocument({ size: "A4", info: { Title: title, CreationDate: at, ModDate: at } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.fontSize(16).text(title).moveDown().fontSize(11).text("Demo document of the shipping console.");
  doc.end();
  return done;
}

/** Noon in India on `day`. */
const noonIst = (day: string) => new Date(`${day}T06:30:00Z`);

type Seller = { id: number; email: string; segment: string };
type Plan = { doc_name: DocName; days: number; published: string; accepted: boolean };

/** One published version addressed to one seller, with its PDF, accepted the day after when `accepted`. */
async function seedVersion(
  tx: Tx,
  legal: { id: number; email: string },
  seller: Seller,
  plan: Plan & { version: number },
): Promise<void> {
  const title = `${DOC_NAME_LABELS[plan.doc_name]} v${plan.version} for ${seller.email}`;
  const createdAt = noonIst(plan.published);
  const fileName = `${plan.doc_name}-${seller.id}-v${plan.version}.pdf`;
  const fileId = await saveFile(tx, {
    purpose: "legal_document",
    fileName,
    contentType: "application/pdf",
    bytes: await documentPdf(title, createdAt),
    uploadedBy: legal.email,
  });
  const [doc] = await tx
    .insert(legalDocuments)
    .values({
      doc_name: plan.doc_name,
      doc_type: "specific",
      segment: seller.segment,
      email: seller.email.toLowerCase(),
      client_id: seller.id,
      audience: audienceOf({ doc_type: "specific", segment: seller.segment, email: seller.email }),
      description: `${DOC_NAME_LABELS[plan.doc_name]} for ${seller.email}: please read and accept before the deadline.`,
      publish_at: plan.published,
      order_blocking: "mandatory",
      days: plan.days,
      version: plan.version,
      file_id: fileId,
      file_name: fileName,
      created_by: legal.id,
      created_at: createdAt,
    })
    .returning({ id: legalDocuments.id });
  if (plan.accepted)
    await tx.insert(legalAcceptances).values({
      document_id: doc.id,
      client_id: seller.id,
      version: plan.version,
      accepted_by: seller.email,
      accepted_at: noonIst(addDays(plan.published, 1)),
    });
}

async function seedLegal(tx: Tx, ordersUntil: Date): Promise<void> {
  const today = indiaDate(ordersUntil);
  const [legal] = await tx
    .select({ id: staff.id, email: staff.email })
    .from(staff)
    .where(eq(staff.email, "legal@demo.test"));
  const sellers = (
    await tx.execute(sql`
      select c.id, c.email, replace(c.business_data->>'tin_number', 'Segment_', '') as segment from clients c
      where c.auth_token is not null and not coalesce((c.pickrr_config->>'disable_legal')::boolean, false)
        and c.vp_id is distinct from (select id from staff where email = 'vp@demo.test')
        and c.tl_id is distinct from (select id from staff where email = 'tl@demo.test')
        and c.business_data->>'tin_number' like 'Segment_%'
      order by c.id desc limit 6`)
  ).rows as Seller[];
  // Three sellers' agreements are due in two days, three privacy policies tomorrow; one of each accepted.
  const plans: Plan[] = [
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: false },
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: false },
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: true },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: false },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: false },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: true },
  ];
  for (const [i, seller] of sellers.entries()) {
    const plan = plans[i];
    // The first two sellers' agreements are second versions: v1, accepted long ago, is superseded.
    if (i < 2)
      await seedVersion(tx, legal, seller, {
        doc_name: plan.doc_name,
        version: 1,
        days: 10,
        published: addDays(today, -60),
        accepted: true,
      });
    await seedVersion(tx, legal, seller, { ...plan, version: i < 2 ? 2 : 1 });
  }
  // The reminders job, as it ran yesterday and today (decision 062). Its e-mails are the past the
  // seed recreates: they count as sent, so a demo started with SMTP_URL never writes to the seeded
  // sellers' (real-looking) addresses, and the outbox starts empty of pending mail.
  const [{ before }] = (await tx.execute(sql`select coalesce(max(id), 0)::int as before from mail_outbox`)).rows as {
    before: number;
  }[];
  await remindDue(tx, noonIst(addDays(today, -1)));
  await remindDue(tx, ordersUntil);
  await tx.execute(sql`update mail_outbox set sent_at = created_at where id > ${before} and sent_at is null`);
}

export const legalSeeder: AreaSeeder = {
  name: "legal",
  seed: async ({ tx, ordersUntil }) => {
    await seedLegal(tx, ordersUntil);
    return recomputeLegalStatus(tx, "all", indiaDate(ordersUntil));
  },
};
