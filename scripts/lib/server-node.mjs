/**
 * How the server process is started: `npm start` (package.json) and everything that starts one
 * the same way (the browser tests' server, the benchmarks) use these Node flags (decision 084).
 *
 * --max-semi-space-size=32: V8's young generation may grow to 32 MiB a half (16 by default). A
 * page allocates a few MiB that die at once (rows, React elements, the HTML); with the default
 * the collector ran a scavenge every few requests (decision 080 chose 64; 32 was no slower on
 * any page in paired runs, and holds less memory).
 * --max-old-space-size=384: the old generation's limit. V8 sizes its heap by its limit: without
 * one the heap of a loaded server grew to 430 MiB for ~120 MiB of live objects, and the process
 * past 800 MiB after five minutes of load; with it, 545 MiB (docs/performance-log.md). The live
 * heap stays under a third of the limit through the demo's fill and that load.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=32", "--max-old-space-size=384"];

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
