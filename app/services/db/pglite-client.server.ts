/**
 * The embedded database's client: PGlite with drizzle's parsers installed once and its kept
 * statements (decision 046). Opened in the calling thread (openPglite) or in the database
 * thread (pglite-worker.server.ts, decision 048).
 */
import { mkdirSync } from "node:fs";

import { PGlite, type QueryOptions as PgliteQueryOptions, types } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

import { PreparedStatements } from "./pglite-statements.server";

/** How many prepared statements a PGlite database keeps (decision 046; 0 prepares each query anew). */
export const PGLITE_KEPT_STATEMENTS = 500;

/** PGlite with its parsers installed and its kept statements: what openPglite and the database thread query. */
export function openPgliteClient(
  source: string | undefined | { loadDataDir: Blob },
  keptStatements?: number,
  opts: { sharedBuffers?: string; onLockWait?: (seconds: number) => void } = {},
): PGlite {
  if (typeof source === "string") mkdirSync(source, { recursive: true });
  // pg_trgm: the orders' customer-name search index (migration 0009), as on PostgreSQL.
  const client = new PGlite({
    ...(typeof source === "object" ? source : source ? { dataDir: source } : {}),
    extensions: { pg_trgm },
    ...(opts.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${opts.sharedBuffers}`] }
      : {}),
  });
  const fromEnv = process.env.PGLITE_KEPT_STATEMENTS;
  const kept =
    keptStatements ?? (fromEnv !== undefined && /^\d+$/.test(fromEnv) ? Number(fromEnv) : PGLITE_KEPT_STATEMENTS);
  if (opts.onLockWait) timeLockWaits(client, opts.onLockWait);
  return withParsersInstalled(client, new PreparedStatements(client, kept));
}

/**
 * PGlite runs one query at a time: a query waits for its transaction lock (while another
 * transaction is open) and its query lock. Each wait is reported, from the call to the moment the
 * lock was taken (`/metrics`' console_db_wait_seconds, decision 078); a plain query reports both.
 */
function timeLockWaits(client: PGlite, onLockWait: (seconds: number) => void): void {
  for (const name of ["_runExclusiveQuery", "_runExclusiveTransaction"] as const) {
    const take = client[name].bind(client) as <T>(fn: () => Promise<T>) => Promise<T>;
    client[name] = (<T>(fn: () => Promise<T>) => {
      const asked = performance.now();
      return take(() => {
        onLockWait((performance.now() - asked) / 1000);
        return fn();
      });
    }) as PGlite[typeof name];
  }
}

/**
 * Drizzle's PGlite driver passes the same `parsers` (dates, timestamps and intervals, and their
 * arrays, left as text for drizzle to map) with every query, and PGlite merges them into a copy
 * of its whole parser table per query (`{ ...all, ...given }`: ~0.4 ms of CPU a query, a third
 * of a simple query's cost). Installed once on the client, they need not come with each call:
 * the results are the same, parser for parser. Parsers other than these still pass through.
 */
export const RAW_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
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
          return statements?.keeps(text, pgliteOpts)
            ? statements.query(text, params, pgliteOpts, inTransaction)
            : t.query(text, params, opts);
        };
      if (key === "transaction" && t instanceof PGlite)
        return async <R>(fn: (tx: Queryable) => Promise<R>) => {
          await before?.();
          return t.transaction((tx) =>
            fn(queryingWithoutParsers(tx as unknown as Queryable, undefined, statements, true)),
          );
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
