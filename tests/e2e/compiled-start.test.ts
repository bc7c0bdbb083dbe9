/**
 * The compiled server (decision 080): `node build/start.js`, what production runs, and
 * `scripts/launch.mjs`, what `npm start` runs once the build is current, each serve the sign-in
 * page from one `node` process — no TypeScript loader, no child process — on the embedded
 * database (its WASM files resolved by PGlite's own package, its thread from
 * build/pglite-thread.js). They run in a folder that has the build, node_modules and the plain
 * files the server reads at run time, but none of the TypeScript sources: a server that still
 * loaded one (its database thread through tsx, say) would stop there. An empty database, not
 * seeded: the first start migrates it, the second finds it ready. SIGTERM stops each.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, symlink } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { compiledServerNodeArgs, SERVER_NODE_FLAGS } from "../../scripts/lib/server-node.mjs";
import { childrenOf } from "../support/console-process";
import { freePort } from "../support/net";

const buildDir = process.env.BUILD_DIR ?? "build";

/** What the server reads at run time besides node_modules and the build: no TypeScript. */
const RUNTIME_FILES = [
  "package.json",
  "node_modules",
  "app/services/db/migrations",
  "app/services/auth/hash-thread.mjs",
  "scripts/launch.mjs",
];

/** A folder with links to the build and RUNTIME_FILES only. */
async function runtimeFolder(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "console-compiled-"));
  await symlink(path.resolve(buildDir), path.join(dir, "build"));
  for (const file of RUNTIME_FILES) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await symlink(path.resolve(file), path.join(dir, file));
  }
  return dir;
}

/** A process's command line. */
function commandLine(pid: number): string[] {
  return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
}

async function startServer(args: string[], cwd: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(cwd, "data"),
    BUILD_DIR: "build",
    SEED_IF_EMPTY: "false",
    SKIP_BUILD: "true",
    SESSION_SECRET: randomBytes(24).toString("hex"),
  };
  delete env.DATABASE_URL; // the embedded database: its WASM files must resolve from the compiled server
  delete env.NODE_OPTIONS;
  const server: ChildProcess = spawn(process.execPath, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  server.stdout!.on("data", (c: Buffer) => (log += c.toString()));
  server.stderr!.on("data", (c: Buffer) => (log += c.toString()));
  for (const t = Date.now(); !log.includes("Console ready"); await new Promise((r) => setTimeout(r, 100))) {
    if (server.exitCode !== null) throw new Error(`the console exited (${server.exitCode}):\n${log}`);
    if (Date.now() - t > 180_000) throw new Error(`the console did not start in 180 s:\n${log}`);
  }
  return { server, port, log: () => log };
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null) return server.exitCode;
  const exited = new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
  server.kill("SIGTERM");
  return exited;
}

describe("the compiled server", () => {
  const started: ChildProcess[] = [];
  let folder: string | undefined;

  afterAll(async () => {
    for (const server of started) if (server.exitCode === null) server.kill("SIGKILL");
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("serves the sign-in page from one node process, run as production runs it and as npm start runs it", async () => {
    expect(existsSync(path.join(buildDir, "start.js")), "npm run build makes build/start.js").toBe(true);
    expect(existsSync(path.join(buildDir, "pglite-thread.js"))).toBe(true);
    folder = await runtimeFolder();
    for (const args of [compiledServerNodeArgs([], "build"), [...SERVER_NODE_FLAGS, "scripts/launch.mjs"]]) {
      const { server, port, log } = await startServer(args, folder);
      started.push(server);
      const page = await fetch(`http://127.0.0.1:${port}/sign-in`);
      expect(page.status, log()).toBe(200);
      expect(await page.text()).toContain('name="password"');

      // One process: no child (tsx's command line ran the server in one), no loader in it.
      expect(childrenOf(server.pid!)).toEqual([]);
      const command = commandLine(server.pid!);
      expect(command).toEqual([process.execPath, ...args]);
      expect(command.join(" ")).not.toMatch(/tsx|\.ts\b/);
      expect(await stop(server)).toBe(0);
    }
  });
});
