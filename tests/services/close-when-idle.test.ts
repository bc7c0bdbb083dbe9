/**
 * A stopping server ends connections as they fall idle (scripts/server.ts `closeWhenIdle`,
 * decision 078): a request under way when the stop came is answered, and its connection — left
 * idle in the client's keep-alive pool — is closed at once, not after the keep-alive timeout.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { closeWhenIdle } from "../../scripts/server";

let server: http.Server | undefined;
let agent: http.Agent | undefined;
afterEach(() => {
  agent?.destroy();
  server?.closeAllConnections();
});

function get(port: number, path: string): Promise<{ status: number; body: string; socketClosed: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = http.get({ port, path, agent }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode!, body, socketClosed }));
    });
    const socketClosed = new Promise<void>((done) => req.on("socket", (socket) => socket.once("close", () => done())));
    req.on("error", reject);
  });
}

describe("closeWhenIdle", () => {
  it("answers the request under way, then closes its kept-alive connection without waiting for the timeout", async () => {
    let started!: () => void;
    const arrived = new Promise<void>((resolve) => (started = resolve));
    server = http.createServer((req, res) => {
      started();
      setTimeout(() => res.end(`answered ${req.url}`), 200);
    });
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    agent = new http.Agent({ keepAlive: true, maxSockets: 4 });

    const answer = get(port, "/slow");
    await arrived;
    const t0 = Date.now();
    const closed = closeWhenIdle(server);
    const { status, body, socketClosed } = await answer;
    expect(status).toBe(200);
    expect(body).toBe("answered /slow");
    // The client keeps the socket in its pool; the server ends it once it is idle.
    await socketClosed;
    await closed;
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(server.listening).toBe(false);
  });

  it("closes at once when nothing is under way", async () => {
    server = http.createServer((_req, res) => res.end("ok"));
    server.keepAliveTimeout = 65_000;
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    agent = new http.Agent({ keepAlive: true });
    const { socketClosed } = await get(port, "/");
    const t0 = Date.now();
    await closeWhenIdle(server);
    await socketClosed;
    expect(Date.now() - t0).toBeLessThan(2_000);
  });
});
