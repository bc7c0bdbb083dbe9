/**
 * Pages and `.data` are compressed whole (scripts/server.ts `compressWhole`, decisions 050 and
 * 080): brotli at PAGE_BROTLI_QUALITY or gzip at level 1, in the server's thread up to a size and on the thread
 * pool above it. Both ways give what the other gives, and it decompresses to the page.
 */
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { compressWhole, PAGE_BROTLI_QUALITY } from "../../scripts/server";

const page = Buffer.from(
  `<!DOCTYPE html><html lang="en"><body>${Array.from({ length: 400 }, (_, i) => `<tr><td>Client ${i}</td><td>client${i}@example.com</td><td>₹${(i * 13.37).toFixed(2)}</td></tr>`).join("")}</body></html>`,
);

describe("compressWhole", () => {
  it("brotli at its quality, the same here and on the thread pool", async () => {
    const here = await compressWhole(page, "br");
    const pooled = await compressWhole(page, "br", 1024);
    expect(page.length).toBeGreaterThan(1024);
    expect(brotliDecompressSync(here).equals(page)).toBe(true);
    expect(pooled.equals(here)).toBe(true);
    const atQuality = brotliCompressSync(page, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
      },
    });
    expect(here.equals(atQuality)).toBe(true);
    expect(here.length).toBeLessThan(page.length / 4);
  });

  it("gzip at level 1, the same here and on the thread pool", async () => {
    const here = await compressWhole(page, "gzip");
    const pooled = await compressWhole(page, "gzip", 1024);
    expect(gunzipSync(here).equals(page)).toBe(true);
    expect(gunzipSync(pooled).equals(page)).toBe(true);
    expect(here.length).toBeLessThan(page.length / 3);
  });
});
