/**
 * `npm run cluster -- --copies 3 [--port 3000]`: N copies of the console on the PostgreSQL of
 * DATABASE_URL, each a process of its own on its own port (PORT, PORT+1…), as N machines behind
 * a load balancer would run (decision 079). They start at once: the first migrates and seeds
 * under the start-up lock, the others wait and then serve. Once all are ready it shows them
 * working together — a session made on copy 1 is known to the others, and a logout on the last
 * ends it on all — then keeps them running, each line of output marked with its copy, until
 * Ctrl-C stops them all. SESSION_SECRET is shared (one is made for the run when unset).
 */
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";

import { type Copy, get, postForm, signIn, startCopies, stopCopies, whenReady } from "./lib/cluster";

const { values } = parseArgs({
  options: { copies: { type: "string", default: "3" }, port: { type: "string" } },
});
const count = Number(values.copies);
if (!Number.isInteger(count) || count < 1 || count > 16) {
  console.error(`--copies must be a whole number from 1 to 16, not "${values.copies}".`);
  process.exit(2);
}
const basePort = Number(values.port ?? process.env.PORT ?? 3000);
if (!Number.isInteger(basePort) || basePort < 1 || basePort + count - 1 > 65_535) {
  console.error(`--port must be a port number (the copies take ${count} ports from it), not "${values.port}".`);
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    "Set DATABASE_URL to a PostgreSQL database: copies share it (the embedded database belongs to one process). " +
      "For example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/console npm run cluster -- --copies 3",
  );
  process.exit(2);
}
let sessionSecret = process.env.SESSION_SECRET;
if (!sessionSecret) {
  sessionSecret = randomBytes(32).toString("hex");
  console.log("SESSION_SECRET is not set: the copies share one made for this run (sessions end with it).");
}
if (!existsSync(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js"))) {
  console.log("Building the console…");
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

const copies = await startCopies({
  copies: count,
  databaseUrl,
  sessionSecret,
  ports: Array.from({ length: count }, (_, i) => basePort + i),
  host: process.env.HOST ?? "0.0.0.0",
  env: { SEED_DEMO: process.env.SEED_DEMO ?? "true" },
  onLine: (copy, line) => console.log(`[copy ${copy.n}] ${line}`),
});
let stopping = false;
const stop = async (code: number) => {
  if (stopping) return;
  stopping = true;
  console.log("Stopping every copy…");
  await stopCopies(copies);
  process.exit(code);
};
process.on("SIGINT", () => void stop(0));
process.on("SIGTERM", () => void stop(0));
for (const copy of copies)
  void copy.exited.then(({ code, signal }) => {
    if (!stopping) console.log(`Copy ${copy.n} ended (${signal ?? `code ${code}`}); the others keep serving.`);
  });

try {
  await whenReady(copies);
} catch (error) {
  console.error((error as Error).message);
  await stop(1);
}

/** Loopback addresses of the copies, whatever HOST they listen on. */
const local = copies.map((c): Copy => ({ ...c, baseUrl: `http://127.0.0.1:${c.port}` }));
const status = async (copy: Copy, cookie: string) => {
  const res = await get(copy, "/all-users", cookie);
  return res.status === 200 ? "signed in" : `signed out (${res.status} → ${res.headers.get("location") ?? ""})`;
};
try {
  const cookie = await signIn(local[0]!, "vp@demo.test", "vp");
  console.log("\nSigned in as vp@demo.test on copy 1. The session on each copy:");
  for (const copy of local) console.log(`  copy ${copy.n}: ${await status(copy, cookie)}`);
  const last = local[local.length - 1]!;
  await postForm(last, "/logout", {}, cookie);
  console.log(`Signed out on copy ${last.n}. The session on each copy:`);
  for (const copy of local) console.log(`  copy ${copy.n}: ${await status(copy, cookie)}`);
} catch (error) {
  console.log(
    `\nThe session check was skipped: ${(error as Error).message} (no demo accounts? SEED_DEMO=true seeds them).`,
  );
}
console.log(
  `\n${count} copies serving: ${copies.map((c) => `http://localhost:${c.port}`).join(", ")}. Ctrl-C stops them all.`,
);
