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

/**
 * The smallest PDF the upload check (`looksLikePdf`) accepts — one catalog object, its
 * cross-reference table and trailer — made at once; exactly `size` bytes long when asked (a
 * comment between the object and the table fills it up; the offsets follow).
 */
export function minimalPdf(size?: number): Buffer {
  const head = "%PDF-1.4\n";
  const object = "1 0 obj\n<< /Type /Catalog >>\nendobj\n";
  const build = (filler: string) => {
    const xref = `xref\n0 2\n0000000000 65535 f \n${String(head.length).padStart(10, "0")} 00000 n \n`;
    const at = head.length + object.length + filler.length;
    const trailer = `trailer\n<< /Size 2 /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`;
    return Buffer.from(head + object + filler + xref + trailer, "latin1");
  };
  const bare = build("");
  if (size === undefined) return bare;
  const fill = (n: number) => `%${"x".repeat(Math.max(0, n - 2))}\n`;
  // The startxref offset may gain digits as the filler grows: measure once more.
  const first = build(fill(size - bare.length));
  const pdf = build(fill(size - bare.length - (first.length - size)));
  if (pdf.length !== size) throw new Error(`minimalPdf: cannot make exactly ${size} bytes`);
  return pdf;
}
