/**
 * Queries built once per database, run many times (decision 051).
 *
 * drizzle builds a query's text afresh on every run: it walks the query's pieces, checks each
 * one's kind (`is()`, a prototype walk) and joins the text. For the rate card's one query that
 * was ~0.4 ms of the server's thread a page, and drizzle as a whole 6–8 % of a page's CPU. A
 * page's queries have a handful of shapes; what varies between runs are values. So the hot
 * ones are built once per shape, with `sql.placeholder()` where a value goes, and kept per
 * database (a WeakMap: a test's database and its queries go together).
 *
 * Each run is still an unnamed query on PostgreSQL, as `db.select()` runs it (drizzle's public
 * `prepare(name)` would name a server-side statement, whose generic plan PostgreSQL may choose
 * after five runs); on PGlite decision 046 keeps the parsed statement by its text, as before.
 * The key must name everything that changes the query's text: the same key, the same text.
 */
import type { SQL } from "drizzle-orm";
import type { PgDialect, PgSession } from "drizzle-orm/pg-core";

import { BoundedMap } from "../core/bounded-map";
import type { Executor } from "./client.server";

type Built = { execute(values?: Record<string, unknown>): Promise<unknown> };
/**
 * Built queries kept per database: a key names a shape (a handful per page), so the bound is
 * never reached by the app's own keys; beyond it the least recently run is built again when
 * next run (decision 084).
 */
export const MAX_BUILT_QUERIES = 500;
const built = new WeakMap<object, BoundedMap<string, Built>>();

/** For tests: the queries built for `db`, by key, the least recently run first. */
export const builtQueries = (db: Executor) => built.get(db);

function keep<T extends Built>(db: Executor, key: string, build: () => T): T {
  let byKey = built.get(db);
  if (!byKey) built.set(db, (byKey = new BoundedMap(MAX_BUILT_QUERIES)));
  let query = byKey.get(key) as T | undefined;
  if (!query) {
    query = build();
    byKey.set(key, query);
  }
  return query;
}

/**
 * A query builder (`db.select()…`, with placeholders for its values) prepared once for `key`:
 * `.execute({ name: value })` gives what the builder's own run gives.
 */
export function preparedQuery<T>(db: Executor, key: string, build: () => { prepare(name: string): T }): T {
  return keep(db, key, () => {
    const builder = build() as unknown as { _prepare(name?: string): T & Built };
    // What `prepare(name)` calls, without the name (see above).
    return builder._prepare();
  });
}

/** Raw SQL (with placeholders) prepared once for `key`: `.execute(values)` answers as `db.execute()` does. */
export function preparedSql<Row = Record<string, unknown>>(
  db: Executor,
  key: string,
  build: () => SQL,
): { execute(values?: Record<string, unknown>): Promise<{ rows: Row[] }> } {
  return keep(db, key, () => {
    const { dialect, session } = db as unknown as { dialect: PgDialect; session: PgSession };
    return session.prepareQuery(dialect.sqlToQuery(build()), undefined, undefined, false) as unknown as Built;
  }) as never;
}
