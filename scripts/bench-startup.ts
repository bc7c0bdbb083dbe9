/**
 * Measures `npm start` start-up: time from launching the start script to the first page
 * (GET /sign-in answering 200), on a fresh embedded database (includes migrate + seed) and
 * again on the same, already-seeded database. Needs a build (`npm run build`).
 * Usage: npx tsx scripts/bench-startup.ts
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

async function firstPageMs(dataDir: string, port: number): Promise<number> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SKIP_BUILD: "true", NODE_ENV: "production", SEED_DEMO: "true" },
    stdio: "ignore",
  });
  try {
    for (;;) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/sign-in`);
        if (res.status === 200) return performance.now() - t0;
      } catch {
        // not listening yet
      }
      if (performance.now() - t0 > 120_000) throw new Error("no first page within 120 s");
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
  }
}

const dir = await mkdtemp(path.join(os.tmpdir(), "console-bench-"));
try {
  const cold = await firstPageMs(dir, 3901);
  const warm1 = await firstPageMs(dir, 3902);
  const warm2 = await firstPageMs(dir, 3903);
  console.log(`fresh database (migrate + seed): ${(cold / 1000).toFixed(1)} s to first page`);
  console.log(`seeded database: ${(warm1 / 1000).toFixed(1)} s, ${(warm2 / 1000).toFixed(1)} s to first page`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
