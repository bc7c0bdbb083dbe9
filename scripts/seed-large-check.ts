/**
 * `npx tsx scripts/seed-large-check.ts`: seeds the large scale (2,000+ clients) into a fresh
 * in-memory PGlite — or, with DATABASE_URL, into that (empty or --reset) PostgreSQL database —
 * times it, and checks what the large scale promises. Exits non-zero when a check fails.
 *
 * This was a test until decision 017: ~1 minute of every CI pass for a scale no screen test
 * uses. The demo scale's checks (app/services/db/seed.test.ts) cover the seeding code itself;
 * run this after changing the planner's sizes or the hierarchy, and record the time in
 * docs/performance-log.md ("Large seed").
 */
import assert from "node:assert/strict";

import { sql } from "drizzle-orm";

import { type DbHandle, openPglite, openPostgres } from "../app/services/db/client.server";
import { isSeeded, resetDatabase, seedDemoData } from "../app/services/seed/seed.server";

const url = process.env.DATABASE_URL;
const handle: DbHandle = url ? openPostgres(url, 4) : openPglite(undefined);

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await handle.db.execute(query)).rows as T[];
}

try {
  await handle.migrate();
  if (await isSeeded(handle.db)) {
    if (!process.argv.includes("--reset"))
      throw new Error("The database already holds data. Run with --reset to replace it.");
    await resetDatabase(handle.db);
  }
  const t0 = performance.now();
  const counts = await seedDemoData(handle.db, { scale: "large" });
  const ms = performance.now() - t0;
  console.log(`Large seed on ${handle.kind} in ${(ms / 1000).toFixed(1)} s:`, counts);

  // The large scale roughly doubles the demo hierarchy and seeds at least 2,000 clients.
  assert.ok(counts.clients >= 2_000, `expected at least 2,000 clients, got ${counts.clients}`);
  const byRole = await rows<{ role: string; n: number }>(sql`select role, count(*)::int as n from staff group by role`);
  const n = Object.fromEntries(byRole.map((r) => [r.role, r.n]));
  assert.deepEqual({ vp: n.vp, avp: n.avp, bdm: n.bdm, tl: n.tl }, { vp: 6, avp: 12, bdm: 24, tl: 48 });
  // Every client's tl reports to its bdm, who reports to its avp, who reports to its vp.
  const [broken] = await rows<{ n: number }>(
    sql`select count(*)::int as n from clients c join staff tl on tl.id = c.tl_id join staff bdm on bdm.id = c.bdm_id
        join staff avp on avp.id = c.avp_id
        where tl.manager_id <> c.bdm_id or bdm.manager_id <> c.avp_id or avp.manager_id <> c.vp_id`,
  );
  assert.equal(broken.n, 0, "clients whose hierarchy is broken");
  console.log("Large seed checks passed.");
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await handle.close();
}
