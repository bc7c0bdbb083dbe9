import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isSafeRedirect, safeRedirect } from "./redirect";

const PROBE = "http://console.example";

describe("safeRedirect", () => {
  it.each([
    "/\\evil.example",
    "/\tevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r/evil.example",
    "/\r\nSet-Cookie: x=1",
    "/%0d%0a\0",
    "/a\0b",
    "//evil.example",
    "///evil.example",
    "https://evil.example",
    "javascript:alert(1)",
    "evil.example",
    " /all-users",
    "",
    "\\\\evil.example",
  ])("refuses %j", (to) => {
    expect(isSafeRedirect(to)).toBe(false);
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it.each(["/", "/all-users", "/all-users?q=a%20b&page=2", "/all-users/12/rate-card#top", "/legal-status?x=//y"])(
    "keeps %j",
    (to) => {
      expect(safeRedirect(to, "/home")).toBe(to);
    },
  );

  it("refuses non-strings", () => {
    expect(safeRedirect(undefined, "/f")).toBe("/f");
    expect(safeRedirect(null, "/f")).toBe("/f");
    expect(safeRedirect(["/a"], "/f")).toBe("/f");
  });

  it("never lets a browser leave the site, whatever the input", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string().map((s) => `/${s}`),
          fc.string({ unit: "binary" }).map((s) => `/${s}`),
        ),
        (to) => {
          const target = safeRedirect(to, "/fallback");
          // What a browser does: strip TAB/CR/LF, then resolve against the page's origin.
          const browserSees = new URL(target.replace(/[\t\n\r]/g, ""), PROBE);
          expect(browserSees.origin).toBe(PROBE);
          expect(target.startsWith("/")).toBe(true);
          expect(/[\\\u0000-\u001f\u007f]/.test(target)).toBe(false);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("generated hostile prefixes are refused", () => {
    const hostile = fc.tuple(fc.constantFrom("//", "/\\", "\\/", "/\t/", "/\n/", "/\r/", "/\0/"), fc.domain());
    fc.assert(
      fc.property(hostile, ([prefix, host]) => {
        expect(isSafeRedirect(prefix + host)).toBe(false);
      }),
    );
  });
});
