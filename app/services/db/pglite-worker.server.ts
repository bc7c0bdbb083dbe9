/**
 * The embedded database on a thread of its own (decision 048).
 *
 * PGlite is PostgreSQL compiled to WebAssembly: every query runs on the JavaScript thread that
 * calls it. In the server that is the thread that also renders every page, so a page's queries
 * and the next page's render took turns on one core while the machine's second core idled —
 * the database was 30–55 % of a page's CPU. Here PGlite runs in a worker thread; the server's
 * thread posts each query and renders other pages meanwhile.
 *
 * `PgliteOnThread` (main thread) is what drizzle's PGlite driver calls: `query()` and
 * `transaction()`, with the same answers as PGlite's. This module is also the worker's entry:
 * run as a worker, it opens PGlite with the same parsers and kept statements as an in-thread
 * client (pglite-client.server.ts) and answers the messages.
 *
 * A transaction is PGlite's own, held open in the worker while the main thread's callback runs:
 * `begin` answers once PGlite has taken its transaction lock (other queries wait for it, as
 * they would in-thread), queries carry the transaction's number, and `end` commits or rolls back.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

import type { QueryOptions, Results } from "@electric-sql/pglite";

import { consoleMetrics } from "../core/metrics";

type Sent =
  | { op: "query"; text: string; params: unknown[]; options?: QueryOptions; tx?: number }
  | { op: "begin" }
  | { op: "end"; tx: number; commit: boolean }
  | { op: "close" };
type Request = Sent & { id: number };
/** `waits`: the lock waits (seconds) the thread saw since its previous answer, for the main thread's metrics. */
type Answer = ({ id: number; ok: true; value: unknown } | { id: number; ok: false; error: SentError }) & {
  waits?: number[];
};
type SentError = { name: string; message: string; stack?: string; props: Record<string, unknown> };

/** `sharedBuffers`: PostgreSQL's page cache in the thread (e.g. "512MB"; PGlite's default is 128MB). */
export type WorkerOptions = { dataDir: string | undefined; keptStatements?: number; sharedBuffers?: string };
/** `onFailure`: the thread stopped or threw outside a query (every waiting and later query is refused with the error). */
export type ThreadOptions = WorkerOptions & {
  onFailure?: (error: Error) => void;
  /** Another entry file (tests). */ entry?: string;
};
/** Marks the database thread's workerData (other workers, such as a test runner's, load this module too). */
const WORKER_MARK = "__consolePgliteThread";

/** Defined by scripts/build-server.mjs in the compiled server: its compiled thread, beside it (decision 080). */
declare const COMPILED_PGLITE_THREAD: string | undefined;

/**
 * The worker's entry, as a file path: the compiled server's own (build/pglite-thread.js), else
 * this module loaded from source with tsx (pglite-thread.mjs).
 */
export const WORKER_ENTRY =
  typeof COMPILED_PGLITE_THREAD === "string"
    ? fileURLToPath(new URL(COMPILED_PGLITE_THREAD, import.meta.url))
    : path.resolve(process.cwd(), "app/services/db/pglite-thread.mjs");

// ---------------------------------------------------------------------------------------------
// Main thread

type Queryable = {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
};

/** Drizzle's PGlite driver passes these parsers (raw text for dates, times and their arrays): the worker's client has them installed. */
function sendableOptions(
  options: (QueryOptions & { parsers?: Record<number, unknown> }) | undefined,
  rawTextTypes: readonly number[],
): QueryOptions | undefined {
  if (!options) return undefined;
  const { parsers, ...rest } = options;
  if (parsers && !Object.keys(parsers).every((k) => rawTextTypes.includes(Number(k)))) {
    throw new Error("Only the raw-text parsers are installed in the database thread; a query cannot send its own.");
  }
  if (rest.serializers || rest.blob || rest.onNotice)
    throw new Error("Serializers, blobs and notice callbacks cannot cross to the database thread.");
  return rest;
}

function receivedError(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  if (sent.stack) error.stack = sent.stack;
  return Object.assign(error, sent.props);
}

export class PgliteOnThread {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  readonly #rawTextTypes: readonly number[];
  #next = 1;
  #failed: Error | null = null;
  #closed = false;
  readonly waitReady: Promise<void>;

  constructor({ onFailure, entry = WORKER_ENTRY, ...options }: ThreadOptions, rawTextTypes: readonly number[]) {
    this.#rawTextTypes = rawTextTypes;
    this.#worker = new Worker(entry, { workerData: { ...options, [WORKER_MARK]: true } });
    // The thread keeps the process alive only while a query is waiting for it.
    this.#worker.unref();
    this.#worker.on("message", (answer: Answer) => {
      if (answer.waits) for (const wait of answer.waits) consoleMetrics().dbWait.observe({ driver: "pglite" }, wait);
      const waiting = this.#pending.get(answer.id);
      if (!waiting) return;
      this.#pending.delete(answer.id);
      if (this.#pending.size === 0) this.#worker.unref();
      if (answer.ok) waiting.resolve(answer.value);
      else waiting.reject(receivedError(answer.error));
    });
    const fail = (error: Error) => {
      if (this.#failed) return;
      this.#failed = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
      onFailure?.(error);
    };
    this.#worker.on("error", fail);
    this.#worker.on("exit", (code) => {
      if (!this.#closed) fail(new Error(`The database thread stopped (exit code ${code}).`));
    });
    this.waitReady = this.#call({ op: "query", text: "select 1", params: [] }).then(() => undefined);
  }

  #call(request: Sent): Promise<unknown> {
    if (this.#failed) return Promise.reject(this.#failed);
    if (this.#closed) return Promise.reject(new Error("The database is closed."));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, { resolve, reject });
      this.#worker.postMessage({ ...request, id });
    });
  }

  #query<T>(
    text: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
    tx?: number,
  ): Promise<Results<T>> {
    let sendable: QueryOptions | undefined;
    try {
      sendable = sendableOptions(options, this.#rawTextTypes);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.#call({ op: "query", text, params: params ?? [], options: sendable, tx }) as Promise<Results<T>>;
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.#query<T>(text, params, options);
  }

  /** PGlite's `transaction()`: commits when `fn` resolves, rolls back when it throws (and rethrows). */
  async transaction<R>(fn: (tx: Queryable) => Promise<R>): Promise<R> {
    const tx = (await this.#call({ op: "begin" })) as number;
    const handle: Queryable = { query: (text, params, options) => this.#query(text, params, options, tx) };
    let result: R;
    try {
      result = await fn(handle);
    } catch (error) {
      await this.#call({ op: "end", tx, commit: false }).catch(() => undefined);
      throw error;
    }
    await this.#call({ op: "end", tx, commit: true });
    return result;
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    try {
      if (!this.#failed) await this.#call({ op: "close" });
    } finally {
      this.#closed = true;
      await this.#worker.terminate();
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The worker

function sentError(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: "Error", message: String(error), props: {} };
  const props: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    // The query's options may hold functions; everything else PostgreSQL said is plain data.
    if (key !== "queryOptions" && typeof value !== "function") props[key] = value;
  }
  return { name: error.name, message: error.message, stack: error.stack, props };
}

async function serve(options: WorkerOptions) {
  const port = parentPort!;
  // Imported here, not at the top: the main thread needs none of it.
  const { openPgliteClient } = await import("./pglite-client.server");
  let waits: number[] = [];
  const client = openPgliteClient(options.dataDir, options.keptStatements, {
    sharedBuffers: options.sharedBuffers,
    onLockWait: (seconds) => waits.push(seconds),
  });
  const takeWaits = () => {
    if (waits.length === 0) return undefined;
    const taken = waits;
    waits = [];
    return taken;
  };
  const ROLLBACK = Symbol("rollback");
  const open = new Map<number, { tx: Queryable; finish(commit: boolean): void; done: Promise<unknown> }>();
  let nextTx = 1;
  const reply = (id: number, value: unknown) =>
    port.postMessage({ id, ok: true, value, waits: takeWaits() } satisfies Answer);
  const replyError = (id: number, error: unknown) =>
    port.postMessage({ id, ok: false, error: sentError(error), waits: takeWaits() } satisfies Answer);

  port.on("message", async (request: Request) => {
    try {
      switch (request.op) {
        case "query": {
          const target = request.tx === undefined ? client : open.get(request.tx)?.tx;
          if (!target) throw new Error("This transaction has ended.");
          reply(request.id, await target.query(request.text, request.params, request.options));
          return;
        }
        case "begin": {
          const tx = nextTx++;
          let started = false;
          const done = client.transaction(
            (handle) =>
              new Promise((resolve, reject) => {
                started = true;
                open.set(tx, {
                  tx: handle,
                  finish: (commit) => (commit ? resolve(undefined) : reject(ROLLBACK)),
                  done,
                });
                reply(request.id, tx);
              }),
          );
          // A transaction that could not begin answers `begin` with its error.
          done.catch((error) => {
            if (!started) replyError(request.id, error);
          });
          return;
        }
        case "end": {
          const held = open.get(request.tx);
          if (!held) throw new Error("This transaction has ended.");
          open.delete(request.tx);
          held.finish(request.commit);
          try {
            await held.done;
          } catch (error) {
            if (error !== ROLLBACK) throw error;
          }
          reply(request.id, null);
          return;
        }
        case "close":
          await client.close();
          reply(request.id, null);
          return;
      }
    } catch (error) {
      replyError(request.id, error);
    }
  });
}

if (!isMainThread && parentPort && (workerData as Record<string, unknown> | null)?.[WORKER_MARK] === true) {
  void serve(workerData as WorkerOptions);
}
