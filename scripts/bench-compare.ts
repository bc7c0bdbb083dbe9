/**
 * Compares builds on the same pages, side by side: one server per build (each on its own copy
 * of the same seeded database), requests alternating between them, so that whatever else
 * the machine is doing weighs on every build alike. On a shared 2-core VM figures measured
 * at different times can differ by a third; paired figures are the ones to compare.
 * Prints, per page and build: Server-Timing median and p95, latency p95, server CPU/request.
 * Usage: npx tsx scripts/bench-compare.ts BUILD_DIR[:CHECKOUT] BUILD_DIR[:CHECKOUT] …   (PAGES=url,… for other pages;
 * LOAD_ROUNDS=3 adds turns under load, LOAD_SECONDS long at CONNECTIONS connections)
 * A CHECKOUT runs that checkout's own server scripts (its scripts/start.ts). To compare the
 * current build with an earlier commit:
 *   git worktree add /tmp/before <commit> && ln -s "$PWD/node_modules" /tmp/before/node_modules
 *   (cd /tmp/before && npx remix vite:build)
 *   npm run build && npx tsx scripts/bench-compare.ts /tmp/before/build:/tmp/before build
 */
import os from "node:os";

import { type BenchServer, loadServer, quantile, seededDataDir, startBenchServer } from "./lib/bench-server";

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARM_UP = 30;
const specs = process.argv.slice(2);
if (specs.length < 2) {
  console.error("Usage: npx tsx scripts/bench-compare.ts BUILD_DIR[:CHECKOUT] BUILD_DIR[:CHECKOUT] …");
  process.exit(2);
}

const data = await seededDataDir();
const servers: BenchServer[] = [];
try {
  for (const [i, spec] of specs.entries()) {
    const [buildDir, cwd] = spec.split(":");
    servers.push(
      await startBenchServer({ dataDir: i === 0 ? data.dir : await data.copy(), port: 3970 + i, buildDir, cwd }),
    );
  }
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  console.log("| Page | Build | server median | server p95 | latency p95 | server CPU/request | HTML |");
  console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: |");
  // PAGES=url,url… compares those pages instead (`{client}` is the seed's first client).
  const pages: (readonly [string, string])[] = process.env.PAGES
    ? process.env.PAGES.split(",").map((u) => [u, u.replaceAll("{client}", String(data.clientId))] as const)
    : [
        ["Rate card, Forward tab", `/all-users/${data.clientId}/rate-card?all=1`],
        ["Rate card, RTO tab", `/all-users/${data.clientId}/rate-card?tab=rto&all=1`],
        ["All Users", "/all-users"],
      ];
  for (const [label, url] of pages) {
    const runs = servers.map(() => ({ latency: [] as number[], server: [] as number[], cpu: 0, bytes: 0 }));
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      for (const [b, server] of servers.entries()) {
        if (i === WARM_UP) runs[b].cpu = server.cpuMs();
        const r = await server.get(url);
        if (i >= WARM_UP) {
          runs[b].latency.push(r.ms);
          runs[b].server.push(r.serverMs);
        }
        runs[b].bytes = r.bytes;
      }
    }
    for (const [b, run] of runs.entries()) {
      // A build from before Server-Timing has none: its column says so.
      const hasTiming = !run.server.some(Number.isNaN);
      const cpu = (servers[b].cpuMs() - run.cpu) / REQUESTS;
      console.log(
        `| ${label} | ${specs[b]} | ${hasTiming ? quantile(run.server, 0.5) : "–"} | ${hasTiming ? quantile(run.server, 0.95) : "–"} | ${quantile(run.latency, 0.95)} | ${cpu.toFixed(1)} | ${(run.bytes / 1024).toFixed(0)} KiB |`,
      );
    }
  }
  // LOAD_ROUNDS=n: then each page under CONNECTIONS connections for LOAD_SECONDS, the servers
  // taking turns n times (the other one idle meanwhile): requests/s, p99 and CPU per request.
  const rounds = Number(process.env.LOAD_ROUNDS ?? 0);
  if (rounds > 0) {
    const seconds = Number(process.env.LOAD_SECONDS ?? 6);
    const connections = Number(process.env.CONNECTIONS ?? 20);
    console.log(
      `\nUnder load (${connections} connections, ${seconds} s a turn):\n| Page | Build | round | requests/s | p99 | CPU/request |\n| --- | --- | ---: | ---: | ---: | ---: |`,
    );
    for (const [, url] of pages)
      for (let round = 1; round <= rounds; round++)
        for (let k = 0; k < servers.length; k++) {
          // A different server first each round.
          const b = (round + k) % servers.length;
          const load = await loadServer(servers[b], [url], seconds, connections);
          console.log(
            `| ${url} | ${specs[b]} | ${round} | ${load.rps.toFixed(0)} | ${quantile(load.latencies, 0.99)} | ${load.cpuPerRequest.toFixed(2)} |`,
          );
        }
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
} finally {
  for (const s of servers) await s.stop();
  await data.remove();
}
