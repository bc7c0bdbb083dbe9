/**
 * Vitest global setup for service tests: builds one migrated + seeded database that each
 * test file clones (a PGlite data-dir dump, or a PostgreSQL template database).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openPglite, openPostgres } from "~/services/db/client.server";
import { seedDemoData } from "~/services/seed/seed.server";
import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";

export default async function setup(project: TestProject) {
  const url = testDatabaseUrl();
  if (!url) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "console-tpl-"));
    const handle = openPglite(undefined);
    await handle.migrate();
    await seedDemoData(handle.db);
    const dump = await (handle as unknown as { db: { $client: { dumpDataDir(c: string): Promise<Blob> } } }).db.$client.dumpDataDir("none");
    const file = path.join(dir, "template.tar");
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    await handle.close();
    project.provide("pgliteTemplate", file);
    project.provide("pgTemplateDb", "");
    return async () => {
      await rm(dir, { recursive: true, force: true });
    };
  }
  const name = `tpl_${process.pid}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  const handle = openPostgres(withDatabase(url, name), 2);
  await handle.migrate();
  await seedDemoData(handle.db);
  await handle.close();
  project.provide("pgTemplateDb", name);
  project.provide("pgliteTemplate", "");
  return async () => {
    await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}
