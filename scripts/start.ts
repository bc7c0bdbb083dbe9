/**
 * The server: open + migrate + seed the database, serve on PORT. `npm start` builds it (when the
 * build is older than its sources) and runs it compiled, as build/start.js (scripts/launch.mjs,
 * decision 080); the tests and benchmarks may run it from source with tsx.
 * WEB_CONCURRENCY > 1 (PostgreSQL only, decision 039): this process prepares the database, then
 * forks that many workers that share the port and each serve and run the schedules, as copies on
 * separate machines would (every schedule is already once-across-copies); a worker that dies is
 * replaced; SIGTERM stops them all.
 */
import cluster, { type Worker } from "node:cluster";

import { refreshDailyPerformance, startDailyPerformanceScheduler } from "../app/services/analytics/snapshot.server";
import { pruneAuthRecords } from "../app/services/auth/sign-in.server";
import { env, jobMs, OWASP_HASH_COST, passwordHashCost, sessionSecrets } from "../app/services/core/env.server";
import { logInfo, logLine, logWarning } from "../app/services/core/log";
import { serveClusterMetrics } from "../app/services/core/metrics";
import { startPeriodic, stopPeriodicJobs } from "../app/services/core/periodic";
import { logServerError } from "../app/services/core/server-log";
import { getDb } from "../app/services/db/client.server";
import { keepTablesUp, UPKEEP_FIRST_AFTER_MS, UPKEEP_INTERVAL_MS } from "../app/services/db/upkeep.server";
import { createActivity, createPacer } from "../app/services/http/activity";
import { startLegalReminders } from "../app/services/legal/reminders.server";
import { startLegalStatusKeeper } from "../app/services/legal/status-kept.server";
import { deliverDueMail } from "../app/services/mail/outbox.server";
import { startCycleCutter } from "../app/services/money/cycle-cutter.server";
import { runFinanceReports } from "../app/services/money/finance-report.server";
import { startOrderPartitions } from "../app/services/orders/partitions.server";
import { startScheduledRateChanges } from "../app/services/ratecards/scheduled.server";
import { demoSeedWanted } from "../app/services/seed/demo-policy";
import { fillOrderBook } from "../app/services/seed/orders.server";
import { prepareDatabase } from "./prepare-db";
import { createApp, type Lifecycle, shutDown } from "./server";

/** How long a stopping server waits for its requests and job run under way (decision 078). */
const SHUTDOWN_GRACE_MS = 20_000;

/** NODE_ENV as the operator set it: an explicit production start gets no demo accounts. */
const nodeEnvAsked = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";

async function main() {
  const t0 = Date.now();
  if (cluster.isWorker) return serve(t0);
  const config = env(); // validates the whole configuration before anything starts
  if (config.DATABASE_URL && !config.SESSION_SECRET) {
    logWarning(
      "Warning: SESSION_SECRET is not set, so this server signs sessions with a secret of its own (in DATA_DIR). " +
        "Servers sharing this database will not accept each other's sessions: set the same SESSION_SECRET on all of them.",
    );
  }
  const hashCost = passwordHashCost(); // valid: env() checked it
  if (hashCost < OWASP_HASH_COST) {
    logWarning(
      `Warning: PASSWORD_HASH_COST=${hashCost} hashes new passwords below OWASP's scrypt cost (${OWASP_HASH_COST}): for test suites only (decision 038).`,
    );
  }
  await prepareDatabase({
    seedIfEmpty: demoSeedWanted({
      nodeEnvAsked,
      SEED_DEMO: config.SEED_DEMO,
      SEED_IF_EMPTY: process.env.SEED_IF_EMPTY,
    }),
  });
  if (config.WEB_CONCURRENCY === 1) return serve(t0);
  // The workers must sign with one secret: made here, once, before any of them reads it.
  sessionSecrets();
  // A scrape of any worker answers for all of them (decision 078).
  serveClusterMetrics();
  superviseWorkers(config.WEB_CONCURRENCY, t0);
}

/** The primary of WEB_CONCURRENCY > 1: forks the workers, replaces one that dies, stops them all on SIGTERM. */
function superviseWorkers(count: number, t0: number) {
  let stopping: false | "asked" | "failed" = false;
  const listening = new Set<number>();
  const fork = () => cluster.fork();
  let ready = false;
  cluster.on("listening", (worker: Worker) => {
    listening.add(worker.id);
    if (ready) logInfo(`Server process ${worker.process.pid} serving (${listening.size} of ${count}).`);
    else if (listening.size === count) {
      ready = true;
      logInfo(
        `Console ready on http://localhost:${Number(process.env.PORT ?? 3000)} (${count} server processes, started in ${Date.now() - t0} ms)`,
      );
    }
  });
  cluster.on("exit", (worker: Worker, code, signal) => {
    const wasServing = listening.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping === "failed" ? 1 : 0);
      return;
    }
    if (!wasServing) {
      // It could not start (its error is above): another would fail the same way.
      logLine("error", `Server process ${worker.process.pid} could not start (${signal ?? `code ${code}`}): stopping.`);
      stop("failed");
      return;
    }
    logLine("error", `Server process ${worker.process.pid} ended (${signal ?? `code ${code}`}): starting another.`);
    fork();
  });
  for (let i = 0; i < count; i++) fork();
  // Each worker drains itself (decision 078: its requests and job run, at most SHUTDOWN_GRACE_MS);
  // one still there a few seconds after that is ended outright.
  function stop(why: "asked" | "failed") {
    if (stopping) return;
    stopping = why;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(why === "failed" ? 1 : 0);
    for (const worker of workers) worker?.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
    }, SHUTDOWN_GRACE_MS + 5_000).unref();
  }
  process.on("SIGTERM", () => stop("asked"));
  process.on("SIGINT", () => stop("asked"));
}

/** One server process: the app on PORT and the schedules. */
async function serve(t0: number) {
  const activity = createActivity();
  const app = await createApp(undefined, { activity });
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    // With several processes the primary says when all are ready.
    if (!cluster.isWorker) logInfo(`Console ready on http://localhost:${port} (started in ${Date.now() - t0} ms)`);
    // A freshly seeded demo's order book fills in the background, resuming after a restart.
    // The Daily Performance snapshot: refreshed every 15 minutes by one of the servers (decision 030),
    // and once more when a freshly seeded demo's order book has filled.
    startDailyPerformanceScheduler(getDb(), logInfo);
    // COD remittance and billing cycles of the weeks that closed (decision 031): tried every 5
    // minutes, cut by one server at most once an hour; it waits while a demo's book fills.
    startCycleCutter(getDb(), logInfo);
    // The kept Legal Status (decision 036): rows whose days ended (a document came into force
    // at IST midnight) or clients added outside the services, refreshed within the minute.
    startLegalStatusKeeper(getDb(), logInfo);
    // Deadline reminders of mandatory legal documents (decision 062): 3 days and 1 day before,
    // through the outbox, once per seller, document and reminder, by one server at a time.
    startLegalReminders(getDb(), logInfo);
    // Rate changes scheduled for a time (decision 075): what is due is applied once, by one server
    // at a time; quotes and orders already price by it from its time (they lay it over the card).
    startScheduledRateChanges(getDb(), logInfo);
    // The order book's month partitions (decision 085): the current month and the next three made
    // ahead, once across the copies.
    startOrderPartitions(getDb(), logInfo);
    // The embedded database has no autovacuum: the servers vacuum and analyze its tables
    // (decision 041); on a PostgreSQL server with autovacuum this does nothing. Its timer starts
    // when the demo's fill is done: a fill ends with the upkeep (the next run is an interval
    // later); otherwise the first run waits a minute, out of the way of the first pages.
    const keepUp = (added: number) =>
      startPeriodic(
        "table-upkeep",
        async () => {
          const run = await keepTablesUp(getDb());
          if (run.ran) logInfo(`Tables vacuumed and analyzed: ${run.tables} in ${run.ms} ms.`);
        },
        "Table upkeep failed",
        UPKEEP_INTERVAL_MS,
        { firstAfterMs: added > 0 ? UPKEEP_INTERVAL_MS : UPKEEP_FIRST_AFTER_MS },
      );
    // The most recent weeks first, each step in a quiet moment between requests; once those are
    // in (and the Daily Performance snapshot taken again), the steps rest about nineteen times
    // their length while requests come and go at full speed when none has come for a while
    // (decision 077).
    const pacer = createPacer(activity);
    fillOrderBook(getDb(), {
      log: logInfo,
      pace: pacer.pace,
      onRecent: () =>
        refreshDailyPerformance(getDb(), { force: true })
          .then(() => undefined)
          .catch((error) => logServerError(error, "Refreshing the Daily Performance snapshot failed")),
    })
      .catch((error) => {
        logServerError(error, "Filling the demo order book failed");
        return 0;
      })
      .then(async (added) => {
        if (added > 0) logInfo(`Order book fill's steps: ${pacer.summary()}.`);
        keepUp(added);
        if (added > 0) await refreshDailyPerformance(getDb(), { force: true });
      })
      .catch((error) => logServerError(error, "Refreshing the Daily Performance snapshot failed"));
  });
  // Retry e-mail that could not be sent right after its change (the outbox keeps it).
  startPeriodic("mail-outbox", async () => void (await deliverDueMail(getDb())), "Mail delivery run failed", 30_000, {
    firstAfterMs: 30_000,
  });
  // Finance Analytics reports (decision 031): any server takes queued jobs (SKIP LOCKED), including
  // those a stopped server left behind once their lease ran out.
  startPeriodic(
    "finance-reports",
    async () => void (await runFinanceReports(getDb())),
    "Finance report run failed",
    jobMs(60_000),
  );
  // Sign-in attempts and ended sessions are kept a week (decision 003); prune hourly.
  startPeriodic(
    "sign-in-records-prune",
    async () => void (await pruneAuthRecords(getDb())),
    "Pruning sign-in records failed",
    60 * 60 * 1000,
  );
  // Idle keep-alive connections stay open longer than a load balancer's (60 s) and than a
  // client's pause between requests: with Node's 5 s default, a client reusing a connection just
  // as the server closed it got ECONNRESET (seen once in CI, on a download after a pause).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  // SIGTERM (an orchestrator, the primary of WEB_CONCURRENCY) or SIGINT: drain, then exit 0 (decision 078).
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    shutDown(server, app.locals.lifecycle as Lifecycle, { graceMs: SHUTDOWN_GRACE_MS, stopJobs: stopPeriodicJobs })
      .then(() => process.exit(0))
      .catch((error) => {
        logServerError(error, "Stopping failed");
        process.exit(1);
      });
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  logServerError(error, "The console could not start");
  process.exit(1);
});
