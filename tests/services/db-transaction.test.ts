/**
 * The service layer's one transaction helper (db/transaction.server.ts, decision 055): work
 * registered with afterCommit runs once the change has committed, never for a rollback, and a
 * transaction opened inside another (a savepoint) hands its work to the outer commit.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Db, DbHandle } from "~/services/db/client.server";
import { afterCommit, readTogether, transaction } from "~/services/db/transaction.server";

import { openTestDb } from "../support/db";

let h: DbHandle;
beforeAll(async () => {
  h = await openTestDb({ seeded: false });
  await h.db.execute(sql`create table tx_probe (name text primary key)`);
});
afterAll(() => h?.close());

const names = async (db: Db) =>
  ((await db.execute(sql`select name from tx_probe order by name`)).rows as { name: string }[]).map((r) => r.name);

describe("transaction(db, …)", () => {
  it("runs after-commit work once the change is visible, and returns the body's value", async () => {
    const seen: string[][] = [];
    const result = await transaction(h.db, async (tx) => {
      await tx.execute(sql`insert into tx_probe values ('committed')`);
      afterCommit(tx, () => void names(h.db).then((n) => seen.push(n)));
      expect(seen).toEqual([]);
      return 42;
    });
    expect(result).toBe(42);
    await expect.poll(() => seen).toEqual([["committed"]]);
  });

  it("runs nothing for a rolled-back change and passes its error on", async () => {
    let ran = false;
    await expect(
      transaction(h.db, async (tx) => {
        await tx.execute(sql`insert into tx_probe values ('rolled back')`);
        afterCommit(tx, () => (ran = true));
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    await new Promise((r) => setImmediate(r));
    expect(ran).toBe(false);
    expect(await names(h.db)).not.toContain("rolled back");
  });

  it("inside a transaction opens a savepoint: its work waits for the outer commit, and a rolled-back savepoint's work is dropped", async () => {
    const ran: string[] = [];
    await transaction(h.db, async (tx) => {
      await transaction(tx, async (inner) => {
        await inner.execute(sql`insert into tx_probe values ('kept savepoint')`);
        afterCommit(inner, () => ran.push("kept"));
      });
      await transaction(tx, async (inner) => {
        await inner.execute(sql`insert into tx_probe values ('dropped savepoint')`);
        afterCommit(inner, () => ran.push("dropped"));
        throw new Error("savepoint refused");
      }).catch(() => {});
      await new Promise((r) => setImmediate(r));
      expect(ran).toEqual([]);
    });
    expect(ran).toEqual(["kept"]);
    expect(await names(h.db)).toEqual(expect.arrayContaining(["kept savepoint"]));
    expect(await names(h.db)).not.toContain("dropped savepoint");
  });
});

describe("readTogether(db, reads)", () => {
  const traced = (db: Db, log: string[], name: string) => async () => {
    log.push(`${name} starts`);
    const rows = (await db.execute(sql`select ${name}::text as name`)).rows as { name: string }[];
    log.push(`${name} ends`);
    return rows[0].name;
  };

  it("starts every read at once on the database, and gives their answers in order", async () => {
    const log: string[] = [];
    const answers = await readTogether(h.db, [traced(h.db, log, "a"), traced(h.db, log, "b")]);
    expect(answers).toEqual(["a", "b"]);
    expect(log.slice(0, 2)).toEqual(["a starts", "b starts"]);
  });

  it("runs them one after another on a transaction (one connection: no query sent while another runs)", async () => {
    const log: string[] = [];
    const answers = await transaction(h.db, (tx) =>
      readTogether(tx, [traced(tx as unknown as Db, log, "a"), traced(tx as unknown as Db, log, "b")]),
    );
    expect(answers).toEqual(["a", "b"]);
    expect(log).toEqual(["a starts", "a ends", "b starts", "b ends"]);
  });
});
