/**
 * Measures the client rate card PAGE (server-side render, HTTP on loopback) for a client with
 * 25 couriers × 4 shipment types × 2 delivery types, on the embedded database, with the
 * production build. Budget (issue 3): ≤ 50 ms p95 server-side. Prints the figures; asserts
 * nothing. Two times per request: "server" is the server's own Server-Timing (arrival to
 * response headers: loaders and render, the page being sent as one body), "latency" is what
 * this client saw (adds gzip, loopback and the client's own work on the same 2 cores).
 * The server's CPU time per request is printed too: unlike latency it hardly moves when
 * other work shares the machine (it counts the process's every thread, gzip and GC included,
 * so it can exceed the latency). The machine's load average is printed before and after.
 * Usage: npm run build && npx tsx scripts/bench-ratecard-page.ts
 *        (BUILD_DIR is honoured; CPU_PROF=dir writes the server's V8 CPU profile there)
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { openPglite } from "../app/services/db/client.server";
import { seedDemoData } from "../app/services/db/seed.server";
import { giveFirstClientABigCard } from "./lib/big-card";

const REQUESTS = 200;
/** Requests before measuring: the server's JIT and caches reach their steady state. */
const WARM_UP = 30;
const port = 3950;
const base = `http://127.0.0.1:${port}`;
const dir = await mkdtemp(path.join(os.tmpdir(), "console-bench-page-"));

const h = openPglite(path.join(dir, "pg"));
await h.migrate();
await seedDemoData(h.db);
const clientId = await giveFirstClientABigCard(h.db);
await h.close();

const profileArgs = process.env.CPU_PROF ? ["--cpu-prof", "--cpu-prof-dir", path.resolve(process.env.CPU_PROF)] : [];
const server = spawn(process.execPath, [...profileArgs, "--import", "tsx", "scripts/start.ts"], {
  env: { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: "127.0.0.1", SKIP_BUILD: "true", NODE_ENV: "production", COOKIE_SECURE: "false" },
  stdio: "ignore",
});
/** CPU time (user + system) the server process has used, from /proc (Linux); 0 elsewhere. */
function serverCpuMs(): number {
  try {
    const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in clock ticks of 1/100 s
  } catch {
    return 0;
  }
}

try {
  for (let t = Date.now(); ; ) {
    try {
      if ((await fetch(`${base}/sign-in`)).ok) break;
    } catch {
      // starting
    }
    if (Date.now() - t > 60_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  const signIn = await fetch(`${base}/sign-in`, {
    method: "POST",
    body: new URLSearchParams({ email: "vp@demo.test", role: "vp", password: "demo-password" }),
    redirect: "manual",
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0];
  console.log(`load average before: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
  for (const [label, url] of [
    ["Forward tab, all couriers", `/all-users/${clientId}/rate-card?all=1`],
    ["RTO tab, all couriers", `/all-users/${clientId}/rate-card?tab=rto&all=1`],
  ] as const) {
    const samples: number[] = [];
    const serverTimes: number[] = [];
    let bytes = 0;
    let cpuBefore = 0;
    for (let i = 0; i < REQUESTS + WARM_UP; i++) {
      const t = performance.now();
      const res = await fetch(base + url, { headers: { cookie } });
      const body = await res.text();
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      if (i >= WARM_UP) {
        samples.push(performance.now() - t);
        const serverTime = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1];
        if (!serverTime) throw new Error(`${url}: no Server-Timing header`);
        serverTimes.push(Number(serverTime));
      }
      if (i === WARM_UP - 1) cpuBefore = serverCpuMs();
      bytes = body.length;
    }
    const cpuPerRequest = (serverCpuMs() - cpuBefore) / REQUESTS;
    const p = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))].toFixed(1);
    console.log(
      `${label}: ${REQUESTS} requests; server ${p(serverTimes, 0.5)} ms median, ${p(serverTimes, 0.95)} ms p95, ${p(serverTimes, 1)} ms max; ` +
        `latency ${p(samples, 0.5)} / ${p(samples, 0.95)} / ${p(samples, 1)} ms; server CPU ${cpuPerRequest.toFixed(1)} ms/request (${(bytes / 1024).toFixed(0)} KiB HTML)`,
    );
  }
  console.log(`load average after: ${os.loadavg().map((l) => l.toFixed(2)).join(", ")}`);
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => server.once("exit", r));
  await rm(dir, { recursive: true, force: true });
}
