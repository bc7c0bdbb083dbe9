/**
 * The server's Prometheus metrics (decision 078), one registry per process, served by
 * `GET /metrics` (scripts/server.ts). Labels are bounded: a Remix route id (never a URL), a
 * status, a job's name, an outcome. Kept on globalThis: the server script (run from source) and
 * the built bundle each load this module, and must count into one registry.
 *
 * What needs the database at scrape time (the outbox's depth, the pool's connections) is read
 * through `sources`, which the server fills in: core/ imports nothing of ours.
 *
 * With WEB_CONCURRENCY > 1 each server process counts its own requests, and a scrape lands on
 * whichever process the connection reached: `scrapeMetrics` asks the primary, which gathers every
 * process's registry through prom-client's AggregatorRegistry and answers with their sum (a
 * process's gauge of a shared thing — the outbox — is taken once, not summed).
 */
import cluster from "node:cluster";

import { AggregatorRegistry, collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";

export type PoolStats = { total: number; idle: number; waiting: number };

export type ConsoleMetrics = {
  registry: Registry;
  httpRequests: Histogram<"route" | "method" | "status">;
  dbWait: Histogram<"driver">;
  jobRuns: Histogram<"job" | "outcome">;
  signInFailures: Counter<"reason">;
  /** Read when scraped; unset (no database yet) reports nothing. */
  sources: { outboxDepth?: () => Promise<number>; pool?: () => PoolStats | null };
};

const KEY = Symbol.for("shipping-console.metrics");
const globalMetrics = globalThis as { [KEY]?: ConsoleMetrics };

/** Request and job durations, 5 ms to 2 minutes (a finance report or an upkeep run takes long). */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];
/** Waits for the database: from a tenth of a millisecond (no one ahead) to seconds (a long transaction ahead). */
const WAIT_BUCKETS = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

function create(): ConsoleMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "console_" });
  const sources: ConsoleMetrics["sources"] = {};
  const metrics: ConsoleMetrics = {
    registry,
    sources,
    httpRequests: new Histogram({
      name: "console_http_request_duration_seconds",
      help: "HTTP requests by Remix route id (static: a file; ops: none), method and status, and how long they took to their last byte.",
      labelNames: ["route", "method", "status"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    dbWait: new Histogram({
      name: "console_db_wait_seconds",
      help: "How long a query waited for the database before it ran: PGlite's lock (it runs one at a time), or a connection from the PostgreSQL pool.",
      labelNames: ["driver"],
      buckets: WAIT_BUCKETS,
      registers: [registry],
    }),
    jobRuns: new Histogram({
      name: "console_job_run_duration_seconds",
      help: "Runs of the periodic jobs by job and outcome (ok, failed), and how long each took.",
      labelNames: ["job", "outcome"],
      buckets: DURATION_BUCKETS,
      registers: [registry],
    }),
    signInFailures: new Counter({
      name: "console_sign_in_failures_total",
      help: "Staff sign-ins refused, by reason: bad_credentials (wrong e-mail, password or role) or rate_limited (the limits or a full hashing queue).",
      labelNames: ["reason"],
      registers: [registry],
    }),
  };
  new Gauge({
    name: "console_mail_outbox_depth",
    help: "E-mails in the outbox not yet sent (waiting for their first try or a retry).",
    registers: [registry],
    // Every process reads the same outbox: across processes the depth is one reading, not a sum.
    aggregator: "max",
    async collect() {
      if (sources.outboxDepth) this.set(await sources.outboxDepth());
    },
  });
  new Gauge({
    name: "console_db_pool_connections",
    help: "The PostgreSQL pool's connections by state (total, idle) and the queries waiting for one (waiting).",
    labelNames: ["state"],
    registers: [registry],
    collect() {
      const stats = sources.pool?.();
      if (!stats) return;
      this.set({ state: "total" }, stats.total);
      this.set({ state: "idle" }, stats.idle);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  return metrics;
}

/** This process's metrics. */
export function consoleMetrics(): ConsoleMetrics {
  return (globalMetrics[KEY] ??= createForProcess());
}

function createForProcess(): ConsoleMetrics {
  const metrics = create();
  if (cluster.isWorker) {
    // The primary's AggregatorRegistry asks each worker for these (not prom-client's global registry).
    new AggregatorRegistry();
    AggregatorRegistry.setRegistries([metrics.registry]);
  }
  return metrics;
}

const ASK = "console:metrics-ask";
const ANSWER = "console:metrics-answer";
type Ask = { type: typeof ASK; id: number };
type Answer = { type: typeof ANSWER; id: number; text?: string; error?: string };
/** How long a scrape waits for the primary's sum before it fails (prom-client waits 5 s per worker). */
const ASK_TIMEOUT_MS = 10_000;

/** The primary of WEB_CONCURRENCY > 1: answers a worker's scrape with every worker's metrics summed. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on("message", (worker, message: Partial<Ask>) => {
    if (message?.type !== ASK || typeof message.id !== "number") return;
    const id = message.id;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: ANSWER, id, text } satisfies Answer),
      (error: unknown) => worker.send({ type: ANSWER, id, error: String(error) } satisfies Answer),
    );
  });
}

let asked = 0;

/** What `GET /metrics` answers: this process's metrics, or, in a worker, every worker's summed by the primary. */
export async function scrapeMetrics(): Promise<{ text: string; contentType: string }> {
  const { registry } = consoleMetrics();
  const send = process.send?.bind(process);
  if (!cluster.isWorker || !send) return { text: await registry.metrics(), contentType: registry.contentType };
  const id = ++asked;
  const text = await new Promise<string>((resolve, reject) => {
    const onMessage = (message: Partial<Answer>) => {
      if (message?.type !== ANSWER || message.id !== id) return;
      finish();
      if (typeof message.text === "string") resolve(message.text);
      else reject(new Error(`metrics of the server processes: ${message.error ?? "no answer"}`));
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`metrics of the server processes: no answer in ${ASK_TIMEOUT_MS} ms`));
    }, ASK_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      process.off("message", onMessage);
    };
    process.on("message", onMessage);
    send({ type: ASK, id } satisfies Ask);
  });
  return { text, contentType: registry.contentType };
}
