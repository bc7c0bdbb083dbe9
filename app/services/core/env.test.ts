/** The one configuration schema: every setting checked at start, every invalid one named at once. */
import { describe, expect, it } from "vitest";

import { parseEnv } from "./env.server";

const PG = "postgres://console@db.internal:5432/console";

describe("configuration", () => {
  it("refuses an invalid PASSWORD_HASH_COST at start, with the rest of the configuration (decision 038)", () => {
    expect(parseEnv({ PASSWORD_HASH_COST: "12" }).PASSWORD_HASH_COST).toBe("12");
    expect(parseEnv({}).PASSWORD_HASH_COST).toBeUndefined();
    expect(() => parseEnv({ PASSWORD_HASH_COST: "21" })).toThrow(
      /^Invalid configuration: PASSWORD_HASH_COST: PASSWORD_HASH_COST must be an integer from 10 to 20/,
    );
    // Every invalid setting is named at once.
    expect(() => parseEnv({ PASSWORD_HASH_COST: "x", FINANCE_APPROVER_EMAILS: "not-an-email" })).toThrow(
      /FINANCE_APPROVER_EMAILS: .*; PASSWORD_HASH_COST: /,
    );
  });

  it("WEB_CONCURRENCY: one server process by default; more only on PostgreSQL (decision 039)", () => {
    expect(parseEnv({}).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "" }).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "1" }).WEB_CONCURRENCY).toBe(1);
    expect(parseEnv({ WEB_CONCURRENCY: "2", DATABASE_URL: PG }).WEB_CONCURRENCY).toBe(2);
    expect(() => parseEnv({ WEB_CONCURRENCY: "2" })).toThrow(
      "Invalid configuration: WEB_CONCURRENCY: 2 server processes need DATABASE_URL (PostgreSQL): the embedded database belongs to one process",
    );
    for (const bad of ["0", "65", "1.5", "many"]) {
      expect(() => parseEnv({ WEB_CONCURRENCY: bad, DATABASE_URL: PG }), bad).toThrow(
        `WEB_CONCURRENCY must be an integer from 1 to 64, not "${bad}"`,
      );
    }
  });

  it("DATABASE_READ_URL: a read replica only beside DATABASE_URL (decision 091)", () => {
    expect(parseEnv({ DATABASE_URL: PG }).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: PG, DATABASE_READ_URL: "" }).DATABASE_READ_URL).toBeUndefined();
    expect(parseEnv({ DATABASE_URL: PG, DATABASE_READ_URL: `${PG}?replica` }).DATABASE_READ_URL).toBe(`${PG}?replica`);
    expect(() => parseEnv({ DATABASE_READ_URL: PG })).toThrow(
      "Invalid configuration: DATABASE_READ_URL: a read replica needs DATABASE_URL (PostgreSQL): the embedded database has none",
    );
  });

  it("JOB_TIME_SCALE: the jobs' real timing unless a test shortens it (decision 079)", () => {
    expect(parseEnv({}).JOB_TIME_SCALE).toBe(1);
    expect(parseEnv({ JOB_TIME_SCALE: "" }).JOB_TIME_SCALE).toBe(1);
    expect(parseEnv({ JOB_TIME_SCALE: "0.01" }).JOB_TIME_SCALE).toBe(0.01);
    for (const bad of ["0", "2", "-0.5", "0.00001", "fast"]) {
      expect(() => parseEnv({ JOB_TIME_SCALE: bad }), bad).toThrow(
        `JOB_TIME_SCALE must be a number from 0.0001 to 1 (1: the jobs' real timing), not "${bad}"`,
      );
    }
  });

  it("PGLITE_THREAD: the embedded database on a thread of its own unless false (decision 048)", () => {
    expect(parseEnv({}).PGLITE_THREAD).toBe("true");
    expect(parseEnv({ PGLITE_THREAD: "false" }).PGLITE_THREAD).toBe("false");
    expect(() => parseEnv({ PGLITE_THREAD: "no" })).toThrow(/PGLITE_THREAD/);
    expect(parseEnv({}).PGLITE_SHARED_BUFFERS).toBeUndefined(); // by the book's size (decision 084)
    expect(parseEnv({ PGLITE_SHARED_BUFFERS: "1GB" }).PGLITE_SHARED_BUFFERS).toBe("1GB");
    expect(() => parseEnv({ PGLITE_SHARED_BUFFERS: "lots" })).toThrow(
      "PGLITE_SHARED_BUFFERS must be a size such as 512MB",
    );
  });
});
