/**
 * The Order Tracker's numbers (docs/product.md §2, §3 daily stats and weekly performance, §7
 * get/user/emails, get-base-stats, daily-performance; decision 030): sellers' e-mails in scope,
 * placed orders per day from the rollups, and the Daily Performance table from its snapshot
 * by Seller, AVP, BDM or TL — searched, sorted and paged by the database.
 */
import { and, eq, type SQL, sql, type SQLWrapper } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import { addDays, daysFrom } from "../core/ist-dates";
import { containsPattern } from "../core/like";
import type { Executor } from "../db/client.server";
import { clients, dailyPerformanceRows, orderDailyRollups, settings, staff } from "../db/schema";
import type { DayRange } from "./periods";
import { nextUpdateAt, SNAPSHOT_SETTING, type SnapshotMeta, snapshotMeta } from "./snapshot.server";
import {
  csvHierarchyColumns,
  DAY_INDEXES,
  PERFORMANCE_PAGE_SIZE,
  type PerformanceView,
  type TrackerQuery,
  VIEW_LABELS,
} from "./tracker-query";
import { DROPPING_FALL_PERCENT, DROPPING_MIN_LAST_WEEK, weekChange, weekRanges } from "./week-over-week";

/** The e-mails of the sellers in scope, for the seller picker (sorted; the first `limit` when given). */
export async function sellerEmails(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  limit?: number,
): Promise<string[]> {
  // In the order of the unique index on lower(email) (no two differ only by case): a vp's first
  // 201 are an index walk, not a sort of every client. They come back as one JSON text, not a
  // row each: PGlite decodes every result row in JavaScript (decision 087).
  const scope = clientScopeCondition(viewer);
  const result = await db.execute(sql`
    select coalesce(json_agg(e.email order by e.k), '[]')::text as emails from (
      select ${clients.email} as email, lower(${clients.email}) as k from ${clients}
      ${scope ? sql`where ${scope}` : sql``}
      order by lower(${clients.email}) ${limit === undefined ? sql`` : sql`limit ${limit}`}
    ) e`);
  return JSON.parse((result.rows[0] as { emails: string }).emails) as string[];
}

export const SELLER_NOT_FOUND = "No seller with this e-mail among your clients.";

/** The client id of a seller e-mail in scope, or null. */
export async function sellerInScope(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  email: string,
): Promise<number | null> {
  const [row] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(and(sql`lower(${clients.email}) = ${email.toLowerCase()}`, clientScopeCondition(viewer)))
    .limit(1);
  return row?.id ?? null;
}

/** Placed orders per day of the range (every day, 0 when none) for one client or every client in scope. */
export async function dailyStats(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  range: DayRange,
  clientId: number | null,
) {
  const r = orderDailyRollups;
  const scope = clientId === null ? clientScopeCondition(viewer) : undefined;
  const result = await db.execute(sql`
    select ${r.day}::text as day, sum(${r.placed})::int as placed
    from ${r} ${scope ? sql`join ${clients} on ${clients.id} = ${r.client_id}` : sql``}
    where ${and(sql`${r.day} between ${range.from} and ${range.to}`, clientId === null ? scope : eq(r.client_id, clientId))}
    group by ${r.day}`);
  const byDay = new Map((result.rows as { day: string; placed: number }[]).map((row) => [row.day, row.placed]));
  return daysFrom(range.from, range.to).map((day) => ({ day, placed: byDay.get(day) ?? 0 }));
}

export type Person = { name: string; email: string } | null;
export type PerformanceRow = {
  key: string;
  name: string;
  email: string;
  /** Seller view: the client's AVP, BDM and TL (the avatars); other views: null. */
  avp: Person;
  bdm: Person;
  tl: Person;
  /** Grouped views: how many sellers the row adds up. */
  sellers: number;
  placed: number[];
  picked: number[];
  /** Placed orders of this week (the seven whole days to yesterday) and last week (decision 072). */
  week: number;
  weekBefore: number;
};

/** A search's ILIKE pattern (its %, _ and \\ taken literally), or null for no search. */
function likePattern(q: string): string | null {
  return q ? containsPattern(q) : null;
}

/**
 * isDropping (week-over-week.ts) in SQL, on whole numbers: last week ≥ 20 and
 * 100·this week ≤ (100 − 30)·last week.
 */
function droppingCondition(week: SQLWrapper, before: SQLWrapper): SQL {
  return sql`(${before} >= ${DROPPING_MIN_LAST_WEEK} and 100 * ${week} <= ${100 - DROPPING_FALL_PERCENT} * ${before})`;
}

const LEVEL_COLUMN = { avp: clients.avp_id, bdm: clients.bdm_id, tl: clients.tl_id } as const;

/** The snapshot's columns that the total row adds up. */
const SUM_COLUMNS = [
  ...(["placed", "picked"] as const).flatMap((kind) => DAY_INDEXES.map((i) => `${kind}_${i}`)),
  "placed_week",
  "placed_week_before",
];

/** The total row as read from `row` (`prefix` before each column's name), with its row count. */
function sumOf(row: Record<string, unknown>, rows: number, prefix = ""): PerformanceSum {
  const n = (c: string) => Number(row[`${prefix}${c}`] ?? 0);
  return {
    rows,
    placed: DAY_INDEXES.map((i) => n(`placed_${i}`)),
    picked: DAY_INDEXES.map((i) => n(`picked_${i}`)),
    week: n("placed_week"),
    weekBefore: n("placed_week_before"),
  };
}

type PerformanceRowsResult = {
  rows: (PerformanceRow & { hierarchy: Record<"avp" | "bdm" | "tl", string> })[];
  total: number;
  /**
   * With `withSum`, when the page has rows: the total row and the snapshot's meta, read by the
   * same statement (decision 087) — window sums over the rows the page is chosen from.
   */
  sum?: PerformanceSum;
  meta?: SnapshotMeta | null;
};

/**
 * The rows of a view (all of them when `page` is null), with the total count; with `withSum`
 * also the total row and the snapshot's meta, in the same statement (decision 087: one read
 * instead of three a page).
 */
async function performanceRows(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  query: Pick<TrackerQuery, "view" | "q" | "sort" | "dir" | "preset">,
  page: number | null,
  withSum = false,
): Promise<PerformanceRowsResult> {
  const scope = clientScopeCondition(viewer);
  const like = likePattern(query.q);
  const p = dailyPerformanceRows;
  const counts = (agg: boolean) => {
    const count = (column: string) => {
      const c = sql`coalesce(${sql.identifier("p")}.${sql.identifier(column)}, 0)`;
      return agg ? sql`sum(${c})::int` : sql`${c}::int`;
    };
    const week = count("placed_week");
    const before = count("placed_week_before");
    return sql.join(
      [
        ...(["placed", "picked"] as const).flatMap((kind) =>
          DAY_INDEXES.map((i) => sql`${count(`${kind}_${i}`)} as ${sql.identifier(`${kind}_${i}`)}`),
        ),
        sql`${week} as placed_week`,
        sql`${before} as placed_week_before`,
        // Week on week (decision 072), for sorting: the change, and its exact share of last week
        // (null when last week had none: such rows sort last either way).
        sql`${week} - ${before} as week_change`,
        sql`case when ${before} = 0 then null else (${week} - ${before})::numeric / ${before} end as week_percent`,
      ],
      sql`, `,
    );
  };
  /** The Dropping preset's rule (week-over-week.ts isDropping) on a row's two weeks, in whole numbers. */
  const dropping = (agg: boolean) => {
    const count = (column: string) => {
      const c = sql`coalesce(${sql.identifier("p")}.${sql.identifier(column)}, 0)`;
      return agg ? sql`sum(${c})` : c;
    };
    return droppingCondition(count("placed_week"), count("placed_week_before"));
  };
  const dir = sql.raw(query.dir === "asc" ? "asc" : "desc");
  const order = sql`${sql.identifier(query.sort)} ${dir} nulls last`;
  const limit =
    page === null ? sql`` : sql`limit ${PERFORMANCE_PAGE_SIZE} offset ${(page - 1) * PERFORMANCE_PAGE_SIZE}`;
  // The seller view's avatars and the CSV's hierarchy columns need each client's AVP, BDM and
  // TL, joined once (one row per client: no fan-out). A grouped view's page needs neither: it
  // is summed by one hash aggregate, without the three sorted `string_agg(distinct …)`, which
  // were half of the query's time on the large book.
  const withHierarchy = page === null;
  const people = (avp: SQLWrapper, bdm: SQLWrapper, tl: SQLWrapper) => sql`
    left join ${staff} xa on xa.id = ${avp}
    left join ${staff} xb on xb.id = ${bdm}
    left join ${staff} xt on xt.id = ${tl}`;
  const snapshot = sql`left join ${p} p on p.client_id = ${clients.id}`;
  // The total row as window sums over the rows the page is chosen from (after the search, the
  // preset and, in a grouped view, the grouping): computed once per statement, not per row.
  const windowSums = (agg: boolean) =>
    withSum
      ? sql.raw(
          SUM_COLUMNS.map((c) => {
            const v = `coalesce(p.${c}, 0)`;
            return `, (sum(${agg ? `sum(${v})` : v}) over ())::bigint as sum_${c}`;
          }).join(""),
        )
      : sql``;
  const passSums = withSum ? sql.raw(SUM_COLUMNS.map((c) => `, pg.sum_${c}`).join("")) : sql``;
  // The snapshot's day and time (decision 030) with the rows: one uncorrelated subquery, run once.
  const metaColumns = withSum
    ? sql`, (select ${settings.value}->>'updated_at' from ${settings} where ${settings.key} = ${SNAPSHOT_SETTING}) as meta_updated_at,
        (select ${settings.value}->>'day' from ${settings} where ${settings.key} = ${SNAPSHOT_SETTING}) as meta_day`
    : sql``;
  let rowsSql: SQL;
  if (query.view === "seller") {
    // The page of clients first (sorted on their own columns and the snapshot's counts), then
    // the AVP, BDM and TL of those 25 only: building the avatars' objects for every client in
    // scope before the sort was most of the query's time for a vp (2,500 clients).
    const where = and(
      scope,
      like ? sql`(${clients.name} ilike ${like} or ${clients.email} ilike ${like})` : undefined,
      query.preset === "dropping" ? dropping(false) : undefined,
    );
    // The page is chosen from the clients' ids and the snapshot's counts alone (an index-only
    // scan of the clients, not their wide rows; their names and e-mails only when sorting or
    // searching on them), and counted apart; the page's 25 rows then get their names, e-mails
    // and avatars. A window count over the whole sorted scope was half of the query's time.
    const byText = query.sort === "name" || query.sort === "email";
    const filtered = where ? sql`where ${where}` : sql``;
    // A search's matches are counted as they are found (its ilike runs once); a whole scope is
    // counted from the index.
    // (The preset's rule reads the snapshot: its rows are counted the way a search's are.)
    const counted = like || query.preset === "dropping" || withSum;
    const total = counted ? sql`pg.total` : sql`(select count(*) from ${clients} ${filtered})`;
    rowsSql = sql`
      select pg.key, c.name as name, c.email as email, 1 as sellers,
        case when xa.id is null then null else json_build_object('name', xa.name, 'email', xa.email) end as avp,
        case when xb.id is null then null else json_build_object('name', xb.name, 'email', xb.email) end as bdm,
        case when xt.id is null then null else json_build_object('name', xt.name, 'email', xt.email) end as tl,
        coalesce(xa.name, '') as h_avp, coalesce(xb.name, '') as h_bdm, coalesce(xt.name, '') as h_tl,
        ${sql.raw(["placed", "picked"].flatMap((kind) => DAY_INDEXES.map((i) => `pg.${kind}_${i}`)).join(", "))},
        pg.placed_week, pg.placed_week_before,
        ${total} as total${passSums}${metaColumns}
      from (
        select ${clients.id} as id, ${clients.id}::text as key${byText ? sql`, ${clients.name} as name, ${clients.email} as email` : sql``},
          ${counts(false)}${counted ? sql`, count(*) over () as total` : sql``}${windowSums(false)}
        from ${clients} ${snapshot}
        ${filtered}
        order by ${order}, ${clients.id} ${limit}
      ) pg join ${clients} c on c.id = pg.id ${people(sql`c.avp_id`, sql`c.bdm_id`, sql`c.tl_id`)}
      order by ${byText ? sql`c.${sql.identifier(query.sort)}` : sql`pg.${sql.identifier(query.sort)}`} ${dir} nulls last, pg.id`;
  } else {
    const level = LEVEL_COLUMN[query.view];
    const where = and(scope, like ? sql`(g.name ilike ${like} or g.email ilike ${like})` : undefined);
    const hierarchy = withHierarchy
      ? sql`coalesce(string_agg(distinct xa.name, '; '), '') as h_avp, coalesce(string_agg(distinct xb.name, '; '), '') as h_bdm,
        coalesce(string_agg(distinct xt.name, '; '), '') as h_tl`
      : sql`'' as h_avp, '' as h_bdm, '' as h_tl`;
    rowsSql = sql`
      select g.id::text as key, g.name as name, g.email as email, count(*)::int as sellers,
        null as avp, null as bdm, null as tl, ${hierarchy},
        ${counts(true)}, count(*) over () as total${windowSums(true)}${metaColumns}
      from ${clients} join ${staff} g on g.id = ${level} ${withHierarchy ? people(clients.avp_id, clients.bdm_id, clients.tl_id) : sql``} ${snapshot}
      ${where ? sql`where ${where}` : sql``}
      group by g.id, g.name, g.email
      ${query.preset === "dropping" ? sql`having ${dropping(true)}` : sql``}
      order by ${order}, g.id ${limit}`;
  }
  const result = await db.execute(rowsSql);
  const raw = result.rows as Record<string, unknown>[];
  const total = raw.length > 0 ? Number(raw[0].total) : 0;
  return {
    total,
    ...(withSum && raw.length > 0
      ? {
          sum: sumOf(raw[0], total, "sum_"),
          meta:
            typeof raw[0].meta_updated_at === "string" && typeof raw[0].meta_day === "string"
              ? { updated_at: raw[0].meta_updated_at, day: raw[0].meta_day }
              : null,
        }
      : {}),
    rows: raw.map((row) => ({
      key: String(row.key),
      name: String(row.name),
      email: String(row.email),
      sellers: Number(row.sellers),
      avp: (row.avp as Person) ?? null,
      bdm: (row.bdm as Person) ?? null,
      tl: (row.tl as Person) ?? null,
      placed: DAY_INDEXES.map((i) => Number(row[`placed_${i}`])),
      picked: DAY_INDEXES.map((i) => Number(row[`picked_${i}`])),
      week: Number(row.placed_week),
      weekBefore: Number(row.placed_week_before),
      hierarchy: { avp: String(row.h_avp), bdm: String(row.h_bdm), tl: String(row.h_tl) },
    })),
  };
}

/** The total row (decision 072): every row of the view (all pages) that the search and the preset keep, added up. */
export type PerformanceSum = { rows: number; placed: number[]; picked: number[]; week: number; weekBefore: number };

async function performanceSum(
  db: Executor,
  viewer: Pick<Viewer, "id" | "role">,
  query: Pick<TrackerQuery, "view" | "q" | "preset">,
): Promise<PerformanceSum> {
  const columns = SUM_COLUMNS;
  const like = likePattern(query.q);
  const p = dailyPerformanceRows;
  const dropping = query.preset === "dropping";
  const summed = sql.raw(columns.map((c) => `coalesce(sum(${c}), 0)::int as ${c}`).join(", "));
  let rowsSql: SQL;
  if (query.view === "seller") {
    const where = and(
      clientScopeCondition(viewer),
      like ? sql`(${clients.name} ilike ${like} or ${clients.email} ilike ${like})` : undefined,
      dropping ? droppingCondition(sql`coalesce(p.placed_week, 0)`, sql`coalesce(p.placed_week_before, 0)`) : undefined,
    );
    rowsSql = sql`select count(*)::int as n, ${summed}
      from ${clients} left join ${p} p on p.client_id = ${clients.id} ${where ? sql`where ${where}` : sql``}`;
  } else {
    // The view's groups (as performanceRows makes them), then their sums added up.
    const level = LEVEL_COLUMN[query.view];
    const where = and(
      clientScopeCondition(viewer),
      like ? sql`(g.name ilike ${like} or g.email ilike ${like})` : undefined,
    );
    const perGroup = sql.raw(columns.map((c) => `sum(coalesce(p.${c}, 0)) as ${c}`).join(", "));
    rowsSql = sql`select count(*)::int as n, ${summed} from (
      select g.id, ${perGroup}
      from ${clients} join ${staff} g on g.id = ${level} left join ${p} p on p.client_id = ${clients.id}
      ${where ? sql`where ${where}` : sql``}
      group by g.id
      ${dropping ? sql`having ${droppingCondition(sql`sum(coalesce(p.placed_week, 0))`, sql`sum(coalesce(p.placed_week_before, 0))`)}` : sql``}
    ) t`;
  }
  const row = (await db.execute(rowsSql)).rows[0] as Record<string, unknown>;
  return sumOf(row, Number(row.n));
}

/** The total row of a view that has no rows at all: nothing to add up. */
const NO_ROWS: PerformanceSum = {
  rows: 0,
  placed: DAY_INDEXES.map(() => 0),
  picked: DAY_INDEXES.map(() => 0),
  week: 0,
  weekBefore: 0,
};

/** The Daily Performance table's page, with the snapshot's day and times. */
export async function dailyPerformance(db: Executor, viewer: Pick<Viewer, "id" | "role">, query: TrackerQuery) {
  // One statement gives the page, the count, the total row and the snapshot's meta (decision
  // 087). A page without rows carries none of them: then the meta is read alone, and the total
  // row too when the page is past the last (on the first page no rows means nothing to add up).
  const page = await performanceRows(db, viewer, query, query.page, true);
  const [meta, sum] = page.sum
    ? [page.meta ?? null, page.sum]
    : await Promise.all([
        snapshotMeta(db),
        query.page > 1 ? performanceSum(db, viewer, query) : Promise.resolve(NO_ROWS),
      ]);
  const pages = Math.max(1, Math.ceil(page.total / PERFORMANCE_PAGE_SIZE));
  return {
    rows: page.rows.map(({ hierarchy: _hierarchy, ...row }) => row),
    total: page.total,
    /** Every row of the view added up (all pages; the search and the preset applied): the total row. */
    sum,
    /** The two weeks compared, this week ending yesterday (null before the first refresh). */
    weeks: meta ? weekRanges(meta.day) : null,
    pages,
    page: Math.min(query.page, pages),
    /** The snapshot's days, today first (null before the first refresh). */
    days: meta ? DAY_INDEXES.map((i) => addDays(meta.day, -i)) : null,
    updatedAt: meta?.updated_at ?? null,
    nextUpdateAt: meta ? nextUpdateAt(meta.updated_at) : null,
  };
}

/** The CSV 'Daily Performance': the view's rows in its order, with the role's hierarchy columns (docs/product.md §6). */
export async function dailyPerformanceCsv(db: Executor, viewer: Pick<Viewer, "id" | "role">, query: TrackerQuery) {
  const [meta, all] = await Promise.all([snapshotMeta(db), performanceRows(db, viewer, query, null)]);
  const extras = csvHierarchyColumns(viewer.role);
  // CSV dates are ISO 8601 (decision 064): "Placed 2026-11-27".
  const days = meta ? DAY_INDEXES.map((i) => addDays(meta.day, -i)) : DAY_INDEXES.map((i) => `day ${i}`);
  const weeks = meta ? weekRanges(meta.day) : null;
  const header = [
    `${VIEW_LABELS[query.view as PerformanceView]} Name`,
    `${VIEW_LABELS[query.view as PerformanceView]} Email`,
    ...extras.map((e) => VIEW_LABELS[e]),
    ...days.map((d) => `Placed ${d}`),
    ...days.map((d) => `Picked ${d}`),
    // Week on week (decision 072): plain numbers; the per cent is empty when last week had none.
    weeks ? `Placed ${weeks.thisWeek.from} to ${weeks.thisWeek.to}` : "Placed this week",
    weeks ? `Placed ${weeks.lastWeek.from} to ${weeks.lastWeek.to}` : "Placed last week",
    "Change",
    "Change %",
  ];
  const records = all.rows.map((r) => {
    const change = weekChange({ thisWeek: r.week, lastWeek: r.weekBefore });
    return [
      r.name,
      r.email,
      ...extras.map((e) => r.hierarchy[e]),
      ...r.placed.map(String),
      ...r.picked.map(String),
      String(r.week),
      String(r.weekBefore),
      String(change.change),
      change.percent === null ? "" : String(change.percent),
    ];
  });
  return { header, records };
}
