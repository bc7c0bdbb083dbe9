/**
 * Any pages, measured alike (docs/architecture.md §7): one production server on the
 * demo seed (PGlite), the vp signed in. Per page: one connection (REQUESTS after WARM_UP:
 * Server-Timing median / p95, latency p95, server CPU per request, HTML size), then CONNECTIONS
 * connections for SECONDS (requests/s, p99, CPU per request), the static `/favicon.svg` first as
 * the same run's baseline.
 *   npm run build && npx tsx scripts/bench-pages.ts /legal-status /dashboard …
 * `{client}` in a URL is the seed's first client (the one with the big rate card).
 * PROFILE=1 (best with BASELINE=0) writes a CPU profile of the server (`--cpu-prof`, in ./profiles) for reading with
 * Chrome's DevTools or `npx tsx scripts/lib/profile-top.ts profiles/<file>`.
 */
import os from "node:os";

import { measurePage, PAGE_TABLE_HEAD, seededDataDir, startBenchServer } from "./lib/bench-server";

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARM_UP = Number(process.env.WARM_UP ?? 30);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const pages = process.argv.slice(2);
if (pages.length === 0) {
  console.error("Usage: npx tsx scripts/bench-pages.ts URL …");
  process.exit(2);
}

const data = await seededDataDir();
const server = await startBenchServer({
  dataDir: data.dir,
  port: 3960,
  extraNodeArgs: process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [],
});
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  console.log(PAGE_TABLE_HEAD);
  // BASELINE=0 leaves the static file out (a profile of the pages alone).
  for (const raw of [...(process.env.BASELINE === "0" ? [] : ["/favicon.svg"]), ...pages]) {
    const url = raw.replaceAll("{client}", String(data.clientId));
    console.log(
      await measurePage(server, url, {
        warmUp: WARM_UP,
        requests: REQUESTS,
        seconds: SECONDS,
        connections: CONNECTIONS,
      }),
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await server.stop();
  await data.remove();
}
