/**
 * The request edge on its own, in this process (decision 018): its refusals are the sender's
 * mistakes, so they are answered with a sentence and never logged (no stack trace for a 4xx),
 * and without TRUST_PROXY a client's X-Forwarded-Host cannot make a foreign Origin pass.
 */
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { requestEdge } from "../../scripts/server";

let base = "";
let close: () => void;
const logged: unknown[][] = [];

beforeAll(async () => {
  for (const level of ["error", "warn", "log", "info"] as const)
    vi.spyOn(console, level).mockImplementation((...args) => void logged.push(args));
  const app = express();
  app.use(requestEdge(false));
  // What the edge lets through reaches the routes; here, a stand-in that says so.
  app.use((req, res) => void res.type("text/plain").send(`reached ${req.method}`));
  app.use(((error, _req, res, _next) => {
    console.error(error);
    res.status(500).end();
  }) as express.ErrorRequestHandler);
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => {
  close?.();
  vi.restoreAllMocks();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

describe("the request edge without TRUST_PROXY", () => {
  it("does not believe X-Forwarded-Host: a foreign Origin stays foreign", async () => {
    const forged = await fetch(`${base}/logout`, {
      method: "POST",
      headers: { ...FORM, Origin: "http://evil.example", "X-Forwarded-Host": "evil.example" },
      body: "",
    });
    expect(forged.status).toBe(403);
    const own = await fetch(`${base}/logout`, { method: "POST", headers: { ...FORM, Origin: base }, body: "" });
    expect(await own.text()).toBe("reached POST");
  });

  it("answers every refusal with a 4xx and a sentence, and logs none of them", async () => {
    const refused = [
      fetch(`${base}/sign-in`, { method: "POST", headers: { ...FORM, "Sec-Fetch-Site": "cross-site" }, body: "" }),
      fetch(`${base}/sign-in`, { method: "POST", headers: { ...FORM, Origin: "null" }, body: "" }),
      fetch(`${base}/sign-in`, { method: "PUT", headers: FORM, body: "" }),
      fetch(`${base}/sign-in`, { method: "POST", headers: { "Content-Type": "text/plain" }, body: "x" }),
      fetch(`${base}/sign-in`, {
        method: "POST",
        headers: { "Content-Type": "multipart/form-data; boundary=zz" },
        body: "garbage",
      }),
      fetch(`${base}/sign-in`, { method: "POST", headers: FORM, body: "a".repeat(100_000) }),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.text()).length).toBeGreaterThan(10);
    }
    expect(logged).toEqual([]);
  });
});
