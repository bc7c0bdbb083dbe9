/**
 * `npm run legal:rebuild-status`: recomputes every seller's kept Legal Status from scratch by the
 * page's rules (decision 036) — after data was changed outside the console's services, or to
 * check the kept rows (the result is the same as the writes kept it). Waits for the writes'
 * refreshes under way, and they wait for it.
 */
import { openConfiguredDb } from "../app/services/db/client.server";
import { rebuildLegalStatus } from "../app/services/legal/status-kept.server";

const handle = openConfiguredDb();
await handle.migrate();
try {
  const t0 = Date.now();
  const r = await rebuildLegalStatus(handle.db, { only: "all", wait: true });
  if (r.outcome === "done") console.log(`Legal Status rebuilt for ${r.sellers} sellers in ${Date.now() - t0} ms.`);
} finally {
  await handle.close();
}
