/**
 * Opens the configured database, applies migrations, and seeds demo data when it is empty. On
 * PostgreSQL all of it runs under the start-up lock (decision 079): of several copies starting at
 * once on one database, the first migrates and seeds, the others wait, then find both done.
 */
import { logInfo } from "../app/services/core/log";
import { processDb } from "../app/services/db/client.server";
import { FIRST_STAFF_HINT } from "../app/services/seed/demo-policy";
import { isSeeded, seedDemoData } from "../app/services/seed/seed.server";

export async function prepareDatabase(opts: { seedIfEmpty: boolean }) {
  const started = Date.now();
  const handle = processDb();
  const db = handle.db;
  await handle.exclusive(
    async () => {
      await handle.migrate();
      if (!(await isSeeded(db))) {
        if (opts.seedIfEmpty) {
          logInfo("Empty database: seeding demo data…");
          // The order book fills after the console is up (fillOrderBook, decision 029).
          const summary = await seedDemoData(db, { ordersLater: true, ordersUntil: new Date() });
          logInfo(`Seeded ${summary.clients} clients, ${summary.staff} staff, ${summary.pincodes} pincodes.`);
        } else logInfo(FIRST_STAFF_HINT);
      }
    },
    () => logInfo("Another copy is preparing the database (migrations, seed): waiting for it…"),
  );
  logInfo(`Database ready (${handle.kind}) in ${Date.now() - started} ms.`);
}
