/**
 * The one place that decides which PostgreSQL we talk to: a real server when DATABASE_URL
 * is set, otherwise embedded PGlite in DATA_DIR/pg. Both speak the same SQL and run the
 * same migrations.
 */
import path from "node:path";

import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { dataDir, env } from "../core/env.server";
import { logLine } from "../core/log";
import { consoleMetrics, type PoolStats } from "../core/metrics";
import { pageCacheOf } from "./page-cache.server";
import { openPgliteClient, RAW_TEXT_TYPES } from "./pglite-client.server";
import { PgliteOnThread } from "./pglite-worker.server";
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
  /** Applies the migrations; on PostgreSQL under the start-up lock (`exclusive`). */
  migrate(): Promise<void>;
  /**
   * Runs `fn` under the start-up lock (decision 079): on PostgreSQL a session advisory lock held
   * on a connection of its own, so that of several copies starting at once on one database one
   * migrates and seeds while the others wait, then find it done. Nested calls in this process run
   * inside the one lock. PGlite's folder belongs to one process: `fn` runs at once.
   * `onWait` is called once when another copy holds the lock.
   */
  exclusive<T>(fn: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
  /** PostgreSQL's pool: its connections and the queries waiting for one (`/metrics`). */
  poolStats?(): PoolStats;
};

/** pg_advisory_lock key of start-up's migrations and seed (a fixed number unique in the app). */
export const STARTUP_LOCK = 727_079;

export const MIGRATIONS_FOLDER = path.resolve(process.cwd(), "app/services/db/migrations");

/**
 * `source` is a data folder, nothing (in memory), or a data-dir dump to start from (tests).
 * `keptStatements`: PGLITE_KEPT_STATEMENTS unless given (or set by PGLITE_KEPT_STATEMENTS in the environment).
 */
export function openPglite(
  source: string | undefined | { loadDataDir: Blob },
  opts: { keptStatements?: number } = {},
): DbHandle {
  return pgliteHandle(openPgliteClient(source, opts.keptStatements, { onLockWait: observePgliteWait }));
}

/**
 * The same database on a thread of its own (decision 048): the server's, so that its queries
 * run on the machine's other core while this thread renders pages.
 */
export function openPgliteOnThread(
  dataDir: string | undefined,
  opts: { keptStatements?: number; sharedBuffers?: string; onFailure?: (error: Error) => void } = {},
): DbHandle {
  return pgliteHandle(new PgliteOnThread({ dataDir, ...opts }, RAW_TEXT_TYPES));
}

const observePgliteWait = (seconds: number) => consoleMetrics().dbWait.observe({ driver: "pglite" }, seconds);

function pgliteHandle(client: { close(): Promise<void> }): DbHandle {
  const db = drizzlePglite(client as unknown as PGlite, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_FOLDER }),
    exclusive: (fn) => fn(),
    close: () => client.close(),
  };
}

export function openPostgres(url: string, max = 10): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max });
  timeConnectionWaits(pool);
  let closing = false;
  // An idle connection can fail (the server restarted, an administrator ended it): the pool
  // drops it and opens a new one when needed. Without a listener, node-postgres's 'error'
  // event would stop the whole process. While closing, connections ending is expected.
  pool.on("error", (error) => {
    if (!closing)
      logLine("error", "A PostgreSQL connection failed and was dropped from the pool", { error: error.message });
  });
  const db = drizzlePg(pool, { schema });
  let held = 0;
  const exclusive = async <T>(fn: () => Promise<T>, onWait?: () => void): Promise<T> => {
    if (held > 0) return fn();
    const lockClient = await pool.connect();
    try {
      const tried = await lockClient.query<{ locked: boolean }>("select pg_try_advisory_lock($1) as locked", [
        STARTUP_LOCK,
      ]);
      if (!tried.rows[0]!.locked) {
        onWait?.();
        await lockClient.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
      }
      held++;
      try {
        return await fn();
      } finally {
        held--;
        await lockClient.query("select pg_advisory_unlock($1)", [STARTUP_LOCK]);
      }
    } finally {
      lockClient.release();
    }
  };
  return {
    db,
    kind: "postgres",
    migrate: () => exclusive(() => migratePg(db, { migrationsFolder: MIGRATIONS_FOLDER })),
    exclusive,
    close: () => {
      closing = true;
      return pool.end();
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  };
}

/**
 * How long each query (or transaction) waited for a connection of the pool: from asking to
 * having one (`/metrics`' console_db_wait_seconds, decision 078). `pool.query` asks through
 * `connect` with a callback, a transaction without one.
 */
function timeConnectionWaits(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  const observe = (asked: number) =>
    consoleMetrics().dbWait.observe({ driver: "postgres" }, (performance.now() - asked) / 1000);
  pool.connect = ((cb?: Parameters<typeof connect>[0]) => {
    const asked = performance.now();
    if (cb)
      return connect((err, client, done) => {
        if (!err) observe(asked);
        cb(err, client, done);
      });
    return connect()!.then((client) => {
      observe(asked);
      return client;
    });
  }) as typeof pool.connect;
}

/**
 * `onThread`: PGlite in a thread of its own (the running app's, decision 048); scripts and
 * tests query it on their own thread.
 */
export function openConfiguredDb(opts: { onThread?: boolean } = {}): DbHandle {
  const url = env().DATABASE_URL;
  if (url) return openPostgres(url);
  const folder = path.join(dataDir(), "pg");
  return opts.onThread
    ? openPgliteOnThread(folder, {
        sharedBuffers: pageCacheOf(folder, env().PGLITE_SHARED_BUFFERS),
        onFailure: stopOnDatabaseFailure,
      })
    : openPglite(folder);
}

/**
 * The database thread stopped (out of memory, a crash in PostgreSQL): no query can be answered
 * any more, so the process stops too, with the reason, for its supervisor (or the primary of
 * WEB_CONCURRENCY) to start it again; PostgreSQL recovers the data folder at the next start.
 */
function stopOnDatabaseFailure(error: Error): void {
  logLine("error", "The embedded database stopped. Stopping the server.", { error: error.message });
  process.exit(1);
}

// On globalThis: the scripts (run from source) and the built server bundle each load their own
// copy of this module, and must share one database; it also survives dev-server reloads.
const globalForDb = globalThis as unknown as { __consoleDb?: DbHandle; __consoleReadDb?: DbHandle };

/**
 * The process-wide database for the running app, opened as configured on first use: PGlite on
 * a thread of its own unless PGLITE_THREAD=false (decision 048).
 */
export function processDb(): DbHandle {
  if (!globalForDb.__consoleDb)
    globalForDb.__consoleDb = openConfiguredDb({ onThread: env().PGLITE_THREAD === "true" });
  return globalForDb.__consoleDb;
}

export function getDb(): Db {
  return processDb().db;
}

/** Connections of the read replica's pool: the analytics pages only (decision 091). */
const READ_POOL_SIZE = 5;

/**
 * Where the analytics pages read (decision 091): the read replica of DATABASE_READ_URL when it is
 * set, else the process-wide database. Only reads that may lag the primary by a replication delay
 * go there — rollups and the Daily Performance snapshot, themselves minutes old; the staff's
 * session, its checks and every write stay on `getDb()`.
 */
export function getAnalyticsDb(): Db {
  const url = env().DATABASE_READ_URL;
  if (!url) return getDb();
  globalForDb.__consoleReadDb ??= openPostgres(url, READ_POOL_SIZE);
  return globalForDb.__consoleReadDb.db;
}

/** Closes the read replica's pool if one was opened (the server's stop). */
export async function closeAnalyticsDb(): Promise<void> {
  const handle = globalForDb.__consoleReadDb;
  globalForDb.__consoleReadDb = undefined;
  await handle?.close();
}

/**
 * Makes `handle` the process-wide database (a benchmark's or a test's own), or lets go of it
 * (`undefined`: the next getDb() opens the configured one again). Closing is the caller's.
 */
export function setProcessDb(handle: DbHandle | undefined): void {
  globalForDb.__consoleDb = handle;
}
