/**
 * The Dashboard's numbers (docs/product.md §2, §3, §4; decision 030): picked orders per weekday for last
 * month and this month, and per month with the old accounts' share — read from the monthly
 * rollups (the daily ones summed per client and month), never the order book, for the clients
 * the signed-in staff may see.
 */
import { sql, type SQLWrapper } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import { istDayOf as istDay, monthStart, previousMonthStart } from "../core/ist-dates";
import type { Executor } from "../db/client.server";
import { clients, orderDailyRollups, orderMonthlyRollups, staff } from "../db/schema";
import { growthFigures, type MonthCount, monthSeries, type TodaySoFar, weekdayAverages } from "./growth";
import { type GrowthCounts, growthDays, growthRow } from "./growth-by";
import type { PerformanceView } from "./tracker-query";

/** Months the Month-wise growth chart goes back at most (this month included). */
export const GROWTH_MONTHS = 12;

export async function dashboardData(db: Executor, viewer: Pick<Viewer, "id" | "role">, now = new Date()) {
  const today = istDay(now);
  const m = orderMonthlyRollups;
  const thisMonth = monthStart(today);
  let firstMonth = thisMonth;
  for (let i = 1; i < GROWTH_MONTHS; i++) firstMonth = previousMonthStart(firstMonth);
  const scope = clientScopeCondition(viewer);
  /** The start of a `where` that keeps the rows of clients in the viewer's scope (by `clientId`). */
  const whereInScope = (clientId: SQLWrapper) =>
    scope ? sql`join ${clients} on ${clients.id} = ${clientId} where ${scope} and` : sql`where`;
  // One statement: the last 12 months summed, and today's picked orders so far (left out of this
  // month's per-day averages, decision 070), today's one row joined by the months so a scope
  // without months still has today's figures. The old accounts' share is each monthly row's
  // old_account (the client placed orders in an earlier month, decision 092). A month whose
  // orders were placed but none picked up yet (the book's first, when its orders were placed in
  // its last days) has no point: the series begins with the first month with picked orders.
  const d = orderDailyRollups;
  const result = await db.execute(sql`
    with months as (
      select ${m.month}::text as month, sum(${m.picked})::int as total,
        coalesce(sum(${m.picked}) filter (where ${m.old_account}), 0)::int as old,
        ${sql.join(
          [1, 2, 3, 4, 5, 6, 7].map(
            (w) => sql`sum(${sql.identifier(`picked_${w}`)})::int as ${sql.identifier(`w${w}`)}`,
          ),
          sql`, `,
        )}
      from ${m} ${whereInScope(m.client_id)} ${m.month} between ${firstMonth} and ${today}
      group by ${m.month}
      having sum(${m.picked}) > 0
    ),
    today as (
      select coalesce(sum(${d.picked}), 0)::int as today_total,
        coalesce(sum(${d.picked}) filter (where ${m.old_account}), 0)::int as today_old
      from ${d} left join ${m} on ${m.client_id} = ${d.client_id} and ${m.month} = ${thisMonth}
      ${whereInScope(d.client_id)} ${d.day} = ${today}
    )
    select * from today left join months on true order by months.month`);
  type MonthRow = MonthCount & Record<`w${1 | 2 | 3 | 4 | 5 | 6 | 7}`, number>;
  const all = result.rows as (Partial<MonthRow> & { today_total: number; today_old: number })[];
  const rows = all.filter((r): r is MonthRow & (typeof all)[number] => r.month != null);
  const series = monthSeries(rows, today, GROWTH_MONTHS);
  const weekdays = rows.map((r) => ({ month: r.month, picked: [r.w1, r.w2, r.w3, r.w4, r.w5, r.w6, r.w7] }));
  const todaySoFar: TodaySoFar = { total: all[0]?.today_total ?? 0, old: all[0]?.today_old ?? 0 };
  return {
    today,
    todaySoFar,
    weekdays: weekdayAverages(weekdays, today, todaySoFar.total),
    series,
    growth: growthFigures(series, today, todaySoFar),
  };
}

export type DashboardData = Awaited<ReturnType<typeof dashboardData>>;

const LEVEL_COLUMN = { avp: clients.avp_id, bdm: clients.bdm_id, tl: clients.tl_id } as const;

/**
 * The growth figure by seller, AVP, BDM or TL (decision 072): for each one in the viewer's scope,
 * last month's picked orders and this month's up to yesterday (the monthly rollups less today's
 * daily rollup: today's partial day is left out, as the Dashboard leaves it out, decision 070),
 * with the per-day averages and growth of growth-by.ts; and the whole scope's, which is the
 * Dashboard's Total Growth. Every seller in scope is a row (sellers without orders too).
 */
export async function growthBy(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  view: PerformanceView,
  now = new Date(),
) {
  const today = istDay(now);
  const thisMonth = monthStart(today);
  const lastMonth = previousMonthStart(today);
  const m = orderMonthlyRollups;
  const d = orderDailyRollups;
  const scope = clientScopeCondition(viewer);
  const perClient = sql`
    with mo as (
      select ${m.client_id} as client_id,
        coalesce(sum(${m.picked}) filter (where ${m.month} = ${lastMonth}), 0) as last_month,
        coalesce(sum(${m.picked}) filter (where ${m.month} = ${thisMonth}), 0) as this_month
      from ${m} where ${m.month} between ${lastMonth} and ${thisMonth} group by ${m.client_id}
    ), td as (
      select ${d.client_id} as client_id, ${d.picked} as picked from ${d} where ${d.day} = ${today}
    )`;
  const counts = sql`coalesce(sum(mo.last_month), 0)::int as last_month,
    coalesce(sum(mo.this_month - coalesce(td.picked, 0)), 0)::int as this_month`;
  const joins = sql`left join mo on mo.client_id = ${clients.id} left join td on td.client_id = ${clients.id}`;
  const where = scope ? sql`where ${scope}` : sql``;
  const rowsSql =
    view === "seller"
      ? sql`${perClient}
        select ${clients.id}::text as key, ${clients.name} as name, ${clients.email} as email, 1 as sellers, ${counts}
        from ${clients} ${joins} ${where}
        group by ${clients.id}`
      : sql`${perClient}
        select g.id::text as key, g.name as name, g.email as email, count(*)::int as sellers, ${counts}
        from ${clients} join ${staff} g on g.id = ${LEVEL_COLUMN[view]} ${joins} ${where}
        group by g.id, g.name, g.email`;
  const result = await db.execute(rowsSql);
  const counted: GrowthCounts[] = (result.rows as Record<string, unknown>[]).map((r) => ({
    key: String(r.key),
    name: String(r.name),
    email: String(r.email),
    sellers: Number(r.sellers),
    lastMonth: Number(r.last_month),
    thisMonth: Number(r.this_month),
  }));
  const days = growthDays(today);
  const add = (pick: (c: GrowthCounts) => number) => counted.reduce((n, c) => n + pick(c), 0);
  return {
    today,
    days,
    rows: counted.map((c) => growthRow(c, days)),
    total: growthRow(
      {
        key: "total",
        name: "Total",
        email: "",
        sellers: add((c) => c.sellers),
        lastMonth: add((c) => c.lastMonth),
        thisMonth: add((c) => c.thisMonth),
      },
      days,
    ),
  };
}
