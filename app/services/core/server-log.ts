/**
 * The one way the server logs an unexpected error (Remix's handleError, background jobs,
 * services that swallow a failure), as a JSON line of the one logger (core/log.ts, decision 078). A failed query is logged as one line — code and statement
 * name — never the error object, whose message and stack repeat the parameters
 * (docs/decisions/019-identity-and-input-hardening.md).
 *
 * What may be logged about a failed query: the SQLSTATE code, the constraint or table the
 * database names, and the statement's first words ("insert into "clients""). Never the
 * parameters, never the full SQL, never the database's message or detail — those carry the
 * values (Drizzle's "Failed query: … params: <token>,<hash>", PostgreSQL's "Key (email)=(…)"
 * or 'invalid input syntax for type integer: "…"').
 */

import { inspect } from "node:util";

import { logLine } from "./log";

type QueryFailure = { query: string; cause?: unknown };
type DatabaseFailure = { code: string; constraint?: string; table?: string; column?: string; severity?: string };

function isQueryFailure(error: unknown): error is QueryFailure {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as QueryFailure).query === "string" &&
    "params" in error
  );
}

function isDatabaseFailure(error: unknown): error is DatabaseFailure {
  return (
    typeof error === "object" &&
    error !== null &&
    typeof (error as DatabaseFailure).code === "string" &&
    /^[0-9A-Z]{5}$/.test((error as DatabaseFailure).code)
  );
}

/** The statement's first words, up to and including the table it names. */
export function statementName(query: string): string {
  const words = query.trim().replace(/\s+/g, " ").split(" ");
  const head = words.slice(0, 3);
  // "insert into t", "delete from t", "update t set", "select … from t": keep a table name when it is near.
  const fromAt = words.findIndex((w, i) => i < 40 && /^(from|into|update)$/i.test(w));
  if (fromAt >= 0 && fromAt + 1 < words.length && fromAt > 2) head.push("…", words[fromAt], words[fromAt + 1]);
  return head
    .join(" ")
    .replace(/[$]\d+|'[^']*'?/g, "?")
    .slice(0, 120);
}

/** A log line for a failed query, or null when `error` is not a database error. */
export function describeQueryError(error: unknown): string | null {
  const failure = isQueryFailure(error) ? error : null;
  const dbError = [error, failure?.cause, (error as { cause?: unknown } | null)?.cause].find(isDatabaseFailure);
  if (!failure && !dbError) return null;
  const parts = ["Failed query"];
  if (failure) parts.push(`"${statementName(failure.query)}"`);
  if (dbError) {
    parts.push(`code ${dbError.code}`);
    if (dbError.table) parts.push(`table ${dbError.table}`);
    if (dbError.constraint) parts.push(`constraint ${dbError.constraint}`);
    if (dbError.column) parts.push(`column ${dbError.column}`);
  }
  return parts.join(" · ");
}

/** The first database failure in the error's cause chain, described safely, or null. */
export function queryFailureLine(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const line = describeQueryError(current);
    if (line) return line;
    current = typeof current === "object" ? (current as { cause?: unknown }).cause : undefined;
  }
  return null;
}

/** An error in one line for a log or a stored reason: a failed query as described above, else its message. */
export function errorLine(error: unknown): string {
  return queryFailureLine(error) ?? (error instanceof Error ? error.message : String(error));
}

/** One JSON line (core/log.ts): what failed, and the error — a failed query only as described above. */
export function logServerError(error: unknown, context = "Unexpected error") {
  const queryLine = queryFailureLine(error);
  logLine("error", context, { error: queryLine ?? inspect(error, { depth: 4, breakLength: Infinity }) });
}
