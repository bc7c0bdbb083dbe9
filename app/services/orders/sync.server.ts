/** Sync Tracking (docs/product.md §2, §8 'Tracing Synced'): re-apply an order's scan events to it. */
import { and, eq } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import type { Db } from "../db/client.server";
import { clients, orders } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { applyEvents } from "./tracking.server";

export const TRACING_SYNCED = "Tracing Synced";

/** The order's status and dates, recomputed from every event it has (by event time); null when the viewer may not see it. */
export async function syncTracking(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  pickrrOrderId: string,
  now = new Date(),
) {
  return transaction(db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .innerJoin(clients, eq(clients.id, orders.client_id))
      .where(and(clientScopeCondition(viewer), eq(orders.pickrr_order_id, pickrrOrderId)));
    if (!order) return null;
    return { ...(await applyEvents(tx, order.id, { last_synced_at: now })), last_synced_at: now };
  });
}
