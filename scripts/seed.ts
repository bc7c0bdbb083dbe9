/** `npm run db:seed -- [--reset] [--scale large]`: seed the demo data (deterministic). */
import { openConfiguredDb } from "../app/services/db/client.server";
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
await handle.close();
