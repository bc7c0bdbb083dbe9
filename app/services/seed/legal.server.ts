/**
 * The legal demo data (decisions 036, 062): a few mandatory documents addressed to single sellers,
 * with deadlines in the next days, some accepted; the deadline reminders the job would have sent
 * on the seed's yesterday and today, sent by the job's own function (so Merchant Agreements shows
 * reminders); then every client's kept Legal Status, as the rebuild would (the seed writes
 * clients directly). The sellers are the last ones of a chain no browser test reads
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
  ).rows as { id: number; email: string; segment: string }[];
  // Three sellers' agreements are due in two days, three privacy policies tomorrow; one of each accepted.
  const plans: { doc_name: DocName; days: number; published: string; accepted: boolean }[] = [
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: false },
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: false },
    { doc_name: "agreement", days: 10, published: addDays(today, -8), accepted: true },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: false },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: false },
    { doc_name: "privacy_policy", days: 7, published: addDays(today, -6), accepted: true },
  ];
  for (const [i, seller] of sellers.entries()) {
    const plan = plans[i];
    const title = `${DOC_NAME_LABELS[plan.doc_name]} for ${seller.email}`;
    const createdAt = noonIst(plan.published);
    const bytes = await documentPdf(title, createdAt);
    const fileId = await saveFile(tx, {
      purpose: "legal_document",
      fileName: `${plan.doc_name}-${seller.id}.pdf`,
      contentType: "application/pdf",
      bytes,
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
        description: `${title}: please read and accept before the deadline.`,
        publish_at: plan.published,
        order_blocking: "mandatory",
        days: plan.days,
        version: 1,
        file_id: fileId,
        file_name: `${plan.doc_name}-${seller.id}.pdf`,
        created_by: legal.id,
        created_at: createdAt,
      })
      .returning({ id: legalDocuments.id });
    if (plan.accepted)
      await tx.insert(legalAcceptances).values({
        document_id: doc.id,
        client_id: seller.id,
        version: 1,
        accepted_by: seller.email,
        accepted_at: noonIst(addDays(plan.published, 1)),
      });
  }
  // The reminders job, as it ran yesterday and today (decision 062).
  await remindDue(tx, noonIst(addDays(today, -1)));
  await remindDue(tx, ordersUntil);
}

export const legalSeeder: AreaSeeder = {
  name: "legal",
  seed: async ({ tx, ordersUntil }) => {
    await seedLegal(tx, ordersUntil);
    return recomputeLegalStatus(tx, "all", indiaDate(ordersUntil));
  },
};
