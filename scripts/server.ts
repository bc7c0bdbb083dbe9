/**
 * The HTTP server: Express with the Remix request handler. We run our own small server
 * instead of `remix-serve` so the load context can carry the client's address (sign-in
 * rate limits) and so the database is opened, migrated and seeded in the same process
 * before the first request (docs/decisions/003-own-server-and-sessions.md).
 */
import { randomBytes } from "node:crypto";
import type http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import zlib from "node:zlib";

import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type ServerBuild,
  writeReadableStreamToWritable,
} from "@remix-run/node";
import compression from "compression";
import express from "express";

import { env } from "../app/services/core/env.server";
import { logLine, logWarning, runWithRequestLog } from "../app/services/core/log";
import { consoleMetrics, scrapeMetrics } from "../app/services/core/metrics";
import { errorLine, queryFailureLine } from "../app/services/core/server-log";
import { closeAnalyticsDb, getDb, processDb } from "../app/services/db/client.server";
import { type Readiness, readinessChecker } from "../app/services/db/readiness.server";
import type { Activity } from "../app/services/http/activity";
import { bearerMatches, requestIdFor, routeIdFinder } from "../app/services/http/operations";
import { contentSecurityPolicy, edgeRefusal, MESSAGES } from "../app/services/http/request-edge";
import { runInRequestScope } from "../app/services/http/request-scope.server";
import { mailDeliverySettled, outboxDepth } from "../app/services/mail/outbox.server";
import { COMPRESSIBLE, precompressedFiles } from "./lib/precompress";

/**
 * HSTS (decision 018), on a request that came over TLS only: `req.secure` believes
 * `X-Forwarded-Proto` only with TRUST_PROXY (a client cannot forge it otherwise), and on plain
 * http the header means nothing to a browser (RFC 6797, section 8.1). A year, the usual minimum (and
 * what preload lists ask); `includeSubDomains` because a plain-http host under the console's
 * name could otherwise be used by a network attacker to plant cookies for it. Not `preload`:
 * that commits the whole domain, the owner's choice.
 */
export const STRICT_TRANSPORT_SECURITY = "max-age=31536000; includeSubDomains";

/**
 * A server's state for operations (decision 078): `draining` once it was asked to stop (`/readyz`
 * answers 503, answers close their connection), and the requests under way.
 */
export type Lifecycle = { draining: boolean; inFlight: number };

export type AppOptions = {
  trustProxy?: boolean;
  /** `GET /metrics`' bearer token; unset, the endpoint is off (404). */
  metricsToken?: string;
  /** Whether this server can serve (the database answers and is migrated); a test may give its own. */
  readiness?: () => Promise<Readiness>;
  /** Requests in flight, for background work that waits for a quiet moment (decision 077). */
  activity?: Activity;
};

export async function createApp(
  buildDir = path.resolve(process.env.BUILD_DIR ?? "build"),
  {
    trustProxy = process.env.TRUST_PROXY === "true",
    metricsToken = env().METRICS_TOKEN,
    readiness = readinessChecker(getDb),
    activity,
  }: AppOptions = {},
) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  const lifecycle: Lifecycle = { draining: false, inFlight: 0 };
  app.locals.lifecycle = lifecycle;
  const routeIdOf = routeIdFinder(build.routes);
  const metrics = consoleMetrics();
  metrics.sources.outboxDepth = () => outboxDepth(getDb());
  metrics.sources.pool = () => processDb().poolStats?.() ?? null;
  // Repeated slashes in a path, collapsed once before anything reads it, as Remix's router would
  // collapse them: the log, the metrics' route id and the page agree, and the router prints no
  // plain-text warning into a log of JSON lines (decision 078).
  app.use((req, _res, next) => {
    if (req.url.includes("//")) req.url = req.originalUrl = req.url.replace(/^[^?]*/, (p) => p.replace(/\/{2,}/g, "/"));
    next();
  });
  // First: every answer gets its request id; the probes answer at once; the rest is logged and counted.
  app.use(operations({ lifecycle, metricsToken, readiness, routeIdOf }));
  // Requests in flight, for background work that waits for a quiet moment (decision 077).
  if (activity)
    app.use((_req, res, next) => {
      res.once("close", activity.begin());
      next();
    });
  // Pages and their data are compressed whole by the Remix handler (sendWhole); this compresses
  // what is streamed (downloads, plain answers) at level 3: about half the CPU of the default (6)
  // for ~10 % larger output. Static files (they have an extension) are never compressed here:
  // the build did it once.
  app.use(compression({ level: 3, filter: (req, res) => !path.extname(req.path) && compression.filter(req, res) }));
  app.use((req, res, next) => {
    reportServerTime(res);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    if (req.secure) res.setHeader("Strict-Transport-Security", STRICT_TRANSPORT_SECURITY);
    next();
  });
  // Static files are sent as the build compressed them (brotli or gzip, scripts/lib/precompress.ts);
  // the compression middleware leaves a response that already has a Content-Encoding alone.
  const clientDir = path.join(buildDir, "client");
  const variants = precompressedFiles(clientDir);
  const varyOnCompressible = (res: express.Response, file: string) => {
    if (variants.has(`${file}.br`) || variants.has(`${file}.gz`)) res.setHeader("Vary", "Accept-Encoding");
  };
  app.use("/assets", precompressed(path.join(clientDir, "assets"), variants, { immutable: true, maxAge: "1y" }));
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", setHeaders: varyOnCompressible }),
  );
  // Static files all have an extension (favicon.svg): pages skip the file system lookup.
  const publicCompressed = precompressed(clientDir, variants, { maxAge: "1h" });
  const publicFiles = express.static(clientDir, { maxAge: "1h", setHeaders: varyOnCompressible });
  app.use((req, res, next) =>
    path.extname(req.path) ? publicCompressed(req, res, () => publicFiles(req, res, next)) : next(),
  );
  app.use(forwardedForWarning(trustProxy));
  app.use(requestEdge(trustProxy));
  const remix = remixHandler(build, routeIdOf);
  // A page's loaders share what they look up once (the session, the client). Only reads get a
  // scope: after a form post's action the loaders must see what the action changed.
  app.all("*", (req, res, next) =>
    req.method === "GET" || req.method === "HEAD"
      ? runInRequestScope(() => remix(req, res, next))
      : remix(req, res, next),
  );
  app.use(lastErrorHandler);
  return app;
}

/**
 * What no handler answered with (Express's own would print a bare stack to stderr, breaking the
 * log's one JSON object a line, decision 078). A browser that drops a request before its file is
 * sent — Chromium cancels the scripts a page it left no longer needs — is not an error: nothing is
 * logged beyond the request's own line. An error with an HTTP status of 4xx (a malformed path)
 * answers that status; anything else is logged as one line and answers 500 with the request id
 * staff can quote, as the error pages do.
 */
export const lastErrorHandler: express.ErrorRequestHandler = (error: unknown, req, res, _next) => {
  const { code, status, statusCode } = (error ?? {}) as { code?: unknown; status?: unknown; statusCode?: unknown };
  if (code === "ECONNABORTED" || req.socket.destroyed) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const given = typeof status === "number" ? status : typeof statusCode === "number" ? statusCode : 500;
  const answer = given >= 400 && given < 600 ? given : 500;
  if (answer >= 500) {
    // A failed query only by its statement and code: its message and stack repeat the values (core/server-log.ts).
    logLine("error", "unhandled error", {
      path: req.path,
      error: errorLine(error),
      stack: !queryFailureLine(error) && error instanceof Error ? error.stack : undefined,
    });
  }
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res
    .status(answer)
    .type("text/plain")
    .send(
      answer >= 500
        ? `Something went wrong on our side. Request id: ${String(res.locals.requestId ?? "")}`
        : "The request could not be understood.",
    );
};

/**
 * Remix behind Express: what @remix-run/express does, plus a body the edge already read (a
 * multipart form it checked) and the CSP nonce in the load context.
 */
function remixHandler(build: ServerBuild, routeIdOf: (pathname: string) => string): express.RequestHandler {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  return async (req, res, next) => {
    res.locals.routeId = routeIdOf(req.path);
    try {
      const controller = new AbortController();
      res.on("close", () => !res.writableFinished && controller.abort());
      const host = req.get("X-Forwarded-Host") ?? req.get("Host") ?? "localhost";
      const port = /:(\d+)$/.exec(host)?.[1];
      const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}${req.originalUrl}`);
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) for (const v of value) headers.append(name, v);
        else if (value !== undefined) headers.set(name, value);
      }
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const read = res.locals.body as Uint8Array<ArrayBuffer> | undefined;
      const body = hasBody ? (read ?? createReadableStreamFromReadable(req)) : undefined;
      const request = new Request(url, {
        method: req.method,
        headers,
        body,
        signal: controller.signal,
        ...(hasBody ? { duplex: "half" } : {}),
      } as RequestInit);
      const context = {
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce as string,
        requestId: res.locals.requestId as string,
        // A page loaded as a document, not Remix's data (`….data`): its HTML rows are sent once (app/ui/sent-rows.ts).
        documentRequest: !req.path.endsWith(".data"),
      };
      const response = await handle(request, context);
      res.statusMessage = response.statusText;
      res.status(response.status);
      // One field per header: the route's value replaces one the server set before it (appended,
      // a file response's own nosniff went out twice). `entries()` gives each cookie on its own.
      for (const [name, value] of response.headers.entries())
        if (name === "set-cookie") res.append(name, value);
        else res.setHeader(name, value);
      if (
        response.body &&
        WHOLE_BODY.test(response.headers.get("Content-Type") ?? "") &&
        !response.headers.has("Content-Encoding")
      ) {
        await sendWhole(req, res, Buffer.from(await response.arrayBuffer()));
      } else if (response.body) await writeReadableStreamToWritable(response.body, res);
      else res.end();
    } catch (error) {
      next(error);
    }
  };
}

/** Answers of the probes and the metrics: never cached, never sniffed. */
const PROBE_HEADERS = { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Operations (decision 078), before anything else of the server:
 * - `X-Request-Id` on every answer: the incoming one when it is a safe short token, else a new
 *   one; Remix's load context carries it to the error pages, which show it;
 * - `GET /healthz` (the process answers), `GET /readyz` (the database answers and is migrated,
 *   and the server is not stopping), `GET /metrics` (Prometheus' text, with the bearer token of
 *   METRICS_TOKEN; unset, 404): answered here, so no session, CSRF check, sign-in limit or
 *   route runs for them, and they are neither logged nor counted (a probe every few seconds
 *   would drown the requests);
 * - every other request is one JSON log line when it ends — route id, method, path without its
 *   query string, status, duration, who asked — and one observation of the request histogram.
 */
function operations({
  lifecycle,
  metricsToken,
  readiness,
  routeIdOf,
}: {
  lifecycle: Lifecycle;
  metricsToken: string | undefined;
  readiness: () => Promise<Readiness>;
  routeIdOf: (pathname: string) => string;
}): express.RequestHandler {
  const metrics = consoleMetrics();
  const probes: Record<string, (req: express.Request, res: express.Response) => void | Promise<void>> = {
    "/healthz": (_req, res) => void res.status(200).set(PROBE_HEADERS).type("text/plain").send("ok"),
    "/readyz": async (_req, res) => {
      const state: Readiness = lifecycle.draining
        ? { ready: false, reason: "the server is stopping" }
        : await readiness();
      res
        .status(state.ready ? 200 : 503)
        .set(PROBE_HEADERS)
        .type("text/plain")
        .send(state.ready ? "ready" : `not ready: ${state.reason}`);
    },
    "/metrics": async (req, res) => {
      if (!metricsToken) return void res.status(404).set(PROBE_HEADERS).type("text/plain").send("Not found");
      if (!bearerMatches(req.get("Authorization"), metricsToken))
        return void res
          .status(401)
          .set({ ...PROBE_HEADERS, "WWW-Authenticate": 'Bearer realm="metrics"' })
          .type("text/plain")
          .send("A bearer token is required.");
      const { text, contentType } = await scrapeMetrics();
      res.status(200).set(PROBE_HEADERS).type(contentType).send(text);
    },
  };
  return (req, res, next) => {
    const requestId = requestIdFor(req.headers["x-request-id"]);
    res.locals.requestId = requestId;
    res.setHeader("X-Request-Id", requestId);
    // A stopping server ends each connection after its answer (the client opens a new one elsewhere).
    if (lifecycle.draining) res.setHeader("Connection", "close");
    const probe = req.method === "GET" || req.method === "HEAD" ? probes[req.path] : undefined;
    if (probe) {
      Promise.resolve(probe(req, res)).catch(next);
      return;
    }
    const started = performance.now();
    const context = { requestId } as { requestId: string; staffId?: number; clientId?: number };
    lifecycle.inFlight++;
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      lifecycle.inFlight--;
      const seconds = (performance.now() - started) / 1000;
      const route =
        (res.locals.routeId as string | undefined) ?? (path.extname(req.path) ? "static" : routeIdOf(req.path));
      const status = res.writableFinished ? String(res.statusCode) : "aborted";
      const method = METHODS.has(req.method) ? req.method : "other";
      metrics.httpRequests.observe({ route, method, status }, seconds);
      logLine(res.statusCode >= 500 ? "error" : "info", "request", {
        request_id: requestId,
        method,
        route,
        path: req.path,
        status: res.writableFinished ? res.statusCode : "aborted",
        duration_ms: Math.round(seconds * 10_000) / 10,
        staff_id: context.staffId,
        client_id: context.clientId,
      });
    };
    res.on("finish", end);
    res.on("close", end);
    runWithRequestLog(context, next);
  };
}

/** How often a stopping server looks for connections fallen idle (`closeWhenIdle`). */
export const IDLE_SWEEP_MS = 100;

/**
 * Stops accepting connections and ends each open one as soon as it has no request under way:
 * the idle ones at once, the others once their answer is sent. A request that began before the
 * stop was answered with keep-alive (its `Connection: close` is for requests that begin while
 * draining), and the client may leave that connection idle in its pool: without the sweep it
 * would hold `server.close` for the whole keep-alive timeout (65 s here, past any grace).
 * Resolves when the last connection has closed.
 */
export function closeWhenIdle(server: http.Server, sweepMs = IDLE_SWEEP_MS): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const sweep = setInterval(() => server.closeIdleConnections(), sweepMs);
  sweep.unref();
  return closed.finally(() => clearInterval(sweep));
}

/**
 * Stops a server as an orchestrator asks (SIGTERM, decision 078): `/readyz` answers 503 and the
 * server accepts no new connection; the requests under way finish (their connections close after
 * the answer, idle ones at once), so do the run of a periodic job under way (`stopJobs`) and the
 * e-mail deliveries under way; whatever is still going after `graceMs` is cut. Then the database closes. Resolves when done.
 */
export async function shutDown(
  server: http.Server,
  lifecycle: Lifecycle,
  { graceMs = 20_000, stopJobs }: { graceMs?: number; stopJobs: () => Promise<void> },
): Promise<{ cut: boolean }> {
  lifecycle.draining = true;
  logLine("info", "Stopping: finishing the requests and the job runs under way", {
    in_flight: lifecycle.inFlight,
    grace_ms: graceMs,
  });
  const closed = closeWhenIdle(server);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), graceMs);
  });
  // The e-mails requests have just committed may be going out (deliverSoon): a delivery cut between
  // sending and marking would send its message again after its lease.
  const finished = await Promise.race([
    Promise.all([closed, stopJobs(), mailDeliverySettled(graceMs)]).then(() => "done" as const),
    late,
  ]);
  clearTimeout(timer);
  const cut = finished === "late";
  if (cut) {
    logLine("warn", "Stopping: the grace period ended; cutting what is still under way", {
      in_flight: lifecycle.inFlight,
    });
    server.closeAllConnections();
  }
  await Promise.all([processDb().close(), closeAnalyticsDb()]);
  logLine("info", "Stopped", { cut });
  return { cut };
}

/** Pages and their data (`.data`): complete when Remix answers (our loaders never defer). */
const WHOLE_BODY = /^text\/(html|x-script)\b/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Which content codings an `Accept-Encoding` header takes (`q=0` refuses one; `*` stands for the rest). */
function acceptsEncoding(accept: string | undefined): (coding: string) => boolean {
  const offered = new Map<string, number>();
  for (const part of (accept ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  return (coding) => (offered.get(coding) ?? (offered.has("*") ? offered.get("*")! : 0)) > 0;
}

/**
 * A page answered as one body (decisions 048 and 050): brotli at PAGE_BROTLI_QUALITY, else gzip
 * at level 1, in one call. A page of up to SYNC_COMPRESS_MAX is compressed right here: on the thread pool
 * the call costs more than the compression (the stream, the encoder set up on this thread, the
 * hand-over and its callback: All Users' 48 KB took ~450 µs of CPU at quality 2 on the pool
 * against ~145 µs at quality 1 here, for 11.8 KB instead of 10.8). A larger body (a long
 * table's `.data`) goes to the pool, so that this thread is not held for milliseconds.
 */
const SYNC_COMPRESS_MAX = 256 * 1024;
/**
 * Brotli's quality for pages (decision 080): the lowest that comes out no larger than gzip 1 on
 * every page measured (scripts/bench-compression.ts, 13 pages): quality 1 was larger on 9 of
 * them, 2 on the sign-in page; 3 is 9 % smaller than gzip 1 in all for ~1.4× its CPU (~0.1 ms a
 * page more than quality 1).
 */
export const PAGE_BROTLI_QUALITY = 3;
const brotliOptions = (size: number): zlib.BrotliOptions => ({
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
  },
});
/** A whole body in brotli or gzip: here up to `syncMax` bytes, on the thread pool above it. */
export async function compressWhole(
  body: Buffer,
  encoding: "br" | "gzip",
  syncMax = SYNC_COMPRESS_MAX,
): Promise<Buffer> {
  const sync = body.length <= syncMax;
  if (encoding === "br")
    return sync ? zlib.brotliCompressSync(body, brotliOptions(body.length)) : brotli(body, brotliOptions(body.length));
  return sync ? zlib.gzipSync(body, { level: 1 }) : gzip(body, { level: 1 });
}

async function sendWhole(req: express.Request, res: express.Response, body: Buffer) {
  const accepts = acceptsEncoding(req.get("Accept-Encoding"));
  const encoding = body.length < 1024 ? null : accepts("br") ? "br" : accepts("gzip") ? "gzip" : null;
  res.vary("Accept-Encoding");
  if (!encoding) {
    res.setHeader("Content-Length", body.length);
    res.end(body);
    return;
  }
  const out = await compressWhole(body, encoding);
  res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", out.length);
  res.end(out);
}

/**
 * The request edge (docs/decisions/018-request-edge.md), in front of every answer Remix gives:
 * methods, same-origin POSTs, form bodies and their size (app/services/http/request-edge.ts)
 * are refused here with a plain sentence — no route runs, nothing is logged. Every answer
 * then carries a Content-Security-Policy with its own nonce (the document's inline scripts
 * get it through the load context) and `Cache-Control: no-store`: signed-in pages, `.data`
 * responses and downloads must not stay in a browser's or a proxy's cache.
 */
export function requestEdge(trustProxy: boolean): express.RequestHandler {
  return async (req, res, next) => {
    // Behind no proxy, X-Forwarded-Host is whatever the client says: neither our check nor
    // Remix's (which prefers it to Host) nor the request URL may believe it.
    if (!trustProxy) delete req.headers["x-forwarded-host"];
    const refusal =
      edgeRefusal({ method: req.method, path: req.path, headers: req.headers }, trustProxy) ?? chunkedRefusal(req);
    if (refusal) return refuse(res, refusal);
    // A multipart form is read here, whole (at most its capped length), and parsed once: a
    // malformed one is the sender's mistake (400), not a route's crash (500).
    if (req.method === "POST" && /^multipart\/form-data/i.test(req.get("Content-Type") ?? "")) {
      let body: Uint8Array<ArrayBuffer>;
      try {
        body = await readBody(req);
      } catch {
        return void res.destroy(); // the sender went away mid-body
      }
      try {
        await new Response(body, { headers: { "Content-Type": req.get("Content-Type")! } }).formData();
      } catch {
        return refuse(res, { status: 400, message: MESSAGES.badMultipart });
      }
      res.locals.body = body;
    }
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    beforeHeaders(res, () => res.setHeader("Cache-Control", "no-store"));
    next();
  };
}

export const UNTRUSTED_FORWARDING_WARNING =
  "Warning: requests carry X-Forwarded-For but TRUST_PROXY is not set, so every person seems to come from the proxy's " +
  "address and shares one sign-in limit. Behind a load balancer or proxy, set TRUST_PROXY=true (README, In production).";

/**
 * Without TRUST_PROXY the client address is the socket's: behind a proxy every person shares
 * the proxy's, and the sign-in limits per address count them all as one (decision 060). A
 * server cannot tell at start that a proxy stands in front of it, so the first request that
 * carries X-Forwarded-For while TRUST_PROXY is unset logs one warning; nothing else changes.
 */
export function forwardedForWarning(
  trustProxy: boolean,
  warn: (message: string) => void = logWarning,
): express.RequestHandler {
  let warned = trustProxy;
  return (req, _res, next) => {
    if (!warned && req.headers["x-forwarded-for"] !== undefined) {
      warned = true;
      warn(UNTRUSTED_FORWARDING_WARNING);
    }
    next();
  };
}

function refuse(res: express.Response, refusal: { status: number; message: string; headers?: Record<string, string> }) {
  res
    .status(refusal.status)
    .set({ ...refusal.headers, "Cache-Control": "no-store" })
    .type("text/plain")
    .send(refusal.message);
}

function readBody(req: express.Request): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    req.on("error", reject);
    req.on("aborted", () => reject(new Error("aborted")));
  });
}

/**
 * A POST body without Content-Length (chunked) could not be capped before it is read; every
 * browser sends the length of a form, so such a body is refused (411).
 */
function chunkedRefusal(req: express.Request) {
  if (
    req.method !== "POST" ||
    req.headers["content-length"] !== undefined ||
    req.headers["transfer-encoding"] === undefined
  )
    return null;
  return { status: 411 as const, message: "Send the request with a Content-Length header.", headers: undefined };
}

/** Runs `fn` just before the response's headers are written, after the route set its own. */
function beforeHeaders(res: express.Response, fn: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) fn();
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

/**
 * `Server-Timing: app;dur=…`: the milliseconds from the request's arrival to its response
 * headers. A page is answered as one body (app/entry.server.tsx), so this is the whole
 * server-side work — loaders and render — without the network. Browsers show it in their
 * developer tools; scripts/bench-ratecard-page.ts reports it.
 */
function reportServerTime(res: express.Response) {
  const started = process.hrtime.bigint();
  beforeHeaders(res, () =>
    res.setHeader("Server-Timing", `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}`),
  );
}

/**
 * Sends `file.br` or `file.gz` for a request of `file` when the browser accepts that encoding
 * and the build made one (known from one directory walk at start-up: no file system lookup
 * per request). Anything else falls through to express.static.
 */
export function precompressed(
  root: string,
  variants: Set<string>,
  opts: { maxAge: string; immutable?: boolean },
): express.RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !COMPRESSIBLE.test(req.path)) return next();
    let rel: string;
    try {
      rel = decodeURIComponent(req.path);
    } catch {
      return next();
    }
    const file = path.join(root, path.normalize(rel));
    if (!file.startsWith(root + path.sep)) return next();
    const accepts = acceptsEncoding(req.get("Accept-Encoding"));
    const encoding =
      accepts("br") && variants.has(`${file}.br`)
        ? "br"
        : accepts("gzip") && variants.has(`${file}.gz`)
          ? "gzip"
          : null;
    if (!encoding) return next();
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Vary", "Accept-Encoding");
    res.type(path.extname(file));
    res.sendFile(
      `${file}.${encoding === "br" ? "br" : "gz"}`,
      { maxAge: opts.maxAge, immutable: opts.immutable ?? false, dotfiles: "deny" },
      (err) => {
        if (err) next(err);
      },
    );
  };
}
