/**
 * A read replica for the analytics pages (decision 091): with DATABASE_READ_URL set, the
 * Dashboard, its growth drill-down and the Order Tracker (pages and CSVs) read there, while the
 * session, every other page and every write stay on DATABASE_URL. The "replica" here is a second
 * database made from the same seeded template whose clients were renamed, so each page shows
 * which database it read. PostgreSQL pass only (the embedded database has no replica).
 */
import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

import { type ConsoleProcess, startConsoleProcess } from "../support/console-process";
import { DEMO_PASSWORD } from "../support/http";
import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";

const url = testDatabaseUrl();

/** One statement on the replica's database. */
async function onReplica<T>(database: string, statement: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: withDatabase(url!, database) });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}
const sessionsOn = async (database: string) =>
  (await onReplica<{ n: number }>(database, "select count(*)::int as n from staff_sessions"))[0].n;

describe.skipIf(!url)("the analytics pages on a read replica (decision 091)", () => {
  const replica = `replica_${process.pid}_${randomBytes(3).toString("hex")}`;
  let server: ConsoleProcess;
  let cookie = "";
  let sessionsBefore = 0;

  beforeAll(async () => {
    await adminQuery(`CREATE DATABASE ${replica} TEMPLATE ${inject("pgTemplateDb")}`);
    await onReplica(replica, `update clients set name = 'Replica ' || name`);
    sessionsBefore = await sessionsOn(replica);
    server = await startConsoleProcess({ DATABASE_READ_URL: withDatabase(url!, replica) });
    const res = await fetch(`${server.base}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base },
      body: new URLSearchParams({ email: "vp@demo.test", role: "vp", password: DEMO_PASSWORD }).toString(),
    });
    cookie = res.headers.get("set-cookie")?.split(";")[0] ?? "";
    expect(cookie, `sign-in answered ${res.status}`).not.toBe("");
  }, 180_000);
  afterAll(async () => {
    await server?.cleanup();
    await adminQuery(`DROP DATABASE IF EXISTS ${replica} WITH (FORCE)`);
  });

  const page = async (p: string) => {
    const res = await fetch(`${server.base}${p}`, { redirect: "manual", headers: { Cookie: cookie } });
    expect(res.status, p).toBe(200);
    return res.text();
  };

  it("reads the Order Tracker and the growth drill-down from the replica, with the session of the primary", async () => {
    const tracker = await page("/order-tracker");
    // (Booleans: a failure should not print a whole page.)
    expect(tracker.includes("Daily Performance")).toBe(true);
    expect(tracker.includes("Replica ")).toBe(true);
    expect((await page("/dashboard/growth?by=seller")).includes("Replica ")).toBe(true);
    const csv = await page("/order-tracker/daily-performance.csv");
    expect(csv.split("\n")[1]).toMatch(/Replica /);
  });

  it("keeps every other page, and every write, on the primary", async () => {
    const users = await page("/all-users");
    expect(users.includes("All Users")).toBe(true);
    expect(users.includes("Replica ")).toBe(false);
    // A write through the console lands on the primary: the replica never sees the session.
    expect(await sessionsOn(replica)).toBe(sessionsBefore);
  });
});
