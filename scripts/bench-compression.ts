/**
 * Which compression for a page answered whole (scripts/server.ts `compressWhole`, decisions 050
 * and 080): each page's body as the production server sends it uncompressed (the demo seed, the
 * vp signed in; `/sign-in` signed out), compressed in this process with brotli at qualities 1–5
 * and gzip at levels 1–6 — the size of each, and the CPU of one call (median of REPS, this
 * thread's user + system time, so a loaded machine counts less than with a clock).
 *   npm run build && npx tsx scripts/bench-compression.ts   (BENCH_DATA_DIR=<seeded folder> to reuse one)
 */
import os from "node:os";
import zlib from "node:zlib";

import { seededDataDir, startBenchServer } from "./lib/bench-server";

const REPS = Number(process.env.REPS ?? 40);
const PAGES = [
  "/sign-in",
  "/all-users",
  "/all-users.data",
  "/all-users/{client}",
  "/all-users/{client}/rate-card",
  "/all-users/{client}/rate-card.data",
  "/all-users/{client}/all-couriers",
  "/all-users/{client}/account-ledger",
  "/dashboard",
  "/order-tracker",
  "/all-users/{client}/courier-rules",
  "/on-hold-cod",
  "/rate-cards",
];

type Codec = { name: string; run(body: Buffer): Buffer };
const brotli = (q: number): Codec => ({
  name: `br ${q}`,
  run: (body) =>
    zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: q, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
});
const gzip = (level: number): Codec => ({ name: `gzip ${level}`, run: (body) => zlib.gzipSync(body, { level }) });
const CODECS = [1, 2, 3, 4, 5].map(brotli).concat([1, 2, 3, 4, 5, 6].map(gzip));

/** CPU µs of one call: the median of REPS calls (after a few to warm up). */
function cpuMicros(codec: Codec, body: Buffer): number {
  for (let i = 0; i < 3; i++) codec.run(body);
  const times: number[] = [];
  for (let i = 0; i < REPS; i++) {
    const before = process.cpuUsage();
    codec.run(body);
    const used = process.cpuUsage(before);
    times.push(used.user + used.system);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
}

const data = await seededDataDir();
const server = await startBenchServer({ dataDir: data.dir, port: 3965, readyTimeoutMs: 600_000 });
const bodies: [string, Buffer][] = [];
try {
  for (const raw of PAGES) {
    const url = raw.replaceAll("{client}", String(data.clientId));
    const res = await fetch(server.base + url, {
      headers: { "accept-encoding": "identity", ...(url === "/sign-in" ? {} : { cookie: server.cookie }) },
    });
    if (res.status !== 200) {
      console.log(`${url}: ${res.status}, left out`);
      continue;
    }
    bodies.push([raw, Buffer.from(await res.arrayBuffer())]);
  }
} finally {
  await server.stop();
  await data.remove();
}

console.log(
  `load average: ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ")}; ${REPS} calls a cell, median`,
);
console.log(`| Page | bytes | ${CODECS.map((c) => c.name).join(" | ")} |`);
console.log(`| --- | ---: | ${CODECS.map(() => "---:").join(" | ")} |`);
const totals = CODECS.map(() => ({ bytes: 0, micros: 0, beatsGzip1: 0 }));
for (const [url, body] of bodies) {
  const gzip1 = gzip(1).run(body).length;
  const cells = CODECS.map((codec, i) => {
    const size = codec.run(body).length;
    const micros = cpuMicros(codec, body);
    totals[i].bytes += size;
    totals[i].micros += micros;
    if (size <= gzip1) totals[i].beatsGzip1++;
    return `${size.toLocaleString("en")} B, ${micros} µs`;
  });
  console.log(`| ${url} | ${body.length.toLocaleString("en")} | ${cells.join(" | ")} |`);
}
console.log(
  `| all ${bodies.length} | ${bodies.reduce((s, [, b]) => s + b.length, 0).toLocaleString("en")} | ${totals
    .map((t) => `${t.bytes.toLocaleString("en")} B, ${t.micros} µs; ≤ gzip 1 on ${t.beatsGzip1}`)
    .join(" | ")} |`,
);
