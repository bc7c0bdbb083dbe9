/**
 * How the server process is started: `npm start` (package.json) and everything that starts one
 * the same way (the browser tests' server, the benchmarks) use these Node flags.
 *
 * --max-semi-space-size=64: V8's young generation may grow to 64 MiB a half (16 by default). A
 * page allocates a few MiB that die at once (rows, React elements, the HTML); with the default
 * the collector ran a scavenge every few requests. Paired runs at 20 connections: 3–10 % less
 * CPU a page and 5–8 % more requests/s on All Users and a rate card (docs/performance-log.md).
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];

/**
 * `node` arguments that run the server from source, scripts/start.ts through tsx: what the browser
 * tests' server and the benchmarks run, so that they never serve a stale compiled server.
 */
export const serverNodeArgs = (extra = []) => [...SERVER_NODE_FLAGS, ...extra, "--import", "tsx", "scripts/start.ts"];

/** `node` arguments that run the compiled server, `BUILD_DIR/start.js`, as `npm start` does (decision 080). */
export const compiledServerNodeArgs = (extra = [], buildDir = process.env.BUILD_DIR ?? "build") => [
  ...SERVER_NODE_FLAGS,
  ...extra,
  `${buildDir}/start.js`,
];
