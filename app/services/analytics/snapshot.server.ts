/**
 * The Daily Performance snapshot (docs/product.md §2 'Last Updated at', 'Next Updated at'; decision 030;
 * decision 030): every client's placed and picked orders for today and the six days before,
 * copied from the rollups into `daily_performance_rows` every 15 minutes, with each client's placed
 * orders of the seven whole days before today and of the seven before those (week on week,
 * decision 072).
 *
 * Several app servers may run the scheduler. A refresh runs in one transaction holding a
 * transaction-level advisory lock, and does nothing when the stored snapshot is less than a
 * period old — so each period exactly one server refreshes, whoever comes first. A refresh that
 * fails rolls back: the previous snapshot stays, and the error is logged.
 */
import { eq, sql } from "drizzle-orm";

import { jobMs } from "../core/env.server";
import { addDays, istDayOf } from "../core/ist-dates";
import { startPeriodic } from "../core/periodic";
import type { Db, Executor } from "../db/client.server";
import { dailyPerformanceRows, orderDailyRollups, settings } from "../db/schema";
import { transaction } from "../db/transaction.server";

export const SNAPSHOT_SETTING = "daily_performance.snapshot";
/** 15 minutes (JOB_TIME_SCALE shortens it for tests, decision 079: `jobMs`). */
export const SNAPSHOT_PERIOD_MS = 15 * 60 * 1000;
/** pg_try_advisory_xact_lock key of the refresh (a fixed number unique in the app). */
const SNAPSHOT_LOCK = 727_015;

export type SnapshotMeta = { updated_at: string; day: string };

export async function snapshotMeta(db: Executor): Promise<SnapshotMeta | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, SNAPSHOT_SETTING));
  const v = row?.value as Partial<SnapshotMeta> | undefined;
  return v && typeof v.updated_at === "string" && typeof v.day === "string"
    ? { updated_at: v.updated_at, day: v.day }
    : null;
}

/** When the next refresh is due after one at `updatedAt`. */
export function nextUpdateAt(updatedAt: string): string {
  return new Date(Date.parse(updatedAt) + jobMs(SNAPSHOT_PERIOD_MS)).toISOString();
}

export type RefreshOutcome = "refreshed" | "fresh" | "busy";

export type RefreshOptions = {
  now?: Date;
  /** Refresh even when the stored snapshot is still fresh (after the seed, say). */
  force?: boolean;
  /** Tests: runs after the new rows are written, before the commit. */
  beforeCommit?: (tx: Executor) => Promise<void> | void;
};

/**
 * Refreshes the snapshot unless another server is doing it now ("busy") or it was refreshed
 * less than a period ago for the same day ("fresh").
 */
export async function refreshDailyPerformance(db: Db, options: RefreshOptions = {}): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const today = istDayOf(now);
  return transaction(db, async (tx) => {
    const [{ locked }] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${SNAPSHOT_LOCK}) as locked`)).rows as {
      locked: boolean;
    }[];
    if (!locked) return "busy";
    const meta = await snapshotMeta(tx);
    // A little slack: a server whose timer fires a moment early still refreshes this period.
    if (
      !options.force &&
      meta &&
      meta.day === today &&
      now.getTime() - Date.parse(meta.updated_at) < jobMs(SNAPSHOT_PERIOD_MS) - jobMs(30_000)
    )
      return "fresh";
    const days = Array.from({ length: 15 }, (_, i) => addDays(today, -i));
    const r = orderDailyRollups;
    const col = (kind: "placed" | "picked", i: number) =>
      sql`coalesce(sum(${r[kind]}) filter (where ${r.day} = ${days[i]}), 0)::int`;
    const placedBetween = (from: number, to: number) =>
      sql`coalesce(sum(${r.placed}) filter (where ${r.day} between ${days[to]} and ${days[from]}), 0)::int`;
    await tx.delete(dailyPerformanceRows);
    await tx.execute(sql`
      insert into ${dailyPerformanceRows} (client_id, placed_0, placed_1, placed_2, placed_3, placed_4, placed_5, placed_6,
        picked_0, picked_1, picked_2, picked_3, picked_4, picked_5, picked_6, placed_week, placed_week_before)
      select ${r.client_id}, ${sql.join(
        [0, 1, 2, 3, 4, 5, 6].map((i) => col("placed", i)),
        sql`, `,
      )}, ${sql.join(
        [0, 1, 2, 3, 4, 5, 6].map((i) => col("picked", i)),
        sql`, `,
      )}, ${placedBetween(1, 7)}, ${placedBetween(8, 14)}
      from ${r} where ${r.day} between ${days[14]} and ${days[0]}
      group by ${r.client_id}`);
    const value: SnapshotMeta = { updated_at: now.toISOString(), day: today };
    await tx
      .insert(settings)
      .values({ key: SNAPSHOT_SETTING, value })
      .onConflictDoUpdate({ target: settings.key, set: { value } });
    await options.beforeCommit?.(tx);
    return "refreshed";
  });
}

/**
 * Checks every `checkEveryMs` whether the snapshot is due and refreshes it (and once at once).
 * A failed refresh is logged; the previous snapshot stays. Returns a stop function.
 */
export function startDailyPerformanceScheduler(
  db: Db,
  log: (line: string) => void,
  checkEveryMs = jobMs(30_000),
): () => void {
  return startPeriodic(
    "daily-performance-snapshot",
    async () => {
      const t0 = Date.now();
      const outcome = await refreshDailyPerformance(db);
      if (outcome === "refreshed") log(`Daily Performance snapshot refreshed in ${Date.now() - t0} ms`);
    },
    "Refreshing the Daily Performance snapshot failed; the previous snapshot stays",
    checkEveryMs,
  );
}
