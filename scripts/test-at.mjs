#!/usr/bin/env node
/**
 * Runs tests as if the clock read another time (docs/architecture.md §6): the console's weeks,
 * bills, cycles and windows are IST days, so a test can pass on Monday and fail on Thursday, or
 * fail only in the minutes around IST midnight. This runs vitest under libfaketime (Debian's
 * `faketime` package), the clock starting at each given time and running on from it; timers and
 * timeouts keep the real clock. Embedded database only: a PostgreSQL server keeps its own clock.
 *   node scripts/test-at.mjs "2026-12-10 12:30" "2026-12-31 18:25" -- --project unit tests/services/money.test.ts
 * Times are UTC (IST is 5 h 30 min ahead). With no vitest arguments, the unit project runs.
 */
import { spawnSync } from "node:child_process";

const split = process.argv.indexOf("--");
const times = process.argv.slice(2, split < 0 ? undefined : split);
const vitestArgs = split < 0 ? ["--project", "unit"] : process.argv.slice(split + 1);
if (times.length === 0 || times.some((t) => Number.isNaN(Date.parse(`${t.replace(" ", "T")}Z`)))) {
  console.error('Usage: node scripts/test-at.mjs "YYYY-MM-DD HH:MM[:SS]" … [-- vitest arguments]  (UTC)');
  process.exit(2);
}
if (process.env.TEST_DATABASE_URL) {
  console.error("TEST_DATABASE_URL is set: a PostgreSQL server keeps its own clock. Run on the embedded database.");
  process.exit(2);
}
if (spawnSync("sh", ["-c", "command -v faketime"]).status !== 0) {
  console.error("faketime was not found (Debian/Ubuntu: `sudo apt-get install faketime`).");
  process.exit(2);
}
let failed = 0;
for (const time of times) {
  const at = `${time.replace("T", " ")}${/:\d\d:\d\d$/.test(time) ? "" : ":00"}`;
  const ist = new Date(Date.parse(`${at.replace(" ", "T")}Z`) + 5.5 * 3_600_000);
  const weekday = ist.toLocaleDateString("en-GB", { weekday: "long", timeZone: "UTC" });
  console.log(`\n== ${at} UTC (${weekday} ${ist.toISOString().slice(0, 16).replace("T", " ")} IST)`);
  const run = spawnSync("faketime", ["-f", `@${at}`, "npx", "vitest", "run", ...vitestArgs], {
    stdio: "inherit",
    env: { ...process.env, FAKETIME_DONT_FAKE_MONOTONIC: "1" },
  });
  if (run.status !== 0) failed++;
}
if (failed > 0) console.error(`\nFailed at ${failed} of ${times.length} times.`);
process.exit(failed > 0 ? 1 : 0);
