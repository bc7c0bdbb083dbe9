/**
 * Daily rollups of the order book (decision 030): orders placed and picked up per client per IST
 * day. Every writer of orders keeps them in its own transaction — placement adds a placed order,
 * a scan that sets or moves an order's first pickup moves its picked count, the seed adds what
 * it inserts — and rebuildRollups() recomputes them from the order book with the same day rule,
 * so the two can be compared (tests, `npm run db:rollups -- --check`).
 *
 * The monthly rollups (what the Dashboard reads) are the daily ones summed per client and IST
 * month, with picked orders per weekday: each writer recomputes the client-months it touched
 * from the daily rows (at most 31 rows each, by the primary key), in the same transaction.
 */
import { type SQL, sql, type SQLWrapper } from "drizzle-orm";

import type { Executor } from "../db/client.server";
import { orderDailyRollups, orderMonthlyRollups, orders } from "../db/schema";

/** The IST calendar day of a timestamptz (India has one fixed offset, +05:30, and no DST). */
export const istDay = (at: SQLWrapper) => sql`((${at} at time zone 'UTC') + interval '330 minutes')::date`;

/** The rollups' rows computed from the orders that `where` selects. */
const fromOrders = (where: SQL) => sql`
  select client_id, day, sum(placed)::int as placed, sum(picked)::int as picked from (
    select client_id, ${istDay(orders.placed_at)} as day, 1 as placed, 0 as picked from ${orders} where ${where}
    union all
    select client_id, ${istDay(orders.pickup_at)} as day, 0, 1 from ${orders} where ${where} and ${orders.pickup_at} is not null
  ) x group by client_id, day`;

/**
 * The rollups' rows of the whole book: the live orders and the archived months' (decision 085:
 * `archived_orders`, a view over the schema `archive`), so an archive changes no total.
 */
const fromBook = sql`
  select client_id, day, sum(placed)::int as placed, sum(picked)::int as picked from (
    select client_id, ${istDay(sql`placed_at`)} as day, 1 as placed, 0 as picked from book
    union all
    select client_id, ${istDay(sql`pickup_at`)} as day, 0, 1 from book where pickup_at is not null
  ) x group by client_id, day`;
const withBook = sql`with book as (select ${orders.client_id} as client_id, ${orders.placed_at} as placed_at, ${orders.pickup_at} as pickup_at from ${orders}
  union all select client_id, placed_at, pickup_at from archived_orders)`;

/** Adds the orders that `where` selects (new orders: placement, the seed's chunks). */
export async function addOrdersToRollups(tx: Executor, where: SQL): Promise<void> {
  await tx.execute(sql`
    insert into ${orderDailyRollups} (client_id, day, placed, picked) ${fromOrders(where)}
    on conflict (client_id, day) do update set placed = ${orderDailyRollups.placed} + excluded.placed, picked = ${orderDailyRollups.picked} + excluded.picked`);
  await refreshMonths(
    tx,
    sql`select distinct client_id, date_trunc('month', day)::date as month from (${fromOrders(where)}) touched`,
  );
}

/**
 * One newly placed order (not picked up): its day's and its month's placed counts, each one up,
 * in one statement (placement's hot path: the general path above reads the order back twice and
 * recomputes the month from its daily rows). Same result as addOrdersToRollups for such an order.
 */
export async function addPlacedOrderToRollups(tx: Executor, clientId: number, placedAt: Date): Promise<void> {
  const m = orderMonthlyRollups;
  await tx.execute(sql`
    with placed as (select ${istDay(sql`${placedAt.toISOString()}::timestamptz`)} as day),
    daily as (
      insert into ${orderDailyRollups} (client_id, day, placed, picked) select ${clientId}, day, 1, 0 from placed
      on conflict (client_id, day) do update set placed = ${orderDailyRollups.placed} + 1
    ),
    month as (select date_trunc('month', day)::date as month from placed),
    -- An order placed in a month before the client's later rows (back-dated) makes those old accounts.
    later as (
      update ${m} set old_account = true from month
      where ${m.client_id} = ${clientId} and ${m.month} > month.month and not ${m.old_account}
    )
    insert into ${m} (${MONTH_COLUMNS}, old_account)
    select ${clientId}, month, 1, 0, ${sql.raw(WEEKDAYS.map(() => "0").join(", "))},
      exists (select 1 from ${m} e where e.client_id = ${clientId} and e.month < month.month and e.placed > 0) from month
    on conflict (client_id, month) do update set placed = ${m.placed} + 1`);
}

export type PickupChange = { client_id: number; before: Date | null; after: Date | null };

/** Moves picked counts for orders whose first pickup was set, moved or (never in practice) cleared. */
export async function applyPickupChanges(tx: Executor, changes: readonly PickupChange[]): Promise<void> {
  const deltas = changes.flatMap((c) =>
    c.before?.getTime() === c.after?.getTime()
      ? []
      : [
          ...(c.before ? [{ client_id: c.client_id, at: c.before.toISOString(), n: -1 }] : []),
          ...(c.after ? [{ client_id: c.client_id, at: c.after.toISOString(), n: 1 }] : []),
        ],
  );
  if (deltas.length === 0) return;
  await tx.execute(sql`
    insert into ${orderDailyRollups} (client_id, day, placed, picked)
    select client_id, ${istDay(sql`at`)}, 0, sum(n)::int from json_to_recordset(${JSON.stringify(deltas)}::json) as x(client_id int, at timestamptz, n int)
    group by 1, 2
    on conflict (client_id, day) do update set picked = ${orderDailyRollups.picked} + excluded.picked`);
  await refreshMonths(
    tx,
    sql`select distinct client_id, date_trunc('month', ${istDay(sql`at`)})::date as month from json_to_recordset(${JSON.stringify(deltas)}::json) as x(client_id int, at timestamptz, n int)`,
  );
}

/** Recomputes every rollup from the order book (one transaction; readers see the old or the new). */
export async function rebuildRollups(tx: Executor): Promise<void> {
  await tx.execute(sql`delete from ${orderDailyRollups}`);
  await tx.execute(sql`insert into ${orderDailyRollups} (client_id, day, placed, picked) ${withBook} ${fromBook}`);
  await tx.execute(sql`delete from ${orderMonthlyRollups}`);
  await tx.execute(sql`insert into ${orderMonthlyRollups} (${MONTH_COLUMNS}) ${monthsFromDaily(sql`true`)}`);
  await markOldAccounts(tx, sql`true`);
}

/** Over a client's monthly rows in month order: whether an earlier month has placed orders (decision 092). */
const placedBefore = sql.raw(
  "coalesce(bool_or(placed > 0) over (partition by client_id order by month rows between unbounded preceding and 1 preceding), false)",
);

/**
 * Sets `old_account` on the monthly rows of the clients `clientsWhere` selects: true where the
 * client placed orders in an earlier month (decision 092). Recomputed for the client's every
 * row, as a back-dated order can make a later month's row an old account's.
 */
async function markOldAccounts(tx: Executor, clientsWhere: SQL): Promise<void> {
  const m = orderMonthlyRollups;
  await tx.execute(sql`
    update ${m} set old_account = x.old from (
      select client_id, month,
        ${placedBefore} as old
      from ${m} where ${clientsWhere}
    ) x
    where ${m.client_id} = x.client_id and ${m.month} = x.month and ${m.old_account} is distinct from x.old`);
}

const d = orderDailyRollups;
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
const MONTH_COLUMNS = sql.raw(`client_id, month, placed, picked, ${WEEKDAYS.map((w) => `picked_${w}`).join(", ")}`);
/** Monthly rows (MONTH_COLUMNS) summed from the daily rows that `where` selects. */
const monthsFromDaily = (where: SQL) => sql`
  select ${d.client_id} as client_id, date_trunc('month', ${d.day})::date as month, sum(${d.placed})::int as placed, sum(${d.picked})::int as picked,
    ${sql.join(
      WEEKDAYS.map(
        (w) =>
          sql`coalesce(sum(${d.picked}) filter (where extract(isodow from ${d.day}) = ${w}), 0)::int as ${sql.identifier(`picked_${w}`)}`,
      ),
      sql`, `,
    )}
  from ${d} where ${where} group by 1, 2`;

/** Recomputes the monthly rows of the (client_id, month) pairs `keys` selects from the daily rows. */
async function refreshMonths(tx: Executor, keys: SQL): Promise<void> {
  const m = orderMonthlyRollups;
  const result = await tx.execute(sql`
    with keys as (${keys})
    insert into ${m} (${MONTH_COLUMNS}) ${monthsFromDaily(sql`(${d.client_id}, date_trunc('month', ${d.day})::date) in (select client_id, month from keys)`)}
    on conflict (client_id, month) do update set placed = excluded.placed, picked = excluded.picked,
      picked_1 = excluded.picked_1, picked_2 = excluded.picked_2, picked_3 = excluded.picked_3, picked_4 = excluded.picked_4,
      picked_5 = excluded.picked_5, picked_6 = excluded.picked_6, picked_7 = excluded.picked_7
    returning client_id`);
  const touched = [...new Set((result.rows as { client_id: number }[]).map((r) => Number(r.client_id)))];
  if (touched.length)
    await markOldAccounts(
      tx,
      sql`client_id in (select value::int from jsonb_array_elements_text(${JSON.stringify(touched)}::jsonb))`,
    );
}

/** Rows where the kept rollups and the order book disagree (empty when they agree). */
export async function rollupDifferences(tx: Executor, limit = 20) {
  const result = await tx.execute(sql`
    ${withBook}, fresh as (${fromBook}),
    kept as (select client_id, day, placed, picked from ${orderDailyRollups} where placed <> 0 or picked <> 0)
    select coalesce(f.client_id, k.client_id) as client_id, coalesce(f.day, k.day)::text as day,
      coalesce(k.placed, 0) as kept_placed, coalesce(f.placed, 0) as placed, coalesce(k.picked, 0) as kept_picked, coalesce(f.picked, 0) as picked
    from fresh f full join kept k on k.client_id = f.client_id and k.day = f.day
    where coalesce(f.placed, 0) <> coalesce(k.placed, 0) or coalesce(f.picked, 0) <> coalesce(k.picked, 0)
    order by 1, 2 limit ${limit}`);
  // The monthly rows against the daily ones (each of its columns), reported as "month YYYY-MM-01".
  const months = await tx.execute(sql`
    with summed as (select * from (${monthsFromDaily(sql`true`)}) x where placed <> 0 or picked <> 0),
    fresh as (
      select *, ${placedBefore} as old_account
      from summed
    ),
    kept as (select ${MONTH_COLUMNS}, old_account from ${orderMonthlyRollups} where placed <> 0 or picked <> 0)
    select coalesce(f.client_id, k.client_id) as client_id, 'month ' || coalesce(f.month, k.month)::text as day,
      coalesce(k.placed, 0) as kept_placed, coalesce(f.placed, 0) as placed, coalesce(k.picked, 0) as kept_picked, coalesce(f.picked, 0) as picked
    from fresh f full join kept k on k.client_id = f.client_id and k.month = f.month
    where (f.client_id, f.month, f.placed, f.picked, f.picked_1, f.picked_2, f.picked_3, f.picked_4, f.picked_5, f.picked_6, f.picked_7, f.old_account)
      is distinct from (k.client_id, k.month, k.placed, k.picked, k.picked_1, k.picked_2, k.picked_3, k.picked_4, k.picked_5, k.picked_6, k.picked_7, k.old_account)
    order by 1, 2 limit ${limit}`);
  return [...result.rows, ...months.rows] as {
    client_id: number;
    day: string;
    kept_placed: number;
    placed: number;
    kept_picked: number;
    picked: number;
  }[];
}
