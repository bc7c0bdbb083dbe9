/**
 * `npm start` (decision 080): builds the console when the build is missing or older than its
 * sources, then runs the compiled server, BUILD_DIR/start.js, in this same process: one `node`
 * serves, with no TypeScript loader. Production may run `node build/start.js` itself after
 * `npm run build` (README, In production). Plain JavaScript, so that it needs no loader either.
 *
 * The workers of WEB_CONCURRENCY > 1 run this file again (cluster.fork): they only load the build.
 * SKIP_BUILD=true never builds.
 */
import { execSync } from "node:child_process";
import cluster from "node:cluster";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
const entry = path.join(buildDir, "start.js");

/** What the build is made from: a change to any of them is a stale build. */
const SOURCES = [
  "app",
  "public",
  "scripts/start.ts",
  "scripts/server.ts",
  "scripts/prepare-db.ts",
  "scripts/lib",
  "scripts/build-server.mjs",
  "vite.config.ts",
  "package.json",
];

function newestMtime(p) {
  if (!existsSync(p)) return 0;
  const stat = statSync(p);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

function buildIfStale() {
  const outputs = [entry, path.join(buildDir, "server/index.js")];
  const built = outputs.every((f) => existsSync(f)) ? Math.min(...outputs.map((f) => statSync(f).mtimeMs)) : 0;
  if (built > Math.max(...SOURCES.map(newestMtime))) return;
  console.log("Building the console…");
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

if (cluster.isPrimary && process.env.SKIP_BUILD !== "true") buildIfStale();
await import(pathToFileURL(entry).href);
