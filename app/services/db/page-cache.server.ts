/**
 * The embedded database's page cache (PostgreSQL's shared_buffers) when PGLITE_SHARED_BUFFERS is
 * not set: by the size of the book it holds (decision 084). PGlite's WASM memory holds the cache,
 * grows as pages are used and never shrinks, so the cache is what the server keeps resident. The
 * million-order book's customer-name search re-reads its pages without a large one (decision
 * 048: 99 → 111–113 requests/s with 512MB); the demo's 100,000 orders are served alike by a small
 * one (docs/performance-log.md, 2026-12-06), which keeps the server within its memory budget.
 */
import { readdirSync, statSync } from "node:fs";
import path from "node:path";

/** Tables and indexes (the folder's `base`) from this size on: a large book. */
export const LARGE_BOOK_BYTES = 1024 ** 3;
export const SMALL_BOOK_CACHE = "64MB";
export const LARGE_BOOK_CACHE = "512MB";

export const pageCacheFor = (tableBytes: number) =>
  tableBytes >= LARGE_BOOK_BYTES ? LARGE_BOOK_CACHE : SMALL_BOOK_CACHE;

/** Bytes of the files under `dir` (0 when it is missing: a new database). */
export function folderBytes(dir: string): number {
  let bytes = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const p = path.join(dir, name);
    try {
      const s = statSync(p);
      bytes += s.isDirectory() ? folderBytes(p) : s.size;
    } catch {
      // removed meanwhile
    }
  }
  return bytes;
}

/** The cache for the PGlite folder `pgDir`: the setting when given, else by its tables' size. */
export const pageCacheOf = (pgDir: string, setting: string | undefined) =>
  setting ?? pageCacheFor(folderBytes(path.join(pgDir, "base")));
