/**
 * The Dashboard's numbers (spec part 2 §2, §3, §4; issue 15): picked orders per day for last
 * month and this month, and per month with the old accounts' share — read from the daily
 * rollups, never the order book, for the clients the signed-in staff may see.
 */
import { and, sql, type SQL } from "drizzle-orm";
import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import type { Executor } from "../db/client.server";
import { clients, orderDailyRollups } from "../db/schema";
import { growthFigures, monthSeries, weekdayAverages, type MonthCount } from "./growth";
import { istDayOf, monthStart, previousMonthStart } from "./periods";

/** Months the Month-wise growth chart goes back at most (this month included). */
export const GROWTH_MONTHS = 12;

/** `rollups r` restricted to the viewer's clients (a join only when the scope is not everyone). */
function scopedRollups(viewer: Pick<Viewer, "id" | "role">): { from: SQL; where: SQL | undefined } {
  const scope = clientScopeCondition(viewer);
  if (!scope) return { from: sql`${orderDailyRollups}`, where: undefined };
  return { from: sql`${orderDailyRollups} join ${clients} on ${clients.id} = ${orderDailyRollups.client_id}`, where: scope };
}

export async function dashboardData(db: Executor, viewer: Pick<Viewer, "id" | "role">, now = new Date()) {
  const today = istDayOf(now);
  const r = orderDailyRollups;
  const { from, where } = scopedRollups(viewer);
  let firstMonth = monthStart(today);
  for (let i = 1; i < GROWTH_MONTHS; i++) firstMonth = previousMonthStart(firstMonth);
  const scope = clientScopeCondition(viewer);
  const [daily, monthly] = await Promise.all([
    db.execute(sql`
      select ${r.day}::text as day, sum(${r.picked})::int as picked from ${from}
      where ${and(sql`${r.day} between ${previousMonthStart(today)} and ${today}`, where)}
      group by ${r.day}`),
    // A client's first order: the first rollup day with a placed order (the primary key's order).
    db.execute(sql`
      with firsts as (
        select ${clients.id} as client_id,
          (select f.day from ${r} f where f.client_id = ${clients.id} and f.placed > 0 order by f.day limit 1) as first_day
        from ${clients} ${scope ? sql`where ${scope}` : sql``}
      )
      select to_char(date_trunc('month', ${r.day}), 'YYYY-MM-DD') as month, sum(${r.picked})::int as total,
        coalesce(sum(${r.picked}) filter (where firsts.first_day < date_trunc('month', ${r.day})), 0)::int as old
      from ${r} join firsts on firsts.client_id = ${r.client_id}
      where ${r.day} >= ${firstMonth} and ${r.day} <= ${today}
      group by 1`),
  ]);
  const series = monthSeries(monthly.rows as MonthCount[], today, GROWTH_MONTHS);
  return {
    today,
    weekdays: weekdayAverages(daily.rows as { day: string; picked: number }[], today),
    series,
    growth: growthFigures(series, today),
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;
