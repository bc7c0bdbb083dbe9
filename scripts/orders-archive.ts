/**
 * `npm run orders:archive -- --before YYYY-MM`: detaches the order book's months before the cut
 * (orders and their tracking events) into the schema `archive` of the same database (decision
 * 085). Months are India's (decision 097): the cut is the 1st of that month, 00:00 IST. The live months and the rollups are not touched; exits 1 with the reason when refused.
 */
import { openConfiguredDb } from "../app/services/db/client.server";
import { archiveMonthsBefore } from "../app/services/orders/partitions.server";

const at = process.argv.indexOf("--before");
const before = at >= 0 ? process.argv[at + 1] : undefined;
if (!before) {
  console.error("Usage: npm run orders:archive -- --before YYYY-MM");
  process.exit(2);
}
const handle = openConfiguredDb();
await handle.migrate();
try {
  const r = await archiveMonthsBefore(handle.db, before);
  if (!r.ok) {
    console.error(r.message);
    process.exitCode = 1;
  } else
    console.log(
      r.archived.length
        ? `Archived to the schema archive: ${r.archived.join(", ")} (orders and tracking events placed before ${before}-01 00:00 IST).`
        : `No live month before ${before}: nothing archived.`,
    );
} finally {
  await handle.close();
}
