/**
 * `tsx scripts/seed-digest.ts [--scale large]`: seeds the configured database (DATA_DIR or
 * DATABASE_URL; it is reset) with a fixed reference date and prints digests of what the order
 * book's settling writes: the orders' status and dates, the tracking events, the cashback
 * credits. Two versions of the seed that print the same digests wrote the same data (decision 067).
 */
import { sql } from "drizzle-orm";

import { openConfiguredDb } from "../app/services/db/client.server";
import { resetDatabase, seedDemoData, type SeedScale } from "../app/services/seed/seed.server";

const args = process.argv.slice(2);
const scale = (args.includes("--scale") ? args[args.indexOf("--scale") + 1] : "demo") as SeedScale;
const ordersUntil = new Date(process.env.SEED_DIGEST_DATE ?? "2026-11-27T12:00:00.000Z");

const handle = openConfiguredDb();
await handle.migrate();
await resetDatabase(handle.db);
const t0 = Date.now();
await seedDemoData(handle.db, { scale, ordersUntil });
console.log(`Seeded (${scale}, orders until ${ordersUntil.toISOString()}) in ${Date.now() - t0} ms`);
const digests: Record<string, string> = {
  orders: `select count(*) || ':' || md5(string_agg(concat_ws('|', id, current_status, pickup_at, delivered_at, rto_at, last_synced_at), ',' order by id)) from orders`,
  tracking_events: `select count(*) || ':' || md5(string_agg(concat_ws('|', order_id, status, location, at, courier_event_id, received_at), ',' order by order_id, courier_event_id)) from tracking_events`,
  tracking_event_ids: `select md5(string_agg(concat_ws('|', id, order_id, courier_event_id), ',' order by id)) from tracking_events`,
  cashback_credits: `select count(*) || ':' || sum(amount) || ':' || md5(string_agg(concat_ws('|', order_id, client_id, pickrr_order_id, outcome, bill_reference, bill_start, amount, computed_amount, promised_days, actual_days, explanation, credited_at), ',' order by order_id)) from cashback_credits`,
  rollups: `select md5(string_agg(concat_ws('|', client_id, day, placed, picked), ',' order by client_id, day)) from order_daily_rollups`,
};
for (const [name, query] of Object.entries(digests)) {
  const { rows } = await handle.db.execute(sql.raw(`select (${query}) as digest`));
  console.log(`${name}: ${(rows[0] as { digest: string }).digest}`);
}
await handle.close();
