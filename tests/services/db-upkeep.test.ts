/**
 * Table upkeep (decision 041): on the embedded database, which has no autovacuum, the servers'
 * run vacuums and analyzes every table — an index-only scan then reads no heap row — and on a
 * PostgreSQL server with autovacuum it leaves the work to the server. (The CI machines'
 * PostgreSQL runs with autovacuum off, so there the run vacuums as it does on PGlite.)
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { DbHandle } from "~/services/db/client.server";
import { hasAutovacuum, keepTablesUp } from "~/services/db/upkeep.server";

import { openTestDb } from "../support/db";
import { testDatabaseUrl } from "../support/pg-admin";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: false });
  await h.db.execute(
    sql`insert into settings (key, value) select 'upkeep-' || i, '{}'::jsonb from generate_series(1, 3000) i`,
  );
  await h.db.execute(sql`update settings set value = '{"changed": true}'::jsonb where key like 'upkeep-1%'`);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

async function vacuumCount(): Promise<number> {
  const [row] = (
    await h.db.execute(sql`select vacuum_count::int as n from pg_stat_user_tables where relname = 'settings'`)
  ).rows as { n: number }[];
  return row.n;
}

/** Heap rows an index-only count over the settings' primary key had to read. */
async function heapFetches(): Promise<number> {
  const plan = await h.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const [row] = (
      await tx.execute(sql`explain (analyze, format json) select count(*) from settings where key >= 'upkeep-'`)
    ).rows as { "QUERY PLAN": unknown }[];
    return JSON.stringify(row["QUERY PLAN"]);
  });
  expect(plan).toContain('"Node Type":"Index Only Scan"');
  return Number(/"Heap Fetches":(\d+)/.exec(plan)![1]);
}

describe("table upkeep", () => {
  it("knows whether the database vacuums by itself: PGlite never does, a server when autovacuum is on", async () => {
    const [{ setting }] = (await h.db.execute(sql`select current_setting('autovacuum') as setting`)).rows as {
      setting: string;
    }[];
    if (!testDatabaseUrl()) expect(await hasAutovacuum(h.db)).toBe(false);
    else expect(await hasAutovacuum(h.db)).toBe(setting === "on");
  });

  it("without autovacuum: vacuums and analyzes every table of the schema, after which an index-only scan reads no heap row; with it: leaves the tables alone", async () => {
    const before = await vacuumCount();
    if (await hasAutovacuum(h.db)) {
      expect(await keepTablesUp(h.db)).toEqual({ ran: false });
      expect(await vacuumCount()).toBe(before);
      return;
    }
    expect(await heapFetches()).toBeGreaterThan(1000);
    const run = await keepTablesUp(h.db);
    const [{ tables }] = (
      await h.db.execute(
        sql`select count(*)::int as tables from pg_stat_user_tables where schemaname = current_schema()`,
      )
    ).rows as { tables: number }[];
    expect(run).toMatchObject({ ran: true, tables });
    expect(tables).toBeGreaterThan(30);
    expect(await vacuumCount()).toBe(before + 1);
    expect(await heapFetches()).toBe(0);
    // Analyzed as well: the planner knows the table's size.
    const [{ reltuples }] = (
      await h.db.execute(sql`select reltuples::int as reltuples from pg_class where relname = 'settings'`)
    ).rows as { reltuples: number }[];
    expect(reltuples).toBeGreaterThanOrEqual(3000);
  });
});
