/**
 * `npm run db:rollups`: recomputes the daily order rollups (orders placed and picked up per
 * client per IST day) from the order book. `-- --check` only compares them and exits 1 when the
 * kept rollups and the order book disagree, listing the first differences.
 */
import { openConfiguredDb } from "../app/services/db/client.server";
import { transaction } from "../app/services/db/transaction.server";
import { rebuildRollups, rollupDifferences } from "../app/services/orders/rollups.server";

const handle = openConfiguredDb();
await handle.migrate();
try {
  if (process.argv.includes("--check")) {
    const differences = await rollupDifferences(handle.db);
    if (differences.length) {
      console.table(differences);
      process.exitCode = 1;
    } else console.log("The daily rollups agree with the order book.");
  } else {
    const t0 = Date.now();
    await transaction(handle.db, (tx) => rebuildRollups(tx));
    console.log(`Daily rollups rebuilt from the order book in ${Date.now() - t0} ms.`);
  }
} finally {
  await handle.close();
}
