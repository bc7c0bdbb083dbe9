/**
 * The request edge over plain HTTP (decision 018): every POST
 * — pages and resource routes alike — is same-origin, a form, and capped before parsing;
 * methods other than GET/HEAD/POST are refused; every answer carries the security headers,
 * and signed-in answers are never cached. Each refusal is a 4xx with a sentence, never a 500.
 */
import http from "node:http";

import { beforeAll, describe, expect, it } from "vitest";

import { baseURL } from "../support/browser";

const FORM = "application/x-www-form-urlencoded";

function url(path: string) {
  return `${baseURL()}${path}`;
}

function post(path: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  return fetch(url(path), {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": FORM, ...init.headers },
    body: init.body ?? "",
  });
}

/** A raw HTTP/1.1 request, for methods and headers fetch will not send (TRACE, a lying Content-Length). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string | Buffer,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    // A connection of its own: a refused body is never read, so the connection is not reused.
    const req = http.request(url(path), { method, headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

let sessionCookie = "";
let clientId = 0;

beforeAll(async () => {
  const signedIn = await post("/sign-in", {
    body: new URLSearchParams({
      email: "vp@demo.test",
      role: "vp",
      password: "demo-password",
      redirectTo: "",
    }).toString(),
  });
  expect(signedIn.status).toBe(302);
  sessionCookie = signedIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const list = await (await fetch(url("/all-users?sort=name&dir=asc"), { headers: { Cookie: sessionCookie } })).text();
  clientId = Number(/href="\/all-users\/(\d+)"/.exec(list)?.[1]);
  expect(clientId).toBeGreaterThan(0);
});

describe("every POST is same-origin (CSRF)", () => {
  const here = () => new URL(baseURL());

  it.each(["/sign-in", "/logout", "/preferences/sidebar", "/all-users", "/sign-in.data"])(
    "a foreign Origin on %s is refused with 403 and a sentence",
    async (path) => {
      const res = await post(path, {
        headers: { Origin: "http://evil.example", Cookie: sessionCookie },
        body: "sidebar=collapsed&redirectTo=/all-users",
      });
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/sent from another site/);
    },
  );

  it.each(["cross-site", "same-site"])(
    "Sec-Fetch-Site: %s is refused with 403, even with a matching Origin",
    async (site) => {
      for (const path of ["/logout", "/sign-in"]) {
        const res = await post(path, {
          headers: { "Sec-Fetch-Site": site, Origin: here().origin, Cookie: sessionCookie },
        });
        expect(res.status).toBe(403);
      }
    },
  );

  it("an opaque Origin (null) is refused", async () => {
    expect((await post("/logout", { headers: { Origin: "null", Cookie: sessionCookie } })).status).toBe(403);
  });

  it("the console's own pages may post: same Origin and Sec-Fetch-Site same-origin", async () => {
    const res = await post("/preferences/sidebar", {
      headers: { Origin: here().origin, "Sec-Fetch-Site": "same-origin", Cookie: sessionCookie },
      body: "sidebar=expanded&redirectTo=/all-users",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/all-users");
  });

  it("a post with neither Origin nor Sec-Fetch-Site (curl, another system) goes on as before", async () => {
    const res = await post("/preferences/sidebar", {
      headers: { Cookie: sessionCookie },
      body: "sidebar=expanded&redirectTo=/all-users",
    });
    expect(res.status).toBe(302);
  });

  it("X-Forwarded-Host is believed only behind a trusted proxy (this server has TRUST_PROXY=true)", async () => {
    // Trusted: the proxy says the browser saw proxy.example, and the Origin matches it.
    const res = await post("/preferences/sidebar", {
      headers: { Origin: "https://proxy.example", "X-Forwarded-Host": "proxy.example", Cookie: sessionCookie },
      body: "sidebar=expanded&redirectTo=/all-users",
    });
    expect(res.status).toBe(302);
    // The untrusted case is app/services/http/request-edge.test.ts (requestHost without TRUST_PROXY).
  });
});

describe("methods", () => {
  it("TRACE is refused with 405 and Allow", async () => {
    const res = await raw("TRACE", "/sign-in");
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe("GET, HEAD, POST");
  });

  it.each(["PUT", "DELETE", "PATCH"])(
    "%s is not treated as POST: 405 with Allow, the action never runs",
    async (method) => {
      const res = await fetch(url("/logout"), {
        method,
        redirect: "manual",
        headers: { Cookie: sessionCookie, "Content-Type": FORM },
        body: "",
      });
      expect(res.status).toBe(405);
      expect(res.headers.get("Allow")).toBe("GET, HEAD, POST");
      expect(await res.text()).toMatch(/not allowed/);
      // The session is still alive: logout did not run.
      const page = await fetch(url("/all-users"), { headers: { Cookie: sessionCookie }, redirect: "manual" });
      expect(page.status).toBe(200);
    },
  );
});

describe("bodies: forms only on pages, capped before parsing", () => {
  it.each([
    ["text/plain", "email=a"],
    ["application/json", '{"email":"a"}'],
  ])("a %s post to /sign-in answers 415 with a sentence", async (type, body) => {
    const res = await post("/sign-in", { headers: { "Content-Type": type }, body });
    expect(res.status).toBe(415);
    expect(await res.text()).toBe("Send the form as application/x-www-form-urlencoded or multipart/form-data.");
  });

  it("an empty post without a Content-Type answers 415, not 500", async () => {
    const res = await raw("POST", "/sign-in", { "Content-Length": "0" });
    expect(res.status).toBe(415);
  });

  it("a page action behind a .data URL (single fetch) is held to the same rule", async () => {
    const res = await post("/sign-in.data", { headers: { "Content-Type": "text/plain" }, body: "x" });
    expect(res.status).toBe(415);
  });

  it("multipart without a boundary answers 400", async () => {
    const res = await post("/sign-in", { headers: { "Content-Type": "multipart/form-data" }, body: "x" });
    expect(res.status).toBe(400);
  });

  it("a malformed multipart form answers 400 at the edge, not 500 from the route that parses it", async () => {
    const res = await post("/sign-in", {
      headers: { "Content-Type": "multipart/form-data; boundary=zz" },
      body: "garbage",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/multipart form could not be read/);
  });

  it("a well-formed multipart upload still reaches its route", async () => {
    const form = new FormData();
    form.append("intent", "verify");
    form.append("order_data", new Blob(["not,a,rate,card\n"], { type: "text/csv" }), "card.csv");
    const res = await fetch(url(`/all-users/${clientId}/rate-card/upload`), {
      method: "POST",
      headers: { Cookie: sessionCookie },
      body: form,
      redirect: "manual",
    });
    expect(res.status).toBeLessThan(500);
    expect(await res.text()).toContain("<html");
  });

  it("a plain form over 64 KB is refused with 413 before it is read", async () => {
    const res = await post(`/all-users`, { headers: { Cookie: sessionCookie }, body: `name=${"a".repeat(70 * 1024)}` });
    expect(res.status).toBe(413);
    expect(await res.text()).toBe("The request is too large: a form may send at most 64 KB.");
  });

  it("a multipart post over the upload limit + a little is refused with 413 before it is read", async () => {
    const big = await raw("POST", `/all-users/${clientId}/rate-card/upload`, {
      Cookie: sessionCookie,
      "Content-Type": "multipart/form-data; boundary=x",
      "Content-Length": String(6_000_000),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatch(/at most 5\.1 MB|at most 5 MB/);
  });

  it("a chunked post (no Content-Length) is refused with 411", async () => {
    const res = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        url("/sign-in"),
        { method: "POST", agent: false, headers: { "Content-Type": FORM, "Transfer-Encoding": "chunked" } },
        (r) => {
          r.resume();
          resolve(r.statusCode!);
        },
      );
      req.on("error", reject);
      req.write("email=a");
      req.end();
    });
    expect(res).toBe(411);
  });

  it("the JSON endpoints keep their JSON bodies", async () => {
    const res = await fetch(url("/api/seller/advantage-plan"), {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: "Token wrong" },
      body: '{"active":null}',
    });
    expect(res.status).toBe(401);
  });
});

describe("headers", () => {
  it("every page carries a strict CSP with a fresh nonce that its inline scripts use", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await fetch(url("/sign-in"));
      const csp = res.headers.get("Content-Security-Policy")!;
      expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      for (const d of ["frame-ancestors 'none'", "base-uri 'self'", "form-action 'self'", "object-src 'none'"])
        expect(csp).toContain(d);
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      nonces.add(nonce);
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, attrs] of inline) expect(attrs).toContain(`nonce="${nonce}"`);
      expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(res.headers.get("Referrer-Policy")).toBe("same-origin");
    }
    expect(nonces.size).toBe(2);
  });

  it.each([
    ["All Users", () => "/all-users"],
    ["a rate card", () => `/all-users/${clientId}/rate-card`],
    ["a .data response", () => `/all-users/${clientId}/rate-card.data`],
    ["the root .data response", () => `/_root.data`],
    ["the sample CSV", () => `/all-users/${clientId}/rate-card/sample.csv`],
    ["the rate card PDF", () => `/all-users/${clientId}/rate-card/download.pdf`],
  ])("signed-in answers are never cached: %s", async (_label, path) => {
    const res = await fetch(url(path()), { headers: { Cookie: sessionCookie }, redirect: "manual" });
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    await res.arrayBuffer();
  });
});
