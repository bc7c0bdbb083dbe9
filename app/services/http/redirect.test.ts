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

  it.each([
    ["/\u3000/x", "/%E3%80%80/x"],
    ["/caf\u00e9?q=\u00fc", "/caf%C3%A9?q=%C3%BC"],
    ["/rate-cards?segment=1#\u{1F4E6}", "/rate-cards?segment=1#%F0%9F%93%A6"],
    ["/\uFF0F\uFF0Fevil.example", "/%EF%BC%8F%EF%BC%8Fevil.example"],
    ["/%E3%80%80/x", "/%E3%80%80/x"],
    // Sent as it came, never re-serialised: a URL parser would make this `//evil.example`.
    ["/.//evil.example", "/.//evil.example"],
  ])("sends %j as %j: a Location header can carry it", (to, sent) => {
    expect(safeRedirect(to, "/home")).toBe(sent);
    expect(new Headers({ Location: safeRedirect(to, "/home") }).get("Location")).toBe(sent);
  });

  it("refuses what cannot be encoded (a lone surrogate) or grows too long encoded", () => {
    expect(safeRedirect("/a\uD800b", "/f")).toBe("/f");
    expect(safeRedirect(`/${"\u3000".repeat(300)}`, "/f")).toBe("/f");
  });

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
          // Printable ASCII only: a Location header takes it as it is.
          expect(/^[\x20-\x7e]+$/.test(target)).toBe(true);
          expect(() => new Headers({ Location: target })).not.toThrow();
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
