import { describe, expect, it } from "vitest";

import { makePdf } from "../../../tests/support/pdf";
import { looksLikePdf } from "./pdf";

const enc = (s: string) => new TextEncoder().encode(s);

describe("looksLikePdf", () => {
  it("accepts a real PDF", async () => {
    expect(looksLikePdf(await makePdf("Agreement"))).toBe(true);
    expect(looksLikePdf(await makePdf("Long", 5))).toBe(true);
  });

  it("refuses a PNG, text that starts with %PDF-, an empty file and an HTML page", () => {
    expect(
      looksLikePdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(100).fill(0)])),
    ).toBe(false);
    expect(looksLikePdf(enc("%PDF-1.4 but really just a text file that goes on and on\n%%EOF\n"))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
    expect(looksLikePdf(enc("<html><script>alert(1)</script></html>".repeat(3)))).toBe(false);
  });

  it("refuses a PDF cut off before its end, and one whose startxref points nowhere", async () => {
    const pdf = await makePdf();
    expect(looksLikePdf(pdf.subarray(0, pdf.byteLength - 40))).toBe(false);
    const text = new TextDecoder("latin1").decode(pdf);
    const broken = text.replace(/startxref\s+(\d+)/, (_m, n) => `startxref\n${Number(n) + 3}`);
    expect(looksLikePdf(Uint8Array.from(broken, (c) => c.charCodeAt(0)))).toBe(false);
  });
});
