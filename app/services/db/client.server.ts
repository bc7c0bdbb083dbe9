/**
 * The one place that decides which PostgreSQL we talk to: a real server when DATABASE_URL
 * is set, otherwise embedded PGlite in DATA_DIR/pg. Both speak the same SQL and run the
 * same migrations.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite, types, type QueryOptions as PgliteQueryOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { dataDir, env } from "../core/env.server";
import { PreparedStatements } from "./pglite-statements.server";
import * as schema from "./schema";

/** Both drivers share drizzle's PgDatabase API; we type them as one. */
export type Db = NodePgDatabase<typeof schema>;
/** The handle inside `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
/** Either: for functions that run alone or inside a caller's transaction. */
export type Executor = Db | Tx;

export type DbHandle = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/services/db/migrations");

/** How many prepared statements a PGlite database keeps (decision 046; 0 prepares each query anew). */
export const PGLITE_KEPT_STATEMENTS = 500;

/**
 * `source` is a data folder, nothing (in memory), or a data-dir dump to start from (tests).
 * `keptStatements`: PGLITE_KEPT_STATEMENTS unless given (or set by PGLITE_KEPT_STATEMENTS in the environment).
 */
export function openPglite(source: string | undefined | { loadDataDir: Blob }, opts: { keptStatements?: number } = {}): DbHandle {
  if (typeof source === "string") mkdirSync(source, { recursive: true });
  // pg_trgm: the orders' customer-name search index (migration 0009), as on PostgreSQL.
  const client = new PGlite({ ...(typeof source === "object" ? source : source ? { dataDir: source } : {}), extensions: { pg_trgm } });
  const fromEnv = process.env.PGLITE_KEPT_STATEMENTS;
  const kept = opts.keptStatements ?? (fromEnv !== undefined && /^\d+$/.test(fromEnv) ? Number(fromEnv) : PGLITE_KEPT_STATEMENTS);
  const db = drizzlePglite(withParsersInstalled(client, new PreparedStatements(client, kept)), { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

/**
 * Drizzle's PGlite driver passes the same `parsers` (dates, timestamps and intervals, and their
 * arrays, left as text for drizzle to map) with every query, and PGlite merges them into a copy
 * of its whole parser table per query (`{ ...all, ...given }`: ~0.4 ms of CPU a query, a third
 * of a simple query's cost). Installed once on the client, they need not come with each call:
 * the results are the same, parser for parser. Parsers other than these still pass through.
 */
const RAW_TEXT_TYPES = [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182];
type QueryOptions = { parsers?: Record<number, unknown> } & Record<string, unknown>;
type Queryable = { query: (text: string, params?: unknown[], options?: QueryOptions) => Promise<unknown> };

function withoutInstalledParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  const keys = Object.keys(options.parsers).map(Number);
  if (!keys.every((k) => RAW_TEXT_TYPES.includes(k))) return options;
  const { parsers: _, ...rest } = options;
  return rest;
}

/** `statements`: PGlite's, for the queries it keeps prepared; `inTransaction`: `target` is a transaction. */
function queryingWithoutParsers<T extends Queryable>(
  target: T,
  before?: () => Promise<void>,
  statements?: PreparedStatements,
  inTransaction = false,
): T {
  return new Proxy(target, {
    get(t, key, receiver) {
      if (key === "query")
        return async (text: string, params?: unknown[], options?: QueryOptions) => {
          await before?.();
          const opts = withoutInstalledParsers(options);
          const pgliteOpts = opts as PgliteQueryOptions | undefined;
          return statements?.keeps(text, pgliteOpts) ? statements.query(text, params, pgliteOpts, inTransaction) : t.query(text, params, opts);
        };
      if (key === "transaction" && t instanceof PGlite)
        return async <R>(fn: (tx: Queryable) => Promise<R>) => {
          await before?.();
          return t.transaction((tx) => fn(queryingWithoutParsers(tx as unknown as Queryable, undefined, statements, true)));
        };
      const value = Reflect.get(t, key, receiver);
      return typeof value === "function" ? value.bind(t) : value;
    },
  });
}

export function withParsersInstalled(client: PGlite, statements?: PreparedStatements): PGlite {
  // After PGlite's start-up, which fills the table (array types included).
  let installed: Promise<void> | null = null;
  const install = () =>
    (installed ??= client.waitReady.then(async () => {
      const raw = (value: string) => value;
      for (const oid of RAW_TEXT_TYPES) (client.parsers as Record<number, unknown>)[oid] = raw;
      // Kept statements are planned for their values each time, as unnamed ones are (decision 046).
      if (statements?.enabled) await client.exec("set plan_cache_mode = force_custom_plan");
    }));
  return queryingWithoutParsers(client as unknown as Queryable, install, statements) as unknown as PGlite;
}

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  let closing = false;
  // An idle connection can fail (the server restarted, an administrator ended it): the pool
  // drops it and opens a new one when needed. Without a listener, node-postgres's 'error'
  // event would stop the whole process. While closing, connections ending is expected.
  pool.on("error", (error) => {
    if (!closing) console.error(`A PostgreSQL connection failed and was dropped from the pool: ${error.message}`);
  });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: "postgres",
    migrate: () => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

export function openConfiguredDb(): DbHandle {
  const url = env().DATABASE_URL;
  return url ? openPostgres(url) : openPglite(path.join(dataDir(), "pg"));
}

// On globalThis: the scripts (run from source) and the built server bundle each load their own
// copy of this module, and must share one database; it also survives dev-server reloads.
const globalForDb = globalThis as unknown as { __consoleDb?: DbHandle };

/** The process-wide database for the running app, opened as configured on first use. */
export function processDb(): DbHandle {
  if (!globalForDb.__consoleDb) globalForDb.__consoleDb = openConfiguredDb();
  return globalForDb.__consoleDb;
}

export function getDb(): Db {
  return processDb().db;
}

/**
 * Makes `handle` the process-wide database (a benchmark's or a test's own), or lets go of it
 * (`undefined`: the next getDb() opens the configured one again). Closing is the caller's.
 */
export function setProcessDb(handle: DbHandle | undefined): void {
  globalForDb.__consoleDb = handle;
}
