/**
 * Real Chromium for browser tests (Debian's headless shell or full browser, or CHROME_PATH), driven by playwright-core.
 */
import AxeBuilder from "@axe-core/playwright";
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  chromium,
  type Locator,
  type Page,
} from "playwright-core";
import { afterAll, afterEach, beforeEach, describe, expect, inject } from "vitest";

import { preferredChromium } from "../../scripts/lib/chromium-paths.mjs";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export function baseURL(): string {
  return inject("baseURL");
}

/**
 * The environment Chromium starts with: the tests', without libfaketime's preload when
 * scripts/test-at.mjs runs them (Chromium does not start under it; the server's clock is the one
 * the tests move, and pages take their dates from it).
 */
function browserEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env))
    if (value !== undefined && !/^(LD_PRELOAD|FAKETIME)/.test(key)) env[key] = value;
  return env;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: preferredChromium(),
    args: CHROMIUM_FLAGS,
    headless: true,
    env: browserEnv(),
  });
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium per test file, launched on first use; tests/setup/e2e-browser.ts (a setup
 * file of the e2e project) closes it after the file's last test.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser();
  return shared;
}

export async function closeSharedBrowser(): Promise<void> {
  const browser = await shared;
  shared = undefined;
  await browser?.close();
}

export async function newContext(browser: Browser, javaScriptEnabled: boolean): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), javaScriptEnabled, viewport: { width: 1366, height: 900 } });
}

export const DEMO_PASSWORD = "demo-password";

/** Fills and submits the sign-in form as a person would. */
export async function signIn(page: Page, email: string, role: string, password = DEMO_PASSWORD, from = "/sign-in") {
  await page.goto(from);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption(role);
  await page.getByLabel("Password").fill(password);
  await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: "Sign in" }).click()]);
}

type Cookies = Awaited<ReturnType<BrowserContext["cookies"]>>;
const signedInCookies = new Map<string, Cookies>();

/**
 * Signs in like `signIn`, but through the form only the first time per account in a test
 * file; later calls give the page's context that session's cookie and open the role's home
 * page. Signing in itself is tested in sign-in.test.ts; elsewhere a real scrypt check per
 * test is only CI time. Tests that log out must use `signIn`.
 */
export async function signInOnce(page: Page, email: string, role: string) {
  const home = role === "legal" ? "/merchant-agreements" : "/all-users";
  const cookies = signedInCookies.get(email);
  if (cookies) {
    await page.context().addCookies(cookies);
    await page.goto(home);
    if (new URL(page.url()).pathname === home) return;
    signedInCookies.delete(email); // the session ended: sign in again
  }
  await signIn(page, email, role);
  await page.waitForURL((u) => u.pathname === home);
  signedInCookies.set(
    email,
    (await page.context().cookies()).filter((c) => c.name === "__console_session"),
  );
}

/**
 * The server's HTML for `url` in the page's session, over HTTP: for finding which record to open
 * without a page load in Chromium per record tried.
 */
export async function servedHtml(page: Page, url: string): Promise<string> {
  return (await page.context().request.get(url)).text();
}

/** Waits until a navigation settles, with or without JavaScript. */
export async function settle(page: Page) {
  await page.waitForLoadState("load");
}

/**
 * Axe must find no serious or critical violations. Axe runs as a script in the page, so with
 * JavaScript off we check the same server-rendered page in a page that may run axe but blocks
 * the app's own scripts (same cookies, same URL, same viewport, so the same HTML).
 */
export async function expectAccessible(page: Page, javaScriptEnabled = true) {
  if (!javaScriptEnabled) {
    const copy = await axeCopy(page.context().browser()!);
    await copy.context().clearCookies();
    await copy.context().addCookies(await page.context().cookies());
    const viewport = page.viewportSize();
    if (viewport) await copy.setViewportSize(viewport);
    await copy.goto(page.url());
    await checkAxe(copy);
    return;
  }
  await checkAxe(page);
}

const axeCopies = new WeakMap<Browser, Promise<Page>>();

/**
 * The page that checks JavaScript-off pages with axe: one per browser, kept from scan to scan, its
 * scripts blocked by Chromium (`Network.setBlockedURLs`) rather than by Playwright's routing,
 * which turns the HTTP cache off: a new context per scan, every asset fetched afresh through the
 * test process, cost ~0.9 s of CPU a scan beyond the scan itself (docs/performance-log.md).
 */
function axeCopy(browser: Browser): Promise<Page> {
  const kept = axeCopies.get(browser);
  const fresh = async () => {
    const context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: true });
    const copy = await context.newPage();
    const cdp = await context.newCDPSession(copy);
    await cdp.send("Network.enable");
    await cdp.send("Network.setBlockedURLs", { urls: ["*.js", "*.js?*"] });
    return copy;
  };
  const next = (kept ?? fresh()).then((copy) => (copy.isClosed() ? fresh() : copy));
  axeCopies.set(browser, next);
  return next;
}

async function checkAxe(page: Page) {
  // Only violations are read: axe then keeps one node per passed or inapplicable rule instead
  // of every node it checked, which was a quarter of a scan on the larger screens.
  // Legacy mode runs axe.run in the page itself. The default (runPartial in the page, then
  // finishRun in a blank page it opens) took 3–4× as long for the same rules and results:
  // 8.7 s against 2.3–2.6 s on the Advantage tab (decision 041). Its one gain, cross-origin
  // frames, does not apply: the console has no frames.
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ["violations"] })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    bad.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`)
          .join(" | ")})`,
    ),
  ).toEqual([]);
}

/** What a suite of `describeJsOnOff` gets: its mode, its context (no cookies at each test's start) and a new page per test. */
export type JsOnOff = {
  /** JavaScript enabled in the page. */
  js: boolean;
  /** "JavaScript on" or "JavaScript off". */
  label: string;
  /** 0 with JavaScript on, 1 off: picks a record of the test's own per mode. */
  index: 0 | 1;
  browser: Browser;
  /** The suite's context: no cookies at each test's start (see freshPageEachTest). */
  context: BrowserContext;
  page: Page;
};

/**
 * The same flows with JavaScript on and off (docs/architecture.md §4): two suites, "<name> with JavaScript
 * on|off". Before each test the suite's object holds its context, emptied of cookies, and a new page in that mode;
 * read them in the test (`const { page, context } = s`), since they change per test.
 * Checks that do not depend on JavaScript (forged posts, downloads over HTTP, JSON, axe on
 * the server's HTML) belong in a plain `describe`, once.
 */
export function describeJsOnOff(name: string, fn: (s: JsOnOff) => void) {
  describe.each([
    ["JavaScript on", true, 0],
    ["JavaScript off", false, 1],
  ] as const)(`${name} with %s`, (label, js, index) => {
    fn(freshPageEachTest({ js, label, index }));
  });
}

/** A context without cookies and a new page per test, JavaScript on, for checks made once (see describeJsOnOff). */
export function usePage(): Omit<JsOnOff, "label" | "index"> {
  return freshPageEachTest({ js: true });
}

/**
 * Fills in `s.browser`, `s.context` and a new `s.page` before each test of the enclosing suite.
 * The suite keeps one context, emptied of cookies before each test and of pages after it: a new
 * context per test cost Chromium ~0.5 s of CPU more per test, since each started with no HTTP
 * cache and no compiled scripts (decision 038). Tests that change the context otherwise (routes,
 * permissions, init scripts) make a context of their own.
 */
function freshPageEachTest<T extends { js: boolean }>(mode: T): T & Pick<JsOnOff, "browser" | "context" | "page"> {
  const s = mode as T & Pick<JsOnOff, "browser" | "context" | "page">;
  let context: BrowserContext | undefined;
  beforeEach(async () => {
    s.browser = await sharedBrowser();
    context ??= await newContext(s.browser, s.js);
    await context.clearCookies();
    s.context = context;
    s.page = await context.newPage();
  });
  afterEach(async () => {
    for (const page of context?.pages() ?? []) await page.close();
  });
  afterAll(async () => {
    await context?.close().catch(() => {}); // the file's browser may have closed already
    context = undefined;
  });
  return s;
}

const RETRY = { timeout: 10_000, interval: 100 };

/**
 * Retrying assertions on what a locator shows, like Playwright test's `expect(locator)`
 * (vitest's `expect` reads once): they read again until the page agrees or 10 s pass, so a
 * check made while the page is still updating (a client-side navigation, a revalidation)
 * does not fail or pass by chance.
 */
export function expectLocator(locator: Locator) {
  const text = () => locator.textContent({ timeout: 1_000 });
  return {
    toHaveText: (expected: string | RegExp) =>
      typeof expected === "string"
        ? expect.poll(text, RETRY).toBe(expected)
        : expect.poll(text, RETRY).toMatch(expected),
    toContainText: (expected: string) => expect.poll(text, RETRY).toContain(expected),
    toHaveCount: (expected: number) => expect.poll(() => locator.count(), RETRY).toBe(expected),
    toHaveAttribute: (name: string, expected: string | null) =>
      expect.poll(() => locator.getAttribute(name, { timeout: 1_000 }), RETRY).toBe(expected),
    toHaveValue: (expected: string) => expect.poll(() => locator.inputValue({ timeout: 1_000 }), RETRY).toBe(expected),
  };
}

/**
 * A client's auth token, as a seller integration gets it: a vp or kam reveals it on the client's
 * Account Setup (a form post, audited). Tokens are random per install, so tests read them here
 * instead of from the seed's plan. `request` must carry a vp or kam session.
 */
export async function revealClientToken(request: APIRequestContext, clientId: number): Promise<string> {
  const res = await request.post(`/all-users/${clientId}/account-setup?open=config`, {
    form: { intent: "token-reveal" },
  });
  const html = await res.text();
  const token = /data-testid="token-value"[^>]*>([0-9a-f]{40})</.exec(html)?.[1];
  if (res.status() !== 200 || !token)
    throw new Error(`Could not reveal client ${clientId}'s token (HTTP ${res.status()})`);
  return token;
}
