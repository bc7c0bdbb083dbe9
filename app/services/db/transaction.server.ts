/**
 * The service layer's transaction: `transaction(db, (tx) => …)` is `db.transaction` plus work
 * that must wait for the commit (`afterCommit(tx, …)`), such as delivering the e-mail the
 * change queued in the outbox. A rolled-back transaction runs none of it, and callers — the
 * routes — never have to remember to.
 */
import type { Db, Executor, Tx } from "./client.server";
import { logServerError } from "../core/server-log";

type AfterCommit = (db: Db) => void;

const pending = new WeakMap<Executor, { db: Db; work: AfterCommit[] }>();

export async function transaction<T>(db: Db, body: (tx: Tx) => Promise<T>): Promise<T> {
  const after: AfterCommit[] = [];
  const result = await db.transaction(async (tx) => {
    pending.set(tx, { db, work: after });
    return body(tx);
  });
  for (const work of after) runSafely(work, db);
  return result;
}

/**
 * Runs `work` once `tx` has committed. Outside a `transaction(…)` (the database itself, or a
 * transaction opened some other way) it runs on the next turn of the event loop.
 */
export function afterCommit(tx: Executor, work: AfterCommit): void {
  const open = pending.get(tx);
  if (open) {
    if (!open.work.includes(work)) open.work.push(work);
  }
  else setImmediate(() => runSafely(work, tx as Db));
}

function runSafely(work: AfterCommit, db: Db): void {
  try {
    work(db);
  } catch (error) {
    logServerError(error, "After-commit work failed");
  }
}
