import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { transaction } from "~/services/db/transaction.server";

import { openTestDb } from "../../../tests/support/db";
import { contentDisposition, fileResponse, loadFile, saveFile } from "./store.server";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: false });
});
afterAll(() => h?.close());

const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n%%EOF\n");

describe("file store", () => {
  it("keeps the exact bytes and serves them with their type", async () => {
    const id = await saveFile(h.db, {
      purpose: "legal_document",
      fileName: "Agreement v2.pdf",
      contentType: "application/pdf",
      bytes: PDF,
      uploadedBy: "legal@example.com",
    });
    const file = await loadFile(h.db, id);
    expect(file).not.toBeNull();
    expect(Array.from(file!.bytes)).toEqual(Array.from(PDF));
    expect(file!.size).toBe(PDF.byteLength);
    expect(file!.sha256).toMatch(/^[0-9a-f]{64}$/);
    const response = fileResponse(file!);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PDF);
  });

  it("stores nothing when the transaction that saved it fails", async () => {
    let id = 0;
    await expect(
      transaction(h.db, async (tx) => {
        id = await saveFile(tx, {
          purpose: "kyc_document",
          fileName: "pan.png",
          contentType: "image/png",
          bytes: new Uint8Array([0x89, 0x50]),
          uploadedBy: "vp@example.com",
        });
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect(id).toBeGreaterThan(0);
    expect(await loadFile(h.db, id)).toBeNull();
  });

  it("answers null for ids that cannot exist", async () => {
    expect(await loadFile(h.db, 0)).toBeNull();
    expect(await loadFile(h.db, Number.NaN)).toBeNull();
    expect(await loadFile(h.db, 99_999_999)).toBeNull();
  });

  it("builds a Content-Disposition no file name can break", () => {
    const header = contentDisposition('a";b=c\\d\r\nX-Evil: 1 ₹.pdf', "inline");
    const ascii = header.split("; filename*=")[0];
    expect(ascii).toBe('inline; filename="a_b_c_d_X-Evil_1_.pdf"');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain("filename*=UTF-8''a%22%3Bb%3Dc%5Cd%0D%0AX-Evil%3A%201%20%E2%82%B9.pdf");
  });
});
