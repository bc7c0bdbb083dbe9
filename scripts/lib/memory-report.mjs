/**
 * For scripts/bench-memory.ts only (`node --import ./scripts/lib/memory-report.mjs …`): on
 * SIGUSR2 the server prints one line, `memory-report {…}`, with its main thread's
 * process.memoryUsage() in MiB. The database thread (decision 048) has a V8 heap of its own, and
 * PGlite's WASM memory is in it: neither is in heap, external nor arrayBuffers here, only in rss.
 */
process.on("SIGUSR2", () => {
  const mib = Object.fromEntries(
    Object.entries(process.memoryUsage()).map(([k, v]) => [k, Math.round((v / 1048576) * 10) / 10]),
  );
  console.log(`memory-report ${JSON.stringify(mib)}`);
});
