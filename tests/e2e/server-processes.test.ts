/**
 * WEB_CONCURRENCY (decision 039): `npm start` on PostgreSQL with two server processes sharing the
 * port, as the operator runs it — started on its own copy of the seeded template. Both serve the
 * one session (the secret is made once, before the workers fork); a worker killed outright is
 * replaced while the other keeps serving; SIGTERM stops them all. Runs with TEST_DATABASE_URL
 * only: on the embedded database the configuration refuses more than one process
 * (app/services/core/env.test.ts).
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { childrenOf, type ConsoleProcess, startConsoleProcess } from "../support/console-process";
import { testDatabaseUrl } from "../support/pg-admin";

const url = testDatabaseUrl();

/** A GET on a new connection each time (no keep-alive), so the primary hands it to either worker. */
function getOnNewConnection(
  port: number,
  pathname: string,
  cookie = "",
  timeout = 30_000,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: "127.0.0.1", port, path: pathname, agent: false, headers: { cookie }, timeout },
      (res) => {
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (body += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on("timeout", () => req.destroy(new Error(`no answer in ${timeout} ms`)));
    req.on("error", reject);
  });
}

async function waitFor<T>(what: string, probe: () => T | undefined, ms = 60_000): Promise<T> {
  for (const t = Date.now(); Date.now() - t < ms; await new Promise((r) => setTimeout(r, 100))) {
    const value = probe();
    if (value !== undefined) return value;
  }
  throw new Error(`timed out waiting for ${what}`);
}

const METRICS_TOKEN = "server-processes-metrics-token";

/** The requests `GET /metrics` counts for routes whose id contains `route`, summed over methods and statuses. */
function requestsCounted(metricsText: string, route: string): number {
  return metricsText
    .split("\n")
    .filter((line) => line.startsWith("console_http_request_duration_seconds_count{") && line.includes(route))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(" ") + 1)), 0);
}

describe.skipIf(!url)("two server processes on PostgreSQL (WEB_CONCURRENCY=2)", () => {
  let proc: ConsoleProcess;
  let server: ChildProcess;
  let port: number;
  const log = () => proc.log();

  beforeAll(async () => {
    // The processes must agree on the one session secret made in DATA_DIR: none is given.
    proc = await startConsoleProcess({ WEB_CONCURRENCY: "2", METRICS_TOKEN, SESSION_SECRET: undefined });
    server = proc.child;
    port = Number(new URL(proc.base).port);
  });

  afterAll(() => proc?.cleanup());

  it("a scrape of /metrics on either process counts the requests of both (decision 078)", async () => {
    // Pages signed out: the sign-in page, on new connections dealt to both processes in turn.
    const pages = 10;
    for (let i = 0; i < pages; i++) expect((await getOnNewConnection(port, "/sign-in")).status).toBe(200);
    // Two scrapes, on new connections: each lands on one process, and each answers for both.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { Authorization: `Bearer ${METRICS_TOKEN}`, Connection: "close" },
      });
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(requestsCounted(text, "sign-in"), `scrape ${i}`).toBe(pages);
      // One outbox, read by both: its depth is one reading, not a sum (one line, a whole number).
      expect(text).toMatch(/^console_mail_outbox_depth \d+$/m);
    }
  });

  it("serves one session from both processes, replaces one killed outright, and stops on SIGTERM", async () => {
    expect(log()).toContain("(2 server processes,");
    const workers = childrenOf(server.pid!);
    expect(workers).toHaveLength(2);

    const signIn = await fetch(`http://127.0.0.1:${port}/sign-in`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: `http://127.0.0.1:${port}` },
      body: new URLSearchParams({ email: "vp@demo.test", role: "vp", password: "demo-password" }).toString(),
    });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    // Connections are dealt to the workers in turn: every one of them knows the session.
    for (let i = 0; i < 8; i++) {
      const page = await getOnNewConnection(port, "/all-users", cookie);
      expect(page.status, `request ${i}`).toBe(200);
      expect(page.body).toContain("All Users");
    }

    process.kill(workers[0]!, "SIGKILL");
    // The other one keeps serving meanwhile. A connection the primary dealt to the killed process
    // in the instant before it noticed is lost (as on a machine that dies behind a load
    // balancer): the client's retry is served.
    let meanwhile = 0;
    for (let attempt = 0; attempt < 3 && meanwhile !== 200; attempt++)
      meanwhile = await getOnNewConnection(port, "/all-users", cookie, 3_000).then(
        (r) => r.status,
        () => 0,
      );
    expect(meanwhile).toBe(200);
    const replaced = await waitFor("a new worker", () => {
      const now = childrenOf(server.pid!);
      return now.length === 2 && !now.includes(workers[0]!) ? now : undefined;
    });
    expect(replaced).toContain(workers[1]);
    await waitFor("the new worker listening", () =>
      log().includes(`Server process ${replaced.find((p) => p !== workers[1])} serving (2 of 2).`) ? true : undefined,
    );
    for (let i = 0; i < 6; i++) expect((await getOnNewConnection(port, "/all-users", cookie)).status).toBe(200);
    expect(log()).toMatch(new RegExp(`Server process ${workers[0]} ended \\(SIGKILL\\): starting another\\.`));

    server.kill("SIGTERM");
    expect(await proc.exited).toBe(0);
    for (const pid of replaced)
      expect(
        existsSync(`/proc/${pid}`) && !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z "),
        `worker ${pid}`,
      ).toBe(false);
  });
});
