/**
 * Vitest global setup for browser tests: starts the built console (the same start script
 * as `npm start`) on a free port against a fresh copy of the seeded template database that
 * the service tests clone (tests/setup/db-template.ts): a temporary PGlite folder loaded from
 * the template's dump, or `CREATE DATABASE … TEMPLATE` on the TEST_DATABASE_URL server. The
 * start script finds the database migrated and seeded, so it does not seed again.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { SMTPServer } from "smtp-server";
import type { TestProject } from "vitest/node";

import { serverNodeArgs } from "../../scripts/lib/server-node.mjs";
import { freePort } from "../support/net";
import { adminQuery, testDatabaseUrl, withDatabase } from "../support/pg-admin";
import { pgliteFromTemplate, useTemplate } from "./db-template";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    /**
     * The server's DATA_DIR. Its `outbox` folder holds every e-mail the server sent, as .eml
     * files: the server sends over SMTP to a receiver started here, which writes each message
     * it accepts there.
     */
    e2eDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(process.env.BUILD_DIR ?? "build", "server/index.js")))
    throw new Error("No build found: run `npm run build` (npm test does it for you).");
  const { template, release } = await useTemplate();
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "console-e2e-"));
  const url = testDatabaseUrl();
  const dbName = `e2e_${process.pid}`;
  const smtp = await startSmtpReceiver(path.join(dataDir, "outbox"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    SEED_DEMO: "true", // the browser tests sign in as the demo staff
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    SKIP_BUILD: "true",
    SESSION_SECRET: randomBytes(24).toString("hex"),
    // Browser tests that exercise the per-address sign-in limit give themselves their own
    // address with X-Forwarded-For, so they never block the other tests' 127.0.0.1.
    TRUST_PROXY: "true",
    // The database is a copy of the seeded template: an empty one means the copy failed.
    SEED_IF_EMPTY: "false",
    // The outbox delivers through the real SMTP path (decision 073's browser test reads what arrived).
    SMTP_URL: smtp.url,
  };
  delete env.DATABASE_URL;
  if (url) {
    await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${dbName} TEMPLATE ${template.pgTemplateDb}`);
    env.DATABASE_URL = withDatabase(url, dbName);
  } else {
    await pgliteFromTemplate(template, path.join(dataDir, "pg"));
  }
  const server: ChildProcess = spawn(process.execPath, serverNodeArgs(), {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Console did not start in 120 s:\n${log}`)), 120_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("Console ready")) {
        clearTimeout(timer);
        resolve();
      }
    };
    server.stdout?.on("data", onData);
    server.stderr?.on("data", (c: Buffer) => (log += c.toString()));
    server.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Console exited with ${code} before it was ready:\n${log}`));
    });
  });
  server.removeAllListeners("exit");
  // A server that dies while the tests run would leave only "connection refused" in their
  // failures: say why, with the end of its log.
  let stopping = false;
  server.on("exit", (code, signal) => {
    if (!stopping)
      console.error(
        `The browser tests' server exited (${signal ?? `code ${code}`}) while the tests ran. The end of its log:\n${log.slice(-20_000)}`,
      );
  });
  project.provide("baseURL", `http://127.0.0.1:${port}`);
  // Browser tests that compare a page with the seeded data open their own copy of the template.
  project.provide("pgliteTemplate", template.pgliteTemplate);
  project.provide("pgTemplateDb", template.pgTemplateDb);
  project.provide("seedOrdersUntil", template.seedOrdersUntil);
  project.provide("e2eDataDir", dataDir);

  return async () => {
    stopping = true;
    await new Promise<void>((resolve) => {
      server.once("exit", () => resolve());
      server.kill("SIGTERM");
      setTimeout(() => {
        server.kill("SIGKILL");
        resolve();
      }, 5_000);
    });
    // E2E_SERVER_LOG=<file>: the server's whole log, kept for reading (its JSON lines, any error).
    if (process.env.E2E_SERVER_LOG) await writeFile(process.env.E2E_SERVER_LOG, log);
    if (url) await adminQuery(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
    await release();
  };
}

/**
 * A real SMTP receiver for the browser tests' server: each message it accepts is written to
 * `dir` as an .eml file (line ends as a mail client saves them), so a test reads what arrived.
 */
async function startSmtpReceiver(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  await mkdir(dir, { recursive: true });
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const file = path.join(dir, `smtp-${String(++received).padStart(8, "0")}.eml`);
        writeFile(file, Buffer.concat(chunks).toString("utf8").replace(/\r\n/g, "\n")).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
