/**
 * The server's one logger (decision 078): every line it writes is one JSON object — `time`,
 * `level`, `msg`, the request's id when the line is written while a request is handled, and the
 * caller's fields — so a log shipper reads it without a parser of our own. What may go in a line
 * is the caller's business and the rule is strict: never a token, a password, a cookie or a
 * query's parameters (a request line has the path without its query string; a failed query is
 * described by server-log.ts).
 *
 * The request's context (its id, who is signed in) lives in an AsyncLocalStorage that the HTTP
 * server (scripts/server.ts) opens for each request; the guards note who is asking. It is kept on
 * globalThis: the server script (run from source) and the built bundle each load this module.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type LogLevel = "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

/** What the log knows about the request being handled. */
export type RequestLogContext = { requestId: string; staffId?: number; clientId?: number };

const STORE_KEY = Symbol.for("shipping-console.request-log");
const globalStore = globalThis as { [STORE_KEY]?: AsyncLocalStorage<RequestLogContext> };
const requests: AsyncLocalStorage<RequestLogContext> = (globalStore[STORE_KEY] ??=
  new AsyncLocalStorage<RequestLogContext>());

/** Runs `fn` (a request's handling) with `context` as the request every log line names. */
export function runWithRequestLog<T>(context: RequestLogContext, fn: () => T): T {
  return requests.run(context, fn);
}

/** The request being handled, if any. */
export function currentRequestLog(): RequestLogContext | undefined {
  return requests.getStore();
}

/** The guards say who is asking: the request's line names the staff member (or the client of a token). */
export function noteRequester(who: { staffId?: number; clientId?: number }): void {
  const context = requests.getStore();
  if (!context) return;
  if (who.staffId !== undefined) context.staffId = who.staffId;
  if (who.clientId !== undefined) context.clientId = who.clientId;
}

/** One JSON line: info on stdout, warnings and errors on stderr. */
export function logLine(level: LogLevel, msg: string, fields: LogFields = {}): void {
  const context = requests.getStore();
  const line = JSON.stringify({
    time: new Date().toISOString(),
    level,
    msg,
    ...(context ? { request_id: context.requestId } : {}),
    ...fields,
  });
  if (level === "info") console.log(line);
  else if (level === "warn") console.warn(line);
  else console.error(line);
}

export const logInfo = (msg: string, fields?: LogFields) => logLine("info", msg, fields);
export const logWarning = (msg: string, fields?: LogFields) => logLine("warn", msg, fields);
