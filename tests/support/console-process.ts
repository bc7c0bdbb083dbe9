/**
 * A console started as `npm start` starts it (scripts/start.ts, the production build), in a
 * process of its own, on its own copy of the seeded template database: PGlite in a temporary
 * folder, or `CREATE DATABASE … TEMPLATE` on the TEST_DATABASE_URL server. Its stdout and stderr
 * are kept, for a test to read its log. `prepare` runs on the database before the server opens it
 * (the embedded database belongs to one process at a time).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { inject } from "vitest";

import { type DbHandle, openPglite, openPostgres } from "~/services/db/client.server";

import { serverNodeArgs } from "../../scripts/lib/server-node.mjs";
import { freePort } from "./net";
import { adminQuery, testDatabaseUrl, withDatabase } from "./pg-admin";

export type ConsoleProcess = {
  base: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr interleaved as they came. */
  log(): string;
  /** The process's database, opened here (after the process exited, for PGlite). */
  openDb(): DbHandle;
  /** Resolves with the exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** Kills the process if it still runs, and removes its database and folder. */
  cleanup(): Promise<void>;
};

/** The pids of a process's children (Linux): a server's worker processes (WEB_CONCURRENCY). */
export function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
}

/** `extraEnv`: settings added to the process's environment; `undefined` takes one out (e.g. SESSION_SECRET). */
export async function startConsoleProcess(
  extraEnv: Record<string, string | undefined>,
  prepare?: (db: DbHandle["db"]) => Promise<void>,
): Promise<ConsoleProcess> {
  const url = testDatabaseUrl();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "console-process-"));
  const dbName = `proc_${process.pid}_${randomBytes(3).toString("hex")}`;
  let openDb: () => DbHandle;
  if (url) {
    await adminQuery(`CREATE DATABASE ${dbName} TEMPLATE ${inject("pgTemplateDb")}`);
    openDb = () => openPostgres(withDatabase(url, dbName), 2);
  } else {
    await cp(inject("pgliteTemplate"), path.join(dataDir, "pg"), { recursive: true });
    openDb = () => openPglite(path.join(dataDir, "pg"));
  }
  if (prepare) {
    const h = openDb();
    try {
      await prepare(h.db);
    } finally {
      await h.close();
    }
  }
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "true",
    SEED_IF_EMPTY: "false",
    SKIP_BUILD: "true",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SESSION_SECRET: randomBytes(24).toString("hex"),
  };
  delete env.DATABASE_URL;
  if (url) env.DATABASE_URL = withDatabase(url, dbName);
  for (const [key, value] of Object.entries(extraEnv))
    if (value === undefined) delete env[key];
    else env[key] = value;
  const child = spawn(process.execPath, serverNodeArgs(), { env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  child.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const cleanup = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const workers = childrenOf(child.pid!);
      child.kill("SIGKILL");
      for (const pid of workers)
        try {
          process.kill(pid, "SIGKILL");
        } catch {
          // ended with its primary
        }
      await exited;
    }
    if (url) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await rm(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!log.includes("Console ready")) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`the console exited (${child.exitCode}) before it was ready:\n${log}`);
    }
    if (Date.now() - started > 120_000) {
      await cleanup();
      throw new Error(`the console was not ready in 120 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base: `http://127.0.0.1:${port}`, child, log: () => log, openDb, exited, cleanup };
}
