/**
 * Table upkeep where no autovacuum runs (decision 041). A PostgreSQL server vacuums and analyzes
 * its tables by itself (the autovacuum launcher); the embedded PGlite runs no background
 * processes, so without this nothing ever did: the visibility map stayed unset, every
 * index-only scan (the On Hold COD list's count and pages, the Legal Status page) fetched each
 * heap row, dead row versions of updated rows piled up, and the planner's statistics dated from
 * the seed. Every server runs it on a timer; it does work only on a database that has no
 * autovacuum launcher, one table at a time (each `VACUUM` is short on a table that changed
 * little: it skips the pages the visibility map marks all-visible; on the demo database of
 * 100,000 orders a whole run takes ~1.7 s, the first after the seed ~3.3 s). PGlite belongs to one
 * process, whose timer never overlaps two runs (core/periodic); on a server with autovacuum off,
 * two copies vacuuming a table at once wait on each other and do no harm.
 */
import { sql } from "drizzle-orm";

import type { Db } from "./client.server";

/** How often each server tries (a run on a database with autovacuum returns at once). */
export const UPKEEP_INTERVAL_MS = 30 * 60 * 1000;
/** A server that filled nothing at start-up (a restart) runs its first upkeep this much later, not among its first pages. */
export const UPKEEP_FIRST_AFTER_MS = 60 * 1000;

export type UpkeepRun = { ran: false } | { ran: true; tables: number; ms: number };

/** True when the database vacuums its own tables (a PostgreSQL server with autovacuum on). */
export async function hasAutovacuum(db: Db): Promise<boolean> {
  const [row] = (
    await db.execute(sql`select current_setting('autovacuum') = 'on'
        and exists (select 1 from pg_stat_activity where backend_type = 'autovacuum launcher') as on`)
  ).rows as { on: boolean }[];
  return row.on;
}

/**
 * `VACUUM (ANALYZE)` of every table of the app's schema, one statement per table so that
 * requests get their turn in between (`pace`, awaited before each: the demo fill's pacer,
 * decision 077), unless the database does it itself.
 */
export async function keepTablesUp(db: Db, { pace }: { pace?: () => Promise<void> } = {}): Promise<UpkeepRun> {
  if (await hasAutovacuum(db)) return { ran: false };
  const t0 = Date.now();
  const tables = (
    await db.execute(sql`select quote_ident(schemaname) || '.' || quote_ident(relname) as name
      from pg_stat_user_tables where schemaname = current_schema() order by relname`)
  ).rows as { name: string }[];
  // VACUUM cannot run inside a transaction block: each is its own statement.
  for (const { name } of tables) {
    await pace?.();
    await db.execute(sql.raw(`vacuum (analyze) ${name}`));
  }
  return { ran: true, tables: tables.length, ms: Date.now() - t0 };
}
