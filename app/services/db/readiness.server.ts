/**
 * Whether this server can serve (`GET /readyz`, decision 078): the database answers, and it holds
 * every migration this code was built with (a copy started on a database another copy has not
 * migrated yet must not get traffic). The migrations' check, once true, stays true for the
 * process (migrations only ever go forward); the database is asked `select 1` on every probe,
 * with a time limit, through the same pool or lock as every query.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";

import { type Db, MIGRATIONS_FOLDER } from "./client.server";

export type Readiness = { ready: true } | { ready: false; reason: string };

/** How long a probe waits for the database before it answers "not ready". */
export const READINESS_TIMEOUT_MS = 2_000;

/** The time stamp of the newest migration in the folder (drizzle records it as the migration's `created_at`). */
export function newestMigrationMillis(folder = MIGRATIONS_FOLDER): number {
  const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

export function readinessChecker(db: () => Db, timeoutMs = READINESS_TIMEOUT_MS): () => Promise<Readiness> {
  const wanted = newestMigrationMillis();
  let migrated = false;
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: "the database did not answer in time" }), timeoutMs);
    });
    const check = (async (): Promise<Readiness> => {
      if (migrated) {
        await db().execute(sql`select 1`);
        return { ready: true };
      }
      const { rows } = await db().execute<{ newest: string | null }>(
        sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`,
      );
      if (Number(rows[0]?.newest ?? 0) < wanted)
        return { ready: false, reason: "the database's migrations are behind" };
      migrated = true;
      return { ready: true };
    })().catch((): Readiness => ({ ready: false, reason: "the database is not reachable" }));
    try {
      return await Promise.race([check, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
