/**
 * On Hold COD and the Account Ledger over a large book (docs/performance.md): 2,000 sellers with 26
 * weekly COD remittance cycles and 26 billing cycles each (52,000 of each), the last five cycles
 * of every seller held (10,000 held remittances). Measures, on an in-memory PGlite at one
 * connection, the On Hold COD page query (p50 / p95 over 200 requests: default view, later pages,
 * e-mail and COD Ref ID searches; BENCH_EACH=1 each apart) as written and after the servers'
 * table upkeep (decision 041), the Account Ledger (each view), and the Excel Download of all
 * 10,000 held rows; and the Released view (decision 066) over a third of the other releases made
 * by approvers (~14,000, each with its e-mail), beside the On Hold COD page in the same run and
 * again without the view's two indexes. PAGES=1 adds the pages over HTTP on the same book (the demo database plus
 * these sellers), as a finance approver, beside the static file: one connection, then 20.
 * PROFILE=1 writes the server's CPU profile (./profiles); ONLY=/on-hold-cod,… measures only those
 * pages (`{ledger}` is the bench seller's ledger).
 * Usage: npx tsx scripts/bench-money.ts
 */
import { performance } from "node:perf_hooks";
import { Writable } from "node:stream";

import { sql } from "drizzle-orm";

import { addDays, istDayOf } from "../app/services/core/ist-dates";
import { type Db, openPglite } from "../app/services/db/client.server";
import { keepTablesUp } from "../app/services/db/upkeep.server";
import { writeXlsx } from "../app/services/http/xlsx.server";
import { parseCodView } from "../app/services/money/cod-query";
import { weekStart } from "../app/services/money/cycles";
import { accountLedger } from "../app/services/money/ledger.server";
import { listReleased } from "../app/services/money/released.server";
import { parseReleasedView } from "../app/services/money/released-query";
import { HELD_DOWNLOAD_COLUMNS, heldXlsxRecords, listHeldRemittances } from "../app/services/money/remittances.server";
import { measurePage, PAGE_TABLE_HEAD, seededDataDir, startBenchServer } from "./lib/bench-server";

const SELLERS = 2000;
const WEEKS = 26;
const today = istDayOf(new Date());
const lastMonday = addDays(weekStart(today), -7);

/** The book: SELLERS sellers (all three customer types) × WEEKS weekly COD cycles and bills, the last five cycles held. */
async function fillMoneyBook(db: Db) {
  await db.execute(sql`
    insert into clients (name, email, company_name, phone_number, business_data, pickrr_config)
    select 'Seller ' || lpad(i::text, 4, '0'), 'seller' || i || '@bench.test', 'Company ' || i, '98' || lpad(i::text, 8, '0'), '{}'::jsonb,
           jsonb_build_object('has_wallet', i % 5 = 0, 'deduct_cod', i % 3 = 0, 'credit_period', 15)
    from generate_series(1, ${SELLERS}) i`);
  const sellers = sql`(select id as c from clients where email like '%@bench.test')`;
  await db.execute(sql`
    insert into cod_remittances (pickrr_reference_id, client_id, start_date, end_date, remittance_date, order_count, total_amount, ecod_charges, pending_amount, status, current_action)
    select 'COD' || lpad(c::text, 5, '0') || to_char(d, 'YYYYMMDD'), c, d, d + 6, d + 14, 20 + c % 30, 899 * (20 + c % 30), 25 * (20 + c % 30),
           case when w < 5 then 874 * (20 + c % 30) else 0 end, case when w < 5 then 'PENDING' else 'RELEASED' end, case when w < 5 then 'HOLD' end
    from ${sellers} s, generate_series(0, ${WEEKS - 1}) w, lateral (select ${lastMonday}::date - 7 * w as d) x`);
  await db.execute(sql`
    insert into billing_cycles (reference_id, client_id, start_date, end_date, due_date, order_count, freight_charge, entry_tax, kk_tax, service_tax, total_tax, total_amount, outstanding_amount)
    select 'BILL' || lpad(c::text, 5, '0') || to_char(d, 'YYYYMMDD'), c, d, d + 6, d + 21, 30, 2400, 0, 0, 432, 432, 2832, case when w < 3 then 2832 else 0 end
    from ${sellers} s, generate_series(0, ${WEEKS - 1}) w, lateral (select ${lastMonday}::date - 7 * w as d) x`);
  // A third of the releases were an approver's (decision 066): approver, reason, amount, time and e-mail,
  // the times spread over the last 180 days.
  await db.execute(sql`
    update cod_remittances r set approver_email = 'approver' || (1 + (r.client_id + r.id) % 6) || '@demo.test',
      approver_reason = 'Released by finance (bench)', released_amount = r.total_amount - r.ecod_charges,
      released_at = now() - make_interval(days => (r.client_id * 7 + r.id * 13) % 180, mins => r.id % 600),
      transaction_reference = 'REL' || lpad(r.id::text, 8, '0')
    from clients c where c.id = r.client_id and c.email like '%@bench.test' and r.status = 'RELEASED' and (r.client_id + r.id) % 3 = 0`);
  await db.execute(sql`
    insert into mail_outbox ("to", subject, text, created_at, next_attempt_at, sent_at, attempts)
    select jsonb_build_array(c.email), 'COD remittance ' || r.pickrr_reference_id || ' released', 'bench', r.released_at, r.released_at,
           r.released_at + interval '1 minute', 1
    from cod_remittances r join clients c on c.id = r.client_id
    where r.approver_email is not null and c.email like '%@bench.test'`);
  await db.execute(sql`
    update cod_remittances r set release_mail_id = o.id from mail_outbox o
    where r.approver_email is not null and o.subject = 'COD remittance ' || r.pickrr_reference_id || ' released'`);
  await db.execute(sql`analyze`);
}

const h = openPglite(undefined);
await h.migrate();
const db = h.db;
await fillMoneyBook(db);
const vp = { id: 0, role: "vp" as const };
const view = (q: string) => {
  const v = parseCodView(new URLSearchParams(q), today);
  if (!v.ok) throw new Error(v.message);
  return v.view;
};
const queries = [
  view(""),
  view("page=40"),
  view("by=email&q=seller12"),
  view("by=ref&q=COD00777" + lastMonday.replace(/-/g, "")),
  view("preset=last_7_days"),
];

async function measure(label: string, run: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(i);
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await run(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(`  ${label}: p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms`);
}

console.log(`Money, ${SELLERS} sellers × ${WEEKS} weeks (one connection, PGlite):`);
// As the rows were written (PGlite has no autovacuum: no page is all-visible yet), then after
// the servers' table upkeep has vacuumed and analyzed them (decision 041), as a server has them.
for (const when of ["before the table upkeep", "after it"]) {
  if (when === "after it") console.log(`  table upkeep: ${JSON.stringify(await keepTablesUp(db))}`);
  await measure(`On Hold COD page, ${when}`, (i) => listHeldRemittances(db, vp, queries[i % queries.length]));
  if (process.env.BENCH_EACH)
    for (const [i, q] of queries.entries()) await measure(`  query ${i}`, () => listHeldRemittances(db, vp, q));
}
const releasedView = (q: string) => {
  const v = parseReleasedView(new URLSearchParams(q), today);
  if (!v.ok) throw new Error(v.message);
  return v.view;
};
const releasedQueries = [
  releasedView(""),
  releasedView("page=20"),
  releasedView("approver=approver3@demo.test"),
  releasedView("preset=last_7_days"),
  releasedView(`from=${addDays(today, -179)}&to=${today}&approver=approver5@demo.test&page=30`),
];
const [{ approved }] = (
  await db.execute(sql`select count(*)::int as approved from cod_remittances where approver_email is not null`)
).rows as { approved: number }[];
console.log(`  Released view over ${approved} approvers' releases (the On Hold COD page beside it, same run):`);
await measure("On Hold COD page (baseline)", (i) => listHeldRemittances(db, vp, queries[i % queries.length]));
await measure("Released view", (i) => listReleased(db, vp, releasedQueries[i % releasedQueries.length]));
if (process.env.BENCH_EACH)
  for (const [i, q] of releasedQueries.entries()) await measure(`  query ${i}`, () => listReleased(db, vp, q));
await db.execute(sql`drop index cod_remittances_released_idx`);
await db.execute(sql`drop index cod_remittances_released_approver_idx`);
await measure("Released view without its two indexes", (i) =>
  listReleased(db, vp, releasedQueries[i % releasedQueries.length]),
);
await db.execute(
  sql`create index cod_remittances_released_idx on cod_remittances (released_at, id) include (released_amount, client_id) where approver_email is not null`,
);
await db.execute(
  sql`create index cod_remittances_released_approver_idx on cod_remittances (approver_email, released_at, id) include (released_amount, client_id) where approver_email is not null`,
);
await measure("Account Ledger", (i) =>
  accountLedger(db, 1 + ((i * 37) % SELLERS), (["pending", "cleared", "future"] as const)[i % 3]),
);
const wide = view(`from=${addDays(today, -60)}&to=${today}`);
let bytes = 0;
const sink = new Writable({
  write(chunk: Buffer, _e, done) {
    bytes += chunk.length;
    done();
  },
});
const t0 = performance.now();
let rows = 0;
async function* counted() {
  for await (const r of heldXlsxRecords(db, vp, wide)) {
    rows++;
    yield r;
  }
}
await writeXlsx(sink, [{ name: "On Hold COD", columns: HELD_DOWNLOAD_COLUMNS, records: counted() }]);
console.log(`  Excel Download: ${rows} rows, ${bytes} bytes in ${(performance.now() - t0).toFixed(0)} ms`);
await h.close();

if (process.env.PAGES === "1") {
  const data = await seededDataDir();
  const onDisk = openPglite(`${data.dir}/pg`);
  await fillMoneyBook(onDisk.db);
  const [seller] = (await onDisk.db.execute(sql`select id from clients where email = 'seller777@bench.test'`)).rows as {
    id: number;
  }[];
  await onDisk.close();
  process.env.BENCH_AS = "approver1@demo.test:kam";
  const server = await startBenchServer({
    dataDir: data.dir,
    port: 3962,
    extraNodeArgs: process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [],
  });
  try {
    const ledger = `/all-users/${seller!.id}/account-ledger`;
    const pages = [
      "/favicon.svg",
      "/on-hold-cod",
      "/on-hold-cod?page=40",
      "/on-hold-cod?by=email&q=seller12",
      "/on-hold-cod/released",
      "/on-hold-cod/released?approver=approver3@demo.test&page=5",
      `${ledger}?type=pending`,
      `${ledger}?type=cleared`,
      `${ledger}?type=future`,
    ];
    console.log(PAGE_TABLE_HEAD);
    // ONLY=a,b measures those pages alone (e.g. with PROFILE=1 for a profile of one page).
    const only = process.env.ONLY?.split(",");
    for (const url of only ? only.map((u) => u.replace("{ledger}", ledger)) : pages)
      console.log(await measurePage(server, url, { warmUp: 20, requests: 200, seconds: 10, connections: 20 }));
  } finally {
    await server.stop();
    await data.remove();
  }
}
