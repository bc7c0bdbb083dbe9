/**
 * The Dashboard's numbers (docs/product.md §2, §3, §4; decision 030): picked orders per weekday for last
 * month and this month, and per month with the old accounts' share — read from the monthly
 * rollups (the daily ones summed per client and month), never the order book, for the clients
 * the signed-in staff may see.
 */
import { sql } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import { istDayOf as istDay, monthStart, previousMonthStart } from "../core/ist-dates";
import type { Executor } from "../db/client.server";
import { clients, orderDailyRollups, orderMonthlyRollups } from "../db/schema";
import { growthFigures, type MonthCount, monthSeries, type TodaySoFar, weekdayAverages } from "./growth";

/** Months the Month-wise growth chart goes back at most (this month included). */
export const GROWTH_MONTHS = 12;

export async function dashboardData(db: Executor, viewer: Pick<Viewer, "id" | "role">, now = new Date()) {
  const today = istDay(now);
  const m = orderMonthlyRollups;
  let firstMonth = monthStart(today);
  for (let i = 1; i < GROWTH_MONTHS; i++) firstMonth = previousMonthStart(firstMonth);
  const scope = clientScopeCondition(viewer);
  // The scope's clients with their first month with a placed order (one pass over their monthly
  // rows), then their last 12 months summed. A month whose orders were placed but none picked
  // up yet (the book's first, when its orders were placed in its last days) has no point: the
  // series begins with the first month with picked orders.
  const firsts = sql`firsts as (
      select ${m.client_id} as client_id, min(${m.month}) filter (where ${m.placed} > 0) as first_month
      from ${m} ${scope ? sql`join ${clients} on ${clients.id} = ${m.client_id} where ${scope}` : sql``}
      group by ${m.client_id}
    )`;
  const result = await db.execute(sql`
    with ${firsts}
    select ${m.month}::text as month, sum(${m.picked})::int as total,
      coalesce(sum(${m.picked}) filter (where firsts.first_month < ${m.month}), 0)::int as old,
      ${sql.join(
        [1, 2, 3, 4, 5, 6, 7].map((w) => sql`sum(${sql.identifier(`picked_${w}`)})::int as ${sql.identifier(`w${w}`)}`),
        sql`, `,
      )}
    from ${m} join firsts on firsts.client_id = ${m.client_id}
    where ${m.month} between ${firstMonth} and ${today}
    group by ${m.month}
    having sum(${m.picked}) > 0`);
  const rows = result.rows as (MonthCount & Record<`w${1 | 2 | 3 | 4 | 5 | 6 | 7}`, number>)[];
  const series = monthSeries(rows, today, GROWTH_MONTHS);
  const weekdays = rows.map((r) => ({ month: r.month, picked: [r.w1, r.w2, r.w3, r.w4, r.w5, r.w6, r.w7] }));
  // Today's picked orders so far, left out of this month's per-day averages (decision 070).
  const d = orderDailyRollups;
  const todayResult = await db.execute(sql`
    with ${firsts}
    select coalesce(sum(${d.picked}), 0)::int as total,
      coalesce(sum(${d.picked}) filter (where firsts.first_month < ${monthStart(today)}), 0)::int as old
    from ${d} join firsts on firsts.client_id = ${d.client_id}
    where ${d.day} = ${today}`);
  const todaySoFar = (todayResult.rows[0] as TodaySoFar | undefined) ?? { total: 0, old: 0 };
  return {
    today,
    todaySoFar,
    weekdays: weekdayAverages(weekdays, today, todaySoFar.total),
    series,
    growth: growthFigures(series, today, todaySoFar),
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
