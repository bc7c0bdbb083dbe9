/**
 * Pages under a flood of bad sign-ins (decision 060): one production server on the demo seed
 * (PGlite), the vp signed in; All Users at CONNECTIONS connections for SECONDS, first idle,
 * then while FLOOD clients each keep one bad sign-in in flight (a wrong password for an unknown
 * e-mail: the dummy hash, the same scrypt as a real check), both in one run. Reports All Users'
 * p50 / p95 / p99 and requests/s in each phase, their ratio, and what the flood got back.
 *   npm run build && npx tsx scripts/bench-signin-flood.ts
 * The flood retries at once whatever it is told (an attacker ignores Retry-After);
 * HONOUR_RETRY_AFTER=1 makes it wait as a well-behaved client would. Leave PASSWORD_HASH_COST
 * unset: the flood must hash at OWASP's cost (2^17), as production does.
 */
import os from "node:os";

import { loadServer, quantile, seededDataDir, startBenchServer } from "./lib/bench-server";

const SECONDS = Number(process.env.SECONDS ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const FLOOD = Number(process.env.FLOOD ?? 16);
const HONOUR_RETRY_AFTER = process.env.HONOUR_RETRY_AFTER === "1";
const PAGE = "/all-users";

if (process.env.PASSWORD_HASH_COST)
  console.warn(`PASSWORD_HASH_COST=${process.env.PASSWORD_HASH_COST}: the flood hashes below production's cost.`);

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(", ");

type Answer = { status: number; ms: number; retryAfter: string | null; busy: boolean };

/** FLOOD clients, each posting a bad sign-in as soon as its last one was answered, until `stop()`. */
function startFlood(base: string) {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const clients = Array.from({ length: FLOOD }, async (_, client) => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${base}/sign-in`, {
        method: "POST",
        body: new URLSearchParams({
          email: `flood-${client}-${n++}@demo.test`,
          role: "vp",
          password: "wrong-password",
        }),
        redirect: "manual",
      });
      const text = await res.text();
      const retryAfter = res.headers.get("retry-after");
      answers.push({ status: res.status, ms: performance.now() - t, retryAfter, busy: text.includes("being checked") });
      if (HONOUR_RETRY_AFTER && retryAfter && running)
        await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000));
    }
  });
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}

const data = await seededDataDir();
const server = await startBenchServer({ dataDir: data.dir, port: 3970 });
try {
  console.log(`load average before: ${loadAverage()}`);
  // Warm the page (queries prepared, code compiled) before either phase.
  for (let i = 0; i < 30; i++) await server.get(PAGE);
  const idle = await loadServer(server, [PAGE], SECONDS, CONNECTIONS);
  const flood = startFlood(server.base);
  await new Promise((r) => setTimeout(r, 2_000)); // the queue fills and the flood settles
  const flooded = await loadServer(server, [PAGE], SECONDS, CONNECTIONS);
  await flood.stop();
  console.log(`load average after: ${loadAverage()}`);

  const p = (values: number[], q: number) => Number(quantile(values, q));
  const row = (label: string, r: Awaited<ReturnType<typeof loadServer>>) =>
    `| ${label} | ${p(r.latencies, 0.5)} ms | ${p(r.latencies, 0.95)} ms | ${p(r.latencies, 0.99)} ms | ${r.rps.toFixed(0)} | ${r.cpuPerRequest.toFixed(1)} ms |`;
  console.log(
    `\nAll Users at ${CONNECTIONS} connections, ${SECONDS} s each, demo seed (PGlite), ${os.availableParallelism()} cores`,
  );
  console.log("| Phase | p50 | p95 | p99 | requests/s | CPU/request |");
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  console.log(row("idle", idle));
  console.log(row(`${FLOOD} parallel bad sign-ins${HONOUR_RETRY_AFTER ? " (honouring Retry-After)" : ""}`, flooded));
  console.log(`\np50 ratio (flood / idle): ${(p(flooded.latencies, 0.5) / p(idle.latencies, 0.5)).toFixed(2)}`);

  const answers = flood.answers;
  const checked = answers.filter((a) => a.status === 401);
  const busy = answers.filter((a) => a.status === 429 && a.busy);
  const limited = answers.filter((a) => a.status === 429 && !a.busy);
  const other = answers.filter((a) => a.status !== 401 && a.status !== 429);
  const floodSeconds = SECONDS + 2;
  console.log(
    `flood: ${answers.length} answers — ${checked.length} checked (401, ${(checked.length / floodSeconds).toFixed(1)}/s, ` +
      `median ${
        checked.length
          ? quantile(
              checked.map((a) => a.ms),
              0.5,
            )
          : "–"
      } ms), ` +
      `${busy.length} refused by the hashing queue (429, median ${
        busy.length
          ? quantile(
              busy.map((a) => a.ms),
              0.5,
            )
          : "–"
      } ms), ` +
      `${limited.length} by the attempt limits (429), ${other.length} other`,
  );
  const without = [...busy, ...limited].filter((a) => !a.retryAfter).length;
  console.log(`429s without Retry-After: ${without}`);
} finally {
  await server.stop();
  await data.remove();
}
