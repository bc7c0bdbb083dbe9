/**
 * The embedded database on a thread of its own (decision 048): the same answers as PGlite in
 * the calling thread — rows, parsed types, bytes, affected rows, errors with PostgreSQL's code —
 * transactions that commit, roll back and keep other queries out until they end, the app's own
 * migrations and queries through drizzle, and a thread that stops refusing every query with why.
 * PGlite only: a PostgreSQL server is reached through node-postgres, which this does not touch.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DbHandle, openPglite, openPgliteOnThread } from "~/services/db/client.server";
import { PgliteOnThread } from "~/services/db/pglite-worker.server";
import { staff } from "~/services/db/schema";

import { drizzleClientOf } from "../support/db";
import { testDatabaseUrl } from "../support/pg-admin";

type Client = { query: PgliteOnThread["query"]; transaction: PgliteOnThread["transaction"] };
const clientOf = (h: DbHandle) => drizzleClientOf<Client>(h);

const SETUP = [
  "create table t (id int primary key, name text not null, at timestamptz, day date, tags text[], doc jsonb, price numeric(10,2), big bigint, bytes bytea, ok boolean)",
  "insert into t values (1, 'one', '2026-11-25T10:00:00Z', '2026-11-25', '{a,b}', '{\"x\": [1, \"two\"]}', 32.5, 9007199254740993, '\\x00ff10', true), (2, 'two', null, null, null, null, null, null, null, null)",
];

describe.skipIf(Boolean(testDatabaseUrl()))("PGlite on a thread of its own", () => {
  let thread: DbHandle;
  let local: DbHandle;
  beforeAll(async () => {
    thread = openPgliteOnThread(undefined);
    local = openPglite(undefined);
    for (const h of [thread, local]) for (const text of SETUP) await clientOf(h).query(text);
  });
  afterAll(async () => {
    await thread?.close();
    await local?.close();
  });

  it("answers as PGlite in this thread does: rows, fields, types, bytes, parameters, array rows and affected rows", async () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const cases: [string, unknown[], Record<string, unknown>?][] = [
      ["select * from t order by id", []],
      ["select * from t where id = $1", [1]],
      [
        "select id, name from t where at = $1 and tags = $2 and doc = $3 and price = $4 and bytes = $5",
        [at, ["a", "b"], { x: [1, "two"] }, "32.50", new Uint8Array([0, 255, 16])],
      ],
      ["select id from t where name = $1 or $2::int is null", ["two", null]],
      ["select id, name, day from t order by id", [], { rowMode: "array" }],
      ["select repeat('x', 100000) as long_text", []],
    ];
    for (const [text, params, options] of cases) {
      const a = await clientOf(thread).query(text, params, options);
      const b = await clientOf(local).query(text, params, options);
      expect(a, text).toEqual(b);
    }
    const [row] = (
      await clientOf(thread).query<{ bytes: Uint8Array; big: unknown }>("select bytes, big from t where id = 1")
    ).rows;
    expect(row.bytes).toBeInstanceOf(Uint8Array);
    expect([...row.bytes]).toEqual([0, 255, 16]);
    expect(String(row.big)).toBe("9007199254740993");
    const updated = await clientOf(thread).query("update t set name = name where id > $1", [0]);
    expect(updated.affectedRows).toBe(2);
  });

  it("refuses a query that would need its own parsers there, and says why", async () => {
    await expect(
      clientOf(thread).query("select 1", [], { parsers: { 23: (v: string) => Number(v) * 2 } } as never),
    ).rejects.toThrow(/parsers/);
  });

  it("brings PostgreSQL's errors back with their code, detail and statement, and goes on answering", async () => {
    const failed = clientOf(thread).query("insert into t (id, name) values ($1, $2)", [1, "dup"]);
    await expect(failed).rejects.toMatchObject({
      code: "23505",
      table: "t",
      query: "insert into t (id, name) values ($1, $2)",
    });
    await expect(failed).rejects.toBeInstanceOf(Error);
    await expect(clientOf(thread).query("select nope from t")).rejects.toMatchObject({ code: "42703" });
    expect((await clientOf(thread).query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  it("commits a transaction when its work succeeds and rolls it back when it throws, rethrowing the error", async () => {
    const pg = clientOf(thread);
    expect(
      await pg.transaction(
        async (tx) => (await tx.query("insert into t (id, name) values ($1, $2) returning id", [10, "ten"])).rows,
      ),
    ).toEqual([{ id: 10 }]);
    const mistake = new Error("changed my mind");
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [11, "eleven"]);
        throw mistake;
      }),
    ).rejects.toBe(mistake);
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [12, "twelve"]);
        await tx.query("insert into t (id, name) values ($1, $2)", [1, "dup"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await pg.query("select id from t where id >= 10 order by id")).rows).toEqual([{ id: 10 }]);
    await pg.query("delete from t where id = 10");
  });

  it("keeps other queries out of an open transaction until it ends (one at a time, as PGlite's own)", async () => {
    const pg = clientOf(thread);
    let inside = "";
    const order: string[] = [];
    const tx = pg.transaction(async (t) => {
      await t.query("update t set name = $1 where id = $2", ["changed", 2]);
      await new Promise((r) => setTimeout(r, 50));
      inside = (await t.query<{ name: string }>("select name from t where id = $1", [2])).rows[0].name;
      order.push("transaction");
      throw new Error("roll back");
    });
    const outside = pg.query<{ name: string }>("select name from t where id = $1", [2]).then((r) => {
      order.push("outside");
      return r;
    });
    await expect(tx).rejects.toThrow("roll back");
    expect(inside).toBe("changed");
    expect((await outside).rows[0].name).toBe("two");
    expect(order).toEqual(["transaction", "outside"]);
  });

  it("runs the app's migrations and its drizzle queries, nested transactions included", async () => {
    const app = openPgliteOnThread(undefined);
    try {
      await app.migrate();
      await app.db.insert(staff).values({ name: "Thread Tester", email: "thread@demo.test", role: "vp" });
      await expect(
        app.db.transaction(async (tx) => {
          await tx.update(staff).set({ name: "Renamed" }).where(eq(staff.email, "thread@demo.test"));
          // Rolled back to its savepoint (drizzle rethrows the rollback to the caller).
          await expect(
            tx.transaction(async (inner) => {
              await inner.insert(staff).values({ name: "Inner", email: "inner@demo.test", role: "tl" });
              inner.rollback();
            }),
          ).rejects.toThrow("Rollback");
          expect((await tx.select({ n: count() }).from(staff))[0].n).toBe(1);
          throw new Error("outer fails");
        }),
      ).rejects.toThrow("outer fails");
      const rows = await app.db.select({ name: staff.name, created_at: staff.created_at }).from(staff);
      expect(rows).toEqual([{ name: "Thread Tester", created_at: expect.any(Date) }]);
      expect((await app.db.execute(sql`show plan_cache_mode`)).rows).toEqual([
        { plan_cache_mode: "force_custom_plan" },
      ]);
    } finally {
      await app.close();
    }
  });

  it("refuses every waiting and later query, with the reason, once the thread has stopped, and tells its owner once", async () => {
    // A stand-in thread that answers the first query and then dies, as a crashed database would.
    const dir = await mkdtemp(path.join(os.tmpdir(), "pglite-thread-"));
    const entry = path.join(dir, "dies.mjs");
    await writeFile(
      entry,
      `import { parentPort } from "node:worker_threads";
      parentPort.on("message", (m) => m.text === "select 1" ? parentPort.postMessage({ id: m.id, ok: true, value: { rows: [] } }) : setTimeout(() => process.exit(3), 20));`,
    );
    const failures: Error[] = [];
    const client = new PgliteOnThread({ dataDir: undefined, entry, onFailure: (e) => failures.push(e) }, []);
    try {
      await client.waitReady;
      const first = client.query("select 2");
      const second = client.query("select 3");
      await expect(first).rejects.toThrow("The database thread stopped (exit code 3).");
      await expect(second).rejects.toThrow("The database thread stopped (exit code 3).");
      await expect(client.query("select 1")).rejects.toThrow("The database thread stopped (exit code 3).");
      await expect(client.transaction(async () => 1)).rejects.toThrow("The database thread stopped");
      expect(failures.map((e) => e.message)).toEqual(["The database thread stopped (exit code 3)."]);
    } finally {
      await client.close().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("gives the thread's database the page cache it is asked for (the server's PGLITE_SHARED_BUFFERS)", async () => {
    const h = openPgliteOnThread(undefined, { sharedBuffers: "256MB" });
    try {
      expect((await clientOf(h).query("show shared_buffers")).rows).toEqual([{ shared_buffers: "256MB" }]);
      expect((await clientOf(thread).query("show shared_buffers")).rows).toEqual([{ shared_buffers: "128MB" }]);
    } finally {
      await h.close();
    }
  });

  it("refuses queries after it is closed", async () => {
    const h = openPgliteOnThread(undefined);
    expect((await clientOf(h).query("select 1 as one")).rows).toEqual([{ one: 1 }]);
    await h.close();
    await expect(clientOf(h).query("select 1")).rejects.toThrow("The database is closed.");
  });
});
