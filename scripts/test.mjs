#!/usr/bin/env node
/**
 * `npm test`: every test — unit, service tests on a real database, browser tests in real
 * Chromium. First checks the dependency patches apply (`scripts/patch-dependencies.mjs --strict`,
 * decision 053). Finds Chromium (CHROME_PATH, else Debian's chromium-headless-shell, installed when
 * missing and we are root with apt, else /usr/bin/chromium); builds the app unless the build already matches the
 * sources; then runs vitest.
 * Extra arguments go to vitest (e.g. `npm test -- --project unit`). TEST_DATABASE_URL runs the
 * service and browser tests on that PostgreSQL server; E2E_SCOPE=smoke runs only the browser
 * smoke test (CI's PGlite pass, decision 017).
 */
import { execSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { FULL_CHROMIUM, HEADLESS_SHELL } from "./lib/chromium-paths.mjs";

const HOW_TO_INSTALL =
  "Install it (Debian/Ubuntu: `sudo apt-get install chromium-headless-shell`, or `chromium`) or set CHROME_PATH to a Chromium/Chrome binary, then run npm test again.";

function ensureChromium() {
  if (process.env.CHROME_PATH) {
    if (existsSync(process.env.CHROME_PATH)) return process.env.CHROME_PATH;
    console.error(`CHROME_PATH is ${process.env.CHROME_PATH}, which does not exist.\n${HOW_TO_INSTALL}`);
    process.exit(1);
  }
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasApt = spawnSync("sh", ["-c", "command -v apt-get"]).status === 0;
  if (isRoot && hasApt) {
    console.log("Chromium's headless shell not found: installing Debian's chromium-headless-shell package…");
    try {
      execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell", {
        stdio: "inherit",
      });
    } catch {
      console.error("Installing Debian's chromium-headless-shell package failed (see above).");
    }
    if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  }
  if (existsSync(FULL_CHROMIUM)) {
    console.log(`Using ${FULL_CHROMIUM} (the headless shell, ${HEADLESS_SHELL}, is lighter).`);
    return FULL_CHROMIUM;
  }
  console.error(`Chromium was found neither at ${HEADLESS_SHELL} nor at ${FULL_CHROMIUM}.\n${HOW_TO_INSTALL}`);
  process.exit(1);
}

/** A digest of everything the production build is made from. */
function sourceDigest() {
  const hash = createHash("sha256");
  const add = (file) => hash.update(file).update("\0").update(readFileSync(file)).update("\0");
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (!/\.test\.ts$/.test(entry.name)) add(p);
    }
  };
  walk("app");
  walk("public");
  // The compiled server (build/start.js, decision 080) is made from these too.
  walk("scripts/lib");
  for (const f of [
    "scripts/start.ts",
    "scripts/server.ts",
    "scripts/prepare-db.ts",
    "scripts/build-server.mjs",
    "vite.config.ts",
    "tsconfig.json",
    "postcss.config.cjs",
    "package.json",
    "package-lock.json",
  ])
    if (existsSync(f)) add(f);
  return hash.digest("hex");
}

/** Builds into BUILD_DIR unless the build there was made from exactly these sources. */
function buildIfChanged() {
  const buildDir = process.env.BUILD_DIR ?? "build";
  const stamp = path.join(buildDir, ".source-digest");
  const digest = sourceDigest();
  if (
    existsSync(path.join(buildDir, "server/index.js")) &&
    existsSync(stamp) &&
    readFileSync(stamp, "utf8") === digest
  ) {
    console.log(`The build in ${buildDir}/ matches the sources: not rebuilding.`);
    return;
  }
  console.log("Building the console for the browser tests…");
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  writeFileSync(stamp, digest);
}

const args = process.argv.slice(2);
// The dependency patches first, strictly (decision 053): one that does not apply fails the run
// here, with what to do, instead of a warning lost in npm install's output.
const patches = spawnSync(process.execPath, ["scripts/patch-dependencies.mjs", "--strict"], { stdio: "inherit" });
if (patches.status !== 0) process.exit(patches.status ?? 1);
const unitOnly = args.includes("--project") && args[args.indexOf("--project") + 1] === "unit";
if (!unitOnly) {
  process.env.CHROME_PATH = ensureChromium();
  buildIfChanged();
}
const result = spawnSync("npx", ["vitest", "run", ...args], { stdio: "inherit", env: process.env });
process.exit(result.status ?? 1);
