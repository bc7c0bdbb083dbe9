/**
 * The cashback statement's service at one connection (decision 067; docs/performance.md: ≤ 50 ms
 * p95 on the large seed, PGlite), beside the Account Ledger of the same sellers as the run's
 * baseline. On a seeded database — the seed credits its Premium sellers' late deliveries through
 * the couriers' ingestion:
 *
 *   npm run db:seed -- --reset --scale large          # PGlite in DATA_DIR, or DATABASE_URL
 *   npx tsx scripts/bench-cashback.ts
 *
 * Each measure: 10 warm-up calls, then 200 timed, round-robin over the credited Premium sellers
 * (the busiest first) and each seller's cycles: the newest (no `?cycle=`), every cycle in turn,
 * and the last page of the busiest cycle.
 */
import { performance } from "node:perf_hooks";

import { sql } from "drizzle-orm";

import { openConfiguredDb } from "../app/services/db/client.server";
import { cashbackStatement } from "../app/services/money/cashback-statement.server";
import { accountLedger } from "../app/services/money/ledger.server";

const handle = openConfiguredDb();
const db = handle.db;
const rows = async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

const [book] = await rows<{ orders: number; credits: number; sellers: number }>(sql`
  select (select count(*)::int from orders) as orders, (select count(*)::int from cashback_credits) as credits,
         (select count(distinct client_id)::int from cashback_credits) as sellers`);
const cycles = await rows<{ client_id: number; start: string; n: number }>(sql`
  select client_id, to_char(bill_start, 'YYYY-MM-DD') as start, count(*)::int as n from cashback_credits
  group by client_id, bill_start order by sum(count(*)) over (partition by client_id) desc, client_id, bill_start desc`);
if (cycles.length === 0) throw new Error("No cashback credits: seed the database first (npm run db:seed).");
const sellers = [...new Set(cycles.map((c) => c.client_id))];
const busiest = [...cycles].sort((a, b) => b.n - a.n)[0];
const queries = [
  ...sellers.map((id) => ({ id, cycle: null, page: 1 })),
  ...cycles.map((c) => ({ id: c.client_id, cycle: c.start, page: 1 })),
  { id: busiest.client_id, cycle: busiest.start, page: Math.ceil(busiest.n / 50) },
];

async function measure(label: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(i);
  const times: number[] = [];
  // PGlite runs in this process: its CPU per call is the work itself, whatever else the machine runs.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = ((cpu.user + cpu.system) / 1000 / times.length).toFixed(2);
  console.log(`| ${label} | ${pct(50)} ms | ${pct(95)} ms | ${pct(100)} ms | ${cpuMs} ms |`);
}

console.log(
  `${handle.kind}: ${book.orders.toLocaleString("en-IN")} orders, ${book.credits} cashback credits of ${book.sellers} Premium sellers, ` +
    `${cycles.length} cycles (busiest: client ${busiest.client_id}, ${busiest.n} orders in the week of ${busiest.start}); one connection`,
);
console.log("| Measure | p50 | p95 | max | CPU a call |\n| --- | ---: | ---: | ---: | ---: |");
await measure("Account Ledger, the same sellers (baseline)", (i) =>
  accountLedger(db, sellers[i % sellers.length], (["pending", "cleared", "future"] as const)[i % 3]),
);
await measure("Cashback statement (newest cycle, each cycle, a last page)", (i) => {
  const q = queries[i % queries.length];
  return cashbackStatement(db, q.id, { cycle: q.cycle, page: q.page });
});
await measure("Cashback statement, a seller without Premium", () => cashbackStatement(db, 1, { cycle: null, page: 1 }));
await handle.close();
