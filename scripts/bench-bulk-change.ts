/**
 * Measures the bulk price change preview (decision 074) on a 300-row client card, on the
 * embedded database: the whole service call (read the card, plan, digest, group by row) for
 * +7.5 % on every zone's base and additional price, Forward, Reverse and RTO, every courier —
 * the largest preview a person can ask for. Budget: ≤ 300 ms. Also times the pure plan alone.
 * Prints the median and p95 of 30 runs; exits non-zero when the median misses the budget.
 * Usage: npx tsx scripts/bench-bulk-change.ts
 */
import { eq, sql } from "drizzle-orm";

import { SHIPMENT_TYPES } from "../app/services/core/rate-fields";
import { openPglite } from "../app/services/db/client.server";
import { clientCourierServices, clients, courierServices, rateRows, staff } from "../app/services/db/schema";
import { planPriceChange, type PriceChangeRequest } from "../app/services/ratecards/price-change";
import { previewPriceChange } from "../app/services/ratecards/price-change.server";
import { clientCardRows } from "../app/services/ratecards/read.server";
import { seedDemoData } from "../app/services/seed/seed.server";
import { SAMPLE_PRICES } from "./lib/big-card";

const ROWS = 300;
const BUDGET_MS = 300;
const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)], p95: s[Math.floor(s.length * 0.95)] };
};

const PRICES = SAMPLE_PRICES;

const h = openPglite(undefined);
try {
  await h.migrate();
  await seedDemoData(h.db);
  // The first client gets 38 courier services × 4 shipment types × 2 delivery types (304 rows, the
  // first 300 kept); services are added when the seed has fewer.
  const services = Math.ceil(ROWS / 8);
  const existing = await h.db.select().from(courierServices).orderBy(courierServices.id);
  const template = existing[0];
  const maxId = Math.max(...existing.map((s) => s.id));
  const extra = Array.from({ length: Math.max(0, services - existing.length) }, (_, i) => ({
    ...template,
    id: maxId + i + 1,
    name: `Bench Courier ${i + 1}`,
  }));
  if (extra.length > 0) await h.db.insert(courierServices).values(extra);
  const ids = [...existing, ...extra].slice(0, services).map((s) => s.id);
  const [client] = await h.db.select({ id: clients.id }).from(clients).orderBy(clients.id).limit(1);
  await h.db.delete(rateRows).where(eq(rateRows.client_id, client.id));
  await h.db.delete(clientCourierServices).where(eq(clientCourierServices.client_id, client.id));
  await h.db
    .insert(clientCourierServices)
    .values(ids.map((id) => ({ client_id: client.id, courier_service_id: id, is_active: true })));
  const values = ids
    .flatMap((id) =>
      SHIPMENT_TYPES.flatMap((shipment_type) =>
        (["express", "surface"] as const).map((delivery_type) => ({
          ...PRICES,
          client_id: client.id,
          courier_service_id: id,
          shipment_type,
          delivery_type,
        })),
      ),
    )
    .slice(0, ROWS);
  await h.db.insert(rateRows).values(values);
  const [{ n }] = (await h.db.execute(sql`select count(*)::int as n from rate_rows where client_id = ${client.id}`))
    .rows as { n: number }[];

  const [vp] = await h.db.select().from(staff).where(eq(staff.email, "vp@demo.test"));
  const actor = { id: vp.id, email: vp.email, role: vp.role };
  const request: PriceChangeRequest = {
    by: "percent",
    amount: 750,
    courierServiceIds: ids,
    zones: ["A", "B", "C", "D", "E"],
    columns: ["base", "add"],
    tabs: ["forward", "reverse", "rto"],
  };

  const service: number[] = [];
  let values_ = 0;
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    const preview = await previewPriceChange(h.db, actor, { clientId: client.id }, request);
    service.push(performance.now() - t);
    if (!preview.ok) throw new Error(preview.message);
    values_ = preview.summary.values;
  }
  const rows = await clientCardRows(h.db, client.id);
  const pure: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t = performance.now();
    planPriceChange(rows, request);
    pure.push(performance.now() - t);
  }
  const s = stats(service);
  const p = stats(pure);
  console.log(
    `previewPriceChange, ${n} rows, ${values_} values: median ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
  );
  console.log(`planPriceChange alone: median ${p.median.toFixed(2)} ms, p95 ${p.p95.toFixed(2)} ms`);
  if (s.median > BUDGET_MS) process.exitCode = 1;
} finally {
  await h.close();
}
