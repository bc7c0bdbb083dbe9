/**
 * What the Order Tracker page reads that changes only with the clients, the staff or the Daily
 * Performance snapshot — the table of a view (its page, count, total row and the snapshot's day)
 * and the seller picker's e-mails — kept in memory under those data sets' stamps (decision 088).
 *
 * Each request reads the stamps in one statement: `data_versions` rows that statement-level
 * triggers renew on any change to `clients`, `staff` or `daily_performance_rows` (migration 0032,
 * decision 008's sequence), and the snapshot's meta in `settings`. An entry is used only under
 * the stamps it was read under, so every server copy agrees with the database: a client moved
 * to another TL, a renamed TL or a refreshed snapshot shows on the next request, on any copy.
 *
 * The daily stats of the days before yesterday are kept too, apart, under the clients' stamp and
 * `order_days`, which statement triggers on `order_daily_rollups` renew only when a day before the
 * database's today gets another placed count (migration 0033: the seed, a rebuild, a back-dated
 * order) — never for a placement's row of today. Yesterday and today are read live: an order placed
 * just before midnight may commit just after, onto a day the database then calls yesterday.
 */
import { sql } from "drizzle-orm";

import { clientScopeFor } from "../auth/roles";
import { BoundedMap } from "../core/bounded-map";
import type { StaffRole } from "../core/roles";
import type { Executor } from "../db/client.server";
import { SNAPSHOT_SETTING } from "./snapshot.server";

/** Entries kept per database handle; the least recently used go first beyond this (decision 084). */
export const MAX_TRACKER_ENTRIES = 500;

/** The two sets kept apart, each under its own stamp: the table and e-mails, and the past days' stats. */
export type TrackerSet = "table" | "days";
type Cache = { stamp: string; entries: BoundedMap<string, Promise<unknown>> };
/** Per database handle, so tests with several databases in one process never share. */
const caches = new WeakMap<object, Partial<Record<TrackerSet, Cache>>>();

/** For tests: the entries kept for `db` under its current stamp, the least recently used first. */
export const cachedTrackerEntries = (
  db: Executor,
  set: TrackerSet = "table",
): BoundedMap<string, Promise<unknown>> | undefined => caches.get(db)?.[set]?.entries;

export type TrackerStamps = Record<TrackerSet, string>;

/** The stamps of everything a kept entry depends on, in one statement. */
export async function trackerStamps(db: Executor): Promise<TrackerStamps> {
  const result = await db.execute(sql`
    select concat_ws('|',
      (select version from data_versions where name = 'clients'),
      (select version from data_versions where name = 'staff'),
      (select version from data_versions where name = 'daily_performance'),
      (select value::text from settings where key = ${SNAPSHOT_SETTING})) as stamp,
      concat_ws('|',
      (select version from data_versions where name = 'clients'),
      (select version from data_versions where name = 'order_days')) as days`);
  const row = result.rows[0] as { stamp: string | null; days: string | null };
  return { table: String(row.stamp ?? ""), days: String(row.days ?? "") };
}

/** The table's stamp alone (tests). */
export const trackerStamp = async (db: Executor): Promise<string> => (await trackerStamps(db)).table;

/** The part of a viewer that decides their clients (clientScopeCondition): a vp's and a kam's are everyone's. */
export function scopeKey(viewer: { id: number; role: StaffRole }): string {
  const scope = clientScopeFor(viewer.role);
  return scope === "all" || scope === "none" ? scope : `${scope}:${viewer.id}`;
}

/**
 * `load()`'s result for `key` in `set` under `stamp`: kept from an earlier request with the same stamp, or
 * read now and kept (a read that fails is not kept). A new stamp drops every entry of the set's old one.
 * Requests that arrive while the same entry is being read share that read.
 */
export function keptUnderStamp<T>(
  db: Executor,
  set: TrackerSet,
  stamp: string,
  key: string,
  load: () => Promise<T>,
): Promise<T> {
  let sets = caches.get(db);
  if (!sets) {
    sets = {};
    caches.set(db, sets);
  }
  let cache = sets[set];
  if (!cache || cache.stamp !== stamp) {
    cache = { stamp, entries: new BoundedMap(MAX_TRACKER_ENTRIES) };
    sets[set] = cache;
  }
  const kept = cache.entries.get(key) as Promise<T> | undefined;
  if (kept) return kept;
  const entries = cache.entries;
  const read = load();
  entries.set(key, read);
  read.catch(() => {
    if (entries.get(key) === read) entries.delete(key);
  });
  return read;
}
