import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import {
  folderBytes,
  LARGE_BOOK_BYTES,
  LARGE_BOOK_CACHE,
  pageCacheFor,
  pageCacheOf,
  SMALL_BOOK_CACHE,
} from "./page-cache.server";

const dir = mkdtempSync(path.join(os.tmpdir(), "page-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the embedded database's page cache by the book's size (decision 084)", () => {
  it("is small for the demo's book and 512MB from a large book's size on", () => {
    expect(pageCacheFor(0)).toBe(SMALL_BOOK_CACHE);
    expect(pageCacheFor(LARGE_BOOK_BYTES - 1)).toBe(SMALL_BOOK_CACHE);
    expect(pageCacheFor(LARGE_BOOK_BYTES)).toBe(LARGE_BOOK_CACHE);
    expect(SMALL_BOOK_CACHE).not.toBe(LARGE_BOOK_CACHE);
  });

  it("measures the folder's tables (base), and the setting wins when given", () => {
    const pg = path.join(dir, "pg");
    expect(pageCacheOf(pg, undefined)).toBe(SMALL_BOOK_CACHE); // a new database
    mkdirSync(path.join(pg, "base", "5"), { recursive: true });
    writeFileSync(path.join(pg, "base", "5", "16384"), Buffer.alloc(3000));
    writeFileSync(path.join(pg, "base", "5", "16385"), Buffer.alloc(1000));
    mkdirSync(path.join(pg, "pg_wal"));
    writeFileSync(path.join(pg, "pg_wal", "000000010000000000000001"), Buffer.alloc(5000));
    expect(folderBytes(path.join(pg, "base"))).toBe(4000);
    expect(pageCacheOf(pg, "256MB")).toBe("256MB");
  });
});
