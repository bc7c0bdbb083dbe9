/**
 * Running the console as operations teams do (decision 078), against a console started as
 * `npm start` starts it (its own process, its own copy of the seeded database):
 * - `/healthz` and `/readyz` answer without a session, uncached, with no data;
 * - `/metrics` wants METRICS_TOKEN as a bearer token (none or a wrong one: 401) and answers
 *   Prometheus' text, counted by route id — never a URL;
 * - every answer has an `X-Request-Id`, and an error page shows it;
 * - the log is JSON lines, one per request with its route, status and who asked, and holds
 *   neither a client's token (sent as a header or in the query string), nor a password, nor a
 *   session cookie.
 * And in this process (the same app, built the same way): METRICS_TOKEN unset turns `/metrics`
 * off (404), and a server that is stopping answers `/readyz` with 503.
 */
import { randomBytes } from "node:crypto";
import { type AddressInfo, connect } from "node:net";
import path from "node:path";

import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { createApp, lastErrorHandler, type Lifecycle } from "../../scripts/server";
import { type ConsoleProcess, startConsoleProcess } from "../support/console-process";
import { DEMO_PASSWORD } from "../support/http";
import { firstClientToken } from "../support/orders-api";

const METRICS_TOKEN = randomBytes(24).toString("hex");

describe("a console process run by an operations team", () => {
  let server: ConsoleProcess;
  let clientToken = "";

  beforeAll(async () => {
    server = await startConsoleProcess({ METRICS_TOKEN }, async (db) => {
      clientToken = await firstClientToken(db);
    });
  });
  afterAll(async () => {
    await server?.cleanup();
  });

  const get = (p: string, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${p}`, { redirect: "manual", headers });
  const postForm = (p: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${server.base}${p}`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.base, ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it("answers /healthz and /readyz without a session, uncached and with no data", async () => {
    // Ready once the database answers within the probe's time: the start-up's first job runs (the
    // cycle cutter over the copied book) can keep the embedded database busy for longer.
    for (const t = Date.now(); (await get("/readyz")).status !== 200 && Date.now() - t < 90_000;)
      await new Promise((r) => setTimeout(r, 500));
    for (const [p, body] of [
      ["/healthz", "ok"],
      ["/readyz", "ready"],
    ]) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(await res.text()).toBe(body);
      expect(res.headers.get("Cache-Control")).toBe("no-store");
      expect(res.headers.get("Set-Cookie")).toBeNull();
      expect(res.headers.get("X-Request-Id")).toMatch(/^[0-9a-f]{16}$/);
    }
  });

  it("guards /metrics with the bearer token and answers Prometheus' text by route id", async () => {
    // Something to count: the sign-in page, a refused sign-in, a page of a client.
    expect((await get("/")).status).toBe(200);
    expect(
      (await postForm("/sign-in", { email: "vp@demo.test", role: "vp", password: "not-the-password" })).status,
    ).toBe(401);
    expect((await get("/all-users/3/rate-card?tab=1")).status).toBe(302);

    expect((await get("/metrics")).status).toBe(401);
    expect((await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}x` })).status).toBe(401);
    expect((await get("/metrics", { Authorization: `Token ${METRICS_TOKEN}` })).status).toBe(401);
    const res = await get("/metrics", { Authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain;.* version=0\.0\.4/);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const text = await res.text();

    // The exposition format: HELP and TYPE lines, then samples `name{labels} value`.
    const sample =
      /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{([a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|\+Inf|-Inf)$/;
    for (const line of text.split("\n").filter(Boolean)) {
      if (line.startsWith("#")) expect(line, line).toMatch(/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/);
      else expect(line, line).toMatch(sample);
    }
    const value = (pattern: RegExp) => {
      const m = text.split("\n").find((l) => pattern.test(l));
      return m === undefined ? undefined : Number(m.split(" ").pop());
    };
    expect(text).toContain("# TYPE console_http_request_duration_seconds histogram");
    expect(
      value(/^console_http_request_duration_seconds_count\{route="routes\/_index",method="GET",status="200"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(
      value(/^console_http_request_duration_seconds_count\{route="routes\/sign-in",method="POST",status="401"\}/),
    ).toBeGreaterThanOrEqual(1);
    // A route id, never the URL it was asked with (bounded labels).
    expect(
      value(
        /^console_http_request_duration_seconds_count\{route="routes\/_app\.all-users\.\$id\.rate-card",method="GET",status="302"\}/,
      ),
    ).toBeGreaterThanOrEqual(1);
    for (const [, route] of text.matchAll(/route="([^"]*)"/g))
      expect(route).toMatch(/^(routes\/[^/?]+|root|static|unmatched)$/);
    expect(text).not.toContain("tab=1");
    expect(value(/^console_sign_in_failures_total\{reason="bad_credentials"\}/)).toBeGreaterThanOrEqual(1);
    expect(value(/^console_db_wait_seconds_count\{driver="(pglite|postgres)"\}/)).toBeGreaterThan(0);
    expect(
      value(/^console_job_run_duration_seconds_count\{job="finance-reports",outcome="ok"\}/),
    ).toBeGreaterThanOrEqual(1);
    expect(value(/^console_mail_outbox_depth /)).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^console_process_cpu_seconds_total /m);
  });

  it("gives every answer a request id, keeps a safe one a proxy sent, and shows it on the error page", async () => {
    const own = (await get("/")).headers.get("X-Request-Id");
    expect(own).toMatch(/^[0-9a-f]{16}$/);
    expect((await get("/", { "X-Request-Id": "lb-7f3a.01_x" })).headers.get("X-Request-Id")).toBe("lb-7f3a.01_x");
    expect((await get("/", { "X-Request-Id": "a b<script>" })).headers.get("X-Request-Id")).toMatch(/^[0-9a-f]{16}$/);

    const signIn = await postForm("/sign-in", { email: "vp@demo.test", role: "vp", password: DEMO_PASSWORD });
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const missing = await get("/all-users/99999999", { Cookie: cookie }); // no such client
    expect(missing.status).toBe(404);
    const id = missing.headers.get("X-Request-Id")!;
    const html = await missing.text();
    expect(html).toContain(`data-request-id="${id}"`);
    expect(html).toContain("Request id:");
    // The line is written as the answer ends, which can be just after the client has read it.
    await vi.waitFor(() => expect(server.log()).toContain(`"request_id":"${id}"`), { timeout: 10_000 });
  });

  it("logs one JSON line per request — route, status, who — and never a token, a password or a cookie", async () => {
    const signIn = await postForm("/sign-in", { email: "vp@demo.test", role: "vp", password: DEMO_PASSWORD });
    expect(signIn.status).toBe(302);
    const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
    const cookieValue = cookie.split("=").slice(1).join("=");
    const page = await get("/all-users?page=1", { Cookie: cookie });
    expect(page.status).toBe(200);
    // A browser that leaves a page drops the scripts it no longer needs: no error, no stack in the log.
    const script = /\/assets\/[\w-]+\.js/.exec(await page.text())![0];
    await Promise.all([0, 1, 2].map((wait) => dropRequest(server.base, script, wait)));
    // A path with repeated slashes is served as Remix collapses it, and no plain-text warning is logged.
    expect((await get("//all-users", { Cookie: cookie })).status).toBe(200);
    const order = await fetch(`${server.base}/api/orders`, {
      method: "POST",
      headers: { Authorization: `Token ${clientToken}`, "Content-Type": "application/json" },
      body: JSON.stringify({ not: "an order" }),
    });
    expect(order.status).toBe(400);
    const docs = await get(`/api/seller/legal-docs?auth_token=${clientToken}`);
    expect(docs.status).toBe(200);
    // The lines are written as the answers end, which can be just after the client has read them.
    await vi.waitFor(() => expect(server.log()).toContain('"path":"/api/seller/legal-docs"'), { timeout: 10_000 });

    const log = server.log();
    for (const secret of [clientToken, DEMO_PASSWORD, cookieValue, METRICS_TOKEN]) expect(log).not.toContain(secret);
    expect(log).not.toContain("auth_token");

    const lines = log
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    for (const line of lines) expect(Object.keys(line).slice(0, 3)).toEqual(["time", "level", "msg"]);
    expect(lines.filter((l) => l.level === "error")).toEqual([]);
    const requests = lines.filter((l) => l.msg === "request");
    const allUsers = requests.find((l) => l.path === "/all-users" && l.status === 200);
    expect(allUsers).toMatchObject({ route: "routes/_app.all-users._index", method: "GET", level: "info" });
    expect(allUsers!.staff_id).toEqual(expect.any(Number));
    expect(allUsers!.duration_ms).toEqual(expect.any(Number));
    expect(allUsers!.request_id).toMatch(/^[0-9a-f]{16}$/);
    expect(requests.find((l) => l.path === "/api/orders")).toMatchObject({
      route: "routes/api.orders",
      status: 400,
      client_id: expect.any(Number),
    });
    expect(requests.find((l) => l.path === "/api/seller/legal-docs")).toMatchObject({ status: 200 });
    // The probes are neither logged nor counted.
    expect(requests.some((l) => l.path === "/healthz" || l.path === "/metrics")).toBe(false);
  });
});

/** Asks for `p` and closes the connection `wait` ms later, before reading any answer. */
function dropRequest(base: string, p: string, wait: number): Promise<void> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${p} HTTP/1.1\r\nHost: ${hostname}\r\nAccept-Encoding: br, gzip\r\n\r\n`);
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, wait);
    });
    socket.once("error", reject);
  });
}

describe("the same app in this process", () => {
  const servers: { close: () => void }[] = [];
  afterAll(() => servers.forEach((s) => s.close()));

  it("has no /metrics without METRICS_TOKEN, and answers /readyz 503 once it is stopping", async () => {
    expect(process.env.METRICS_TOKEN).toBeUndefined();
    const app = await createApp(path.resolve(process.env.BUILD_DIR ?? "build"), {
      readiness: async () => ({ ready: true }),
    });
    const listening = app.listen(0, "127.0.0.1");
    servers.push(listening);
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;

    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/metrics`, { headers: { Authorization: "Bearer anything-at-all-here" } })).status).toBe(
      404,
    );
    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    (app.locals.lifecycle as Lifecycle).draining = true;
    const draining = await fetch(`${base}/readyz`);
    expect(draining.status).toBe(503);
    expect(await draining.text()).toBe("not ready: the server is stopping");
    expect(draining.headers.get("Connection")).toBe("close");
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it("answers what no handler answered as one JSON log line and a 500 naming the request id", async () => {
    const app = express();
    app.use((_req, res, next) => {
      res.locals.requestId = "0123456789abcdef";
      next();
    });
    app.get("/broken", () => {
      throw new Error("a bug");
    });
    app.get("/malformed", (_req, _res, next) => next(Object.assign(new Error("bad path"), { status: 400 })));
    // Shaped as Drizzle's failed query: its message and stack carry the values.
    app.get("/query", (_req, _res, next) =>
      next(
        Object.assign(new Error("Failed query: select secret-value params: hunter2"), {
          query: "select * from clients where email = $1",
          params: ["hunter2"],
          cause: Object.assign(new Error("boom"), { code: "42P01" }),
        }),
      ),
    );
    app.use(lastErrorHandler);
    const listening = app.listen(0, "127.0.0.1");
    servers.push(listening);
    await new Promise((resolve) => listening.once("listening", resolve));
    const base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const broken = await fetch(`${base}/broken?secret=hunter2`);
      expect(broken.status).toBe(500);
      expect(await broken.text()).toContain("Request id: 0123456789abcdef");
      const malformed = await fetch(`${base}/malformed`);
      expect(malformed.status).toBe(400);
      expect((await fetch(`${base}/query`)).status).toBe(500);
      expect(errors).toHaveBeenCalledTimes(2);
      const [line, query] = errors.mock.calls.map((c) => JSON.parse(String(c[0])) as Record<string, unknown>);
      expect(line).toMatchObject({ level: "error", msg: "unhandled error", path: "/broken", error: "a bug" });
      expect(line!.stack).toContain("a bug");
      expect(query).toMatchObject({ path: "/query", error: 'Failed query · "select * from" · code 42P01' });
      expect(JSON.stringify([line, query])).not.toContain("hunter2");
    } finally {
      errors.mockRestore();
    }
  });
});
