import { describe, expect, it } from "vitest";

import { describeQueryError, statementName } from "./server-log";

describe("describeQueryError", () => {
  it("names the statement and code, never the parameters or the database's message", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "x"'), {
      code: "23505",
      constraint: "clients_email_idx",
      detail: "Key (email)=(a@b.c) already exists.",
    });
    const error = Object.assign(new Error('Failed query: insert into "clients" ("a") values ($1)\nparams: SECRET'), {
      query: 'insert into "clients" ("a", "auth_token") values ($1, $2)',
      params: ["SECRET"],
      cause,
    });
    const line = describeQueryError(error)!;
    expect(line).toBe('Failed query · "insert into "clients"" · code 23505 · constraint clients_email_idx');
    expect(line).not.toContain("SECRET");
    expect(line).not.toContain("a@b.c");
  });

  it("keeps a select's table, not its literals", () => {
    expect(statementName('select "id", "name", "email" from "staff" where "email" = $1')).toBe(
      'select "id", "name", … from "staff"',
    );
    expect(statementName("select 'secret' as x")).not.toContain("secret");
  });

  it("is null for an error that is not a database failure", () => {
    expect(describeQueryError(new Error("boom"))).toBeNull();
  });
});
