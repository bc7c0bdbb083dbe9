/**
 * Which unit-project files use a database (decision 041). CI's PostgreSQL pass runs with
 * UNIT_SCOPE=database: the service tests and these app tests, not the pure unit tests, which
 * ran on the embedded database's pass minutes before and touch no database, so a second run
 * could not differ. tests/services/test-scope.test.ts checks this list against the files.
 */
export const DATABASE_APP_TESTS = ["app/services/files/store.server.test.ts", "app/services/seed/seed.test.ts"];

/** What marks a test file as one that opens a database. */
export const USES_DATABASE = /support\/db"|openTestDb|openPglite|openPostgres|getDb\(|inject\(/;

export function unitTestInclude(scope = process.env.UNIT_SCOPE): string[] {
  return scope === "database"
    ? ["tests/services/**/*.test.ts", ...DATABASE_APP_TESTS]
    : ["app/**/*.test.ts", "tests/services/**/*.test.ts"];
}
