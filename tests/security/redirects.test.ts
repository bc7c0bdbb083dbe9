/** Decision 019 (redirects): no redirect target taken from input may leave the site. */
import { describe, expect, it } from "vitest";

import { postForm, signInCookie } from "../support/http";

const HOSTILE = [
  "/\\evil.example",
  "/\t/evil.example",
  "//evil.example",
  "/\r\n/evil.example",
  "https://evil.example/",
  "javascript:alert(1)",
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

  it.each(HOSTILE)("/preferences/sidebar with redirectTo=%j", async (to) => {
    const { cookie } = await signInCookie("vp@demo.test", "vp", "10.11.2.1");
    const res = await postForm("/preferences/sidebar", { sidebar: "collapsed", redirectTo: to }, { Cookie: cookie });
    expect(res.status).toBe(302);
    const target = landsOn(res.headers.get("location"));
    expect(target.origin).toBe("http://console.test");
    expect(target.pathname).toBe("/all-users");
  });
});
