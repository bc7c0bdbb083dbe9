/**
 * The order book's month partitions (decision 085): `orders` and `tracking_events` are
 * partitioned by the order's placed_at, one partition an IST calendar month (decision 097; migration
 * 0038's `order_month_partition` makes one, moving that month's rows out of the default partitions).
 * The partition-ahead job keeps the current month and the next ones made, once across every copy
 * (an advisory lock); the archive detaches whole months before a cut into the schema `archive`.
 * On PGlite the order book is one table (the same keys and triggers): both do nothing there.
 */
import { sql } from "drizzle-orm";

import { istDayOf } from "../core/ist-dates";
import { startPeriodic } from "../core/periodic";
import { fail, type Failure, type Invalid, invalid, type Result } from "../core/result";
import type { Db, Executor, Tx } from "../db/client.server";
import { transaction } from "../db/transaction.server";
import { istDay } from "./rollups.server";

/** The job's advisory lock key (two-int form, beside scheduled rate changes' 7075). */
const PARTITIONS_LOCK = 7085;
/** Months made ahead of the current one. */
export const MONTHS_AHEAD = 3;
/** The archive refuses a cut closer than this many months before the current month. */
export const ARCHIVE_MIN_AGE_MONTHS = 6;
/** Where archived months go: a schema of the same database, seen by every copy. */
export const ARCHIVE_SCHEMA = "archive";

/** "YYYY-MM" of the IST calendar month a moment falls in (decision 097). */
export const monthOf = (at: Date) => istDayOf(at).slice(0, 7);

/** The moment an IST month ("YYYY-MM") begins: its 1st, 00:00 IST. */
export const monthStartsAt = (month: string) => `${month}-01T00:00:00+05:30`;

/** "YYYY-MM" of a timestamptz column's IST month, in SQL. */
const istMonth = (column: string) => sql`to_char(${istDay(sql.raw(column))}, 'YYYY-MM')`;

/** The month `n` months after "YYYY-MM". */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number);
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return monthOf(d);
}

export type AheadRun = { outcome: "busy" } | { outcome: "done"; made: string[] } | { outcome: "plain" };

/** False on PGlite, whose order book is one table (decision 085: migration 0031 makes it so). */
export async function isPartitioned(db: Executor): Promise<boolean> {
  const [row] = (await db.execute(sql`select relkind = 'p' as p from pg_class where oid = 'orders'::regclass`))
    .rows as { p: boolean }[];
  return row.p;
}

/**
 * Makes the current month's partitions and the MONTHS_AHEAD after it, and any month that has rows
 * in the default partitions (an order placed outside every month made). One run at a time across
 * every copy: a second runner while the first holds the lock does nothing ("busy").
 */
export async function makeMonthsAhead(db: Db, now: Date = new Date()): Promise<AheadRun> {
  return transaction(db, async (tx): Promise<AheadRun> => {
    const [{ locked }] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${PARTITIONS_LOCK}, 0) as locked`))
      .rows as { locked: boolean }[];
    if (!locked) return { outcome: "busy" };
    if (!(await isPartitioned(tx))) return { outcome: "plain" };
    const months = new Set<string>();
    for (let n = 0; n <= MONTHS_AHEAD; n++) months.add(addMonths(monthOf(now), n));
    const stray = (
      await tx.execute(sql`select distinct ${istMonth("placed_at")} as month from orders_default
        union select distinct ${istMonth("order_placed_at")} from tracking_events_default`)
    ).rows as { month: string }[];
    for (const { month } of stray) months.add(month);
    const made: string[] = [];
    for (const month of [...months].sort()) if (await makeMonth(tx, month)) made.push(month);
    return { outcome: "done", made };
  });
}

/** One month's partitions of both tables, made if missing (true when made). */
async function makeMonth(tx: Executor, month: string): Promise<boolean> {
  const [{ made }] = (await tx.execute(sql`select order_month_partition(${`${month}-01`}::date) as made`)).rows as {
    made: boolean;
  }[];
  return made;
}

/** The month partitions attached to `orders`, oldest first ("YYYY-MM"). */
export async function liveMonths(db: Executor): Promise<string[]> {
  const rows = (
    await db.execute(sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
      where i.inhparent = 'orders'::regclass and c.relname ~ '^orders_[0-9]{4}_[0-9]{2}$' order by 1`)
  ).rows as { name: string }[];
  return monthsOfTables(rows);
}

/** "YYYY-MM" of each `orders_YYYY_MM` table. */
const monthsOfTables = (rows: readonly { name: string }[]) =>
  rows.map((r) => r.name.slice("orders_".length).replace("_", "-"));

/** The months moved to the archive schema, oldest first ("YYYY-MM"). */
export async function archivedMonths(db: Executor): Promise<string[]> {
  const rows = (
    await db.execute(sql`select tablename as name from pg_tables where schemaname = ${ARCHIVE_SCHEMA}
      and tablename ~ '^orders_[0-9]{4}_[0-9]{2}$' order by 1`)
  ).rows as { name: string }[];
  return monthsOfTables(rows);
}

export type ArchiveResult = Result<{ archived: string[] }, Invalid | Failure<409>>;

export const PLAIN_BOOK =
  "This database keeps the order book in one table (the embedded database, decision 085): it has no months to archive.";

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/**
 * `npm run orders:archive -- --before YYYY-MM` (PostgreSQL; PGlite keeps one table: refused): detaches every month partition of `orders` and
 * `tracking_events` before the cut (the 1st of `before`, 00:00 IST: decision 097) and moves the detached tables to the schema `archive`, in one
 * transaction. The live months are not read; an order keeps its order_keys row (its ids are never
 * given again) and the rollups are not touched: `archived_orders` (a view over the archived
 * months) lets rebuildRollups recompute the same totals. Refused: a cut that is not a month, one
 * less than ARCHIVE_MIN_AGE_MONTHS before the current month, or one before which an order still
 * waits for its COD remittance or its bill.
 */
export async function archiveMonthsBefore(db: Db, before: string, now: Date = new Date()): Promise<ArchiveResult> {
  if (!MONTH.test(before)) return invalid(`The cut must be a month written YYYY-MM, not "${before}".`);
  const latest = addMonths(monthOf(now), -ARCHIVE_MIN_AGE_MONTHS);
  if (before > latest)
    return invalid(
      `Months are archived at least ${ARCHIVE_MIN_AGE_MONTHS} months after they end: the latest cut now is ${latest}.`,
    );
  const cut = monthStartsAt(before);
  if (!(await isPartitioned(db))) return fail(409, PLAIN_BOOK);
  return transaction(db, async (tx): Promise<ArchiveResult> => {
    // Not beside the partition-ahead job: it could be making a month while this detaches.
    await tx.execute(sql`select pg_advisory_xact_lock(${PARTITIONS_LOCK}, 0)`);
    // Rows before the cut still in the default partitions get their month first, so they go too.
    await moveStrayMonthsBefore(tx, before);
    const [waiting] = (
      await tx.execute(sql`select count(*)::int as n from orders where placed_at < ${cut}::timestamptz
        and ((payment_mode = 'cod' and delivered_at is not null and cod_remittance_id is null)
          or (pickup_at is not null and billing_cycle_id is null))`)
    ).rows as { n: number }[];
    if (waiting.n > 0)
      return fail(
        409,
        `${waiting.n} orders placed before ${before} still wait for a COD remittance or a bill: cut their cycles first.`,
      );
    const months = (await liveMonths(tx)).filter((m) => m < before);
    await tx.execute(sql.raw(`create schema if not exists ${ARCHIVE_SCHEMA}`));
    for (const month of months) {
      const suffix = month.replace("-", "_");
      for (const table of ["orders", "tracking_events"]) {
        await tx.execute(sql.raw(`alter table ${table} detach partition ${table}_${suffix}`));
        await tx.execute(sql.raw(`alter table ${table}_${suffix} set schema ${ARCHIVE_SCHEMA}`));
      }
    }
    await refreshArchivedOrdersView(tx);
    return { ok: true, archived: months };
  });
}

async function moveStrayMonthsBefore(tx: Tx, before: string): Promise<void> {
  const stray = (
    await tx.execute(sql`select distinct ${istMonth("placed_at")} as month from orders_default
      where placed_at < ${monthStartsAt(before)}::timestamptz`)
  ).rows as { month: string }[];
  for (const { month } of stray) await makeMonth(tx, month);
}

/**
 * `archived_orders` (migration 0031: empty until a month is archived) is the archived months'
 * orders, the columns the rollups are computed from: rebuildRollups and rollupDifferences read
 * it beside `orders`, so the archived months' totals stay what they were.
 */
async function refreshArchivedOrdersView(tx: Executor): Promise<void> {
  const months = await archivedMonths(tx);
  const parts = months.map(
    (m) => `select client_id, placed_at, pickup_at from ${ARCHIVE_SCHEMA}.orders_${m.replace("-", "_")}`,
  );
  const body = parts.length
    ? parts.join(" union all ")
    : "select client_id, placed_at, pickup_at from orders where false";
  await tx.execute(sql.raw(`create or replace view archived_orders as ${body}`));
}

/** The job: every 6 hours (and once at start) on every server; one of them makes what is missing. */
export function startOrderPartitions(db: Db, log: (line: string) => void, everyMs = 6 * 60 * 60 * 1000): () => void {
  return startPeriodic(
    "order-partitions",
    async () => {
      const r = await makeMonthsAhead(db);
      if (r.outcome === "done" && r.made.length) log(`Order book months made: ${r.made.join(", ")}`);
    },
    "Making the order book's months ahead failed; the next run tries again",
    everyMs,
  );
}
