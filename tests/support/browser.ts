/**
 * Real Chromium for browser tests (Debian's, or CHROME_PATH), driven by playwright-core.
 */
import AxeBuilder from "@axe-core/playwright";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { expect, inject } from "vitest";

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

export function chromePath(): string {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
}

export function baseURL(): string {
  return inject("baseURL");
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromePath(), args: CHROMIUM_FLAGS, headless: true });
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
  signedInCookies.set(email, (await page.context().cookies()).filter((c) => c.name === "__console_session"));
}

/** Waits until a navigation settles, with or without JavaScript. */
export async function settle(page: Page) {
  await page.waitForLoadState("load");
}

/**
 * Axe must find no serious or critical violations. Axe runs as a script in the page, so with
 * JavaScript off we check the same server-rendered page in a context that may run axe but
 * blocks the app's own scripts (same cookies, same URL, so the same HTML).
 */
export async function expectAccessible(page: Page, javaScriptEnabled = true) {
  if (!javaScriptEnabled) {
    const context = await page.context().browser()!.newContext({
      baseURL: baseURL(),
      javaScriptEnabled: true,
      storageState: await page.context().storageState(),
    });
    try {
      const copy = await context.newPage();
      await copy.route(/\.js(\?|$)/, (route) => route.abort());
      await copy.goto(page.url());
      await checkAxe(copy);
    } finally {
      await context.close();
    }
    return;
  }
  await checkAxe(page);
}

async function checkAxe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => `${n.target.join(" ")} ${n.failureSummary ?? ""}`).join(" | ")})`)).toEqual([]);
}
