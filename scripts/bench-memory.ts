/**
 * Memory of the running console (decision 080): the resident memory (RSS) of the whole process
 * tree `npm start` leaves serving, idle after a fresh start on the demo, then after mixed page
 * load — for the compiled server (`node build/start.js`, what `npm start` runs) beside the same
 * server run from source the way `npm start` ran it before (`tsx scripts/start.ts`: tsx's command
 * line, which runs the server in a child `node` with its loader), in one run.
 *
 * Each server starts on an empty embedded database of its own: it seeds the demo and fills its
 * 100,000 orders in the background (decision 029). Idle: IDLE_SECONDS (30) after "Order book
 * filled". Load: LOAD_SECONDS (60; 300 for the budget's five minutes) of pages in turn at 20
 * connections, signed in as the vp; the tree's RSS at the end and its peak (sampled each second).
 * The servers run side by side (SEQUENTIAL=1: one after the other).
 * `npm` itself (and its `sh`) is left out of both: it is the same for both and production runs
 * without it. The main thread's heap breakdown comes from scripts/lib/memory-report.mjs.
 *   npm run build && npx tsx scripts/bench-memory.ts   (MODES=compiled,source to pick)
 *
 * Decision 084's runs, without filling 100,000 orders each time:
 *   KEEP_DATA_DIR=<folder>: the first server's filled folder is kept there (after it stopped).
 *   MEMORY_DATA_DIR=<folder>: each server starts on a copy of that filled folder instead of an
 *     empty one (no fill: idle is measured IDLE_SECONDS after the first page).
 *   VARIANTS="PGLITE_SHARED_BUFFERS=128MB;PGLITE_SHARED_BUFFERS=64MB --max-old-space-size=256":
 *     compiled servers that differ by environment variables and extra `node` flags, one per
 *     `;`-separated entry ("" is the defaults), instead of MODES.
 * The database thread's WebAssembly memory (PGlite's) is read from /proc/<pid>/smaps of every
 * process of the tree: scripts/lib/wasm-memory.ts (a region of 8 GiB or more, which the kernel
 * lists as guard, used part and rest; decision 084's first runs looked for one mapping that size
 * and read 0).
 */
import { cp, mkdtemp, rename, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { type BenchServer, loadServer, processTreeRss, startBenchServer } from "./lib/bench-server";
import { compiledServerNodeArgs, SERVER_NODE_FLAGS } from "./lib/server-node.mjs";
import { wasmRss } from "./lib/wasm-memory";

const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 30);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const FILL_TIMEOUT_S = Number(process.env.FILL_TIMEOUT_S ?? 3600);
// The vp's pages (Legal Status is legal's own since decision 068).
const PAGES = ["/all-users", "/dashboard", "/order-tracker", "/on-hold-cod", "/sign-in"];
const REPORT = ["--import", "./scripts/lib/memory-report.mjs"];

const FILLED = process.env.MEMORY_DATA_DIR;
const PORT = Number(process.env.BENCH_PORT ?? 3970);

type Mode = { nodeArgs: string[]; env: Record<string, string> };
const MODES: Record<string, Mode> = {
  compiled: { nodeArgs: compiledServerNodeArgs(REPORT), env: {} },
  // What `npm start` ran before decision 080: tsx's command line (a node) runs the server in a child node.
  source: { nodeArgs: ["node_modules/tsx/dist/cli.mjs", ...SERVER_NODE_FLAGS, ...REPORT, "scripts/start.ts"], env: {} },
};
/** A VARIANTS entry: `NAME=value` words are the server's environment, the other words `node` flags. */
function variant(spec: string): Mode {
  const words = spec.split(" ").filter(Boolean);
  const env = Object.fromEntries(words.filter((w) => /^[A-Z_]+=/.test(w)).map((w) => w.split("=", 2)));
  return { nodeArgs: compiledServerNodeArgs([...REPORT, ...words.filter((w) => w.startsWith("--"))]), env };
}
for (const spec of process.env.VARIANTS?.split(";") ?? []) MODES[spec.trim() || "defaults"] = variant(spec);

/** The WASM memories' resident MiB over the process tree (tsx's child holds them in source mode). */
const treeWasm = (pid: number) => processTreeRss(pid).reduce((sum, p) => sum + wasmRss(p.pid), 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const total = (pid: number) => processTreeRss(pid).reduce((sum, p) => sum + p.mib, 0);

/** The main thread's process.memoryUsage() of the server (the tree's leaf: tsx's child, or the one process). */
async function breakdown(server: BenchServer, output: () => string): Promise<string> {
  const leaf = processTreeRss(server.pid).at(-1)!;
  const before = output().length;
  process.kill(leaf.pid, "SIGUSR2");
  for (let i = 0; i < 50 && !output().slice(before).includes("memory-report"); i++) await sleep(100);
  return /memory-report (\{.*\})/.exec(output().slice(before))?.[1] ?? "(no report)";
}

async function measure(mode: string, port: number) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), `console-memory-`));
  if (FILLED) await cp(FILLED, dataDir, { recursive: true });
  let log = "";
  const t0 = Date.now();
  const saved = Object.fromEntries(Object.keys(MODES[mode].env).map((k) => [k, process.env[k]]));
  Object.assign(process.env, MODES[mode].env); // startBenchServer passes process.env on
  const starting = startBenchServer({
    dataDir,
    port,
    nodeArgs: MODES[mode].nodeArgs,
    readyTimeoutMs: 1_800_000,
    onOutput: (text) => (log += text),
  });
  for (const [k, v] of Object.entries(saved))
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  const server = await starting.catch((error: Error) => {
    throw new Error(`${mode}: ${error.message}:\n${log}`);
  });
  let keep = false;
  try {
    const ready = (Date.now() - t0) / 1000;
    for (let t = Date.now(); !FILLED && !log.includes("Order book filled"); await sleep(1000))
      if (Date.now() - t > FILL_TIMEOUT_S * 1000) throw new Error(`${mode}: the order book did not fill:\n${log}`);
    const filled = (Date.now() - t0) / 1000;
    await sleep(IDLE_SECONDS * 1000);
    const tree = processTreeRss(server.pid);
    const idle = total(server.pid);
    const idleWasm = treeWasm(server.pid);
    const idleBreakdown = await breakdown(server, () => log);
    keep = !!process.env.KEEP_DATA_DIR && !FILLED && port === PORT;
    console.log(
      `${mode}: idle ${idle.toFixed(0)} MiB, WASM memory ${idleWasm.toFixed(0)} MiB; main thread ${idleBreakdown}`,
    );
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, total(server.pid))), 1000);
    // A failed page stops this server's load, not the other servers' run: reported with its log's end.
    const load =
      LOAD_SECONDS > 0
        ? await loadServer(server, PAGES, LOAD_SECONDS, 20).catch((error: Error) => {
            console.error(`${mode}: the load stopped: ${error.message}\n${log.slice(-3000)}`);
            return { rps: NaN };
          })
        : undefined;
    clearInterval(sampler);
    const afterLoad = total(server.pid);
    const loadWasm = treeWasm(server.pid);
    const loadBreakdown = await breakdown(server, () => log);
    return {
      mode,
      ready,
      filled,
      tree,
      idle,
      idleWasm,
      idleBreakdown,
      load,
      afterLoad,
      loadWasm,
      peak: Math.max(peak, afterLoad),
      loadBreakdown,
    };
  } finally {
    await server.stop();
    if (keep) await rename(dataDir, process.env.KEEP_DATA_DIR!);
    else await rm(dataDir, { recursive: true, force: true });
  }
}

const modes = process.env.VARIANTS
  ? process.env.VARIANTS.split(";").map((spec) => spec.trim() || "defaults")
  : (process.env.MODES ?? "compiled,source").split(",");
console.log(
  `load average before: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
// Side by side (the machine is shared: both see the same load), unless SEQUENTIAL=1.
const results = process.env.SEQUENTIAL
  ? await modes.reduce<Promise<Awaited<ReturnType<typeof measure>>[]>>(
      async (done, mode, i) => [...(await done), await measure(mode, PORT + i)],
      Promise.resolve([]),
    )
  : await Promise.all(modes.map((mode, i) => measure(mode, PORT + i)));
for (const r of results) {
  const mode = r.mode;
  console.log(
    `\n${mode}: first page at ${r.ready.toFixed(0)} s${FILLED ? " (a copy of a filled folder)" : `, order book filled at ${r.filled.toFixed(0)} s`}`,
  );
  for (const p of r.tree) console.log(`  pid ${p.pid}: ${p.mib.toFixed(0)} MiB  ${p.command}`);
  console.log(
    `  idle: ${r.idle.toFixed(0)} MiB in ${r.tree.length} process(es), WASM memory ${r.idleWasm.toFixed(0)} MiB; main thread ${r.idleBreakdown}`,
  );
  if (r.load)
    console.log(
      `  after ${LOAD_SECONDS} s at 20 connections (${r.load.rps.toFixed(0)} requests/s): ${r.afterLoad.toFixed(0)} MiB, peak ${r.peak.toFixed(0)} MiB, WASM memory ${r.loadWasm.toFixed(0)} MiB; main thread ${r.loadBreakdown}`,
    );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}`,
);
