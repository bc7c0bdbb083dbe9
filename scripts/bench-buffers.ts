/**
 * The price of a smaller page cache (decision 084): compiled servers that differ by environment
 * (`PGLITE_SHARED_BUFFERS`) and `node` flags, on copies of one filled embedded database, each
 * taking the header searches (every type, a different order or seller each request) and the
 * Order Tracker's pages: per page, p50 / p95 latency at one connection (REQUESTS, after WARM_UP
 * requests on other values), then requests/s and p99 at CONNECTIONS connections for SECONDS.
 * Rounds (ROUNDS, 2) alternate the variants, so that the shared machine's load weighs on each
 * alike; each variant's median over the rounds closes the report.
 *   KEEP_DATA_DIR=/tmp/filled MODES=compiled LOAD_SECONDS=0 npx tsx scripts/bench-memory.ts   # once: the 100k demo
 *   MEMORY_DATA_DIR=/tmp/filled VARIANTS="PGLITE_SHARED_BUFFERS=512MB;PGLITE_SHARED_BUFFERS=64MB" npx tsx scripts/bench-buffers.ts
 * (VARIANTS as in bench-memory: `;`-separated, "" for the defaults.)
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";

import { openPglite } from "../app/services/db/client.server";
import { SEARCH_TYPES, type SearchType } from "../app/services/orders/search";
import { createPrng } from "../app/services/seed/prng";
import { loadServer, quantile, startBenchServer } from "./lib/bench-server";
import { compiledServerNodeArgs } from "./lib/server-node.mjs";

const FILLED = process.env.MEMORY_DATA_DIR;
if (!FILLED) {
  console.error("MEMORY_DATA_DIR: a filled data folder (bench-memory's KEEP_DATA_DIR) is needed.");
  process.exit(2);
}
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const REQUESTS = Number(process.env.REQUESTS ?? 100);
const WARM_UP = Number(process.env.WARM_UP ?? 20);
const SECONDS = Number(process.env.SECONDS ?? 5);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const variants = (process.env.VARIANTS ?? "").split(";").map((v) => v.trim());

/** `NAME=value` words are the server's environment, the other words `node` flags (as bench-memory). */
function parseVariant(spec: string) {
  const words = spec.split(" ").filter(Boolean);
  return {
    env: Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split("=", 2) as [string, string])),
    flags: words.filter((w) => w.startsWith("--")),
  };
}

// Values for each search type from random orders and sellers of the filled book (read on a copy).
const rng = createPrng(84);
const sampleDir = await mkdtemp(path.join(os.tmpdir(), "console-buffers-sample-"));
await cp(FILLED, sampleDir, { recursive: true });
const h = openPglite(path.join(sampleDir, "pg"));
const rows = async <T>(q: ReturnType<typeof sql>) => (await h.db.execute(q)).rows as T[];
const [{ n: orderCount, maxId }] = await rows<{ n: number; maxId: number }>(
  sql`select count(*)::int as n, max(id)::int as "maxId" from orders`,
);
const per = WARM_UP + REQUESTS;
const ids = Array.from({ length: per }, () => rng.int(1, maxId));
const sample = await rows<{ [k: string]: string | null }>(
  sql`select pickrr_tracking_id, courier_tracking_id, client_order_id, customer_phone, customer_name from orders where id in (${sql.join(
    ids.map((i) => sql`${i}`),
    sql`, `,
  )})`,
);
const sellers = await rows<{ email: string }>(
  sql`select lower(email) as email from clients order by md5(id::text) limit ${per}`,
);
await h.close();
await rm(sampleDir, { recursive: true, force: true });
const values: Record<SearchType, string[]> = {
  tracking_id: sample.map((o) => o.pickrr_tracking_id!),
  courier_tracking_id: sample.map((o) => o.courier_tracking_id!),
  client_order_id: sample.map((o) => o.client_order_id ?? `SO-${o.pickrr_tracking_id}`),
  phone: sample.map((o) => o.customer_phone!),
  customer_name: sample.map((o) => o.customer_name!.toLowerCase()),
  seller_email: sellers.map((s) => s.email),
};
const PAGES: [string, string[]][] = [
  ...SEARCH_TYPES.map(
    (type) =>
      [`search: ${type}`, values[type].map((v) => `/single-search-record?type=${type}&q=${encodeURIComponent(v)}`)] as [
        string,
        string[],
      ],
  ),
  ["/order-tracker", ["/order-tracker"]],
  ["/order-tracker/daily-stats", ["/order-tracker/daily-stats"]],
];

type Figures = { p50: number; p95: number; rps: number; p99: number };
const results = new Map<string, Figures[]>();
const dirs = new Map<string, string>();
const loadavg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");
console.log(`${orderCount.toLocaleString("en-IN")} orders; load average before: ${loadavg()}`);
console.log(
  "| Round | Variant | Page | p50 ms (1 conn.) | p95 ms | requests/s (" +
    CONNECTIONS +
    " conn.) | p99 ms |\n| ---: | --- | --- | ---: | ---: | ---: | ---: |",
);
try {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const spec of variants) {
      const name = spec || "defaults";
      if (!dirs.has(name)) {
        const dir = await mkdtemp(path.join(os.tmpdir(), "console-buffers-"));
        await cp(FILLED, dir, { recursive: true });
        dirs.set(name, dir);
      }
      const { env, flags } = parseVariant(spec);
      const saved = Object.fromEntries(Object.keys(env).map((k) => [k, process.env[k]]));
      Object.assign(process.env, env); // startBenchServer passes process.env on
      const starting = startBenchServer({
        dataDir: dirs.get(name)!,
        port: 3995,
        nodeArgs: compiledServerNodeArgs(flags),
        readyTimeoutMs: 300_000,
      });
      for (const [k, v] of Object.entries(saved))
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      const server = await starting;
      try {
        for (const [label, urls] of PAGES) {
          // Warm-up on the first values, measured on the others: each search a new order's pages.
          for (let i = 0; i < WARM_UP; i++) await server.get(urls[i % urls.length]);
          const times: number[] = [];
          for (let i = 0; i < REQUESTS; i++) times.push((await server.get(urls[(WARM_UP + i) % urls.length])).ms);
          const load = await loadServer(server, urls, SECONDS, CONNECTIONS);
          const f: Figures = {
            p50: Number(quantile(times, 0.5)),
            p95: Number(quantile(times, 0.95)),
            rps: load.rps,
            p99: Number(quantile(load.latencies, 0.99)),
          };
          results.set(`${name}\t${label}`, [...(results.get(`${name}\t${label}`) ?? []), f]);
          console.log(
            `| ${round} | ${name} | ${label} | ${f.p50} | ${f.p95} | ${f.rps.toFixed(1)} | ${f.p99} | (load ${os.loadavg()[0].toFixed(1)})`,
          );
        }
      } finally {
        await server.stop();
      }
    }
  }
} finally {
  for (const dir of dirs.values()) await rm(dir, { recursive: true, force: true });
}
/** The median; of an even count, the mean of the middle two. */
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : Math.round(((s[m - 1] + s[m]) / 2) * 10) / 10;
};
console.log(
  `\nMedians over ${ROUNDS} round(s):\n| Page | ${variants.map((v) => `${v || "defaults"}: p50 / p95 ms, req/s`).join(" | ")} |\n| --- |${variants.map(() => " ---: |").join("")}`,
);
for (const [label] of PAGES)
  console.log(
    `| ${label} | ${variants
      .map((v) => {
        const fs = results.get(`${v || "defaults"}\t${label}`) ?? [];
        return `${median(fs.map((f) => f.p50))} / ${median(fs.map((f) => f.p95))}, ${median(fs.map((f) => f.rps)).toFixed(1)}`;
      })
      .join(" | ")} |`,
  );
console.log(`load average after: ${loadavg()}`);
