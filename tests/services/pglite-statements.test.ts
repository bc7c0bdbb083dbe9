/**
 * PGlite's kept prepared statements (decision 046): the same answers as an unnamed query, the
 * same errors, transactions kept apart, the bound held, and a statement made stale by a
 * change of schema prepared again. PGlite only: a PostgreSQL server is reached through
 * node-postgres, which this does not touch.
 */
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { type DbHandle, openPglite } from "~/services/db/client.server";
import { PreparedStatements } from "~/services/db/pglite-statements.server";

import { drizzleClientOf } from "../support/db";
import { testDatabaseUrl } from "../support/pg-admin";

type Raw = { query: PGlite["query"]; exec: PGlite["exec"]; transaction: PGlite["transaction"] };
const clientOf = (h: DbHandle) => drizzleClientOf<Raw>(h);

const preparedNames = async (pg: Raw) =>
  (await pg.query<{ name: string }>("select name from pg_prepared_statements order by name")).rows.map((r) => r.name);

// The PostgreSQL pass has nothing to add: this is the embedded database's driver alone.
describe.skipIf(Boolean(testDatabaseUrl()))("PGlite's kept statements", () => {
  let kept: DbHandle;
  let plain: DbHandle;
  beforeAll(async () => {
    kept = openPglite(undefined, { keptStatements: 3 });
    plain = openPglite(undefined, { keptStatements: 0 });
    for (const h of [kept, plain]) {
      await clientOf(h)
        .exec(`create table t (id int primary key, name text not null, at timestamptz, tags text[], doc jsonb, price numeric(10,2));
        insert into t values (1, 'one', '2026-11-25T10:00:00Z', '{a,b}', '{"x": 1}', 32.5), (2, 'two', null, null, null, null)`);
    }
  });
  afterAll(async () => {
    await kept?.close();
    await plain?.close();
  });

  it("answers as an unnamed query does: rows, fields, parsed types, parameters of every kind, array rows and affected rows", async () => {
    const at = new Date("2026-11-25T10:00:00Z");
    const cases: [string, unknown[], Record<string, unknown>?][] = [
      ["select * from t order by id", []],
      ["select * from t where id = $1", [1]],
      [
        "select id, name from t where at = $1 and tags = $2 and doc = $3 and price = $4",
        [at, ["a", "b"], { x: 1 }, "32.50"],
      ],
      ["select id from t where name = $1 or $2::int is null", ["two", null]],
      ["select id, name from t order by id", [], { rowMode: "array" }],
      ["  (select count(*)::int as n from t)", []],
      ["with x as (select 1 as one) select one from x", []],
    ];
    for (const [text, params, options] of cases) {
      const a = await clientOf(kept).query(text, params, options);
      const b = await clientOf(plain).query(text, params, options);
      expect(a, text).toEqual(b);
    }
    for (const h of [kept, plain]) {
      const updated = await clientOf(h).query("update t set name = name where id > $1", [0]);
      expect(updated.affectedRows).toBe(2);
    }
    // Through drizzle too.
    const viaDrizzle = await kept.db.execute(sql`select name from t where id = ${2}`);
    expect(viaDrizzle.rows).toEqual([{ name: "two" }]);
  });

  it("plans each execution for its values, as an unnamed query is (never a generic plan); without kept statements the default stays", async () => {
    const show = async (h: DbHandle) =>
      (await clientOf(h).query<{ plan_cache_mode: string }>("show plan_cache_mode")).rows[0].plan_cache_mode;
    expect(await show(kept)).toBe("force_custom_plan");
    expect(await show(plain)).toBe("auto");
  });

  it("prepares a text once and then only binds it; other statements are not kept", async () => {
    const roomy = openPglite(undefined, { keptStatements: 50 });
    try {
      const pg = clientOf(roomy);
      await pg.exec("create table w (id int)");
      await preparedNames(pg); // the lookup's own statement, kept from here on
      const before = await preparedNames(pg);
      await pg.query("select id from w where id = $1", [1]);
      const after = await preparedNames(pg);
      expect(after.length).toBe(before.length + 1);
      await pg.query("select id from w where id = $1", [2]);
      expect(await preparedNames(pg)).toEqual(after);
      // DDL goes through PGlite's own query(), unnamed.
      await pg.query("create table if not exists w2 (id int)");
      expect(await preparedNames(pg)).toEqual(after);
    } finally {
      await roomy.close();
    }
  });

  it("holds at most its bound: the least recently used statement is closed", async () => {
    const pg = clientOf(kept);
    for (let i = 0; i < 6; i++) await pg.query(`select ${i} as n from t where id = $1`, [1]);
    // The last statement dropped is closed with the next call: at most the bound, plus the one
    // the pg_prepared_statements query itself keeps.
    const names = (await preparedNames(pg)).filter((n) => n.startsWith("kept_"));
    expect(names.length).toBeLessThanOrEqual(3 + 1);
    // A statement dropped and asked for again is prepared again, and answers.
    const again = await pg.query<{ n: number }>("select 0 as n from t where id = $1", [1]);
    expect(again.rows).toEqual([{ n: 0 }]);
  });

  it("gives the database's error, with its code and statement, and goes on answering", async () => {
    const pg = clientOf(kept);
    await expect(pg.query("insert into t (id, name) values ($1, $2)", [1, "dup"])).rejects.toMatchObject({
      code: "23505",
      query: "insert into t (id, name) values ($1, $2)",
    });
    await expect(pg.query("select * from nowhere where id = $1", [1])).rejects.toMatchObject({ code: "42P01" });
    await expect(pg.query("select * from t where id = $1", ["not a number"])).rejects.toMatchObject({ code: "22P02" });
    expect((await pg.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
    // The insert that failed is kept; the same text with good values succeeds.
    await pg.query("insert into t (id, name) values ($1, $2)", [3, "three"]);
    await pg.query("delete from t where id = $1", [3]);
  });

  it("runs inside a transaction, whose rollback undoes its writes and whose failure leaves the next query working", async () => {
    const pg = clientOf(kept);
    await pg.transaction(async (tx) => {
      await tx.query("insert into t (id, name) values ($1, $2)", [10, "ten"]);
      expect((await tx.query("select name from t where id = $1", [10])).rows).toEqual([{ name: "ten" }]);
      await tx.rollback();
    });
    expect((await pg.query("select name from t where id = $1", [10])).rows).toEqual([]);
    await expect(
      pg.transaction(async (tx) => {
        await tx.query("insert into t (id, name) values ($1, $2)", [11, "eleven"]);
        await tx.query("insert into t (id, name) values ($1, $2)", [1, "dup"]);
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await pg.query("select name from t where id = $1", [11])).rows).toEqual([]);
    expect((await pg.query("select count(*)::int as n from t")).rows).toEqual([{ n: 2 }]);
  });

  it("keeps statements apart from a concurrent transaction (one query at a time, as PGlite's own)", async () => {
    const pg = clientOf(kept);
    let inside = "";
    const tx = pg.transaction(async (t) => {
      await t.query("update t set name = $1 where id = $2", ["changed", 2]);
      await new Promise((r) => setTimeout(r, 20));
      inside = (await t.query<{ name: string }>("select name from t where id = $1", [2])).rows[0].name;
      await t.rollback();
    });
    // Waits for the transaction: never sees its uncommitted write, never runs inside it.
    const outside = await pg.query<{ name: string }>("select name from t where id = $1", [2]);
    await tx;
    expect(inside).toBe("changed");
    expect(outside.rows[0].name).toBe("two");
  });

  it("prepares a statement again when a change of schema made its kept plan stale", async () => {
    const pg = clientOf(kept);
    await pg.exec("create table v (a int)");
    await pg.exec("insert into v values (1)");
    expect((await pg.query("select * from v where a = $1", [1])).rows).toEqual([{ a: 1 }]);
    await pg.exec("alter table v add column b text default 'bee'");
    expect((await pg.query("select * from v where a = $1", [1])).rows).toEqual([{ a: 1, b: "bee" }]);
    await pg.exec("deallocate all");
    expect((await pg.query("select * from v where a = $1", [1])).rows).toEqual([{ a: 1, b: "bee" }]);
  });

  it("is off with a bound of 0, and leaves queries with their own parameter types or a blob to PGlite", () => {
    const pg = new PGlite();
    try {
      expect(new PreparedStatements(pg, 0).keeps("select 1")).toBe(false);
      const on = new PreparedStatements(pg, 10);
      expect(on.keeps("select 1")).toBe(true);
      expect(on.keeps(" WITH x as (select 1) select * from x")).toBe(true);
      expect(on.keeps("select $1", { paramTypes: [25] })).toBe(false);
      expect(on.keeps("copy t from '/dev/blob'", {})).toBe(false);
      expect(on.keeps("begin")).toBe(false);
      expect(on.keeps(`select 1 where 1 in (${Array.from({ length: 5000 }, (_, i) => `$${i + 1}`).join(", ")})`)).toBe(
        false,
      );
      expect(on.keeps("set local session_replication_role = replica")).toBe(false);
    } finally {
      void pg.close();
    }
  });
});
