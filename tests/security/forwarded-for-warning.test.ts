/**
 * Decision 060: behind a proxy without TRUST_PROXY every person shares the proxy's address (and one
 * sign-in limit). The server cannot know at start that a proxy is in front of it, so it warns once,
 * at the first request that carries X-Forwarded-For while TRUST_PROXY is unset.
 */
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { forwardedForWarning, UNTRUSTED_FORWARDING_WARNING } from "../../scripts/server";

const servers: { close(): void }[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function serve(trustProxy: boolean) {
  const warnings: unknown[][] = [];
  const app = express();
  app.use(forwardedForWarning(trustProxy, (...args) => void warnings.push(args)));
  app.use((_req, res) => void res.type("text/plain").send("reached"));
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const get = async (headers: Record<string, string> = {}) => (await fetch(`${base}/all-users`, { headers })).text();
  return { warnings, get };
}

describe("the X-Forwarded-For warning", () => {
  let untrusted: Awaited<ReturnType<typeof serve>>;
  beforeAll(async () => {
    untrusted = await serve(false);
  });

  it("says nothing while requests come straight from clients", async () => {
    expect(await untrusted.get()).toBe("reached");
    expect(untrusted.warnings).toEqual([]);
  });

  it("warns once, at the first request with X-Forwarded-For, and names TRUST_PROXY", async () => {
    expect(await untrusted.get({ "X-Forwarded-For": "198.51.100.7" })).toBe("reached");
    expect(await untrusted.get({ "X-Forwarded-For": "198.51.100.8" })).toBe("reached");
    expect(untrusted.warnings).toEqual([[UNTRUSTED_FORWARDING_WARNING]]);
    expect(UNTRUSTED_FORWARDING_WARNING).toContain("TRUST_PROXY=true");
  });

  it("says nothing when TRUST_PROXY is set", async () => {
    const trusted = await serve(true);
    expect(await trusted.get({ "X-Forwarded-For": "198.51.100.9" })).toBe("reached");
    expect(trusted.warnings).toEqual([]);
  });
});
