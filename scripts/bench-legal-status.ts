/**
 * Legal Status over a large book (issue 16 budget): 2,000 sellers, 10 documents published per
 * segment (three names, several versions each) plus one specific document per seller, half of
 * the documents in force accepted. Measures, on an in-memory PGlite at one connection, the
 * Legal Status page query (p50 / p95 over 200 requests of varied filters and pages) and the
 * CSV of every seller. Usage: npx tsx scripts/bench-legal-status.ts
 */
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openPglite } from "../app/services/db/client.server";
import { legalStatus, legalStatusCsvRecords } from "../app/services/legal/status.server";
import { writeCsv } from "../app/services/http/csv";

const SELLERS = 2000;
const h = openPglite(undefined);
await h.migrate();
const db = h.db;
await db.execute(sql`
  insert into clients (name, email, company_name, phone_number, business_data, pickrr_config)
  select 'Seller ' || lpad(i::text, 4, '0'), 'seller' || i || '@bench.test', 'Company ' || i, '98' || lpad(i::text, 8, '0'),
         jsonb_build_object('tin_number', 'Segment_' || (1 + i % 3)), '{"disable_legal": false}'::jsonb
  from generate_series(1, ${SELLERS}) i`);
await db.execute(sql`insert into stored_files (purpose, file_name, content_type, size, sha256, bytes, uploaded_by) values ('legal_document', 'a.pdf', 'application/pdf', 4, 'x', '\\x25504446'::bytea, 'bench')`);
// 10 per segment: agreement v1–v4, privacy_policy v1–v3, other v1–v3.
await db.execute(sql`
  insert into legal_documents (doc_name, doc_type, segment, audience, description, publish_at, order_blocking, days, version, file_id, file_name)
  select n.doc_name, 'broadcast', s::text, 'segment:' || s, 'bench', date '2026-01-01' + v, 'optional', null, v, 1, 'a.pdf'
  from generate_series(1, 3) s, (values ('agreement', 4), ('privacy_policy', 3), ('other', 3)) n(doc_name, versions), generate_series(1, 4) v
  where v <= n.versions`);
await db.execute(sql`
  insert into legal_documents (doc_name, doc_type, segment, email, client_id, audience, description, publish_at, order_blocking, days, version, file_id, file_name)
  select 'agreement', 'specific', '1', c.email, c.id, 'email:' || c.email, 'bench', date '2026-02-01', 'mandatory', 30, 1, 1, 'a.pdf' from clients c`);
// Half the sellers accepted everything in force; the others a part of it.
await db.execute(sql`
  insert into legal_acceptances (document_id, client_id, version, accepted_by)
  select d.id, c.id, d.version, c.email from clients c join legal_documents d on d.audience = 'segment:' || (1 + c.id % 3) where c.id % 2 = 0
  union all
  select d.id, c.id, d.version, c.email from clients c join legal_documents d on d.audience = 'email:' || c.email`);
console.log("data ready");
await db.execute(sql`analyze`);

const now = new Date("2026-11-20T06:00:00Z");
const queries = [
  { status: null, q: "", page: 1 },
  { status: "1" as const, q: "", page: 3 },
  { status: "0" as const, q: "", page: 10 },
  { status: null, q: "seller12", page: 1 },
  { status: "0" as const, q: "bench", page: 20 },
];
for (let i = 0; i < 10; i++) await legalStatus(db, queries[i % queries.length], now);
const times: number[] = [];
for (let i = 0; i < 200; i++) {
  const t = performance.now();
  await legalStatus(db, queries[i % queries.length], now);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
const pct = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
const t0 = performance.now();
const records = await legalStatusCsvRecords(db, { status: "0", q: "" }, now);
const all = await legalStatusCsvRecords(db, { status: null, q: "" }, now);
const csv = writeCsv(all);
const csvMs = performance.now() - t0;
console.log(`Legal Status, ${SELLERS} sellers, ${(await db.execute(sql`select count(*)::int n from legal_documents`)).rows[0].n} documents:`);
console.log(`  page query p50 ${pct(50)} ms, p95 ${pct(95)} ms, max ${pct(100)} ms (one connection, PGlite)`);
console.log(`  CSV (not accepted: ${records.length} rows; all: ${all.length} rows, ${csv.length} bytes) ${csvMs.toFixed(0)} ms`);
await h.close();
