import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { MIGRATIONS_FOLDER, openPostgres } from "~/services/db/client.server";

import { openTestDb } from "../support/db";
import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";

describe("migrations", () => {
  it("apply to an empty database and can be re-run", async () => {
    const h = await openTestDb({ seeded: false });
    try {
      const tables = await h.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = tables.rows.map((r) => r.table_name);
      for (const t of [
        "staff",
        "staff_sessions",
        "sign_in_attempts",
        "clients",
        "couriers",
        "courier_services",
        "client_courier_services",
        "pincodes",
        "settings",
        "audit_log",
        "rate_rows",
        "rate_card_uploads",
        "mail_outbox",
      ]) {
        expect(names).toContain(t);
      }
      await h.migrate(); // idempotent
    } finally {
      await h.close();
    }
  });
});

describe.skipIf(!testDatabaseUrl())("migrations from several copies at once (PostgreSQL, decision 079)", () => {
  it("three copies migrating one empty database at once: one applies each migration, the others wait, then find it done", async () => {
    const name = `t_startup_${process.pid}_${randomBytes(4).toString("hex")}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    const copies = [0, 1, 2].map(() => openPostgres(withDatabase(testDatabaseUrl()!, name), 3));
    try {
      const waited: number[] = [];
      const order: string[] = [];
      await Promise.all(
        copies.map((h, i) =>
          h.exclusive(
            async () => {
              order.push(`start ${i}`);
              await h.migrate(); // inside the lock this copy holds: no second lock, no deadlock
              order.push(`end ${i}`);
            },
            () => waited.push(i),
          ),
        ),
      );
      // One at a time: each copy's turn ends before the next begins; two of them waited.
      for (let k = 0; k < 6; k += 2) expect(order[k + 1]).toBe(order[k]!.replace("start", "end"));
      expect(waited).toHaveLength(2);
      const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, "meta/_journal.json"), "utf8")) as {
        entries: unknown[];
      };
      const applied = await copies[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      // A migrate outside `exclusive` takes the lock itself: beside a holder it waits.
      let released = false;
      const holding = copies[1]!.exclusive(async () => {
        await new Promise((r) => setTimeout(r, 300));
        released = true;
      });
      await new Promise((r) => setTimeout(r, 50));
      await copies[2]!.migrate();
      expect(released).toBe(true);
      await holding;
    } finally {
      await Promise.all(copies.map((h) => h.close()));
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    }
  });
});
