/**
 * Any pages, measured alike (docs/architecture.md §7): one production server on the
 * demo seed (PGlite), the vp signed in. Per page: one connection (REQUESTS after WARM_UP:
 * Server-Timing median / p95, latency p95, server CPU per request, HTML size), then CONNECTIONS
 * connections for SECONDS (requests/s, p99, CPU per request), the static `/favicon.svg` first as
 * the same run's baseline.
 *   npm run build && npx tsx scripts/bench-pages.ts /legal-status /dashboard …
 * `{client}` in a URL is the seed's first client (the one with the big rate card).
 * `heavy` instead of URLs: the four heaviest pages (On Hold COD, Order Tracker, the Rate Calculator
 * with a quote, a full page of Single Search Record) between two runs of All Users, then each one's
 * server CPU per request as a multiple of All Users' in the same run (their mean), at one
 * connection and at CONNECTIONS (decision 081's target: ≤ 1.3×).
 * The server is the compiled one `npm start` runs (build/start.js); BENCH_SERVER=source runs it from
 * source through tsx, as the browser tests do.
 * PROFILE=1 (best with BASELINE=0) writes a CPU profile of the server (`--cpu-prof`, in ./profiles) for reading with
 * Chrome's DevTools or `npx tsx scripts/lib/profile-top.ts profiles/<file>`.
 */
import os from "node:os";

import {
  JOB_NOISE_SECONDS,
  jobSeconds,
  loadServer,
  measurePageFigures,
  PAGE_TABLE_HEAD,
  type PageFigures,
  pageRow,
  seededDataDir,
  startBenchServer,
} from "./lib/bench-server";
import { compiledServerNodeArgs } from "./lib/server-node.mjs";

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const WARM_UP = Number(process.env.WARM_UP ?? 30);
const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
/**
 * The heavy set's interleaved rounds: each page in turn (the order reversed every other round),
 * ROUND_REQUESTS at one connection, then ROUND_SECONDS at CONNECTIONS. Whatever else the machine
 * or the server does (a collection, a job, another process) falls on every page alike, where the
 * pages measured one after the other each met their own.
 */
const ROUNDS = Number(process.env.ROUNDS ?? 8);
const ROUND_REQUESTS = Number(process.env.ROUND_REQUESTS ?? 25);
const ROUND_SECONDS = Number(process.env.ROUND_SECONDS ?? 1.5);
const ALL_USERS = "/all-users";
/** The heavy four (decision 081), each a page as people open it. */
const HEAVY = [
  "/on-hold-cod",
  "/order-tracker",
  "/all-users/{client}/rate-calculator?shipment_type=forward&pickup_pincode=110001&drop_pincode=400001&delivery_mode=express&length=20&breadth=15&height=10&weight=1.5&payment_mode=cod&cod_amount=500&has_dg=false&is_mps=false&is_doc=false",
  // A common first name: a full page of 50 orders and a count past the cap.
  "/single-search-record?type=customer_name&q=Naveen",
];
const heavy = process.argv[2] === "heavy";
const pages = heavy ? [ALL_USERS, ...HEAVY, ALL_USERS] : process.argv.slice(2);
if (pages.length === 0) {
  console.error("Usage: npx tsx scripts/bench-pages.ts URL …");
  process.exit(2);
}

const data = await seededDataDir();
const extraNodeArgs = process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [];
// The server as `npm start` runs it in production (decision 080): the compiled build/start.js, made
// by the same `npm run build` as the pages. BENCH_SERVER=source runs scripts/start.ts through tsx.
const server = await startBenchServer({
  dataDir: data.dir,
  port: 3960,
  ...(process.env.BENCH_SERVER === "source"
    ? { extraNodeArgs }
    : {
        nodeArgs: compiledServerNodeArgs([
          ...extraNodeArgs,
          ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
        ]),
      }),
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
  const measured: PageFigures[] = [];
  // Pages measured again because a periodic job ran in their window (measurePageFigures).
  const jobNotes: string[] = [];
  // The heavy set: every page warmed first, so the first All Users is not measured on a cold process.
  if (heavy)
    for (const raw of pages)
      for (let i = 0; i < WARM_UP; i++) await server.get(raw.replaceAll("{client}", String(data.clientId)));
  for (const raw of [...(process.env.BASELINE === "0" ? [] : ["/favicon.svg"]), ...pages]) {
    const url = raw.replaceAll("{client}", String(data.clientId));
    const figures = await measurePageFigures(server, url, {
      warmUp: WARM_UP,
      requests: REQUESTS,
      seconds: SECONDS,
      connections: CONNECTIONS,
    });
    measured.push(figures);
    console.log(pageRow(figures));
    if (figures.tries > 1 || figures.jobSeconds > 0)
      jobNotes.push(
        `${url.split("?")[0]}: measured ${figures.tries} time(s); the jobs ran ${figures.jobSeconds.toFixed(2)} s in the kept window`,
      );
  }
  if (jobNotes.length) console.log(`\nPeriodic jobs: ${jobNotes.join("; ")}.`);
  if (heavy) {
    const base = measured.filter((f) => f.url === ALL_USERS);
    const mean = (pick: (f: PageFigures) => number) => base.reduce((sum, f) => sum + pick(f), 0) / base.length;
    const one = mean((f) => f.cpu);
    const many = mean((f) => f.load.cpuPerRequest);
    console.log(
      `\nAll Users (mean of its ${base.length} runs): ${one.toFixed(1)} ms CPU/request at 1 connection, ${many.toFixed(1)} at ${CONNECTIONS}.`,
    );
    console.log(
      `| Page | CPU ÷ All Users (1 conn.) | CPU ÷ All Users (${CONNECTIONS} conn.) | requests/s ÷ All Users |\n| --- | ---: | ---: | ---: |`,
    );
    const rps = mean((f) => f.load.rps);
    for (const f of measured.filter((m) => m.url !== ALL_USERS && m.url !== "/favicon.svg"))
      console.log(
        `| ${f.url.split("?")[0]} | ${(f.cpu / one).toFixed(2)}× | ${(f.load.cpuPerRequest / many).toFixed(2)}× | ${(f.load.rps / rps).toFixed(2)} |`,
      );
  }
  if (heavy) await interleaved([ALL_USERS, ...HEAVY].map((raw) => raw.replaceAll("{client}", String(data.clientId))));
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

/** The heavy set's CPU a request ÷ All Users', from interleaved rounds (ROUNDS). */
async function interleaved(urls: string[]) {
  const one = new Map(urls.map((u) => [u, { ms: 0, n: 0 }]));
  const many = new Map(urls.map((u) => [u, { ms: 0, n: 0 }]));
  let left = 0;
  for (let round = 0; round < ROUNDS; round++)
    for (const url of round % 2 ? [...urls].reverse() : urls) {
      const jobs0 = await jobSeconds(server);
      const cpu0 = server.cpuMs();
      for (let i = 0; i < ROUND_REQUESTS; i++) await server.get(url);
      const cpu1 = server.cpuMs();
      const load = await loadServer(server, [url], ROUND_SECONDS, CONNECTIONS);
      // A turn in which a periodic job ran is left out (its CPU is the server's, not the page's).
      if ((await jobSeconds(server)) - jobs0 > JOB_NOISE_SECONDS) {
        left++;
        continue;
      }
      one.get(url)!.ms += cpu1 - cpu0;
      one.get(url)!.n += ROUND_REQUESTS;
      many.get(url)!.ms += load.cpuPerRequest * load.latencies.length;
      many.get(url)!.n += load.latencies.length;
    }
  const per = (m: Map<string, { ms: number; n: number }>, url: string) => m.get(url)!.ms / m.get(url)!.n;
  const [base] = urls;
  console.log(
    `\nInterleaved: ${ROUNDS} rounds, each page in turn (${ROUND_REQUESTS} requests at 1 connection, ${ROUND_SECONDS} s at ${CONNECTIONS}); ${left} turn(s) left out for a periodic job.`,
  );
  console.log(
    `| Page | CPU/request, 1 conn. (ms) | ÷ All Users | CPU/request, ${CONNECTIONS} conn. (ms) | ÷ All Users |\n| --- | ---: | ---: | ---: | ---: |`,
  );
  for (const url of urls)
    console.log(
      `| ${url.split("?")[0]} | ${per(one, url).toFixed(1)} | ${(per(one, url) / per(one, base)).toFixed(2)}× | ${per(many, url).toFixed(1)} | ${(per(many, url) / per(many, base)).toFixed(2)}× |`,
    );
}
