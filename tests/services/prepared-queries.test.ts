/**
 * Queries built once per database (app/services/db/prepared.server.ts, decision 051): the same
 * key gives the same prepared query on one database and another on the next; each run fills in
 * its own values, so two viewers of one shape (two bdms, two tls) get their own answers, the
 * same as the query built afresh.
 */
import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { getClientForViewer, listClients, type Viewer } from "~/services/clients/clients.server";
import { parseClientListQuery } from "~/services/clients/list-query";
import type { DbHandle } from "~/services/db/client.server";
import { builtQueries, MAX_BUILT_QUERIES, preparedQuery, preparedSql } from "~/services/db/prepared.server";
import { clients, staff } from "~/services/db/schema";

import { openTestDb } from "../support/db";

let h: DbHandle;
let other: DbHandle;

beforeAll(async () => {
  [h, other] = await Promise.all([openTestDb({ seeded: true }), openTestDb({ seeded: false })]);
});
afterAll(async () => {
  await Promise.all([h?.close(), other?.close()]);
});

describe("prepared queries", () => {
  it("are built once per key and database, and run with each call's values", async () => {
    let builds = 0;
    const byId = (db: DbHandle["db"]) =>
      preparedQuery(db, "test:staff-by-id", () => {
        builds++;
        return db
          .select({ id: staff.id, email: staff.email })
          .from(staff)
          .where(eq(staff.id, sql.placeholder("id")));
      });
    const first = byId(h.db);
    expect(byId(h.db)).toBe(first);
    expect(builds).toBe(1);
    expect(byId(other.db)).not.toBe(first);
    expect(builds).toBe(2);
    const everyone = await h.db.select({ id: staff.id, email: staff.email }).from(staff).orderBy(asc(staff.id));
    for (const member of everyone.slice(0, 5)) expect(await first.execute({ id: member.id })).toEqual([member]);
    expect(await first.execute({ id: -1 })).toEqual([]);

    const raw = preparedSql<{ email: string }>(
      h.db,
      "test:staff-email",
      () => sql`select ${staff.email} as email from ${staff} where ${staff.id} = ${sql.placeholder("id")}`,
    );
    expect(preparedSql(h.db, "test:staff-email", () => sql`select 1`)).toBe(raw);
    expect((await raw.execute({ id: everyone[1].id })).rows).toEqual([{ email: everyone[1].email }]);
  });

  it("are kept at most MAX_BUILT_QUERIES per database: beyond the bound the least recently run is built again (decision 084)", async () => {
    let builds = 0;
    const one = (key: string) =>
      preparedSql(other.db, key, () => {
        builds++;
        return sql`select ${key}::text as key`;
      });
    one("test:bound-0");
    const kept = builtQueries(other.db)!;
    expect(kept.max).toBe(MAX_BUILT_QUERIES);
    kept.clear();
    builds = 0;
    kept.max = 2;
    try {
      const a = one("test:bound-a");
      one("test:bound-b");
      expect(one("test:bound-a")).toBe(a); // a used again: b is now the least recent
      one("test:bound-c");
      expect(kept.size).toBe(2);
      expect([...kept.keys()]).toEqual(["test:bound-a", "test:bound-c"]);
      expect(builds).toBe(3);
      expect(one("test:bound-b")).not.toBe(undefined);
      expect(builds).toBe(4); // b was dropped: built again
      expect((await one("test:bound-b").execute()).rows).toEqual([{ key: "test:bound-b" }]);
    } finally {
      kept.max = MAX_BUILT_QUERIES;
    }
  });

  it("give two viewers of one shape their own clients, as the query built afresh does", async () => {
    for (const role of ["bdm", "tl", "avp"] as const) {
      const members = await h.db
        .select({ id: staff.id, email: staff.email, role: staff.role })
        .from(staff)
        .where(eq(staff.role, role))
        .orderBy(asc(staff.id))
        .limit(3);
      expect(members.length, `the demo has more than one ${role}`).toBeGreaterThan(1);
      const seen = new Set<number>();
      for (const viewer of members as Viewer[]) {
        const page = await listClients(h.db, viewer, parseClientListQuery(new URLSearchParams("perPage=100")));
        const column = { bdm: clients.bdm_id, tl: clients.tl_id, avp: clients.avp_id }[role];
        const expected = await h.db
          .select({ id: clients.id })
          .from(clients)
          .where(eq(column, viewer.id))
          .orderBy(asc(clients.id));
        expect(page.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(expected.map((r) => r.id).slice(0, 100));
        expect(page.total).toBe(expected.length);
        for (const row of page.rows) {
          expect(seen.has(row.id)).toBe(false);
          seen.add(row.id);
        }
        // A client page: its own client, and another's refused.
        if (expected[0]) expect((await getClientForViewer(h.db, viewer, expected[0].id))?.id).toBe(expected[0].id);
        const [foreign] = await h.db
          .select({ id: clients.id })
          .from(clients)
          .where(and(sql`${column} <> ${viewer.id}`))
          .limit(1);
        expect(await getClientForViewer(h.db, viewer, foreign.id)).toBeNull();
      }
    }
  });
});
