/**
 * The order book at scale (decision 023): each header-search type, order placement and courier
 * scan ingestion, on a database that holds the large seed.
 *
 *   npm run db:seed -- --reset --scale large          # 1,000,000 orders (PGlite in DATA_DIR, or DATABASE_URL)
 *   npm run build && npx tsx scripts/bench-orders.ts  # same DATA_DIR / DATABASE_URL
 *
 * 1. Searches at one connection, in this process through the search service (searchRecords,
 *    as the page's loader calls it): p50 / p95 per type, 200 searches each with values taken
 *    from random orders and sellers.
 * 2. The search page over HTTP at 20 concurrent connections (the production server,
 *    `scripts/start.ts`, signed in as the demo vp), each type for a few seconds, interleaved
 *    with a small static file from the same server as the baseline: requests/s, p99, server
 *    CPU per request; then an order's own page (`/orders/{id}`, sampled orders) and All Users.
 * 3. Placement: orders placed one after another through placeOrder (quote, allocation, frozen
 *    charge, idempotency record), orders/s sustained on one process.
 * 4. Scan ingestion: batches of 500 events through ingestEvents (the webhook's service),
 *    events/s.
 * Parts 3 and 4 add orders and events to the database they measure. PARTS=1,2 runs only those.
 */
import os from "node:os";

import { sql } from "drizzle-orm";

import { containsPattern } from "../app/services/core/like";
import { openConfiguredDb } from "../app/services/db/client.server";
import { placeOrder } from "../app/services/orders/place.server";
import type { SearchType } from "../app/services/orders/search";
import { SEARCH_COUNT_CAP, SEARCH_PAGE_SIZE } from "../app/services/orders/search";
import { NAME_FIRST_DAYS, NAME_LOOKUP_LIMIT, RECENT_DAYS, searchRecords } from "../app/services/orders/search.server";
import { ingestEvents } from "../app/services/orders/tracking.server";
import { createPrng } from "../app/services/seed/prng";
import { loadServer, quantile, serverSettled, startBenchServer } from "./lib/bench-server";

const rng = createPrng(14);
const handle = openConfiguredDb();
const db = handle.db;
const rows = async <T>(q: ReturnType<typeof sql>) => (await db.execute(q)).rows as T[];

const [{ n: orderCount, maxId }] = await rows<{ n: number; maxId: number }>(
  sql`select count(*)::int as n, max(id)::int as "maxId" from orders`,
);
console.log(
  `${handle.kind}; ${orderCount.toLocaleString("en-IN")} orders; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ")}`,
);
if (orderCount < 900_000)
  console.log("Note: fewer than 900,000 orders — seed the large scale first for the issue's figures.");
const [vp] = await rows<{ id: number }>(sql`select id from staff where email = 'vp@demo.test'`);
const viewer = { id: vp.id, role: "vp" as const };

async function sampleOrders(k: number) {
  const ids = Array.from({ length: k }, () => rng.int(1, maxId));
  return rows<{
    pickrr_order_id: string;
    pickrr_tracking_id: string;
    courier_tracking_id: string;
    client_order_id: string | null;
    customer_phone: string;
    customer_name: string;
    client_id: number;
    courier_service_id: number;
    pickup_pincode: number;
    drop_pincode: number;
  }>(
    sql`select pickrr_order_id, pickrr_tracking_id, courier_tracking_id, client_order_id, customer_phone, customer_name, client_id, courier_service_id, pickup_pincode, drop_pincode from orders where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
const sample = await sampleOrders(200);
const sellers = await rows<{ email: string }>(
  sql`select lower(email) as email from clients order by random() limit 200`,
);
const queries: Record<SearchType, string[]> = {
  tracking_id: sample.map((o) => o.pickrr_tracking_id),
  courier_tracking_id: sample.map((o) => o.courier_tracking_id),
  // The seed's orders carry none (only API orders do): a miss probes the same unique index.
  client_order_id: sample.map((o) => o.client_order_id ?? `SO-${o.pickrr_tracking_id}`),
  phone: sample.map((o) => o.customer_phone),
  // A whole name as staff type it from a call ("Asha Rao"), lower-cased as the parser does.
  customer_name: sample.map((o) => o.customer_name.toLowerCase()),
  seller_email: sellers.map((s) => s.email),
};

const PARTS = new Set((process.env.PARTS ?? "1,2,3,4").split(","));
if (PARTS.has("1")) {
  console.log("\n### 1. Searches at one connection (service, in process)\n");
  console.log("| Search type | p50 ms | p95 ms | results (median) |\n| --- | ---: | ---: | ---: |");
  for (const [type, values] of Object.entries(queries) as [SearchType, string[]][]) {
    const times: number[] = [];
    const totals: number[] = [];
    for (const value of values) {
      const t = performance.now();
      const result = await searchRecords(db, viewer, { type, value });
      times.push(performance.now() - t);
      totals.push(result.total);
    }
    console.log(`| ${type} | ${quantile(times, 0.5)} | ${quantile(times, 0.95)} | ${quantile(totals, 0.5)} |`);
  }
  // The Customer Name search through the book's names (decision 093) and the orders searched
  // directly (its fallback, and the search before it), taking turns on the same values: whole
  // names, first names, and four letters from inside a name.
  const nameValues: Record<string, string[]> = {
    "whole name": queries.customer_name,
    "first name": queries.customer_name.map((n) => n.split(" ")[0]),
    "four letters": queries.customer_name.map((n) => n.slice(1, 5)),
  };
  for (const [label, values] of Object.entries(nameValues)) {
    const times = { names: [] as number[], direct: [] as number[] };
    const totals: number[] = [];
    for (const value of values) {
      for (const how of ["names", "direct"] as const) {
        const t = performance.now();
        const result = await searchRecords(db, viewer, { type: "customer_name", value }, 1, {
          nameLookup: how === "names",
        });
        times[how].push(performance.now() - t);
        if (how === "names") totals.push(result.total);
      }
    }
    for (const how of ["names", "direct"] as const)
      console.log(
        `| customer_name, ${label}, ${how === "names" ? "through the names" : "orders searched directly"} | ${quantile(times[how], 0.5)} | ${quantile(times[how], 0.95)} | ${quantile(totals, 0.5)} |`,
      );
  }
}

if (PARTS.has("1")) {
  // A vp's name matches, the two database functions taking turns on the same names (the page's
  // rows left out): order_name_newest's slices (decision 099) and order_name_search's 31-day
  // window (migration 0037, kept for the previous release), where the database has both.
  const [{ both }] = await rows<{ both: boolean }>(
    sql`select to_regproc('order_name_search') is not null and to_regproc('order_name_newest') is not null as both`,
  );
  if (both) {
    console.log(
      "\n| Name matches, vp (functions alone) | slices p50 ms | p95 | 31-day window p50 ms | p95 | names (median) |",
    );
    console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000).toISOString();
    for (const [label, values] of Object.entries({
      "whole name": queries.customer_name,
      "first name": queries.customer_name.map((n) => n.split(" ")[0]),
      "four letters": queries.customer_name.map((n) => n.slice(1, 5)),
    })) {
      const times = { slices: [] as number[], window: [] as number[] };
      const counts: number[] = [];
      for (const [k, value] of values.entries()) {
        const names = (
          await rows<{ name: string }>(
            sql`select name from order_customer_names where name like ${containsPattern(value)} limit ${NAME_LOOKUP_LIMIT + 1}`,
          )
        ).map((r) => r.name);
        if (names.length === 0 || names.length > NAME_LOOKUP_LIMIT) continue;
        counts.push(names.length);
        const slices = () =>
          db.execute(
            sql`select order_id from order_name_newest(${sql.param(names)}::text[], now(), ${NAME_FIRST_DAYS}, ${SEARCH_COUNT_CAP}, ${SEARCH_PAGE_SIZE}, 0)`,
          );
        const window = () =>
          db.execute(
            sql`select order_id from order_name_search(${sql.param(names)}::text[], ${names.length === 1 ? null : since}::timestamptz, ${SEARCH_COUNT_CAP}, ${SEARCH_PAGE_SIZE}, 0)`,
          );
        // Each goes first on every other value.
        for (const [how, run] of (k % 2
          ? [
              ["slices", slices],
              ["window", window],
            ]
          : [
              ["window", window],
              ["slices", slices],
            ]) as ["slices" | "window", () => Promise<unknown>][]) {
          const t = performance.now();
          await run();
          times[how].push(performance.now() - t);
        }
      }
      console.log(
        `| ${label} | ${quantile(times.slices, 0.5)} | ${quantile(times.slices, 0.95)} | ${quantile(times.window, 0.5)} | ${quantile(times.window, 0.95)} | ${quantile(counts, 0.5)} |`,
      );
    }
  }
}

if (PARTS.has("3")) {
  console.log("\n### 3. Placement (placeOrder, one after another)\n");
  const lanes = sample.slice(0, 50);
  const N = Number(process.env.PLACEMENTS ?? 1000);
  const t = performance.now();
  let ok = 0;
  for (let i = 0; i < N; i++) {
    const lane = lanes[i % lanes.length];
    const cod = i % 5 < 3;
    const answer = await placeOrder(
      db,
      lane.client_id,
      {
        pickup_pincode: String(lane.pickup_pincode),
        drop_pincode: String(lane.drop_pincode),
        delivery_mode: "express",
        payment_mode: cod ? "cod" : "prepaid",
        cod_amount: cod ? 899 : undefined,
        invoice_value: 899,
        weight: 0.9,
        length: 25,
        breadth: 20,
        height: 8,
        items: [{ name: "Cotton Kurta", sku: "SKU-001-10", quantity: 1 }],
        customer_name: "Bench Customer",
        customer_phone: "9876543210",
        customer_address: "12, MG Road",
      },
      { idempotencyKey: `bench-${Date.now()}-${i}` },
    );
    if (answer.status === 201) ok++;
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${N} placements (${ok} placed, the rest answered with the engine's reason) in ${s.toFixed(1)} s: **${(N / s).toFixed(0)} orders/s**`,
  );
}

if (PARTS.has("4")) {
  console.log("\n### 4. Scan ingestion (ingestEvents, batches of 500)\n");
  const byCourier = await rows<{ courier_id: number; awbs: string[] }>(sql`
    select cs.courier_id, (array_agg(o.courier_tracking_id))[1:5000] as awbs from orders o join courier_services cs on cs.id = o.courier_service_id
    where o.id > ${maxId - 200_000} group by cs.courier_id order by count(*) desc limit 1`);
  const { courier_id, awbs } = byCourier[0];
  const BATCHES = Number(process.env.EVENT_BATCHES ?? 10);
  const stamp = Date.now();
  const t = performance.now();
  let stored = 0;
  for (let b = 0; b < BATCHES; b++) {
    const events = Array.from({ length: 500 }, (_, i) => ({
      event_id: `bench-${stamp}-${b}-${i}`,
      awb: awbs[(b * 500 + i) % awbs.length],
      status: "in_transit",
      location: "Bench hub",
      at: new Date(stamp - 60_000 + i).toISOString(),
    }));
    stored += (await ingestEvents(db, courier_id, events)).filter((a) => a.status === 201).length;
  }
  const s = (performance.now() - t) / 1000;
  console.log(
    `${BATCHES * 500} events (${stored} stored) in ${s.toFixed(1)} s: **${((BATCHES * 500) / s).toFixed(0)} events/s**`,
  );
}
await handle.close();

if (PARTS.has("2")) {
  console.log("\n### 2. The search page over HTTP, 20 concurrent connections, beside a static file\n");
  // The server opens the same database: DATA_DIR's PGlite (closed above; one process at a time) or DATABASE_URL.
  const server = await startBenchServer({ dataDir: process.env.DATA_DIR ?? os.tmpdir(), port: 3990 });
  try {
    const SECONDS = Number(process.env.SECONDS_PER_TYPE ?? 5);
    // Its start-up jobs first (at 10,000,000 orders the cycle cut reads the week's orders for
    // tens of seconds), then a quiet moment before each page: work one leaves behind is not
    // counted against the next.
    for (let waited = 0; waited < 8; waited++) {
      const t = performance.now();
      await serverSettled(server);
      if (performance.now() - t < 14_000) break;
    }
    const run = async (label: string, urls: string[]) => {
      await serverSettled(server);
      const load = await loadServer(server, urls, SECONDS);
      console.log(
        `| ${label} | ${load.rps.toFixed(0)} | ${quantile(load.latencies, 0.5)} | ${quantile(load.latencies, 0.99)} | ${load.cpuPerRequest.toFixed(1)} |`,
      );
    };
    console.log("| Page | requests/s | p50 ms | p99 ms | server CPU ms/request |\n| --- | ---: | ---: | ---: | ---: |");
    await run("static file (baseline)", ["/favicon.svg"]);
    for (const [type, values] of Object.entries(queries) as [SearchType, string[]][]) {
      await run(
        `search: ${type}`,
        values.map((v) => `/single-search-record?type=${type}&q=${encodeURIComponent(v)}`),
      );
      await run("static file (baseline)", ["/favicon.svg"]);
    }
    // An order's own page (the search results' order id link), and All Users for scale.
    await run(
      "order page",
      sample.map((o) => `/orders/${o.pickrr_order_id}`),
    );
    await run("All Users", ["/all-users"]);
    await run("static file (baseline)", ["/favicon.svg"]);
  } finally {
    await server.stop();
  }
}
