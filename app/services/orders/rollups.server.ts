/**
 * Daily rollups of the order book (issue 15): orders placed and picked up per client per IST
 * day. Every writer of orders keeps them in its own transaction — placement adds a placed order,
 * a scan that sets or moves an order's first pickup moves its picked count, the seed adds what
 * it inserts — and rebuildRollups() recomputes them from the order book with the same day rule,
 * so the two can be compared (tests, `npm run db:rollups -- --check`).
 */
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { orderDailyRollups, orders } from "../db/schema";

/** The IST calendar day of a timestamptz (India has one fixed offset, +05:30, and no DST). */
export const istDay = (at: SQLWrapper) => sql`((${at} at time zone 'UTC') + interval '330 minutes')::date`;

/** The rollups' rows computed from the orders that `where` selects. */
const fromOrders = (where: SQL) => sql`
  select client_id, day, sum(placed)::int as placed, sum(picked)::int as picked from (
    select client_id, ${istDay(orders.placed_at)} as day, 1 as placed, 0 as picked from ${orders} where ${where}
    union all
    select client_id, ${istDay(orders.pickup_at)} as day, 0, 1 from ${orders} where ${where} and ${orders.pickup_at} is not null
  ) x group by client_id, day`;

/** Adds the orders that `where` selects (new orders: placement, the seed's chunks). */
export async function addOrdersToRollups(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`
    insert into ${orderDailyRollups} (client_id, day, placed, picked) ${fromOrders(where)}
    on conflict (client_id, day) do update set placed = ${orderDailyRollups.placed} + excluded.placed, picked = ${orderDailyRollups.picked} + excluded.picked`);
}

export type PickupChange = { client_id: number; before: Date | null; after: Date | null };

/** Moves picked counts for orders whose first pickup was set, moved or (never in practice) cleared. */
export async function applyPickupChanges(tx: Executor, changes: readonly PickupChange[]): Promise<void> {
  const deltas = changes.flatMap((c) =>
    c.before?.getTime() === c.after?.getTime()
      ? []
      : [...(c.before ? [{ client_id: c.client_id, at: c.before.toISOString(), n: -1 }] : []), ...(c.after ? [{ client_id: c.client_id, at: c.after.toISOString(), n: 1 }] : [])],
  );
  if (deltas.length === 0) return;
  await tx.execute(sql`
    insert into ${orderDailyRollups} (client_id, day, placed, picked)
    select client_id, ${istDay(sql`at`)}, 0, sum(n)::int from json_to_recordset(${JSON.stringify(deltas)}::json) as x(client_id int, at timestamptz, n int)
    group by 1, 2
    on conflict (client_id, day) do update set picked = ${orderDailyRollups.picked} + excluded.picked`);
}

/** Recomputes every rollup from the order book (one transaction; readers see the old or the new). */
export async function rebuildRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from ${orderDailyRollups}`);
  await tx.execute(sql`insert into ${orderDailyRollups} (client_id, day, placed, picked) ${fromOrders(sql`true`)}`);
}

/** Rows where the kept rollups and the order book disagree (empty when they agree). */
export async function rollupDifferences(tx: Executor, limit = 20) {
  const result = await tx.execute(sql`
    with fresh as (${fromOrders(sql`true`)}),
    kept as (select client_id, day, placed, picked from ${orderDailyRollups} where placed <> 0 or picked <> 0)
    select coalesce(f.client_id, k.client_id) as client_id, coalesce(f.day, k.day)::text as day,
      coalesce(k.placed, 0) as kept_placed, coalesce(f.placed, 0) as placed, coalesce(k.picked, 0) as kept_picked, coalesce(f.picked, 0) as picked
    from fresh f full join kept k on k.client_id = f.client_id and k.day = f.day
    where coalesce(f.placed, 0) <> coalesce(k.placed, 0) or coalesce(f.picked, 0) <> coalesce(k.picked, 0)
    order by 1, 2 limit ${limit}`);
  return result.rows as { client_id: number; day: string; kept_placed: number; placed: number; kept_picked: number; picked: number }[];
}
