/**
 * `npm run money:cut-cycles`: cuts the COD remittance and billing cycles of every closed week
 * now, on demand (decision 031) — the servers do it on their own every hour. Waits for a cut
 * another server is making, then cuts whatever that one left (usually nothing). Then pays out
 * (or holds, by the seller's verdict) the remittances whose payout day has come.
 */
import { openConfiguredDb } from "../app/services/db/client.server";
import { cutCycles } from "../app/services/money/cycle-cutter.server";
import { payOutDueRemittances } from "../app/services/money/remittances.server";

const handle = openConfiguredDb();
await handle.migrate();
try {
  const t0 = Date.now();
  const r = await cutCycles(handle.db, { force: true, wait: true });
  if (r.outcome === "cut") {
    console.log(
      `Cycles cut through ${r.through} in ${Date.now() - t0} ms: ${r.remittances} COD remittances (${r.codOrders} orders), ${r.bills} bills (${r.billedOrders} orders), ${r.lateOrders} late orders.`,
    );
  } else
    console.log(
      r.outcome === "filling"
        ? "The demo order book is still filling: its money is seeded when it is full."
        : `Nothing cut (${r.outcome}).`,
    );
  if (r.outcome !== "filling") {
    const p = await payOutDueRemittances(handle.db);
    console.log(
      `Payout day: ${p.paid} remittances paid out, ${p.held} put on hold (${p.sellers} sellers${p.busy ? `, ${p.busy} busy elsewhere` : ""}).`,
    );
  }
} finally {
  await handle.close();
}
