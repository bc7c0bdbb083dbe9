/**
 * Precompressed static files (decision 022): at build time every compressible file of the client
 * build gets a `.br` (quality 11) and a `.gz` (level 9) beside it, so the server sends a file
 * as it is instead of compressing the same bytes on every request (scripts/server.ts).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|xml|webmanifest|map)$/i;
/** Smaller files gain nothing worth a second request path. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(p);
    else yield p;
  }
}

/** Writes `.br` and `.gz` beside each compressible file of `dir`; returns how many files it compressed. */
export function precompressDir(dir: string): number {
  let count = 0;
  for (const file of files(dir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const bytes = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      }),
    );
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    count++;
  }
  return count;
}

/** The precompressed variants present under `dir` (absolute paths), read once at start-up. */
export function precompressedFiles(dir: string): Set<string> {
  const found = new Set<string>();
  try {
    for (const file of files(dir)) if (file.endsWith(".br") || file.endsWith(".gz")) found.add(file);
  } catch {
    // no client build yet
  }
  return found;
}
