/**
 * CI's PostgreSQL pass leaves out the pure unit tests (UNIT_SCOPE=database, decision 041): this
 * keeps a test that opens a database from being left out with them.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { DATABASE_APP_TESTS, unitTestInclude, USES_DATABASE } from "../support/test-scope";

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? testFiles(p) : /\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

describe("the PostgreSQL pass's unit scope", () => {
  it("lists exactly the app tests that open a database", () => {
    const usingDb = testFiles("app").filter((f) => USES_DATABASE.test(readFileSync(f, "utf8")));
    expect(usingDb.sort()).toEqual([...DATABASE_APP_TESTS].sort());
  });

  it("runs every service test and those app tests on the database pass, and everything otherwise", () => {
    expect(unitTestInclude("database")).toEqual(["tests/services/**/*.test.ts", ...DATABASE_APP_TESTS]);
    expect(unitTestInclude("")).toEqual(["app/**/*.test.ts", "tests/services/**/*.test.ts"]);
  });
});
