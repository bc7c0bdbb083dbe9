/**
 * A saved quote as a PDF (decision 073), drawn from the stored document alone: the same bytes
 * for the same quote, whatever the rates are today (its dates are the quote's own). pdfkit's
 * standard fonts, as the rate-card PDF (ratecards/pdf.server.ts): text is extractable, and '₹'
 * is written "Rs.".
 */
import PDFDocument from "pdfkit";

import { pdfSafeText } from "../ratecards/pdf.server";
import { type SavedQuoteDocument, savedQuoteView } from "./saved-quote";

const MARGIN = 40;

/** The quote's PDF bytes. */
export function savedQuotePdf(id: number, doc: SavedQuoteDocument): Promise<Buffer> {
  const v = savedQuoteView(id, doc);
  const at = new Date(doc.quoted_at);
  const pdf = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: {
      Title: `Shipping quote ${v.reference}`,
      Author: "Shipping Console",
      Subject: pdfSafeText(`Quote for ${v.client}`),
      CreationDate: at,
      ModDate: at,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on("data", (c: Buffer) => chunks.push(c));
    pdf.on("end", () => resolve(Buffer.concat(chunks)));
    pdf.on("error", reject);
  });
  const width = pdf.page.width - MARGIN * 2;
  const text = (t: string, font = "Helvetica", size = 10, gap = 2, color = "#000000") => {
    pdf.font(font).fontSize(size).fillColor(color).text(pdfSafeText(t), MARGIN, undefined, { width });
    pdf.moveDown(gap / size);
  };
  const heading = (t: string) => {
    pdf.moveDown(0.6);
    text(t, "Helvetica-Bold", 12, 4);
  };

  text(`Shipping quote ${v.reference}`, "Helvetica-Bold", 18, 4);
  text(`For ${v.client} <${v.clientEmail}>`, "Helvetica", 11, 2, "#333333");
  text(v.validity, "Helvetica-Bold", 11, 2);
  text(`${v.rateCardVersion}. Quoted ${v.quotedOn} (IST).`, "Helvetica", 10, 2, "#333333");

  heading("Shipment");
  for (const [label, value] of v.shipment) text(`${label}: ${value}`);

  heading("Chargeable weight");
  text(`Dead weight: ${v.weight.dead}`);
  text(`Volumetric weight: ${v.weight.volumetric} (L × B × H / ${doc.weight.divisor})`);
  text(`Chargeable weight: ${v.weight.chargeable} (the ${v.weight.used} weight is used)`, "Helvetica-Bold");
  text(`Billing zone: ${v.zone}`);

  heading("Couriers");
  // A table of fixed columns: courier, mode, EDD, delivered, returned.
  const cols = [
    { h: "Courier", w: width * 0.36, align: "left" as const },
    { h: "Mode", w: width * 0.14, align: "left" as const },
    { h: "EDD", w: width * 0.14, align: "left" as const },
    { h: "Delivered (Rs.)", w: width * 0.18, align: "right" as const },
    { h: "Returned (Rs.)", w: width * 0.18, align: "right" as const },
  ];
  const row = (cells: string[], font: string) => {
    pdf.font(font).fontSize(9).fillColor("#000000");
    const heights = cells.map((c, i) => pdf.heightOfString(pdfSafeText(c), { width: cols[i].w - 6 }));
    const h = Math.max(...heights) + 6;
    if (pdf.y + h > pdf.page.height - MARGIN) pdf.addPage();
    const y = pdf.y;
    let x = MARGIN;
    cells.forEach((c, i) => {
      pdf.text(pdfSafeText(c), x + 3, y + 3, { width: cols[i].w - 6, align: cols[i].align });
      x += cols[i].w;
    });
    pdf
      .lineWidth(0.5)
      .strokeColor("#c8c8c8")
      .moveTo(MARGIN, y + h)
      .lineTo(MARGIN + width, y + h)
      .stroke();
    pdf.x = MARGIN;
    pdf.y = y + h;
  };
  const amount = (inr: string) => inr.replace(/^₹/, "");
  row(
    cols.map((c) => c.h),
    "Helvetica-Bold",
  );
  for (const c of v.couriers) {
    const name = [c.courier, c.badges ? `(${c.badges})` : "", c.ownWeight ? `- charged ${c.ownWeight}` : ""]
      .filter(Boolean)
      .join(" ");
    row([name, c.mode, c.edd, amount(c.delivered), amount(c.returned)], "Helvetica");
  }
  pdf.moveDown(1);
  text(
    "Delivered charges are for a delivered shipment; returned charges apply if it returns to origin. " +
      "Estimated delivery dates count from the day the quote was made.",
    "Helvetica-Oblique",
    8,
    2,
    "#555555",
  );
  pdf.end();
  return done;
}
