/**
 * The HTTP server: Express with the Remix request handler. We run our own small server
 * instead of `remix-serve` so the load context can carry the client's address (sign-in
 * rate limits) and so the database is opened, migrated and seeded in the same process
 * before the first request (docs/decisions/003-own-server.md).
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { runInRequestScope } from "../app/services/http/request-scope.server";

export async function createApp(buildDir = path.resolve(process.env.BUILD_DIR ?? "build")) {
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", process.env.TRUST_PROXY === "true");
  // Level 3: about half the CPU of the default (6) for ~10 % larger HTML — pages are
  // rendered per request, so compression is on every request's critical path.
  app.use(compression({ level: 3 }));
  app.use((_req, res, next) => {
    reportServerTime(res);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "DENY");
    next();
  });
  app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
  // Static files all have an extension (favicon.svg): pages skip the file system lookup.
  const publicFiles = express.static(path.join(buildDir, "client"), { maxAge: "1h" });
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  const remix = createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown" }),
  });
  // A page's loaders share what they look up once (the session, the client). Only reads get a
  // scope: after a form post's action the loaders must see what the action changed.
  app.all("*", (req, res, next) => (req.method === "GET" || req.method === "HEAD" ? runInRequestScope(() => remix(req, res, next)) : remix(req, res, next)));
  return app;
}

/**
 * `Server-Timing: app;dur=…`: the milliseconds from the request's arrival to its response
 * headers. A page is answered as one body (app/entry.server.tsx), so this is the whole
 * server-side work — loaders and render — without the network. Browsers show it in their
 * developer tools; scripts/bench-ratecard-page.ts reports it.
 */
function reportServerTime(res: express.Response) {
  const started = process.hrtime.bigint();
  const writeHead = res.writeHead;
  res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
    if (!this.headersSent) this.setHeader("Server-Timing", `app;dur=${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(1)}`);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}
