import { describe, expect, it } from "vitest";

import { minimalPdf } from "../../../tests/support/pdf";
import { checkFile, type FileRule, hasContentOf, readLimited, readMultipart, takeFile } from "./upload.server";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10];
const PDF = minimalPdf();
const CSV_RULE: FileRule = { kinds: ["csv"], messages: { wrongKind: "You can only upload csv file!" } };

const file = (bytes: ArrayLike<number> | string, name: string, type: string) =>
  new File([typeof bytes === "string" ? bytes : new Uint8Array(Array.from(bytes))], name, { type });

const BOUNDARY = "----upload-test-boundary";
const encoder = new TextEncoder();

/**
 * A multipart post whose file part is `fileBytes` long, produced chunk by chunk as the reader
 * pulls: `pulled()` says how many of the file's bytes were ever handed over.
 */
function streamedPost(fileBytes: number, chunk = 16 * 1024) {
  let sent = 0;
  let step = 0;
  const head = encoder.encode(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nverify\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_data"; filename="big.csv"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  const tail = encoder.encode(`\r\n--${BOUNDARY}--\r\n`);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (step === 0) {
        step = 1;
        controller.enqueue(head);
      } else if (sent < fileBytes) {
        const n = Math.min(chunk, fileBytes - sent);
        sent += n;
        controller.enqueue(new Uint8Array(n).fill(0x61)); // "aaaa…"
      } else {
        controller.enqueue(tail);
        controller.close();
      }
    },
  });
  const request = new Request("http://console.test/upload", {
    method: "POST",
    headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
    body,
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => sent };
}

describe("reading a part with a limit", () => {
  async function* chunks(count: number, size: number, seen: { bytes: number }) {
    for (let i = 0; i < count; i++) {
      seen.bytes += size;
      yield new Uint8Array(size).fill(1);
    }
  }

  it("holds at most limit + 1 bytes of a part over the limit, and stops reading it", async () => {
    const seen = { bytes: 0 };
    const read = await readLimited(chunks(1000, 1000, seen), 2500);
    expect(read).toMatchObject({ ok: false, status: 413, held: 2501 });
    expect(seen.bytes).toBe(3000); // the third chunk crossed the limit; the other 997 were never read
  });

  it("returns a part of exactly the limit whole", async () => {
    const read = await readLimited(chunks(5, 500, { bytes: 0 }), 2500);
    expect(read.ok && read.bytes.byteLength).toBe(2500);
  });
});

describe("reading a multipart post", () => {
  it("refuses a body over the limit as data (413), without reading the rest of the file", async () => {
    const limit = 100_000;
    const post = streamedPost(20_000_000);
    const read = await readMultipart(post.request, { maxFileBytes: limit, messages: { tooLarge: "Too large." } });
    expect(read).toEqual({ ok: false, status: 413, message: "Too large." });
    // The parser reads ahead by a chunk or two; the other 19.8 MB of the file stayed unread.
    expect(post.pulled()).toBeLessThan(limit + 64 * 1024);
  });

  it("with oversizedFiles 'report', leaves a file over the limit out and names its field, keeping every field after it", async () => {
    const big = "x".repeat(5_000);
    const body =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="company_name"\r\n\r\nAcme\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="business_proof"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n${big}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="pancard"; filename="small.pdf"\r\nContent-Type: application/pdf\r\n\r\nsmall\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="pan_number"\r\n\r\nABCPE1234F\r\n--${BOUNDARY}--\r\n`;
    const request = () =>
      new Request("http://console.test/upload", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      });
    const read = await readMultipart(request(), { maxFileBytes: 1_000, oversizedFiles: "report" });
    if (!read.ok) throw new Error(read.message);
    expect(read.tooLarge).toEqual(["business_proof"]);
    expect(read.form.get("business_proof")).toBeNull();
    expect((read.form.get("pancard") as File).size).toBe(5);
    expect(read.form.get("company_name")).toBe("Acme");
    expect(read.form.get("pan_number")).toBe("ABCPE1234F");
    // Unset, the same post is refused whole.
    const refused = await readMultipart(request(), { maxFileBytes: 1_000 });
    expect(refused.ok).toBe(false);
  });

  it("reads fields and a file within the limit", async () => {
    const post = streamedPost(50_000);
    const read = await readMultipart(post.request, { maxFileBytes: 100_000 });
    if (!read.ok) throw new Error(read.message);
    expect(read.form.get("intent")).toBe("verify");
    const f = read.form.get("order_data") as File;
    expect(f.name).toBe("big.csv");
    expect(f.size).toBe(50_000);
  });

  it("keeps a file name with `=`, `;` and quotes whole, and the fields after it intact (docs/architecture.md §8)", async () => {
    const name = 'rates=v2; final "copy".csv';
    const body =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_data"; filename="${name.replace(/"/g, "%22")}"\r\nContent-Type: text/csv\r\n\r\nCourier,Zone A\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="intent"\r\n\r\nverify\r\n--${BOUNDARY}--\r\n`;
    const read = await readMultipart(
      new Request("http://console.test/upload", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      }),
      { maxFileBytes: 10_000 },
    );
    if (!read.ok) throw new Error(read.message);
    expect(read.form.get("intent")).toBe("verify");
    const f = read.form.get("order_data") as File;
    expect(f.name).toBe('rates=v2; final "copy".csv');
    const checked = await checkFile(f, CSV_RULE);
    expect(checked.ok).toBe(true);
  });

  it("still refuses a file over the limit when its name has a `;` (413, not 500)", async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_data"; filename="a;b.csv"\r\nContent-Type: text/csv\r\n\r\n${"x".repeat(5_000)}\r\n--${BOUNDARY}--\r\n`;
    const read = await readMultipart(
      new Request("http://console.test/upload", {
        method: "POST",
        headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
        body,
      }),
      { maxFileBytes: 1_000 },
    );
    expect(read).toMatchObject({ ok: false, status: 413 });
  });

  it("limits text fields too", async () => {
    const form = new FormData();
    form.set("csvText", "x".repeat(2_000));
    const read = await readMultipart(new Request("http://console.test/upload", { method: "POST", body: form }), {
      maxFileBytes: 10_000,
      maxFieldBytes: 1_000,
    });
    expect(read).toMatchObject({ ok: false, status: 413 });
  });

  it("reads a post handed over as one chunk of 100,000 CRLF lines (the request edge reads bodies whole: 500 before, decision 032)", async () => {
    // The streaming parser spread every CRLF-separated piece of a chunk into one call's
    // arguments: a 1.4 MB body in one chunk overflowed the stack ("Maximum call stack size exceeded").
    const lines = ["pincode", ...Array.from({ length: 100_000 }, (_, i) => String(100_000 + i))];
    const form = new FormData();
    form.set("name", "Big list");
    form.set("lm_csv", new File([lines.join("\r\n")], "pins.csv", { type: "text/csv" }));
    form.set("fm_list", lines.slice(1).join("\r\n")); // a textarea, as browsers send it: CRLF line ends
    const probe = new Request("http://console.test/upload", { method: "POST", body: form });
    const whole = new Uint8Array(await probe.arrayBuffer());
    const request = new Request("http://console.test/upload", {
      method: "POST",
      headers: { "Content-Type": probe.headers.get("Content-Type")! },
      body: whole,
    });
    const read = await readMultipart(request, { maxFileBytes: 2 * 1024 * 1024 });
    if (!read.ok) throw new Error(read.message);
    expect(read.form.get("name")).toBe("Big list");
    expect(await (read.form.get("lm_csv") as File).text()).toBe(lines.join("\r\n"));
    expect(read.form.get("fm_list")).toBe(lines.slice(1).join("\r\n"));
  });

  it("reads a body of nothing but line ends in one chunk", async () => {
    const body = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="order_data"; filename="blank.csv"\r\nContent-Type: text/csv\r\n\r\n${"\r\n".repeat(1_000_000)}\r\n--${BOUNDARY}--\r\n`;
    const request = new Request("http://console.test/upload", {
      method: "POST",
      headers: { "Content-Type": `multipart/form-data; boundary=${BOUNDARY}` },
      body: encoder.encode(body),
    });
    const read = await readMultipart(request, { maxFileBytes: 3_000_000 });
    if (!read.ok) throw new Error(read.message);
    expect((read.form.get("order_data") as File).size).toBe(2_000_000);
  });

  it("answers a post that is not multipart with a message, not an error", async () => {
    const read = await readMultipart(
      new Request("http://console.test/upload", { method: "POST", body: new URLSearchParams({ intent: "verify" }) }),
      {
        maxFileBytes: 1000,
        messages: { notMultipart: "Choose a CSV file to upload." },
      },
    );
    expect(read).toEqual({ ok: false, status: 400, message: "Choose a CSV file to upload." });
  });
});

describe("checking a file", () => {
  it("accepts a CSV: UTF-8 text, its BOM dropped", async () => {
    const checked = await checkFile(
      file("\uFEFFSeller Email,Courier\r\na@b.c,Blue Dart\r\n", "rates.csv", "text/csv"),
      CSV_RULE,
    );
    expect(checked).toMatchObject({
      ok: true,
      file: { name: "rates.csv", kind: "csv", text: "Seller Email,Courier\r\na@b.c,Blue Dart\r\n" },
    });
  });

  it("accepts the types browsers declare for .csv (Excel on Windows, plain text, none)", async () => {
    for (const type of ["application/vnd.ms-excel", "text/plain", "", "text/csv; charset=utf-8"]) {
      expect((await checkFile(file("a,b\n", "RATES.CSV", type), CSV_RULE)).ok).toBe(true);
    }
  });

  it("refuses a PNG renamed .csv, by its bytes", async () => {
    expect(await checkFile(file(PNG, "rates.csv", "text/csv"), CSV_RULE)).toEqual({
      ok: false,
      status: 400,
      message: "You can only upload csv file!",
    });
  });

  it("refuses text with NUL bytes or invalid UTF-8 as a CSV", async () => {
    expect((await checkFile(file("a,b\u0000\n", "rates.csv", "text/csv"), CSV_RULE)).ok).toBe(false);
    expect((await checkFile(file([0x61, 0x2c, 0xff, 0xfe], "rates.csv", "text/csv"), CSV_RULE)).ok).toBe(false);
  });

  it("accepts a CSV saved as .txt (plain text), and still refuses binary bytes named .txt (docs/product.md §5)", async () => {
    expect(await checkFile(file("a,b\n", "rates.txt", "text/plain"), CSV_RULE)).toMatchObject({
      ok: true,
      file: { kind: "csv", text: "a,b\n" },
    });
    expect(await checkFile(file(PNG, "rates.txt", "text/plain"), CSV_RULE)).toEqual({
      ok: false,
      status: 400,
      message: "You can only upload csv file!",
    });
  });

  it("refuses a .csv declared as something else", async () => {
    expect((await checkFile(file("a,b\n", "rates.csv", "image/png"), CSV_RULE)).ok).toBe(false);
  });

  it("knows PDF, PNG and JPEG by their first bytes", async () => {
    const rule: FileRule = { kinds: ["pdf", "png", "jpeg"] };
    expect(await checkFile(file(PDF, "deed.pdf", "application/pdf"), rule)).toMatchObject({
      ok: true,
      file: { kind: "pdf", text: null },
    });
    expect(await checkFile(file(PNG, "pan.png", "image/png"), rule)).toMatchObject({ ok: true, file: { kind: "png" } });
    expect(await checkFile(file(JPEG, "pan.JPG", "image/jpeg"), rule)).toMatchObject({
      ok: true,
      file: { kind: "jpeg" },
    });
    // Names that lie about the bytes.
    expect(await checkFile(file(PNG, "deed.pdf", "application/pdf"), rule)).toEqual({
      ok: false,
      status: 400,
      message: "You can only upload PDF or PNG or JPEG files.",
    });
    expect((await checkFile(file(PDF, "pan.png", "image/png"), rule)).ok).toBe(false);
    expect((await checkFile(file("hello", "pan.jpeg", "image/jpeg"), rule)).ok).toBe(false);
    // A kind the rule does not allow.
    expect((await checkFile(file(PDF, "deed.pdf", "application/pdf"), { kinds: ["png"] })).ok).toBe(false);
  });

  it("takes a PDF by its structure, not its first bytes: `%PDF-` in front of a page or cut off is refused", async () => {
    const rule: FileRule = { kinds: ["pdf", "png", "jpeg"], messages: { wrongKind: "Wrong kind." } };
    const html = "%PDF-1.4\n<html><body><script>alert(document.cookie)</script></body></html>\n%%EOF\n";
    for (const bytes of [html, "%PDF-", "%PDF-1.7\n%âãÏÓ\n1 0 obj\n", PDF.subarray(0, PDF.length - 20)]) {
      expect(hasContentOf("pdf", typeof bytes === "string" ? Buffer.from(bytes) : bytes)).toBe(false);
      expect(await checkFile(file(bytes, "deed.pdf", "application/pdf"), rule)).toEqual({
        ok: false,
        status: 400,
        message: "Wrong kind.",
      });
    }
    expect(hasContentOf("pdf", minimalPdf(300 * 1024))).toBe(true);
  });

  it("takes exactly one file from the field", async () => {
    const messages = { missing: "Choose a CSV file to upload.", tooMany: "Choose one CSV file only." };
    const empty = new FormData();
    empty.append("order_data", new File([], "", { type: "application/octet-stream" }));
    expect(await takeFile(empty, "order_data", { kinds: ["csv"], messages })).toMatchObject({
      ok: false,
      message: messages.missing,
    });
    const two = new FormData();
    two.append("order_data", file("a\n", "a.csv", "text/csv"));
    two.append("order_data", file("b\n", "b.csv", "text/csv"));
    expect(await takeFile(two, "order_data", { kinds: ["csv"], messages })).toMatchObject({
      ok: false,
      message: messages.tooMany,
    });
    two.delete("order_data");
    two.append("order_data", file("a\n", "a.csv", "text/csv"));
    expect(await takeFile(two, "order_data", { kinds: ["csv"], messages })).toMatchObject({
      ok: true,
      file: { text: "a\n" },
    });
  });
});
