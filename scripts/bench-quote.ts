/**
 * Measures the quote engine's budgets (docs/performance.md), on the embedded database with the demo seed:
 * 1. a full quote across every courier of a client, through the service with the in-memory
 *    caches warm (one fingerprint read + pure engine): p50 / p95 / p99 over many random lanes;
 *    1b. the same with heavy and bulky shipments mixed in (up to 150 kg, sides up to 160 cm), so
 *    services are left out for their package limits (decision 071), through the Rate
 *    Calculator's view (quote-view.ts): the calculator engine with limits;
 * 2. the pure pricing function, single-courier prices per second on one core;
 * 3. the pincode list CSV for a metro source (~19k rows), streamed to the end;
 * 4. how long the quote seed (serviceability INSERT … SELECT + rules) adds to seeding.
 * Usage: npx tsx scripts/bench-quote.ts
 */
import { sql } from "drizzle-orm";

import { openPglite } from "../app/services/db/client.server";
import { csvRecordStream } from "../app/services/http/csv-stream.server";
import { type CalculatorInput, parseCalculator } from "../app/services/quote/calculator-form";
import { priceShipment, rateRowFromColumns } from "../app/services/quote/pricing";
import {
  quoteForClient,
  quoteFromData,
  SERVICEABLE_PINCODES_COLUMNS,
  serviceablePincodeRecords,
} from "../app/services/quote/quote.server";
import { quoteData } from "../app/services/quote/quote-data.server";
import { calculatorQuoteView } from "../app/services/quote/quote-view";
import { createPrng } from "../app/services/seed/prng";
import { seedCourierRules } from "../app/services/seed/rules.server";
import { seedDemoData } from "../app/services/seed/seed.server";
import { seedServiceability } from "../app/services/seed/serviceability.server";

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))];
const ms = (n: number) => `${n.toFixed(2)} ms`;

const handle = openPglite(undefined);
await handle.migrate();
let t = performance.now();
await seedDemoData(handle.db);
console.log(`demo seed (everything): ${((performance.now() - t) / 1000).toFixed(1)} s`);
const db = handle.db;

// 4. The quote seed alone, re-run inside a rolled-back transaction.
await db
  .transaction(async (tx) => {
    await tx.execute(sql`truncate courier_serviceability`);
    for (const table of ["client_rule_settings", "custom_priority_rules", "pickrr_select_rules"])
      await tx.execute(sql.raw(`delete from ${table}`));
    let s = performance.now();
    const n = await seedServiceability(tx);
    const sv = performance.now() - s;
    s = performance.now();
    const rules = await seedCourierRules(tx, createPrng(1).fork("quote"));
    console.log(
      `quote seed: serviceability ${n} rows in ${ms(sv)}; rules (${rules.settings} clients, ${rules.customRules} custom, ${rules.selectRules} select) in ${ms(performance.now() - s)}`,
    );
    throw new Error("rollback");
  })
  .catch((e) => {
    if ((e as Error).message !== "rollback") throw e;
  });

// 1. Full quotes.
const clientRows = await db.execute<{ id: number; n: number }>(sql`
  select client_id as id, count(*)::int as n from client_courier_services where is_active group by client_id order by count(*) desc, client_id limit 20`);
const pins = (await db.execute<{ pincode: number }>(sql`select pincode from pincodes order by pincode`)).rows.map((r) =>
  String(r.pincode),
);
const rng = createPrng(7);
const inputs = Array.from({ length: 400 }, () => {
  const parsed = parseCalculator({
    shipment_type: rng.chance(0.85) ? "forward" : "reverse",
    pickup_pincode: rng.pick(pins),
    drop_pincode: rng.pick(pins),
    delivery_mode: rng.chance(0.7) ? "express" : "heavy_surface",
    length: String(rng.int(5, 60)),
    breadth: String(rng.int(5, 40)),
    height: String(rng.int(2, 30)),
    weight: (rng.int(50, 12000) / 1000).toFixed(3),
    payment_mode: rng.chance(0.6) ? "cod" : "prepaid",
    cod_amount: String(rng.int(100, 9000)),
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.input;
});
t = performance.now();
await quoteForClient(db, clientRows.rows[0].id, inputs[0]);
console.log(`first quote (cold caches: pincodes + serviceability + client): ${ms(performance.now() - t)}`);
for (const c of clientRows.rows) await quoteForClient(db, c.id, inputs[0]); // warm each client's config
const times: number[] = [];
let priced = 0;
for (let i = 0; i < inputs.length * 2; i++) {
  const client = clientRows.rows[i % clientRows.rows.length];
  const s = performance.now();
  const q = await quoteForClient(db, client.id, inputs[i % inputs.length]);
  times.push(performance.now() - s);
  if (q.ok) priced += q.quote.rate_list.length;
}
console.log(
  `full quote, warm caches (${times.length} quotes, clients with ${clientRows.rows.at(-1)!.n}–${clientRows.rows[0].n} couriers, ${(priced / times.length).toFixed(1)} priced on average): ` +
    `p50 ${ms(pct(times, 50))}, p95 ${ms(pct(times, 95))}, p99 ${ms(pct(times, 99))}`,
);

// 1b. The calculator engine with limits: a third of the shipments heavy (30–150 kg) or bulky (a side up to 160 cm).
const heavyInputs: CalculatorInput[] = inputs.map((input, i) => {
  if (i % 3 === 1) return { ...input, weight: (rng.int(30_000, 150_000) / 1000).toFixed(3) };
  if (i % 3 === 2) return { ...input, length: String(rng.int(100, 160)), breadth: String(rng.int(40, 80)) };
  return input;
});
const limitTimes: number[] = [];
let excluded = 0;
for (let i = 0; i < heavyInputs.length * 2; i++) {
  const client = clientRows.rows[i % clientRows.rows.length];
  const input = heavyInputs[i % heavyInputs.length];
  const s = performance.now();
  const q = await quoteForClient(db, client.id, input);
  if (q.ok) excluded += calculatorQuoteView(q.quote, input.shipment_type === "reverse").excluded.length;
  limitTimes.push(performance.now() - s);
}
console.log(
  `calculator engine with limits, warm caches (${limitTimes.length} quotes, a third heavy or bulky, ${(excluded / limitTimes.length).toFixed(1)} services excluded by limits on average): ` +
    `p50 ${ms(pct(limitTimes, 50))}, p95 ${ms(pct(limitTimes, 95))}, p99 ${ms(pct(limitTimes, 99))}`,
);

// 1c. The engine alone (quote data already loaded: no database read), with the limits and with
// them taken off the same services, side by side: what the limits cost.
const loaded = await Promise.all(clientRows.rows.map((c) => quoteData(db, c.id)));
const withoutLimits = loaded.map((d) => ({
  ...d,
  client: d.client && { ...d.client, services: d.client.services.map((sv) => ({ ...sv, limits: undefined as never })) },
}));
function engineTimes(datas: typeof loaded): number[] {
  const out: number[] = [];
  for (let round = 0; round < 3; round++)
    for (let i = 0; i < heavyInputs.length * 2; i++) {
      const k = i % datas.length;
      const input = heavyInputs[i % heavyInputs.length];
      const s = performance.now();
      const q = quoteFromData(datas[k], clientRows.rows[k].id, input);
      if (q.ok) calculatorQuoteView(q.quote, input.shipment_type === "reverse");
      out.push(performance.now() - s);
    }
  return out;
}
engineTimes(loaded); // warm-up
const [engineWith, engineWithout] = [engineTimes(loaded), engineTimes(withoutLimits)];
console.log(
  `calculator engine alone (quoteFromData + view, ${engineWith.length} quotes, same mix): with limits p50 ${ms(pct(engineWith, 50))}, p95 ${ms(pct(engineWith, 95))}, p99 ${ms(pct(engineWith, 99))}; ` +
    `without limits p50 ${ms(pct(engineWithout, 50))}, p95 ${ms(pct(engineWithout, 95))}, p99 ${ms(pct(engineWithout, 99))}`,
);

// 2. Pure pricing.
const [row] = (
  await db.execute(sql`select * from rate_rows where client_id is not null and shipment_type = 'FORWARD' limit 1`)
).rows as never[];
const rate = rateRowFromColumns(row);
const shipments = Array.from({ length: 1000 }, (_, i) => ({
  shipment_type: "forward" as const,
  length: 10 + (i % 40),
  breadth: 10,
  height: 10,
  weight: (0.1 + (i % 97) / 10).toFixed(2),
  payment_mode: i % 2 ? ("cod" as const) : ("prepaid" as const),
  cod_amount: 500 + i,
}));
for (let i = 0; i < 200_000; i++) priceShipment({ row: rate, shipment: shipments[i % 1000], zone: "D" }); // warm-up
const N = 2_000_000;
t = performance.now();
for (let i = 0; i < N; i++) priceShipment({ row: rate, shipment: shipments[i % 1000], zone: "D" });
const secs = (performance.now() - t) / 1000;
console.log(`pure pricing: ${Math.round(N / secs).toLocaleString("en-IN")} single-courier prices per second`);

// 3. Pincode list CSV for a metro source.
const csvTimes: number[] = [];
let lines = 0;
for (let run = 0; run < 5; run++) {
  const s = performance.now();
  const records = await serviceablePincodeRecords(db, clientRows.rows[0].id, "110001");
  const reader = csvRecordStream(SERVICEABLE_PINCODES_COLUMNS, records!).getReader();
  lines = 0;
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
    lines += new TextDecoder().decode(chunk.value).split("\r\n").length - 1;
  csvTimes.push(performance.now() - s);
}
console.log(
  `pincode list CSV from 110001: ${lines - 1} rows streamed, median ${ms(pct(csvTimes, 50))}, worst ${ms(Math.max(...csvTimes))}`,
);
await handle.close();
