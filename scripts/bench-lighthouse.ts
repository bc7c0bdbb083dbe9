/**
 * Lighthouse, mobile (docs/architecture.md §7: ≥ 95 on sign-in, All Users, a rate card and the calculator):
 * one production server on the demo seed (PGlite), the vp signed in for the pages behind
 * sign-in (its session cookie sent as a header), Lighthouse's default mobile run (simulated
 * slow 4G and a 4× slower CPU), performance category only, RUNS runs per page, median score.
 *   npm run build && npx tsx scripts/bench-lighthouse.ts [URL …]
 * Lighthouse is fetched by npx (LIGHTHOUSE=lighthouse@12.8.2; 13 needs Node 22) and drives
 * CHROME_PATH or /usr/bin/chromium. `{client}` in a URL is the seed's first client.
 * SAVE=dir keeps each run's whole report there (the LCP element, the requests Lantern counted).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";

import { seededDataDir, startBenchServer } from "./lib/bench-server";

const RUNS = Number(process.env.RUNS ?? 3);
const LIGHTHOUSE = process.env.LIGHTHOUSE ?? "lighthouse@12.8.2";
const pages =
  process.argv.length > 2
    ? process.argv.slice(2)
    : ["/sign-in", "/all-users", "/all-users/{client}/rate-card", "/rate-calculator"];

type Report = {
  categories: { performance: { score: number } };
  audits: Record<string, { numericValue?: number; displayValue?: string }>;
};

const data = await seededDataDir();
const server = await startBenchServer({ dataDir: data.dir, port: 3961 });
try {
  console.log(
    `load average before: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}; ${LIGHTHOUSE}, mobile, ${RUNS} runs per page`,
  );
  console.log("| Page | score (median; runs) | FCP | LCP | TBT | CLS | Speed Index |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const raw of pages) {
    const url = raw.replaceAll("{client}", String(data.clientId));
    const signedOut = url === "/sign-in" || url === "/";
    const reports: Report[] = [];
    for (let i = 0; i < RUNS; i++) {
      const out = execFileSync(
        "npx",
        [
          "--yes",
          LIGHTHOUSE,
          server.base + url,
          "--quiet",
          "--only-categories=performance",
          "--output=json",
          "--output-path=stdout",
          "--chrome-flags=--headless=new --no-sandbox --disable-gpu",
          ...(signedOut ? [] : [`--extra-headers=${JSON.stringify({ Cookie: server.cookie })}`]),
        ],
        {
          env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? "/usr/bin/chromium" },
          maxBuffer: 64 * 1024 * 1024,
          stdio: ["ignore", "pipe", "ignore"],
        },
      ).toString();
      reports.push(JSON.parse(out) as Report);
      if (process.env.SAVE) {
        mkdirSync(process.env.SAVE, { recursive: true });
        writeFileSync(`${process.env.SAVE}/${raw.replace(/[^a-z0-9]+/gi, "_")}-${i + 1}.json`, out);
      }
    }
    const byScore = [...reports].sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    const median = byScore[Math.floor(byScore.length / 2)];
    const a = (id: string) => median.audits[id]?.displayValue ?? "—";
    const scores = reports.map((r) => Math.round(r.categories.performance.score * 100));
    console.log(
      `| ${raw} | **${Math.round(median.categories.performance.score * 100)}** (${scores.join(", ")}) | ${a("first-contentful-paint")} | ${a("largest-contentful-paint")} | ${a("total-blocking-time")} | ${a("cumulative-layout-shift")} | ${a("speed-index")} |`,
    );
  }
  console.log(
    `load average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(", ")}`,
  );
} finally {
  await server.stop();
  await data.remove();
}
