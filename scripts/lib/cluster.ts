/**
 * N copies of the console on one PostgreSQL (decision 079), as separate machines would run them:
 * separate processes, each on its own port and with its own DATA_DIR, one DATABASE_URL and one
 * SESSION_SECRET. Each copy names itself to PostgreSQL (`application_name=console-copy-N`), so
 * pg_stat_activity tells which copy holds a job's lock. Used by `npm run cluster` and by the
 * browser tests' cluster test (tests/e2e/cluster.test.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { serverNodeArgs } from "./server-node.mjs";

/** A line a copy printed: `text` is the message (a JSON log line's `msg`, decision 078), `raw` the line as printed. */
export type LogLine = { at: number; text: string; raw: string };

/** The message of a printed line: the server writes JSON lines; anything else (a crash's stack) is taken as it is. */
export function messageOf(raw: string): string {
  if (!raw.startsWith("{")) return raw;
  try {
    const parsed = JSON.parse(raw) as { msg?: unknown };
    return typeof parsed.msg === "string" ? parsed.msg : raw;
  } catch {
    return raw;
  }
}

export type Copy = {
  /** 1, 2, 3… */
  n: number;
  port: number;
  baseUrl: string;
  /** The name the copy's database connections carry (pg_stat_activity.application_name). */
  applicationName: string;
  child: ChildProcess;
  dataDir: string;
  /** Every line the copy printed, with when it arrived. */
  lines: LogLine[];
  /** Resolves when the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

export type CopiesOptions = {
  copies: number;
  databaseUrl: string;
  sessionSecret: string;
  /** Copy n listens on ports[n - 1]. */
  ports: number[];
  host?: string;
  /** More environment for every copy (SEED_DEMO, JOB_TIME_SCALE…). */
  env?: Record<string, string>;
  /** Each line as it arrives (the script prints them with the copy's number). */
  onLine?: (copy: Copy, line: string) => void;
};

/** `url` with `application_name` set, so the server's sessions say which copy they belong to. */
export function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set("application_name", name);
  return u.toString();
}

/** Starts the copies at once (they do not wait for one another: the start-up lock orders them). */
export async function startCopies(options: CopiesOptions): Promise<Copy[]> {
  const host = options.host ?? "127.0.0.1";
  const copies: Copy[] = [];
  for (let n = 1; n <= options.copies; n++) {
    const port = options.ports[n - 1]!;
    const applicationName = `console-copy-${n}`;
    const dataDir = await mkdtemp(path.join(os.tmpdir(), `console-copy-${n}-`));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "production",
      SKIP_BUILD: "true",
      ...options.env,
      PORT: String(port),
      HOST: host,
      DATA_DIR: dataDir,
      DATABASE_URL: withApplicationName(options.databaseUrl, applicationName),
      SESSION_SECRET: options.sessionSecret,
      WEB_CONCURRENCY: "1",
    };
    const child = spawn(process.execPath, serverNodeArgs(), { env, stdio: ["ignore", "pipe", "pipe"] });
    const copy: Copy = {
      n,
      port,
      baseUrl: `http://${host}:${port}`,
      applicationName,
      child,
      dataDir,
      lines: [],
      exited: new Promise((resolve) => child.once("exit", (code, signal) => resolve({ code, signal }))),
    };
    let partial = "";
    const take = (chunk: Buffer) => {
      const parts = (partial + chunk.toString()).split("\n");
      partial = parts.pop()!;
      for (const text of parts) {
        copy.lines.push({ at: Date.now(), text: messageOf(text), raw: text });
        options.onLine?.(copy, text);
      }
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    copies.push(copy);
  }
  return copies;
}

export const logOf = (copy: Copy) => copy.lines.map((l) => l.raw).join("\n");

/** Resolves when every copy says it is ready; rejects with the copy's log when one exits first or `ms` pass. */
export function whenReady(copies: readonly Copy[], ms = 120_000): Promise<void> {
  return Promise.all(
    copies.map(
      (copy) =>
        new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () =>
              reject(
                new Error(
                  `copy ${copy.n} was not ready in ${ms} ms. The copies' logs:\n${copies.map((c) => `[copy ${c.n}]\n${logOf(c)}`).join("\n")}`,
                ),
              ),
            ms,
          );
          const check = setInterval(() => {
            if (copy.lines.some((l) => l.text.startsWith("Console ready"))) done(resolve);
            else if (copy.child.exitCode !== null || copy.child.signalCode !== null)
              done(() => reject(new Error(`copy ${copy.n} exited before it was ready:\n${logOf(copy)}`)));
          }, 50);
          const done = (then: () => void) => {
            clearTimeout(timer);
            clearInterval(check);
            then();
          };
        }),
    ),
  ).then(() => undefined);
}

/** Stops the copies (SIGTERM, then SIGKILL after `graceMs`) and removes their data folders. */
export async function stopCopies(copies: readonly Copy[], graceMs = 5_000): Promise<void> {
  await Promise.all(
    copies.map(async (copy) => {
      if (copy.child.exitCode === null && copy.child.signalCode === null) {
        copy.child.kill("SIGTERM");
        const timer = setTimeout(() => copy.child.kill("SIGKILL"), graceMs);
        await copy.exited;
        clearTimeout(timer);
      }
      await rm(copy.dataDir, { recursive: true, force: true });
    }),
  );
}

/** Signs a demo staff member in on one copy: the session cookie ("name=value"). */
export async function signIn(copy: Copy, email: string, role: string, password = "demo-password"): Promise<string> {
  const res = await postForm(copy, "/sign-in", { email, role, password });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (res.status !== 302 || !cookie) throw new Error(`signing in on copy ${copy.n} answered ${res.status}`);
  return cookie;
}

/** A form POST from the copy's own origin, not followed. */
export function postForm(copy: Copy, pathname: string, fields: Record<string, string>, cookie = "") {
  return fetch(`${copy.baseUrl}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: copy.baseUrl,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

/** A GET on the copy, not followed. */
export function get(copy: Copy, pathname: string, cookie = "") {
  return fetch(`${copy.baseUrl}${pathname}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}
