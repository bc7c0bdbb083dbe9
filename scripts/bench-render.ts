/**
 * Builds compared page by page inside one process, without HTTP: each build's Remix request
 * handler renders the same pages for the signed-in vp on the same demo database (PGlite), the
 * builds taking turns request by request, and the process's CPU time is read around each
 * request. Everything but the network, Express and compression is in the figure: loaders,
 * queries, React's render, the data Remix serialises. Taking turns inside one process puts
 * whatever else the machine is doing on every build alike, so a difference of a few percent
 * shows where HTTP runs at 20 connections (bench-pages.ts) vary by a third between runs.
 *   npx tsx scripts/bench-render.ts BUILD_DIR BUILD_DIR …   (PAGES=url,… ; REQUESTS=600 per page and build)
 * A build of an earlier commit: see bench-compare.ts (git worktree, node_modules linked in).
 * `{client}` in a URL is the seed's first client (the one with the big rate card).
 * PROFILE=1 writes a CPU profile of the measured requests only (not the seed, start-up or warm-up)
 * to profiles/render-<page>.cpuprofile, for `npx tsx scripts/lib/profile-top.ts FILE`.
 * The database layer is the process's, not a build's: compare its settings by runs in turn,
 * e.g. PGLITE_KEPT_STATEMENTS=0 against the default (decision 046).
 * PGLITE_THREAD=true: the database on a thread of its own, as the server runs it (decision 048);
 * the profile is then the main thread's alone (the render side), and a last column gives the main
 * thread's mean CPU a request (from /proc: clock ticks of 10 ms, so a mean, never a median).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";

const REQUESTS = Number(process.env.REQUESTS ?? 600);
const WARM_UP = Number(process.env.WARM_UP ?? 60);
const PAGES = (process.env.PAGES ?? "/all-users,/all-users/{client}/rate-card").split(",").filter(Boolean);
const builds = process.argv.slice(2);
if (builds.length === 0) {
  console.error("Usage: npx tsx scripts/bench-render.ts BUILD_DIR BUILD_DIR …");
  process.exit(2);
}

// Before any of the app's modules reads its configuration (the app's copy and the builds' alike).
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-render-session-secret-0123456789";
process.env.COOKIE_SECURE = "false";
const { quantile, seededDataDir } = await import("./lib/bench-server");
// As scripts/server.ts does for every GET: the page's loaders share one session lookup.
const { runInRequestScope } = await import("../app/services/http/request-scope.server");
const data = await seededDataDir();
process.env.DATA_DIR = data.dir;
// The app's own modules and the builds' copies use one database: the process's, kept on globalThis.
const { getDb, openPglite, openPgliteOnThread, setProcessDb } = await import("../app/services/db/client.server");
const onThread = process.env.PGLITE_THREAD === "true";
setProcessDb(onThread ? openPgliteOnThread(path.join(data.dir, "pg")) : openPglite(path.join(data.dir, "pg")));
const { startSession } = await import("../app/services/auth/session.server");
const { staff } = await import("../app/services/db/schema");
const db = getDb();
const [vp] = await db
  .select({ id: staff.id })
  .from(staff)
  .where(eq(staff.email, process.env.BENCH_AS_EMAIL ?? "vp@demo.test"));
if (!vp) throw new Error("No demo vp in the seeded database.");
const setCookie = await startSession(db, new Request("http://localhost/"), vp.id);
const cookie = setCookie.split(";")[0];

const handlers = await Promise.all(
  builds.map(async (dir) => {
    const build = (await import(pathToFileURL(path.resolve(dir, "server/index.js")).href)) as ServerBuild;
    return createRequestHandler(build, "production");
  }),
);

/** CPU time (user + system) of this process, in microseconds. */
const cpuUs = () => {
  const u = process.cpuUsage();
  return u.user + u.system;
};

/** CPU time of this process's main thread alone, in microseconds (Linux; 10 ms ticks). */
const mainThreadUs = () => {
  try {
    const f = readFileSync(`/proc/${process.pid}/task/${process.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(f[11]) + Number(f[12])) * 10_000;
  } catch {
    return 0;
  }
};
const mainSamples = new Map<string, number[]>();

async function render(i: number, url: string): Promise<number> {
  const main0 = mainThreadUs();
  const before = cpuUs();
  const res = await runInRequestScope(() =>
    handlers[i](new Request(`http://localhost${url}`, { headers: { cookie } }), {
      clientIp: "127.0.0.1",
      cspNonce: "bench",
      documentRequest: true,
    }),
  );
  await res.text();
  if (res.status !== 200) throw new Error(`${builds[i]} ${url}: ${res.status}`);
  const spent = cpuUs() - before;
  const key = `${i} ${url}`;
  if (!mainSamples.has(key)) mainSamples.set(key, []);
  mainSamples.get(key)!.push(mainThreadUs() - main0);
  return spent;
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const inspector = process.env.PROFILE ? new Session() : null;
if (inspector) {
  inspector.connect();
  await inspector.post("Profiler.enable");
  await inspector.post("Profiler.setSamplingInterval", { interval: 200 });
}
try {
  console.log(`| Page | Build | CPU/request median (ms) | mean (ms) |${onThread ? " main thread mean (ms) |" : ""}`);
  console.log(`| --- | --- | ---: | ---: |${onThread ? " ---: |" : ""}`);
  for (const raw of PAGES) {
    const url = raw.replaceAll("{client}", String(data.clientId));
    for (let w = 0; w < WARM_UP; w++) for (let i = 0; i < handlers.length; i++) await render(i, url);
    mainSamples.clear();
    const samples: number[][] = handlers.map(() => []);
    await inspector?.post("Profiler.start");
    for (let r = 0; r < REQUESTS; r++)
      // A different build first each round: no build always follows the same one.
      for (let k = 0; k < handlers.length; k++) {
        const i = (r + k) % handlers.length;
        samples[i].push(await render(i, url));
      }
    if (inspector) {
      const { profile } = await inspector.post("Profiler.stop");
      mkdirSync("profiles", { recursive: true });
      const file = `profiles/render-${raw.replace(/[^a-z0-9]+/gi, "_")}.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.error(`CPU profile: ${file}`);
    }
    for (const [i, s] of samples.entries())
      console.log(
        `| ${raw} | ${builds[i]} | ${quantile(
          s.map((us) => us / 1000),
          0.5,
          2,
        )} | ${(mean(s) / 1000).toFixed(2)} |${onThread ? ` ${(mean(mainSamples.get(`${i} ${url}`) ?? [0]) / 1000).toFixed(2)} |` : ""}`,
      );
  }
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await data.remove();
  // The builds' schedules and the database keep the event loop alive.
  process.exit();
}
