/**
 * Legal Status over a large book (docs/performance.md): 2,000 sellers, 10 documents published per
 * segment (three names, several versions each) plus one specific document per seller, half of
 * the documents in force accepted. Measures, on an in-memory PGlite at one connection, the
 * Legal Status page query (p50 / p95 over 200 requests of varied filters and pages) from the
 * kept per-seller status (decision 036) and by counting everything (the reference path), the
 * CSV of every seller, and what keeping the status costs the writes (a broadcast's segment, one
 * acceptance, the rebuild). Usage: npx tsx scripts/bench-legal-status.ts
 */
import { performance } from "node:perf_hooks";

import { sql } from "drizzle-orm";

import { type Db, openPglite, type Tx } from "../app/services/db/client.server";
import { writeCsv } from "../app/services/http/csv";
import { indiaDate } from "../app/services/legal/documents";
import {
  countedLegalStatus,
  legalStatus,
  legalStatusCsvRecords,
  type StatusQuery,
} from "../app/services/legal/status.server";
import {
  keepStatusAfterAccept,
  keepStatusAfterPublish,
  rebuildLegalStatus,
} from "../app/services/legal/status-kept.server";
import { measurePage, PAGE_TABLE_HEAD, seededDataDir, startBenchServer } from "./lib/bench-server";

const SELLERS = 2000;
/** The day the book is read on (the page's `now`). */
const BOOK_NOW = new Date("2026-11-20T06:00:00Z");

/**
 * The book: sellers up to SELLERS in all, 10 broadcast documents per segment, one specific
 * document per seller, half of the sellers with everything in force accepted. On a demo
 * database (PAGES=1) the demo's own legal documents make way for these.
 */
async function fillBook(db: Db) {
  await db.execute(sql`delete from legal_acceptances`);
  await db.execute(sql`delete from legal_documents`);
  const have = Number((await db.execute(sql`select count(*)::int n from clients`)).rows[0].n);
  await db.execute(sql`
    insert into clients (name, email, company_name, phone_number, business_data, pickrr_config)
    select 'Seller ' || lpad(i::text, 4, '0'), 'seller' || i || '@bench.test', 'Company ' || i, '98' || lpad(i::text, 8, '0'),
           jsonb_build_object('tin_number', 'Segment_' || (1 + i % 3)), '{"disable_legal": false}'::jsonb
    from generate_series(1, ${Math.max(0, SELLERS - have)}) i`);
  await db.execute(
    sql`update clients set business_data = coalesce(business_data, '{}'::jsonb) || jsonb_build_object('tin_number', 'Segment_' || (1 + id % 3))`,
  );
  await db.execute(
    sql`insert into stored_files (purpose, file_name, content_type, size, sha256, bytes, uploaded_by) values ('legal_document', 'a.pdf', 'application/pdf', 4, 'x', '\\x25504446'::bytea, 'bench')`,
  );
  const fileId = Number((await db.execute(sql`select max(id)::int id from stored_files`)).rows[0].id);
  // 10 per segment: agreement v1–v4, privacy_policy v1–v3, other v1–v3.
  await db.execute(sql`
    insert into legal_documents (doc_name, doc_type, segment, audience, description, publish_at, order_blocking, days, version, file_id, file_name)
    select n.doc_name, 'broadcast', s::text, 'segment:' || s, 'bench', date '2026-01-01' + v, 'optional', null, v, ${fileId}, 'a.pdf'
    from generate_series(1, 3) s, (values ('agreement', 4), ('privacy_policy', 3), ('other', 3)) n(doc_name, versions), generate_series(1, 4) v
    where v <= n.versions`);
  await db.execute(sql`
    insert into legal_documents (doc_name, doc_type, segment, email, client_id, audience, description, publish_at, order_blocking, days, version, file_id, file_name)
    select 'agreement', 'specific', '1', c.email, c.id, 'email:' || lower(c.email), 'bench', date '2026-02-01', 'mandatory', 30, 1, ${fileId}, 'a.pdf' from clients c`);
  // Half the sellers accepted everything in force; the others a part of it.
  await db.execute(sql`
    insert into legal_acceptances (document_id, client_id, version, accepted_by)
    select d.id, c.id, d.version, c.email from clients c join legal_documents d on d.audience = 'segment:' || (1 + c.id % 3) where c.id % 2 = 0
    union all
    select d.id, c.id, d.version, c.email from clients c join legal_documents d on d.audience = 'email:' || lower(c.email)`);
  // Written around the services: the kept status is rebuilt, as `npm run legal:rebuild-status` would.
  await rebuildLegalStatus(db, { only: "all", now: BOOK_NOW });
  await db.execute(sql`analyze`);
}

const h = openPglite(undefined);
await h.migrate();
const db = h.db;
await fillBook(db);
console.log("data ready");

const now = BOOK_NOW;
const queries: StatusQuery[] = [
  { status: null, q: "", page: 1 },
  { status: "1", q: "", page: 3 },
  { status: "0", q: "", page: 10 },
  { status: null, q: "seller12", page: 1 },
  { status: "0", q: "bench", page: 20 },
];
const ms = (list: number[], p: number) =>
  list[Math.min(list.length - 1, Math.floor((p / 100) * list.length))].toFixed(1);
/** 200 requests over the five views: overall p50 / p95 / max and each view's. */
async function measure(label: string, run: (q: StatusQuery) => Promise<unknown>) {
  for (let i = 0; i < 10; i++) await run(queries[i % queries.length]);
  const times: number[] = [];
  const byKind = queries.map(() => [] as number[]);
  for (let i = 0; i < 200; i++) {
    const t = performance.now();
    await run(queries[i % queries.length]);
    const took = performance.now() - t;
    times.push(took);
    byKind[i % queries.length].push(took);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  ${label}: p50 ${ms(times, 50)} ms, p95 ${ms(times, 95)} ms, max ${ms(times, 100)} ms (one connection, PGlite)`,
  );
  for (const [i, q] of queries.entries()) {
    const k = byKind[i].sort((a, b) => a - b);
    console.log(
      `    status ${q.status ?? "any"}, search "${q.q}", page ${q.page}: p50 ${ms(k, 50)} ms, p95 ${ms(k, 95)} ms`,
    );
  }
}
console.log(
  `Legal Status, ${SELLERS} sellers, ${(await db.execute(sql`select count(*)::int n from legal_documents`)).rows[0].n} documents:`,
);
await measure("page query, kept status", (q) => legalStatus(db, q, now));
await measure("page query, counting everything (reference)", (q) => countedLegalStatus(db, q, indiaDate(now)));

// What keeping it costs the writes (each in a transaction rolled back, so the book stays).
const rollback = new Error("rollback");
async function writeCost(label: string, times: number, body: (tx: Tx, i: number) => Promise<unknown>) {
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    await db
      .transaction(async (tx) => {
        const t = performance.now();
        await body(tx, i);
        took.push(performance.now() - t);
        throw rollback;
      })
      .catch((e) => {
        if (e !== rollback) throw e;
      });
  }
  took.sort((a, b) => a - b);
  console.log(`  keeping it: ${label}: p50 ${ms(took, 50)} ms, max ${ms(took, 100)} ms`);
}
await writeCost("a broadcast's segment (~667 sellers)", 10, (tx, i) =>
  keepStatusAfterPublish(tx, `segment:${1 + (i % 3)}`, now),
);
await writeCost("one seller's acceptance", 50, (tx, i) => keepStatusAfterAccept(tx, 1 + i * 37, now));
const r0 = performance.now();
await rebuildLegalStatus(db, { only: "all", now });
console.log(`  rebuild of every seller: ${(performance.now() - r0).toFixed(0)} ms`);
const t0 = performance.now();
const records = await legalStatusCsvRecords(db, { status: "0", q: "" }, now);
const all = await legalStatusCsvRecords(db, { status: null, q: "" }, now);
const csv = writeCsv(all);
const csvMs = performance.now() - t0;
console.log(
  `  CSV (not accepted: ${records.length} rows; all: ${all.length} rows, ${csv.length} bytes) ${csvMs.toFixed(0)} ms`,
);
await h.close();

// PAGES=1: the page itself over HTTP on the same book (the demo database plus these sellers and
// documents), signed in as the demo legal, beside the static file: one connection, then 20.
if (process.env.PAGES === "1") {
  const data = await seededDataDir();
  const onDisk = openPglite(`${data.dir}/pg`);
  await fillBook(onDisk.db);
  await onDisk.close();
  process.env.BENCH_AS = "legal";
  const server = await startBenchServer({
    dataDir: data.dir,
    port: 3961,
    extraNodeArgs: process.env.PROFILE ? ["--cpu-prof", "--cpu-prof-dir=profiles"] : [],
  });
  try {
    // Legal's Account Setup (a form and a short table) is the signed-in frame's cost beside them.
    const pages = [
      "/favicon.svg",
      "/account-setup",
      "/legal-status",
      "/legal-status?status=1&page=3",
      "/legal-status?status=0&page=10",
      "/legal-status?q=seller12",
    ];
    console.log(PAGE_TABLE_HEAD);
    for (const url of pages)
      console.log(await measurePage(server, url, { warmUp: 20, requests: 200, seconds: 10, connections: 20 }));
    for (const status of ["0", "1"]) {
      const csv = await server.get(`/legal-status/download.csv?status=${status}`);
      console.log(`CSV over HTTP, status ${status}: ${(csv.bytes / 1024).toFixed(0)} KiB in ${csv.ms.toFixed(0)} ms`);
    }
  } finally {
    await server.stop();
    await data.remove();
  }
}
