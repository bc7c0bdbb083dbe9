/**
 * After `remix vite:build`: the server's own code compiled to plain JavaScript (decision 080), so
 * `npm start` and production run one `node` process with no TypeScript loader.
 *
 * - `BUILD_DIR/start.js`: scripts/start.ts with scripts/server.ts and the services they import.
 * - `BUILD_DIR/pglite-thread.js`: the embedded database's thread (decision 048), which the
 *   compiled server starts instead of the source's tsx entry (app/services/db/pglite-thread.mjs).
 *
 * Only the project's own code is bundled: every package stays an import of node_modules, so
 * PGlite finds its WASM and data files beside its own code, as when run from source.
 */
import path from "node:path";

import { build } from "esbuild";

const outdir = path.resolve(process.env.BUILD_DIR ?? "build");

await build({
  entryPoints: {
    start: "scripts/start.ts",
    "pglite-thread": "app/services/db/pglite-worker.server.ts",
  },
  outdir,
  bundle: true,
  packages: "external",
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  logLevel: "warning",
  // The compiled server's database thread: the file beside it (pglite-worker.server.ts).
  define: { COMPILED_PGLITE_THREAD: JSON.stringify("./pglite-thread.js") },
});
console.log(`Compiled the server into ${path.relative(process.cwd(), outdir)}/start.js.`);
