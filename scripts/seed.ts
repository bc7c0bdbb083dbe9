/** `npm run db:seed -- [--reset] [--scale large]`: seed the demo data (deterministic). */
import { sql } from "drizzle-orm";

import { openConfiguredDb } from "../app/services/db/client.server";
import { keepTablesUp } from "../app/services/db/upkeep.server";
import { isSeeded, resetDatabase, seedDemoData, type SeedScale } from "../app/services/seed/seed.server";

const args = process.argv.slice(2);
const reset = args.includes("--reset");
const scaleArg = args.includes("--scale") ? args[args.indexOf("--scale") + 1] : "demo";
if (scaleArg !== "demo" && scaleArg !== "large") {
  console.error(`Unknown scale "${scaleArg}". Use --scale demo or --scale large.`);
  process.exit(2);
}

const handle = openConfiguredDb();
await handle.migrate();
if (reset) await resetDatabase(handle.db);
if (!reset && (await isSeeded(handle.db))) {
  console.error("The database already holds data. Run with --reset to replace it.");
  await handle.close();
  process.exit(1);
}
const t0 = Date.now();
const summary = await seedDemoData(handle.db, { scale: scaleArg as SeedScale, ordersUntil: new Date() });
console.log(`Seeded (${scaleArg}) in ${Date.now() - t0} ms:`, summary);
// A database without autovacuum (PGlite, or a server with it off) gets its freshly loaded tables
// vacuumed and analyzed now (decision 041); one with autovacuum gets fresh statistics at once.
const t1 = Date.now();
const upkeep = await keepTablesUp(handle.db);
if (!upkeep.ran) await handle.db.execute(sql`analyze`);
console.log(`Tables ${upkeep.ran ? "vacuumed and analyzed" : "analyzed"} in ${Date.now() - t1} ms.`);
await handle.close();
