import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { openTestDb } from "../support/db";
import { adminQuery, testDatabaseUrl } from "../support/pg-admin";

// The embedded database has no connections to lose; this is about a PostgreSQL server.
describe.skipIf(!testDatabaseUrl())("the PostgreSQL connection pool", () => {
  it("survives an idle connection being ended by the server, and keeps answering", async () => {
    const h = await openTestDb({ seeded: false });
    try {
      const { rows } = await h.db.execute(sql`select pg_backend_pid() as pid`);
      const pid = Number((rows[0] as { pid: number }).pid);
      // The connection is idle in the pool now; end it as an administrator (or a restart) would.
      await adminQuery(`select pg_terminate_backend(${pid})`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const again = await h.db.execute(sql`select 1 as one`);
      expect(Number((again.rows[0] as { one: number }).one)).toBe(1);
    } finally {
      await h.close();
    }
  });
});
