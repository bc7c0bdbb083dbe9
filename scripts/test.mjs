#!/usr/bin/env node
/**
 * `npm test`: every test — unit, service tests on a real database, browser tests in real
 * Chromium. Finds Chromium (CHROME_PATH or /usr/bin/chromium); installs Debian's package
 * when missing and we are root with apt; builds the app; then runs vitest.
 * Extra arguments go to vitest (e.g. `npm test -- --project unit`).
 */
import { execSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function ensureChromium() {
  const path = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (existsSync(path)) return path;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium not found: installing Debian's chromium package…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  }
  console.error(
    `Chromium was not found at ${path}.\n` +
      "Install it (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chromium/Chrome binary, then run npm test again.",
  );
  process.exit(1);
}

const args = process.argv.slice(2);
const unitOnly = args.includes("--project") && args[args.indexOf("--project") + 1] === "unit";
if (!unitOnly) {
  process.env.CHROME_PATH = ensureChromium();
  console.log("Building the console for the browser tests…");
  execSync("npx remix vite:build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}
const result = spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: process.env });
process.exit(result.status ?? 1);
