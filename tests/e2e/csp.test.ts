/**
 * The Content-Security-Policy in a real browser (decision 018): with
 * JavaScript on, every screen loads, hydrates and navigates without one CSP violation — the
 * inline scripts Remix and Mantine render carry the response's nonce, and nothing needs
 * 'unsafe-inline' or 'unsafe-eval' for scripts.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { launchBrowser, newContext, signIn } from "../support/browser";

let browser: Browser;
let context: BrowserContext;
let page: Page;
const violations: string[] = [];

/** Every CSP violation the page reports, as an event or as a console error. */
async function watchViolations(p: Page) {
  await p.exposeBinding("__reportCspViolation", (_source, text: string) => violations.push(text));
  await p.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      (window as unknown as { __reportCspViolation(t: string): void }).__reportCspViolation(
        `${e.violatedDirective} blocked ${e.blockedURI} at ${document.location.pathname}`,
      );
    });
  });
  p.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
}

/** Opens `path` and lets it hydrate: a page that hydrated has run its nonce'd scripts. */
async function visit(path: string) {
  await page.goto(path);
  await page.waitForLoadState("load");
  await page
    .waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined, null, {
      timeout: 15_000,
    })
    .catch(() => {
      throw new Error(`${path} did not hydrate. CSP violations: ${violations.join("\n") || "none reported"}`);
    });
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await newContext(browser, true);
  page = await context.newPage();
  await watchViolations(page);
});
afterAll(async () => {
  await context?.close();
  await browser?.close();
});

describe("Content-Security-Policy with JavaScript on", () => {
  it("no screen reports a violation", async () => {
    const signInPage = await page.goto("/sign-in");
    expect(signInPage!.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'/);
    expect(await page.locator("script[nonce]").count()).toBeGreaterThan(0);
    // The sign-in form posts (same origin: the edge's Origin check lets it through).
    await signIn(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");

    await visit("/all-users?sort=name&dir=asc");
    await visit("/all-users?register=1");
    await visit("/all-users?sort=name&dir=asc");
    const href = await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .getAttribute("href");
    const base = href!;
    await visit(base);

    const card = `${base}/rate-card`;
    for (const path of [
      card,
      `${card}?tab=reverse`,
      `${card}?tab=rto`,
      `${card}?tab=advantage`,
      `${card}?tab=advantage&plan=premium`,
      `${base}/rate-calculator`,
      `${base}/serviceability`,
    ]) {
      await visit(path);
    }

    // Every dialog and sub-screen the rate card links to (history, upload, segment, RTO, slab, plans).
    // One link per screen: the weight-slab dialog is linked from every row, once is enough.
    const screens = new Map<string, string>();
    for (const from of [card, `${card}?tab=advantage`]) {
      await visit(from);
      for (const link of await page
        .locator(`a[href^="${card}/"]`)
        .evaluateAll((as) => as.map((a) => a.getAttribute("href")!))) {
        const screen = new URL(link, "http://console.test").pathname;
        if (!/\.(csv|pdf)$/.test(screen) && !screens.has(screen)) screens.set(screen, link);
      }
    }
    expect([...screens.keys()].some((s) => s.endsWith("/history"))).toBe(true);
    expect(screens.size).toBeGreaterThanOrEqual(5);
    for (const link of screens.values()) await visit(link);

    // Client-side navigation (single fetch): a tab and a dialog opened by clicks.
    await visit(card);
    await page.getByRole("link", { name: "RTO", exact: true }).click();
    await page.waitForURL((u) => u.search.includes("tab=rto"));
    await page.locator(`a[href^="${card}/history"]`).first().click();
    await page.waitForURL((u) => u.pathname.endsWith("/history"));
    await page.getByRole("dialog").first().waitFor();

    expect(violations).toEqual([]);
  });
});
