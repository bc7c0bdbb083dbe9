/**
 * For benchmarks: a seeded data folder with the big rate card, and production servers started
 * on it (`scripts/start.ts`, as `npm start` runs), signed in as the demo vp, with the server
 * process's CPU time and each response's Server-Timing read back.
 */
import { spawn } from "node:child_process";
import { openSync, readFileSync } from "node:fs";
import { cp, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { openPglite, openPostgres } from "../../app/services/db/client.server";
import { isSeeded, seedDemoData } from "../../app/services/seed/seed.server";
import { giveFirstClientABigCard } from "./big-card";
import { serverNodeArgs } from "./server-node.mjs";

/**
 * A demo database in a temporary folder; `clientId` has 25 couriers × 4 shipment types × 2
 * delivery types. With DATABASE_URL set, that PostgreSQL database instead (seeded when empty),
 * which the servers started here use too (they inherit the environment); the folder is then
 * only their DATA_DIR. BENCH_DATA_DIR: an embedded database already there (the large seed's
 * DATA_DIR), used as it is and kept.
 */
export async function seededDataDir(): Promise<{
  dir: string;
  clientId: number;
  copy(): Promise<string>;
  remove(): Promise<void>;
}> {
  const given = process.env.DATABASE_URL ? undefined : process.env.BENCH_DATA_DIR;
  const dir = given ?? (await mkdtemp(path.join(os.tmpdir(), "console-bench-")));
  const url = process.env.DATABASE_URL;
  const h = url ? openPostgres(url) : openPglite(path.join(dir, "pg"));
  await h.migrate();
  if ((!url && !given) || !(await isSeeded(h.db))) await seedDemoData(h.db);
  const clientId = await giveFirstClientABigCard(h.db);
  await h.close();
  const copies: string[] = [];
  return {
    dir,
    clientId,
    // PGlite allows one process per data folder: a second server needs its own copy.
    async copy() {
      const to = `${dir}-copy${copies.length}`;
      await cp(dir, to, { recursive: true });
      copies.push(to);
      return to;
    },
    async remove() {
      for (const d of [...(given ? [] : [dir]), ...copies]) await rm(d, { recursive: true, force: true });
    },
  };
}

export type BenchServer = {
  base: string;
  /** The server process's pid (its workers are its children). */
  pid: number;
  /** The signed-in session's cookie (`name=value`), for tools that make their own requests. */
  cookie: string;
  /** CPU time (user + system, every thread) the server process has used so far, in ms; 0 off Linux. */
  cpuMs(): number;
  /**
   * CPU time of the server's main thread alone (Express, loaders' JavaScript, React's render, the
   * HTML's encoding), in ms; the rest of cpuMs() is the embedded database's thread (decision 048),
   * GC helpers and libuv. 0 off Linux, and with WEB_CONCURRENCY > 1 (the primary's thread only).
   */
  mainThreadCpuMs(): number;
  /** GET with the vp's session; the body read, the status checked, the Server-Timing returned. */
  get(url: string): Promise<{ ms: number; serverMs: number; bytes: number }>;
  stop(): Promise<void>;
};

/** The benchmarks' servers answer GET /metrics with this bearer token (decision 078). */
export const BENCH_METRICS_TOKEN = "bench-metrics-token-0123456789abcdef";

export async function startBenchServer(opts: {
  dataDir: string;
  port: number;
  buildDir?: string;
  cwd?: string;
  extraNodeArgs?: string[];
  /** The whole `node` command line instead of serverNodeArgs() (e.g. the compiled server's, decision 080). */
  nodeArgs?: string[];
  /** How long the server may take to answer its first page (default 60 s). */
  readyTimeoutMs?: number;
  /** The server's output, as it comes (instead of BENCH_SERVER_LOG). */
  onOutput?: (text: string) => void;
}): Promise<BenchServer> {
  const base = `http://127.0.0.1:${opts.port}`;
  // BENCH_AS=legal (or kam, tl…): the demo account of that role instead of the vp;
  // BENCH_AS=approver1@demo.test:kam for an account named otherwise.
  const [signInEmail, signInAs] = (process.env.BENCH_AS ?? "vp").includes(":")
    ? (process.env.BENCH_AS!.split(":") as [string, string])
    : [`${process.env.BENCH_AS ?? "vp"}@demo.test`, process.env.BENCH_AS ?? "vp"];
  const proc = spawn(
    process.execPath,
    opts.nodeArgs ??
      serverNodeArgs([
        ...(opts.extraNodeArgs ?? []),
        ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
      ]),
    {
      cwd: opts.cwd ?? process.cwd(),
      env: {
        ...process.env,
        DATA_DIR: opts.dataDir,
        BUILD_DIR: path.resolve(opts.buildDir ?? process.env.BUILD_DIR ?? "build"),
        PORT: String(opts.port),
        HOST: "127.0.0.1",
        SKIP_BUILD: "true",
        NODE_ENV: "production",
        SEED_DEMO: "true",
        COOKIE_SECURE: "false",
        METRICS_TOKEN: BENCH_METRICS_TOKEN,
      },
      // BENCH_SERVER_LOG=<file>: the server's output (its errors, a crash) kept for reading afterwards.
      stdio: opts.onOutput
        ? ["ignore", "pipe", "pipe"]
        : process.env.BENCH_SERVER_LOG
          ? ["ignore", openSync(process.env.BENCH_SERVER_LOG, "a"), openSync(process.env.BENCH_SERVER_LOG, "a")]
          : "ignore",
    },
  );
  for (const stream of [proc.stdout, proc.stderr]) stream?.setEncoding("utf8").on("data", opts.onOutput!);
  let stopping = false;
  proc.once("exit", (code, signal) => {
    if (!stopping) console.error(`The server on port ${opts.port} exited by itself: ${signal ?? `code ${code}`}.`);
  });
  const stop = async () => {
    stopping = true;
    if (proc.exitCode !== null) return;
    proc.kill("SIGTERM");
    await new Promise((r) => proc.once("exit", r));
  };
  try {
    for (let t = Date.now(); ;) {
      try {
        if ((await fetch(`${base}/sign-in`)).ok) break;
      } catch {
        // starting
      }
      if (proc.exitCode !== null) throw new Error(`the server on port ${opts.port} exited (${proc.exitCode})`);
      if (Date.now() - t > (opts.readyTimeoutMs ?? 60_000))
        throw new Error(`the server on port ${opts.port} did not start`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const signIn = await fetch(`${base}/sign-in`, {
      method: "POST",
      body: new URLSearchParams({ email: signInEmail, role: signInAs, password: "demo-password" }),
      redirect: "manual",
    });
    const cookie = signIn.headers.get("set-cookie")?.split(";")[0];
    if (!cookie) throw new Error(`signing in as the demo ${signInAs} failed`);
    return {
      base,
      pid: proc.pid!,
      cookie,
      cpuMs() {
        return processTreeCpuMs(proc.pid!);
      },
      mainThreadCpuMs() {
        return threadCpuMs(proc.pid!, proc.pid!);
      },
      async get(url) {
        const t = performance.now();
        // What browsers offer (Node's fetch alone offers gzip and deflate, not brotli).
        const res = await fetch(base + url, { headers: { cookie, "accept-encoding": "gzip, deflate, br" } });
        const body = await res.text();
        const ms = performance.now() - t;
        if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
        const serverMs = Number(/app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? NaN);
        return { ms, serverMs, bytes: body.length };
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** CPU time (user + system) of one thread of a process, in ms; 0 off Linux. */
function threadCpuMs(pid: number, tid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/**
 * CPU time (user + system, every thread) of a process and its living descendants (the workers
 * of WEB_CONCURRENCY > 1), in ms; 0 off Linux. PostgreSQL's backends are not in it.
 */
function processTreeCpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    const own = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, clock ticks of 1/100 s
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
    return own + children.reduce((sum, child) => sum + processTreeCpuMs(child), 0);
  } catch {
    return 0;
  }
}

/**
 * Resident memory (VmRSS) of a process and its living descendants, in MiB, with each one's command
 * (Linux; an empty list elsewhere). The database thread and its WASM memory are in its process's.
 */
export function processTreeRss(pid: number): { pid: number; mib: number; command: string }[] {
  try {
    const mib = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    return [{ pid, mib, command }, ...children.flatMap((child) => processTreeRss(Number(child)))];
  } catch {
    return [];
  }
}

/** The q-quantile (0–1) of some numbers, to `digits` decimals (one unless asked). */
export function quantile(values: number[], q: number, digits = 1): string {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))].toFixed(digits);
}

/**
 * `connections` clients GET `urls` in turn for `seconds`: requests/s, latencies, server CPU per
 * request (every thread), and the main thread's share of it (`mainCpuPerRequest`: the rendering
 * side; the rest is mostly the database thread).
 */
export async function loadServer(server: BenchServer, urls: string[], seconds: number, connections = 20) {
  const latencies: number[] = [];
  const cpu0 = server.cpuMs();
  const main0 = server.mainThreadCpuMs();
  const t0 = performance.now();
  let i = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() - t0 < seconds * 1000) latencies.push((await server.get(urls[i++ % urls.length])).ms);
    }),
  );
  const s = (performance.now() - t0) / 1000;
  return {
    rps: latencies.length / s,
    latencies,
    cpuPerRequest: (server.cpuMs() - cpu0) / latencies.length,
    mainCpuPerRequest: (server.mainThreadCpuMs() - main0) / latencies.length,
  };
}

export const PAGE_TABLE_HEAD = [
  "| Page | server median | server p95 | latency p95 | CPU/request (1 conn.) | HTML | requests/s | p99 | CPU/request | of which main thread |",
  "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
].join("\n");

/** One page's figures as the page benchmarks report them (see `measurePage`). */
export type PageFigures = {
  url: string;
  serverMs: number[];
  latency: number[];
  /** Server CPU per request at one connection, in ms. */
  cpu: number;
  bytes: number;
  load: Awaited<ReturnType<typeof loadServer>>;
  /** Seconds the server's periodic jobs ran in the kept window, and how many windows were measured. */
  jobSeconds: number;
  tries: number;
};

/**
 * Waits until the server has been quiet for a moment (under 20 ms of CPU in 500 ms; at most 15 s):
 * work a page leaves behind (a snapshot refreshed after Daily Performance, a collection) would
 * otherwise be counted against the next page measured.
 */
export async function serverSettled(server: BenchServer): Promise<void> {
  const until = performance.now() + 15_000;
  while (performance.now() < until) {
    const cpu0 = server.cpuMs();
    await new Promise((r) => setTimeout(r, 500));
    if (server.cpuMs() - cpu0 < 20) return;
  }
}

/**
 * Seconds the server's periodic jobs have run so far (table upkeep, the cycle cutter, the legal
 * status keeper…: the sum of console_job_run_duration_seconds), from its /metrics.
 */
export async function jobSeconds(server: Pick<BenchServer, "base">): Promise<number> {
  const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` } });
  if (!res.ok) throw new Error(`GET /metrics: ${res.status}`);
  let sum = 0;
  for (const m of (await res.text()).matchAll(/^console_job_run_duration_seconds_sum\{[^}]*\} ([\d.e+-]+)$/gm))
    sum += Number(m[1]);
  return sum;
}

/** Job time in a page's window past which its CPU per request is the job's as much as the page's. */
export const JOB_NOISE_SECONDS = 0.05;
/** How many times a page is measured at most when jobs keep running in its window. */
const MAX_TRIES = 3;

/**
 * One page measured: `warmUp` GETs, then `requests` at one connection (Server-Timing, latency,
 * CPU per request, HTML size), then `connections` connections for `seconds` (requests/s,
 * latencies, CPU per request). The CPU is the whole server's, so a periodic job that runs in the
 * window (the embedded database's vacuum takes seconds) would count as the page's: a window in
 * which the jobs ran for more than JOB_NOISE_SECONDS is measured again, up to MAX_TRIES times
 * (`jobSeconds` says how much ran in the one kept).
 */
export async function measurePageFigures(
  server: BenchServer,
  url: string,
  opts: { warmUp: number; requests: number; seconds: number; connections: number },
): Promise<PageFigures> {
  let figures: PageFigures | undefined;
  for (let attempt = 1; attempt <= MAX_TRIES; attempt++) {
    await serverSettled(server);
    for (let i = 0; i < opts.warmUp; i++) await server.get(url);
    const jobs0 = await jobSeconds(server);
    const serverMs: number[] = [];
    const latency: number[] = [];
    let bytes = 0;
    const cpu0 = server.cpuMs();
    for (let i = 0; i < opts.requests; i++) {
      const r = await server.get(url);
      if (!Number.isNaN(r.serverMs)) serverMs.push(r.serverMs);
      latency.push(r.ms);
      bytes = r.bytes;
    }
    const cpu = (server.cpuMs() - cpu0) / opts.requests;
    const load = await loadServer(server, [url], opts.seconds, opts.connections);
    const jobs = (await jobSeconds(server)) - jobs0;
    figures = { url, serverMs, latency, cpu, bytes, load, jobSeconds: jobs, tries: attempt };
    if (jobs <= JOB_NOISE_SECONDS) break;
  }
  return figures!;
}

/** A row under PAGE_TABLE_HEAD; `label` instead of the URL when given. */
export function pageRow(f: PageFigures, label = f.url): string {
  const server_ = (q: number) => (f.serverMs.length ? quantile(f.serverMs, q) : "–");
  return `| ${label} | ${server_(0.5)} | ${server_(0.95)} | ${quantile(f.latency, 0.95)} | ${f.cpu.toFixed(1)} | ${(f.bytes / 1024).toFixed(0)} KiB | ${f.load.rps.toFixed(0)} | ${quantile(f.load.latencies, 0.99)} | ${f.load.cpuPerRequest.toFixed(1)} | ${f.load.mainCpuPerRequest.toFixed(1)} |`;
}

/**
 * One page as the page benchmarks report it (a row under PAGE_TABLE_HEAD): `warmUp` GETs, then
 * `requests` at one connection (Server-Timing median / p95, latency p95, CPU per request, HTML
 * size), then `connections` connections for `seconds` (requests/s, p99, CPU per request).
 */
export async function measurePage(
  server: BenchServer,
  url: string,
  opts: { warmUp: number; requests: number; seconds: number; connections: number },
): Promise<string> {
  return pageRow(await measurePageFigures(server, url, opts));
}
