/**
 * Real databases for service tests: PGlite by default, a PostgreSQL server when
 * TEST_DATABASE_URL is set. Each test file gets its own database, cloned from a seeded
 * template that the global setup built once (tests/setup/db-template.ts).
 */
import { randomBytes } from "node:crypto";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { inject } from "vitest";

import { type DbHandle, openPglite, openPostgres, setProcessDb } from "~/services/db/client.server";
import { mailDeliverySettled } from "~/services/mail/outbox.server";

import { adminQuery, testDatabaseUrl, withDatabase } from "./pg-admin";

/**
 * `handle`, closed only once the e-mails its changes kicked off are out and marked (deliverSoon,
 * mailDeliverySettled), then `after` (removing its files or its database).
 */
function closingAfterMail(handle: DbHandle, after: () => Promise<unknown> = async () => {}): DbHandle {
  return {
    ...handle,
    close: async () => {
      await mailDeliverySettled();
      await handle.close();
      await after();
    },
  };
}

/** A fresh database: migrated, and holding the demo seed when `seeded`. */
export async function openTestDb(opts: { seeded: boolean }): Promise<DbHandle> {
  const url = testDatabaseUrl();
  if (!url) {
    if (opts.seeded) {
      // The template is a data folder (tests/setup/db-template.ts): this file's own copy of it.
      const dir = await mkdtemp(path.join(os.tmpdir(), "console-testdb-"));
      await cp(inject("pgliteTemplate"), dir, { recursive: true });
      return closingAfterMail(openPglite(dir), () => rm(dir, { recursive: true, force: true }));
    }
    const handle = openPglite(undefined);
    await handle.migrate();
    return closingAfterMail(handle);
  }
  const name = `t_${process.pid}_${randomBytes(4).toString("hex")}`;
  await adminQuery(
    opts.seeded ? `CREATE DATABASE ${name} TEMPLATE ${inject("pgTemplateDb")}` : `CREATE DATABASE ${name}`,
  );
  const handle = openPostgres(withDatabase(url, name), 4);
  if (!opts.seeded) await handle.migrate();
  return closingAfterMail(handle, () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/**
 * Makes `h` the database the app's own code reaches through getDb() (routes, guards), so a
 * test can call a loader or an action directly; `undefined` lets go of it again.
 */
export function useAsAppDb(h: DbHandle | undefined): void {
  setProcessDb(h);
}

/** The client drizzle talks to under `h.db` (what every query of the app goes through), typed as the caller needs it. */
export function drizzleClientOf<Client>(h: DbHandle): Client {
  return (h.db as unknown as { session: { client: Client } }).session.client;
}
