/**
 * Is this really a PDF? The one check of every PDF upload — legal documents, KYC documents —
 * through upload.server.ts's `hasContentOf` (decision 028: check the %PDF- magic bytes and that
 * it parses, not the file name). A structural check, without a PDF library: the header `%PDF-1.x`/`%PDF-2.x`, an
 * `%%EOF` at the end, a `startxref` whose offset points inside the file at a cross-reference
 * table (`xref`) or a cross-reference stream object (`n g obj`), and at least one complete
 * indirect object. A renamed PNG, a text file starting `%PDF-`, a cut-off upload or an HTML page
 * fail it; every PDF that a reader can open by its cross-reference passes.
 */
const decoder = new TextDecoder("latin1");

export function looksLikePdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 32) return false;
  const head = decoder.decode(bytes.subarray(0, 16));
  if (!/^%PDF-[12]\.\d/.test(head)) return false;
  const tail = decoder.decode(bytes.subarray(Math.max(0, bytes.byteLength - 2048)));
  if (!/%%EOF\s*$/.test(tail)) return false;
  const startxref = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!startxref) return false;
  const offset = Number(startxref[1]);
  if (!Number.isSafeInteger(offset) || offset <= 8 || offset >= bytes.byteLength) return false;
  const at = decoder.decode(bytes.subarray(offset, offset + 32));
  if (!/^(xref\b|\d+\s+\d+\s+obj\b)/.test(at)) return false;
  const body = decoder.decode(bytes.subarray(0, Math.min(bytes.byteLength, 64 * 1024)));
  return /\d+\s+\d+\s+obj\b[\s\S]*?\bendobj\b/.test(body);
}
