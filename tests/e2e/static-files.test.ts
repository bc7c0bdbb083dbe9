/**
 * Decision 022: static files are compressed once, at build time, and sent as those files — brotli
 * or gzip as the browser accepts, the original otherwise — never compressed per request.
 */
import http from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";

import { describe, expect, it } from "vitest";

import { baseURL } from "../support/browser";
import { signInCookie } from "../support/http";

/** A raw GET (fetch would decode the body itself). */
function raw(
  path: string,
  acceptEncoding: string,
  cookie = "",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      new URL(path, baseURL()),
      { headers: { "Accept-Encoding": acceptEncoding, ...(cookie ? { Cookie: cookie } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on("error", reject);
  });
}

describe("static files", () => {
  it("sends the build's brotli or gzip file as it is, with the right type, and the original to others", async () => {
    const page = await raw("/sign-in", "identity");
    const assets = [...page.body.toString("utf8").matchAll(/\/assets\/[\w.-]+\.(?:css|js)/g)].map((m) => m[0]);
    const css = assets.find((a) => a.endsWith(".css"))!;
    const js = assets.find((a) => a.endsWith(".js"))!;
    expect(css).toBeTruthy();
    expect(js).toBeTruthy();
    for (const asset of [css, js]) {
      const plain = await raw(asset, "identity");
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers.vary).toContain("Accept-Encoding");

      const br = await raw(asset, "gzip, deflate, br");
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-type"]?.toLowerCase()).toBe(plain.headers["content-type"]?.toLowerCase());
      expect(br.headers["cache-control"]).toContain("immutable");
      // Sent as a file: its length is known up front (per-request compression streams it chunked).
      expect(Number(br.headers["content-length"])).toBe(br.body.length);
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length);

      const gz = await raw(asset, "gzip");
      expect(gz.headers["content-encoding"]).toBe("gzip");
      expect(Number(gz.headers["content-length"])).toBe(gz.body.length);
      expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    }
  });

  it("sends pages in brotli no larger than gzip 1 would make them (decision 080)", async () => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.9.9.4");
    // Brotli 1 came out larger than gzip 1 on most pages, the sign-in page by 153 B of 3,963.
    for (const path of ["/sign-in", "/all-users", "/all-users.data", "/dashboard", "/order-tracker", "/rate-cards"]) {
      const br = await raw(path, "gzip, deflate, br", path === "/sign-in" ? "" : cookie);
      expect(br.status, path).toBe(200);
      expect(br.headers["content-encoding"], path).toBe("br");
      const page = brotliDecompressSync(br.body);
      expect(br.body.length, path).toBeLessThanOrEqual(gzipSync(page, { level: 1 }).length);
    }
  });

  it("compresses a page and its data whole: brotli, else gzip, else none (q=0 refuses), with its length and Vary (decision 048)", async () => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.9.9.3");
    for (const path of ["/all-users", "/all-users.data"]) {
      const plain = await raw(path, "identity", cookie);
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["content-length"]).toBe(String(plain.body.length));
      expect(plain.headers.vary).toContain("Accept-Encoding");
      const br = await raw(path, "gzip, deflate, br, zstd", cookie);
      expect(br.headers["content-encoding"]).toBe("br");
      expect(br.headers["content-length"]).toBe(String(br.body.length));
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      const gz = await raw(path, "gzip, br;q=0", cookie);
      expect(gz.headers["content-encoding"]).toBe("gzip");
      // The same page apart from its per-request nonce.
      const unnonced = (b: Buffer) =>
        b
          .toString("utf8")
          .replace(/nonce="[^"]+"/g, "")
          .replace(/"nonce":"[^"]+"/g, "");
      expect(unnonced(brotliDecompressSync(br.body)).length).toBe(unnonced(plain.body).length);
      expect(unnonced(gunzipSync(gz.body))).toBe(unnonced(plain.body));
    }
  });

  it("preloads the page's modules at low priority, so the stylesheets the first paint waits for go first (decision 042)", async () => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.9.9.2");
    for (const [path, c] of [
      ["/sign-in", ""],
      ["/all-users/5/rate-card", cookie],
    ]) {
      const html = (await raw(path, "identity", c)).body.toString("utf8");
      const preloads = [...html.matchAll(/<link [^>]*rel="modulepreload"[^>]*>/g)].map((m) => m[0]);
      expect(preloads.length, path).toBeGreaterThan(5);
      for (const link of preloads) expect(link, path).toContain('fetchpriority="low"');
      expect(html, path).not.toMatch(/<link [^>]*rel="stylesheet"[^>]*fetchpriority/);
    }
  });

  it("does not let a path leave the build folder", async () => {
    const res = await raw("/assets/..%2F..%2Fserver%2Findex.js", "br");
    expect(res.status).not.toBe(200);
    expect(res.body.toString("utf8")).not.toContain("createRequestHandler");
  });

  it("keeps each page's render-blocking CSS within 15 KiB gzip (Mantine's CSS per component, not all of it)", async () => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.9.9.1");
    const pages = [
      "/all-users",
      "/all-users/5/rate-card",
      "/all-users/5/rate-card/advantage?plan=premium",
      "/all-users/5/rate-calculator",
      "/all-users/5/serviceability",
      "/all-users/5/account-setup",
      "/all-users/5/courier-rules",
      "/order-tracker",
      "/on-hold-cod",
    ];
    const sizes: Record<string, number> = {};
    for (const path of ["/sign-in", ...pages]) {
      const page = await raw(path, "identity", path === "/sign-in" ? "" : cookie);
      expect(page.status, path).toBe(200);
      const sheets = [...page.body.toString("utf8").matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map(
        (m) => m[1],
      );
      expect(sheets.length, path).toBeGreaterThan(0);
      let total = 0;
      for (const sheet of sheets) total += (await raw(sheet, "gzip")).body.length;
      sizes[path] = total;
    }
    console.log("render-blocking CSS, gzip bytes per page:", sizes);
    for (const [path, total] of Object.entries(sizes)) expect(total, path).toBeLessThanOrEqual(15 * 1024);
  });
});
