/**
 * Measures `npm start` start-up: time from launching the start script to the first page
 * (GET /sign-in answering 200), on a fresh embedded database (includes migrate + seed) and
 * again on the same, already-seeded database. On the fresh database it also waits for the
 * demo order book (~100,000 orders) that fills after the console is up (decisions 029, 077) and
 * reports when it was full, and this process's view of the machine's load. Also on the fresh
 * database (decision 077): the time to the first page showing orders (the vp's Order Tracker with
 * a seller's row, polled every 250 ms after signing in), and the latency of a few pages requested
 * one after another, with PAUSE_MS between them (a person clicking fast), while the book fills and
 * then for as many requests (at most 600) once it is full and idle — the same server, in the same
 * run. During the fill the clicking comes in BURSTS bursts of BURST_MS with REST_MS without a
 * request between them (a person reading), then stops until the book is full: the fill rests while
 * requests come and goes at full speed when none has come for a while (decision 077), so clicking
 * through the whole fill would stretch it about twentyfold.
 * The Order Tracker's polls before it shows orders are timed too (the fill's most recent weeks go
 * in at any quiet moment, not paced like the rest).
 * Needs a build (`npm run build`).
 * Usage: npx tsx scripts/bench-startup.ts   (PAUSE_MS=100 BURSTS=6 BURST_MS=20000 REST_MS=20000)
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { serverNodeArgs } from "./lib/server-node.mjs";

/** The pages a person opens first, requested in turn during the fill and after it. */
const PAGES = [
  "/dashboard",
  "/order-tracker",
  "/all-users",
  "/order-tracker?preset=dropping&sort=week_percent&dir=asc",
];
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 100);
const BURST_MS = Number(process.env.BURST_MS ?? 20_000);
const REST_MS = Number(process.env.REST_MS ?? 20_000);
const BURSTS = Number(process.env.BURSTS ?? 6);

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/sign-in`, {
    method: "POST",
    body: new URLSearchParams({ email: "vp@demo.test", role: "vp", password: "demo-password" }),
    redirect: "manual",
  });
  const cookie = res.headers.get("set-cookie")?.split(";")[0];
  if (!cookie) throw new Error(`signing in as the demo vp failed (${res.status})`);
  return cookie;
}

/** Requests PAGES in turn, PAUSE_MS apart, until `until()` or `count` requests; each request's milliseconds. */
async function browse(base: string, cookie: string, until: () => boolean, count = Infinity): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count && !until(); i++) {
    const t = performance.now();
    const res = await fetch(base + PAGES[i % PAGES.length], { headers: { cookie } });
    await res.text();
    if (res.status !== 200) throw new Error(`${PAGES[i % PAGES.length]} answered ${res.status}`);
    times.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, PAUSE_MS));
  }
  return times;
}

type Fill = { ordersPage: number; polls: number[]; during: number[]; idle: number[]; bursts: number };

async function startUp(
  dataDir: string,
  port: number,
  waitForOrderBook: boolean,
): Promise<{ firstPage: number; orderBook?: number; fill?: Fill }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, serverNodeArgs(), {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: "127.0.0.1",
      SKIP_BUILD: "true",
      NODE_ENV: "production",
      SEED_DEMO: "true",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let orderBook: number | undefined;
  child.stdout.setEncoding("utf8").on("data", (text: string) => {
    if (text.includes("Order book filled")) orderBook = performance.now() - t0;
    for (const line of text.split("\n"))
      if (/Order book/.test(line)) console.log(`  [${((performance.now() - t0) / 1000).toFixed(1)} s] ${line.trim()}`);
  });
  try {
    let firstPage: number | undefined;
    for (;;) {
      if (firstPage === undefined) {
        try {
          const res = await fetch(`http://127.0.0.1:${port}/sign-in`);
          if (res.status === 200) firstPage = performance.now() - t0;
        } catch {
          // not listening yet
        }
      }
      if (firstPage !== undefined && !waitForOrderBook) return { firstPage };
      if (firstPage !== undefined) {
        const base = `http://127.0.0.1:${port}`;
        const cookie = await signIn(base);
        // The first page showing orders: the Order Tracker with a seller's row.
        let ordersPage: number | undefined;
        const polls: number[] = [];
        while (ordersPage === undefined) {
          const t = performance.now();
          const html = await (await fetch(`${base}/order-tracker`, { headers: { cookie } })).text();
          polls.push(performance.now() - t);
          if (html.includes('class="perf-total"') && !html.includes("Nothing to show yet.")) {
            ordersPage = performance.now() - t0;
            break;
          }
          if (performance.now() - t0 > 600_000) throw new Error("no orders within 600 s");
          await new Promise((r) => setTimeout(r, 250));
        }
        const during: number[] = [];
        let bursts = 0;
        while (orderBook === undefined && bursts < BURSTS) {
          const until = performance.now() + BURST_MS;
          bursts++;
          during.push(...(await browse(base, cookie, () => orderBook !== undefined || performance.now() > until)));
          const restUntil = performance.now() + REST_MS;
          while (orderBook === undefined && performance.now() < restUntil) await new Promise((r) => setTimeout(r, 50));
        }
        // Idle: the fill's last upkeep done; as many requests as during the fill (at least 40, at most 600).
        while (orderBook === undefined) await new Promise((r) => setTimeout(r, 50));
        const idle = await browse(base, cookie, () => false, Math.max(40, Math.min(600, during.length)));
        return { firstPage, orderBook, fill: { ordersPage, polls, during, idle, bursts } };
      }
      if (performance.now() - t0 > 600_000) throw new Error("not ready within 600 s");
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), "console-bench-"));
try {
  const load = os.loadavg()[0].toFixed(1);
  const cold = await startUp(dir, 3901, true);
  const loadAfter = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(", ");
  const warm1 = await startUp(dir, 3902, false);
  const warm2 = await startUp(dir, 3903, false);
  console.log(`load average at the start: ${load}; after the fresh start (1, 5, 15 min): ${loadAfter}`);
  console.log(
    `fresh database (migrate + seed): ${(cold.firstPage / 1000).toFixed(1)} s to first page; order book full at ${((cold.orderBook ?? NaN) / 1000).toFixed(1)} s`,
  );
  console.log(
    `seeded database: ${(warm1.firstPage / 1000).toFixed(1)} s, ${(warm2.firstPage / 1000).toFixed(1)} s to first page`,
  );
  const fill = cold.fill!;
  const ms = (v: number) => v.toFixed(1);
  console.log(
    `fresh database: the first page showing orders (the vp's Order Tracker) at ${(fill.ordersPage / 1000).toFixed(1)} s`,
  );
  console.log(
    `pages ${PAGES.join(", ")} in turn, ${PAUSE_MS} ms apart (during the fill: ${fill.bursts} bursts of ${BURST_MS / 1000} s, ${REST_MS / 1000} s apart, then none until it was full):`,
  );
  for (const [name, times] of [
    ["polls of the Order Tracker before it showed orders", fill.polls],
    ["during the fill", fill.during],
    ["idle, after it", fill.idle],
  ] as const)
    console.log(
      `  ${name}: ${times.length} requests, p50 ${ms(quantile(times, 0.5))} ms, p95 ${ms(quantile(times, 0.95))} ms, max ${ms(Math.max(...times))} ms`,
    );
  console.log(`  p95 during / idle: ${(quantile(fill.during, 0.95) / quantile(fill.idle, 0.95)).toFixed(2)}×`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
