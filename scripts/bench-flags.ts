/**
 * Server settings compared under load, in turn: for each round, each variant starts its own
 * server (the same build, the same database), warms up, takes CONNECTIONS connections for
 * SECONDS on each page, and stops. Rounds alternate the variants, so that whatever else the
 * machine is doing weighs on each alike (on a shared 2-core VM runs minutes apart differ by
 * a third). A variant is Node flags and/or environment settings, `|`-separated:
 *   npx tsx scripts/bench-flags.ts "" "--single-threaded-gc" "PGLITE_SHARED_BUFFERS=128MB" -- /all-users "/all-users/{client}/rate-card"
 * (ROUNDS=3, SECONDS=6, CONNECTIONS=20, WARM_UP=40; BENCH_DATA_DIR for the large seed.)
 * Prints requests/s, p99 and server CPU ms a request (every thread of the process) per run,
 * then each variant's median of the rounds.
 */
import os from "node:os";

import { loadServer, quantile, seededDataDir, startBenchServer } from "./lib/bench-server";

const ROUNDS = Number(process.env.ROUNDS ?? 3);
const SECONDS = Number(process.env.SECONDS ?? 6);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const WARM_UP = Number(process.env.WARM_UP ?? 40);
const args = process.argv.slice(2);
const split = args.indexOf("--");
if (split < 1 || split === args.length - 1) {
  console.error(
    'Usage: npx tsx scripts/bench-flags.ts VARIANT VARIANT … -- URL …   (a VARIANT: "--flag NAME=value …", "" for the default)',
  );
  process.exit(2);
}
const variants = args.slice(0, split);
const pages = args.slice(split + 1);

/** "--flag NAME=value" → Node flags and environment settings. */
function parseVariant(v: string) {
  const words = v.split(" ").filter(Boolean);
  return {
    flags: words.filter((w) => w.startsWith("-")),
    env: Object.fromEntries(words.filter((w) => !w.startsWith("-")).map((w) => w.split("=", 2) as [string, string])),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const data = await seededDataDir();
const results = new Map<string, { rps: number[]; cpu: number[] }>();
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
  console.log("| Round | Variant | Page | requests/s | p99 | CPU/request |");
  console.log("| ---: | --- | --- | ---: | ---: | ---: |");
  for (let round = 1; round <= ROUNDS; round++) {
    for (const variant of variants) {
      const { flags, env } = parseVariant(variant);
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env);
      const server = await startBenchServer({ dataDir: data.dir, port: 3990, extraNodeArgs: flags });
      for (const [k, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[k];
        else process.env[k] = value;
      }
      try {
        for (const raw of pages) {
          const url = raw.replaceAll("{client}", String(data.clientId));
          for (let i = 0; i < WARM_UP; i++) await server.get(url);
          const load = await loadServer(server, [url], SECONDS, CONNECTIONS);
          const key = `${variant || "(default)"}\t${raw}`;
          const r = results.get(key) ?? { rps: [], cpu: [] };
          r.rps.push(load.rps);
          r.cpu.push(load.cpuPerRequest);
          results.set(key, r);
          console.log(
            `| ${round} | ${variant || "(default)"} | ${raw} | ${load.rps.toFixed(0)} | ${quantile(load.latencies, 0.99)} | ${load.cpuPerRequest.toFixed(2)} |`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
  console.log("\nMedians of the rounds:\n| Variant | Page | requests/s | CPU/request |\n| --- | --- | ---: | ---: |");
  for (const [key, r] of results) {
    const [variant, page] = key.split("\t");
    console.log(`| ${variant} | ${page} | ${median(r.rps).toFixed(0)} | ${median(r.cpu).toFixed(2)} |`);
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await data.remove();
}
