/**
 * The Dashboard and the Order Tracker at scale (decision 030), on a database that holds the large
 * seed (2,000+ clients, 1,000,000 orders):
 *
 *   npm run db:seed -- --reset --scale large              # PGlite in DATA_DIR, or DATABASE_URL
 *   npm run build && npx tsx scripts/bench-analytics.ts   # same DATA_DIR / DATABASE_URL
 *
 * 1. The services at one connection, in this process (as the loaders call them): p50 / p95 of
 *    each read for vp (every client) and for an avp and a tl (their hierarchy).
 * 2. The Daily Performance snapshot refresh (forced), three times.
 *    Week on week (decision 072): the Dropping preset, the sort by change, growth by seller.
 * 3. The pages over HTTP (the production server, signed in as the demo vp): p95 at one
 *    connection, then requests/s at 20 concurrent connections, each beside a small static file
 *    from the same server as the baseline, and All Users for the ratio; the server's CPU a
 *    request, and its main thread's share (the render side; the rest is mostly the database's
 *    thread, decision 048).
 */
import os from "node:os";

import { sql } from "drizzle-orm";

import { dashboardData, growthBy } from "../app/services/analytics/dashboard.server";
import { refreshDailyPerformance } from "../app/services/analytics/snapshot.server";
import { dailyPerformance, dailyStats, sellerEmails } from "../app/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY } from "../app/services/analytics/tracker-query";
import { addDays, istDayOf } from "../app/services/core/ist-dates";
import type { StaffRole } from "../app/services/core/roles";
import { openConfiguredDb } from "../app/services/db/client.server";
import { loadServer, quantile, startBenchServer } from "./lib/bench-server";

const handle = openConfiguredDb();
const db = handle.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];
const [{ orders, clients }] = await rows<{ orders: number; clients: number }>(
  sql`select (select count(*)::int from orders) as orders, (select count(*)::int from clients) as clients`,
);
console.log(
  `${handle.kind}; ${clients.toLocaleString("en-IN")} clients, ${orders.toLocaleString("en-IN")} orders; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
if (orders < 900_000)
  console.log("Note: fewer than 900,000 orders — seed the large scale first for the issue's figures.");

const viewer = async (role: StaffRole) => {
  const [s] = await rows<{ id: number }>(sql`select id from staff where email = ${`${role}@demo.test`}`);
  return { id: s.id, role };
};
const vp = await viewer("vp");
const avp = await viewer("avp");
const tl = await viewer("tl");
const today = istDayOf(new Date());

async function time(label: string, n: number, fn: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn(i);
    ms.push(performance.now() - t);
  }
  console.log(`| ${label} | ${quantile(ms, 0.5)} | ${quantile(ms, 0.95)} |`);
}

console.log("\n### 2. Daily Performance snapshot refresh (forced)\n");
for (let i = 0; i < 3; i++) {
  const t = performance.now();
  await refreshDailyPerformance(db, { force: true });
  console.log(`refresh ${i + 1}: ${(performance.now() - t).toFixed(0)} ms`);
}

console.log("\n### 1. The services at one connection (in process)\n");
console.log("| Read | p50 ms | p95 ms |\n| --- | ---: | ---: |");
const emails = await sellerEmails(db, vp);
const [someSeller] = await rows<{ id: number }>(sql`select id from clients order by id limit 1`);
for (const [name, v] of [
  ["vp", vp],
  ["avp", avp],
  ["tl", tl],
] as const) {
  await time(`dashboard (${name})`, 40, () => dashboardData(db, v));
  await time(`daily stats, last 30 days, all sellers (${name})`, 40, () =>
    dailyStats(db, v, { from: addDays(today, -29), to: today }, null),
  );
  await time(`daily performance, sellers page 1 (${name})`, 40, () => dailyPerformance(db, v, DEFAULT_TRACKER_QUERY));
  await time(`seller e-mails for the picker (${name})`, 40, () => sellerEmails(db, v));
}
// Week on week (decision 072): the Dropping preset, the change's sort, the Dashboard's growth by seller.
for (const [name, v] of [
  ["vp", vp],
  ["avp", avp],
  ["tl", tl],
] as const) {
  await time(`daily performance, Dropping preset by change % (${name})`, 40, () =>
    dailyPerformance(db, v, { ...DEFAULT_TRACKER_QUERY, preset: "dropping", sort: "week_percent", dir: "asc" }),
  );
  await time(`growth by seller (${name})`, 40, () => growthBy(db, v, "seller"));
}
await time("daily performance by TL, sorted by change (vp)", 40, () =>
  dailyPerformance(db, vp, { ...DEFAULT_TRACKER_QUERY, view: "tl", sort: "week_change", dir: "asc" }),
);
await time("daily stats, 90 days, one seller (vp)", 40, () =>
  dailyStats(db, vp, { from: addDays(today, -90), to: today }, someSeller.id),
);
await time("daily performance by AVP (vp)", 40, () =>
  dailyPerformance(db, vp, { ...DEFAULT_TRACKER_QUERY, view: "avp" }),
);
await time("daily performance, search by e-mail (vp)", 40, (i) =>
  dailyPerformance(db, vp, { ...DEFAULT_TRACKER_QUERY, q: emails[(i * 37) % emails.length] }),
);
await handle.close();

console.log("\n### 3. The pages over HTTP, beside a static file\n");
const server = await startBenchServer({ dataDir: process.env.DATA_DIR ?? os.tmpdir(), port: 3991 });
try {
  const SECONDS = Number(process.env.SECONDS_PER_PAGE ?? 6);
  const pages: [string, string[]][] = [
    ["static file (baseline)", ["/favicon.svg"]],
    ["/all-users (a list page, for the ratio)", ["/all-users"]],
    ["/dashboard", ["/dashboard"]],
    ["/order-tracker (defaults)", ["/order-tracker"]],
    ["/order-tracker (last 30 days, by AVP)", ["/order-tracker?period=last_30_days&view=avp"]],
    // Week on week (decision 072): the Dropping preset, and every row sorted by the change.
    ["/order-tracker (Dropping preset)", ["/order-tracker?sort=week_percent&dir=asc&preset=dropping"]],
    ["/order-tracker (sorted by change %)", ["/order-tracker?sort=week_percent&dir=asc"]],
    ["/dashboard/growth (by seller)", ["/dashboard/growth"]],
    [
      "/order-tracker (one seller, search)",
      emails.slice(0, 50).map((e) => `/order-tracker?seller=${encodeURIComponent(e)}&q=${encodeURIComponent(e)}`),
    ],
  ];
  console.log(
    "| Page | p50 ms (1 conn.) | p95 ms (1 conn.) | requests/s (20 conn.) | p99 ms (20 conn.) | server CPU ms/request | of which main thread |\n| --- | ---: | ---: | ---: | ---: | ---: | ---: |",
  );
  for (const [label, urls] of pages) {
    const one: number[] = [];
    for (let i = 0; i < 60; i++) one.push((await server.get(urls[i % urls.length])).ms);
    const load = await loadServer(server, urls, SECONDS);
    console.log(
      `| ${label} | ${quantile(one, 0.5)} | ${quantile(one, 0.95)} | ${load.rps.toFixed(0)} | ${quantile(load.latencies, 0.99)} | ${load.cpuPerRequest.toFixed(1)} | ${load.mainCpuPerRequest.toFixed(1)} |`,
    );
  }
} finally {
  await server.stop();
}
