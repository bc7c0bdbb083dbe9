/**
 * Measures `npm start` start-up: time from launching the start script to the first page
 * (GET /sign-in answering 200), on a fresh embedded database (includes migrate + seed) and
 * again on the same, already-seeded database. On the fresh database it also waits for the
 * demo order book (~100,000 orders) that fills after the console is up (decision 029) and
 * reports when it was full, and this process's view of the machine's load.
 * Needs a build (`npm run build`).
 * Usage: npx tsx scripts/bench-startup.ts
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { serverNodeArgs } from "./lib/server-node.mjs";

async function startUp(
  dataDir: string,
  port: number,
  waitForOrderBook: boolean,
): Promise<{ firstPage: number; orderBook?: number }> {
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
      if (firstPage !== undefined && (!waitForOrderBook || orderBook !== undefined)) return { firstPage, orderBook };
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
  const warm1 = await startUp(dir, 3902, false);
  const warm2 = await startUp(dir, 3903, false);
  console.log(`load average at the start: ${load}`);
  console.log(
    `fresh database (migrate + seed): ${(cold.firstPage / 1000).toFixed(1)} s to first page; order book full at ${((cold.orderBook ?? NaN) / 1000).toFixed(1)} s`,
  );
  console.log(
    `seeded database: ${(warm1.firstPage / 1000).toFixed(1)} s, ${(warm2.firstPage / 1000).toFixed(1)} s to first page`,
  );
} finally {
  await rm(dir, { recursive: true, force: true });
}
