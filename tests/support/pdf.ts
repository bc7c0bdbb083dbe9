/** A real PDF (pdfkit) for legal document tests: `pages` pages of text. */
import PDFDocument from "pdfkit";

export async function makePdf(text = "Merchant agreement", pages = 1): Promise<Uint8Array<ArrayBuffer>> {
  const doc = new PDFDocument({ size: "A4", compress: false, info: { Title: text } });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on("end", () => resolve()));
  for (let i = 0; i < pages; i++) {
    if (i > 0) doc.addPage();
    doc.fontSize(14).text(`${text} — page ${i + 1}`);
  }
  doc.end();
  await done;
  const all = Buffer.concat(chunks);
  return new Uint8Array(all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength)) as Uint8Array<ArrayBuffer>;
}
