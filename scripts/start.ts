/**
 * `npm start`: build if needed, open + migrate + seed the database, serve on PORT.
 */
import { execSync } from "node:child_process";
import { existsSync, statSync, readdirSync } from "node:fs";
import path from "node:path";
import { logServerError } from "../app/services/core/server-log";
import { pruneAuthRecords } from "../app/services/auth/sign-in.server";
import { getDb } from "../app/services/db/client.server";
import { env, OWASP_HASH_COST, passwordHashCost } from "../app/services/core/env.server";
import { deliverDueMail } from "../app/services/mail/outbox.server";
import { demoSeedWanted } from "../app/services/seed/demo-policy";
import { fillOrderBook } from "../app/services/seed/orders.server";
import { runFinanceReportsSoon } from "../app/services/money/finance-report.server";
import { startCycleCutter } from "../app/services/money/cycle-cutter.server";
import { startLegalStatusKeeper } from "../app/services/legal/status-kept.server";
import { refreshDailyPerformance, startDailyPerformanceScheduler } from "../app/services/analytics/snapshot.server";
import { prepareDatabase } from "./prepare-db";
import { createApp } from "./server";

/** NODE_ENV as the operator set it: an explicit production start gets no demo accounts. */
const nodeEnvAsked = process.env.NODE_ENV;
process.env.NODE_ENV ??= "production";

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function buildIfNeeded() {
  const serverEntry = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
  const stale = !existsSync(serverEntry) || newestMtime(path.resolve("app")) > statSync(serverEntry).mtimeMs;
  if (stale) {
    console.log("Building the console…");
    execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  }
}

async function main() {
  const t0 = Date.now();
  const config = env(); // validates the whole configuration before anything starts
  if (config.DATABASE_URL && !config.SESSION_SECRET) {
    console.warn(
      "Warning: SESSION_SECRET is not set, so this server signs sessions with a secret of its own (in DATA_DIR). " +
        "Servers sharing this database will not accept each other's sessions: set the same SESSION_SECRET on all of them.",
    );
  }
  const hashCost = passwordHashCost(); // valid: env() checked it
  if (hashCost < OWASP_HASH_COST) {
    console.warn(`Warning: PASSWORD_HASH_COST=${hashCost} hashes new passwords below OWASP's scrypt cost (${OWASP_HASH_COST}): for test suites only (decision 038).`);
  }
  if (process.env.SKIP_BUILD !== "true") buildIfNeeded();
  await prepareDatabase({ seedIfEmpty: demoSeedWanted({ nodeEnvAsked, SEED_DEMO: config.SEED_DEMO, SEED_IF_EMPTY: process.env.SEED_IF_EMPTY }) });
  const app = await createApp();
  const port = Number(process.env.PORT ?? 3000);
  const host = process.env.HOST ?? "0.0.0.0";
  const server = app.listen(port, host, () => {
    console.log(`Console ready on http://localhost:${port} (started in ${Date.now() - t0} ms)`);
    // A freshly seeded demo's order book fills in the background, resuming after a restart.
    // The Daily Performance snapshot: refreshed every 15 minutes by one of the servers (issue 15),
    // and once more when a freshly seeded demo's order book has filled.
    startDailyPerformanceScheduler(getDb(), (line) => console.log(line));
    // COD remittance and billing cycles of the weeks that closed (decision 031): tried every 5
    // minutes, cut by one server at most once an hour; it waits while a demo's book fills.
    startCycleCutter(getDb(), (line) => console.log(line));
    // The kept Legal Status (decision 036): rows whose days ended (a document came into force
    // at IST midnight) or clients added outside the services, refreshed within the minute.
    startLegalStatusKeeper(getDb(), (line) => console.log(line));
    fillOrderBook(getDb(), (line) => console.log(line))
      .then((added) => (added > 0 ? refreshDailyPerformance(getDb(), { force: true }) : null))
      .catch((error) => logServerError(error, "Filling the demo order book failed"));
  });
  // Retry e-mail that could not be sent right after its change (the outbox keeps it).
  const mailTimer = setInterval(() => {
    deliverDueMail(getDb()).catch((error) => logServerError(error, "Mail delivery run failed"));
  }, 30_000);
  mailTimer.unref();
  // Finance Analytics reports (issue 17): any server takes queued jobs (SKIP LOCKED), including
  // those a stopped server left behind once their lease ran out.
  const financeTimer = setInterval(() => runFinanceReportsSoon(getDb()), 60_000);
  financeTimer.unref();
  runFinanceReportsSoon(getDb());
  // Sign-in attempts and ended sessions are kept a week (decision 003); prune hourly.
  const prune = () => pruneAuthRecords(getDb()).catch((error) => logServerError(error, "Pruning sign-in records failed"));
  void prune();
  setInterval(prune, 60 * 60 * 1000).unref();
  // Idle keep-alive connections stay open longer than a load balancer's (60 s) and than a
  // client's pause between requests: with Node's 5 s default, a client reusing a connection just
  // as the server closed it got ECONNRESET (seen once in CI, on a download after a pause).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error) => {
  logServerError(error, "The console could not start");
  process.exit(1);
});
