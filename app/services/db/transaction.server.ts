/**
 * The service layer's transaction: `transaction(db, (tx) => …)` is `db.transaction` plus work
 * that must wait for the commit (`afterCommit(tx, …)`), such as delivering the e-mail the
 * change queued in the outbox. A rolled-back transaction runs none of it, and callers — the
 * routes — never have to remember to. It is the only way services open a transaction
 * (core/layering.test.ts forbids `.transaction(` outside db/, decision 055).
 *
 * Given a transaction instead of the database, it opens a savepoint inside it: the savepoint's
 * work waits for the outer commit, and is dropped if the savepoint rolls back.
 */
import { logServerError } from "../core/server-log";
import type { Db, Executor, Tx } from "./client.server";

type AfterCommit = (db: Db) => void;
type Open = { db: Db; work: AfterCommit[] };

const pending = new WeakMap<Executor, Open>();

export async function transaction<T>(db: Executor, body: (tx: Tx) => Promise<T>): Promise<T> {
  const outer = pending.get(db);
  const after: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, { db: outer?.db ?? (db as Db), work: after });
    return body(tx);
  });
  // A savepoint's work joins the enclosing transaction's; the database's runs now, committed.
  if (isTransaction(db)) for (const work of after) afterCommit(db, work);
  else for (const work of after) runSafely(work, db as Db);
  return result;
}

/** A transaction handle (drizzle's has `rollback`); the database itself has none. */
function isTransaction(db: Executor): boolean {
  return typeof (db as Partial<Tx>).rollback === "function";
}

/**
 * Runs `work` once `tx` has committed. Outside a `transaction(…)` (the database itself, or a
 * transaction opened some other way) it runs on the next turn of the event loop.
 */
export function afterCommit(tx: Executor, work: AfterCommit): void {
  const open = pending.get(tx);
  if (open) {
    if (!open.work.includes(work)) open.work.push(work);
  } else setImmediate(() => runSafely(work, tx as Db));
}

function runSafely(work: AfterCommit, db: Db): void {
  try {
    work(db);
  } catch (error) {
    logServerError(error, "After-commit work failed");
  }
}

/**
 * Independent reads, at once on the database (a pool: each read on its own connection) and one
 * after another on a transaction: a transaction is one connection, where node-postgres 8 queues
 * a query sent while another runs (with a deprecation warning) and version 9 will refuse it.
 */
export async function readTogether<T extends readonly unknown[] | []>(
  db: Executor,
  reads: { [K in keyof T]: () => PromiseLike<T[K]> },
): Promise<T> {
  const list = reads as readonly (() => PromiseLike<unknown>)[];
  if (!isTransaction(db)) return (await Promise.all(list.map((read) => read()))) as unknown as T;
  const out: unknown[] = [];
  for (const read of list) out.push(await read());
  return out as unknown as T;
}
