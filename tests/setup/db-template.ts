/**
 * Vitest global setup of both projects: builds one migrated + seeded database, once per
 * `vitest` run. Each service test file clones it (tests/support/db.ts) and the browser-test
 * server starts from a copy of it (tests/setup/e2e-server.ts), so the demo data is seeded once.
 * On PGlite the template is a data-dir dump (a tar file); on PostgreSQL a template database.
 *
 * Both projects' global setups run in vitest's main process, in an order vitest does not
 * promise: whichever asks first builds the template, the other waits for the same promise
 * (kept on globalThis, as each project may load this module on its own), and the last
 * teardown removes it.
 */
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import type { TestProject } from "vitest/node";

import { openPglite, openPostgres } from "~/services/db/client.server";
import { seedDemoData } from "~/services/seed/seed.server";

import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** The seeded template as a PGlite data folder (copied per test file), on the embedded database. */
    pgliteTemplate: string;
    pgTemplateDb: string;
    /** The template's `ordersUntil` (ISO): a test seeding the same data again passes it too. */
    seedOrdersUntil: string;
  }
}

export type Template = { pgliteTemplate: string; pgTemplateDb: string; seedOrdersUntil: string };

type Shared = { template: Promise<Template>; users: number; remove: () => Promise<void> };
const store = globalThis as unknown as { __consoleDbTemplate?: Shared };

/** The template's order book ends at the run's start: the tracker's last 7 days have orders. */
const ORDERS_UNTIL = new Date();

async function build(): Promise<{ template: Template; remove: () => Promise<void> }> {
  // A small order book keeps the template quick to build; tests name no order by number.
  process.env.SEED_ORDERS ??= "1500";
  process.env.SEED_ORDER_CHUNK ??= "1000";
  process.env.SEED_FILL_CHUNK ??= "500";
  const url = testDatabaseUrl();
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "console-tpl-"));
    const handle = openPglite(undefined);
    await handle.migrate();
    await seedDemoData(handle.db, { ordersUntil: ORDERS_UNTIL });
    const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir("none");
    await handle.close();
    // Kept as a data folder: a test's copy is a file copy and a start on it (~1 s of CPU),
    // where loading the dump into an in-memory PGlite was ~3.5 s per test file.
    const folder = path.join(dir, "pgdata");
    const loaded = await PGlite.create(folder, { loadDataDir: new Blob([await dump.arrayBuffer()]) });
    await loaded.close();
    return {
      template: { pgliteTemplate: folder, pgTemplateDb: "", seedOrdersUntil: ORDERS_UNTIL.toISOString() },
      remove: () => rm(dir, { recursive: true, force: true }),
    };
  }
  const name = `tpl_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const handle = openPostgres(withDatabase(url, name), 2);
  await handle.migrate();
  await seedDemoData(handle.db, { ordersUntil: ORDERS_UNTIL });
  await handle.close();
  return {
    template: { pgliteTemplate: "", pgTemplateDb: name, seedOrdersUntil: ORDERS_UNTIL.toISOString() },
    remove: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** The run's template, built on first use; call the returned release when done with it. */
export async function useTemplate(): Promise<{ template: Template; release: () => Promise<void> }> {
  if (!store.__consoleDbTemplate) {
    const built = build();
    const shared: Shared = {
      template: built.then((b) => b.template),
      users: 0,
      remove: async () => (await built).remove(),
    };
    store.__consoleDbTemplate = shared;
  }
  const shared = store.__consoleDbTemplate;
  shared.users++;
  const template = await shared.template;
  let released = false;
  return {
    template,
    release: async () => {
      if (released) return;
      released = true;
      if (--shared.users > 0) return;
      store.__consoleDbTemplate = undefined;
      await shared.remove();
    },
  };
}

/** Writes a PGlite copy of the template into `dataDir` (a folder that must not hold a database yet). */
export async function pgliteFromTemplate(template: Template, dataDir: string): Promise<void> {
  await cp(template.pgliteTemplate, dataDir, { recursive: true });
}

export default async function setup(project: TestProject) {
  const { template, release } = await useTemplate();
  project.provide("pgliteTemplate", template.pgliteTemplate);
  project.provide("pgTemplateDb", template.pgTemplateDb);
  project.provide("seedOrdersUntil", template.seedOrdersUntil);
  return release;
}
