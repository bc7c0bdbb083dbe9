/**
 * Measures the rate card budgets that are not page renders:
 * - verifying an uploaded 5,000-row rate card CSV (issue budget: ≤ 1 s);
 * - loading a client's card with 25 couriers × 4 shipment types × 2 delivery types through
 *   the service (rows + panels), on the embedded database.
 * Prints the figures (median of several runs) and exits non-zero when the upload budget is missed.
 * Usage: npx tsx scripts/bench-ratecards.ts
 */
import { sql } from "drizzle-orm";

import { SHIPMENT_TYPES } from "../app/services/core/rate-fields";
import { openPglite } from "../app/services/db/client.server";
import { readCsv, writeCsv } from "../app/services/http/csv";
import { CSV_COLUMNS, verifyUpload, writeRateCardCsv } from "../app/services/ratecards/csv";
import { type CardRow } from "../app/services/ratecards/fields";
import { getClientRateCard } from "../app/services/ratecards/read.server";
import { sampleCardRow } from "../app/services/ratecards/sample-row";
import { seedDemoData } from "../app/services/seed/seed.server";
import { giveFirstClientABigCard } from "./lib/big-card";

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function time<T>(runs: number, f: () => T): number {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    f();
    out.push(performance.now() - t);
  }
  return median(out);
}

// 1. Upload verification, 5,000 rows.
const rows: CardRow[] = [];
for (let i = 0; i < 1250; i++) {
  for (const [k, shipment_type] of SHIPMENT_TYPES.entries()) {
    rows.push(
      sampleCardRow({
        id: i * 4 + k + 1,
        courier_service_id: 1000 + i,
        courier_name: `Courier ${String(i).padStart(4, "0")}`,
        shipment_type,
      }),
    );
  }
}
const card = { sellerEmail: "bench@demo.test", rows };
const grid = readCsv(writeRateCardCsv(card));
const zoneABase = CSV_COLUMNS.indexOf("Zone A Base");
for (let r = 1; r < grid.length; r += 7) grid[r][zoneABase] = "31.25";
const text = writeCsv(grid);
const verifyMs = time(7, () => {
  if (!verifyUpload(card, text).ok) throw new Error("benchmark file did not verify");
});
console.log(
  `verifyUpload, 5,000 rows (${(text.length / 1024).toFixed(0)} KiB): ${verifyMs.toFixed(0)} ms (budget 1000 ms)`,
);

// 2. A 25-courier client card through the service, on the embedded database.
const h = openPglite(undefined);
try {
  await h.migrate();
  await seedDemoData(h.db);
  const client = { id: await giveFirstClientABigCard(h.db) };
  const samples: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    await getClientRateCard(h.db, client.id, { showAll: true });
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const [{ n }] = (await h.db.execute(sql`select count(*)::int as n from rate_rows where client_id = ${client.id}`))
    .rows as { n: number }[];
  console.log(
    `getClientRateCard, ${n} rows (25 couriers × 4 × 2): median ${median(samples).toFixed(1)} ms, p95 ${samples[Math.floor(samples.length * 0.95)].toFixed(1)} ms`,
  );
} finally {
  await h.close();
}

if (verifyMs > 1000) {
  console.error("verifyUpload missed its 1 s budget");
  process.exit(1);
}
