/** Decision 019 (redirects): no redirect target taken from input may leave the site. */
import { describe, expect, it } from "vitest";

import { DEMO_PASSWORD, get, postForm, signInCookie } from "../support/http";

const HOSTILE = [
  "/\\evil.example",
  "/\t/evil.example",
  "//evil.example",
  "/\r\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
];

/**
 * Targets a header cannot carry as they are (not Latin-1, or not ASCII) and other odd ones: the
 * first is what `redirectTo=%2F%E3%80%80%2Fx` decodes to, which answered 500 after the session
 * was made.
 */
const ODD = [
  "/\u3000/x",
  "/%E3%80%80/x",
  "/caf\u00e9",
  "/rate-cards?segment=1&q=\u{1F4E6}",
  "/all-users#\u3000",
  "/\uFF0F\uFF0Fevil.example",
  "/\u2028/evil.example",
  "/.//evil.example",
];

/** What a browser would do with the Location header: resolve it against the page. */
function landsOn(location: string | null) {
  expect(location).toBeTruthy();
  return new URL(location!.replace(/[\t\r\n]/g, ""), "http://console.test");
}

describe("redirects after sign-in and the sidebar toggle stay on the site", () => {
  it.each(HOSTILE.map((to, i) => [to, i]))("sign-in with redirectTo=%j", async (to, i) => {
    const { location } = await signInCookie("kam@demo.test", "kam", `10.11.0.${i + 1}`, { redirectTo: String(to) });
    const target = landsOn(location);
    expect(target.origin).toBe("http://console.test");
    expect(target.pathname).not.toContain("evil");
  });

  it("a same-site path is still honoured", async () => {
    const { location } = await signInCookie("kam@demo.test", "kam", "10.11.1.1", {
      redirectTo: "/rate-cards?segment=1",
    });
    expect(location).toBe("/rate-cards?segment=1");
  });

  it.each(ODD.map((to, i) => [to, i]))(
    "sign-in with the odd redirectTo=%j: a session, an ASCII Location on the site, a page that answers",
    async (to, i) => {
      const res = await postForm(
        "/sign-in",
        { email: "kam@demo.test", role: "kam", password: DEMO_PASSWORD, redirectTo: String(to) },
        { "X-Forwarded-For": `10.11.3.${i + 1}` },
      );
      expect(res.status).toBe(302);
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      expect(cookie).toBeTruthy();
      const location = res.headers.get("location")!;
      expect(location).toMatch(/^\/[\x21-\x7e]*$/);
      expect(landsOn(location).origin).toBe("http://console.test");
      const page = await get(location, { Cookie: cookie! });
      expect(page.status).toBeLessThan(500);
    },
  );

  it("a path whose id is not Latin-1 is redirected, not a 500 (the plan dialog's old address)", async () => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.11.4.1");
    const res = await get("/all-users/%E3%80%80/rate-card/advantage-plan?plan=x", { Cookie: cookie });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/all-users/%E3%80%80/rate-card/advantage/plan?plan=x");
  });

  it.each(ODD)("/preferences/sidebar with the odd redirectTo=%j", async (to) => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.11.2.2");
    const res = await postForm("/preferences/sidebar", { sidebar: "collapsed", redirectTo: to }, { Cookie: cookie });
    expect(res.status).toBe(302);
    const location = res.headers.get("location")!;
    expect(location).toMatch(/^\/[\x21-\x7e]*$/);
    expect(landsOn(location).origin).toBe("http://console.test");
  });

  it.each(HOSTILE)("/preferences/sidebar with redirectTo=%j", async (to) => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.11.2.1");
    const res = await postForm("/preferences/sidebar", { sidebar: "collapsed", redirectTo: to }, { Cookie: cookie });
    expect(res.status).toBe(302);
    const target = landsOn(res.headers.get("location"));
    expect(target.origin).toBe("http://console.test");
    expect(target.pathname).toBe("/all-users");
  });
});
