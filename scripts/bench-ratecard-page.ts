/**
 * Measures the client rate card PAGE (server-side render, HTTP on loopback) for a client with
 * 25 couriers × 4 shipment types × 2 delivery types, on the embedded database, with the
 * production build. Budget (docs/performance.md): ≤ 50 ms p95 server-side. Prints the figures; asserts
 * nothing. Two times per request: "server" is the server's own Server-Timing (arrival to
 * response headers: loaders and render, the page being sent as one body), "latency" is what
 * this client saw (adds gzip, loopback and the client's own work on the same 2 cores).
 * The server's CPU time per request is printed too (every thread of the process, gzip and GC
 * included, so it can exceed the latency), and the load average before and after.
 * Usage: npm run build && npx tsx scripts/bench-ratecard-page.ts
 *        (BUILD_DIR is honoured; CPU_PROF=dir writes the server's V8 CPU profile there)
 */
import os from "node:os";
import path from "node:path";

import { quantile, seededDataDir, startBenchServer } from "./lib/bench-server";

const REQUESTS = 200;
/** Requests before measuring: the server's JIT and caches reach their steady state. */
const WARM_UP = 30;

const data = await seededDataDir();
const server = await startBenchServer({
  dataDir: data.dir,
  port: 3950,
  extraNodeArgs: process.env.CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.CPU_PROF)] : [],
});
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  for (const [label, url] of [
    ["Forward tab, all couriers", `/all-users/${data.clientId}/rate-card?all=1`],
    ["RTO tab, all couriers", `/all-users/${data.clientId}/rate-card?tab=rto&all=1`],
  ] as const) {
    const latency: number[] = [];
    const serverTimes: number[] = [];
    let bytes = 0;
    let cpuBefore = 0;
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      if (i === WARM_UP) cpuBefore = server.cpuMs();
      const r = await server.get(url);
      if (i >= WARM_UP) {
        latency.push(r.ms);
        serverTimes.push(r.serverMs);
      }
      bytes = r.bytes;
    }
    const cpuPerRequest = (server.cpuMs() - cpuBefore) / REQUESTS;
    if (serverTimes.some(Number.isNaN)) throw new Error(`${url}: a response had no Server-Timing`);
    console.log(
      `${label}: ${REQUESTS} requests; server ${quantile(serverTimes, 0.5)} ms median, ${quantile(serverTimes, 0.95)} ms p95, ${quantile(serverTimes, 1)} ms max; ` +
        `latency ${quantile(latency, 0.5)} / ${quantile(latency, 0.95)} / ${quantile(latency, 1)} ms; server CPU ${cpuPerRequest.toFixed(1)} ms/request (${(bytes / 1024).toFixed(0)} KiB HTML)`,
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
