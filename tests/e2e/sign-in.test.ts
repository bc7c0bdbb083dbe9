import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { baseURL, describeJsOnOff, expectAccessible, expectLocator, signIn, usePage } from "../support/browser";

const path = (page: Page) => new URL(page.url()).pathname;

describeJsOnOff("sign-in, redirects and logout", (s) => {
  it.each([
    ["vp@demo.test", "vp", "/all-users"],
    ["kam@demo.test", "kam", "/all-users"],
    ["avp@demo.test", "avp", "/all-users"],
    ["bdm@demo.test", "bdm", "/all-users"],
    ["tl@demo.test", "tl", "/all-users"],
    ["legal@demo.test", "legal", "/merchant-agreements"],
  ])("%s signs in as %s and lands on %s", async (email, role, home) => {
    const { page } = s;
    await signIn(page, email, role);
    await page.waitForURL((u) => u.pathname === home);
    await expectLocator(page.getByTestId("signed-in-name")).toHaveText(/\S/);
    const menu = page.getByRole("navigation", { name: "Main" });
    if (role === "legal") {
      for (const item of ["Account Setup", "Merchant Agreement", "Status"])
        await expectLocator(menu.getByRole("link", { name: item })).toHaveCount(1);
      await expectLocator(menu.getByRole("link", { name: "All Users" })).toHaveCount(0);
    } else {
      for (const item of ["Rate Card", "All Users", "Order Tracker", "Finance Analytics", "On hold COD"])
        await expectLocator(menu.getByRole("link", { name: item })).toHaveCount(1);
    }
  });

  it("shows the spec's message for each invalid field", async () => {
    const { page } = s;
    await page.goto("/sign-in");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Email is required").waitFor();
    await page.getByText("Role is required").waitFor();
    await page.getByText("Password is required").waitFor();

    await page.getByLabel("Email").fill("vp @demo.test");
    await page.getByLabel("Role").selectOption("vp");
    await page.getByLabel("Password").fill("x");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Cannot enter spaces").waitFor();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Please enter a valid Email ID").waitFor();
    expect(path(page)).toBe("/sign-in");
  });

  it("shows 'Error' with the server's text for a wrong password or role", async () => {
    const { page } = s;
    await signIn(page, "vp@demo.test", "vp", "wrong-password");
    const alert = page.getByTestId("sign-in-error");
    await alert.waitFor();
    await expectLocator(alert).toContainText("Error");
    await expectLocator(alert).toContainText("Invalid email, role or password.");
    await signIn(page, "vp@demo.test", "kam");
    await page.getByTestId("sign-in-error").waitFor();
    expect(path(page)).toBe("/sign-in");
  });

  it("sends signed-out visitors to / and keeps the deep link for after sign-in", async () => {
    const { page } = s;
    await page.goto("/all-users?q=textiles");
    expect(path(page)).toBe("/");
    await page.getByRole("button", { name: "Sign in" }).waitFor();
    await page.getByLabel("Email").fill("vp@demo.test");
    await page.getByLabel("Role").selectOption("vp");
    await page.getByLabel("Password").fill("demo-password");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL((u) => u.pathname === "/all-users" && u.searchParams.get("q") === "textiles");
  });

  it("sends unknown paths to /sign-in, and signed-in staff on public routes to their home", async () => {
    const { page } = s;
    await page.goto("/no/such/page");
    expect(path(page)).toBe("/sign-in");
    await signIn(page, "bdm@demo.test", "bdm");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto("/sign-in");
    expect(path(page)).toBe("/all-users");
    await page.goto("/");
    expect(path(page)).toBe("/all-users");
    await page.goto("/no/such/page");
    expect(path(page)).toBe("/all-users");
  });

  it("sends legal staff on public routes to merchant agreements and keeps them off sales pages", async () => {
    const { page } = s;
    await signIn(page, "legal@demo.test", "legal");
    await page.waitForURL((u) => u.pathname === "/merchant-agreements");
    await page.goto("/sign-in");
    expect(path(page)).toBe("/merchant-agreements");
    const res = await page.goto("/all-users");
    expect(res?.status()).toBe(403);
  });

  it("logs out: the session ends and protected pages send you back to /", async () => {
    const { page } = s;
    await signIn(page, "kam@demo.test", "kam");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.getByRole("button", { name: "Logout" }).click();
    await page.waitForURL((u) => u.pathname === "/sign-in");
    await page.goto("/all-users");
    expect(path(page)).toBe("/");
  });

  it("remembers a collapsed sidebar in a cookie", async () => {
    const { page, context } = s;
    await signIn(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const sidebarWidth = () =>
      page
        .locator("nav[aria-label='Main menu'], [aria-label='Main menu']")
        .first()
        .evaluate((el) => el.getBoundingClientRect().width);
    expect(Math.round(await sidebarWidth())).toBe(200);
    // The session cookie is HttpOnly, SameSite=Lax and, in production, Secure.
    const session = (await context.cookies()).find((c) => c.name === "__console_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", secure: true });
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await page.getByRole("button", { name: "Expand sidebar" }).waitFor();
    await page.reload();
    expect(Math.round(await sidebarWidth())).toBe(80);
    await page.getByRole("button", { name: "Expand sidebar" }).click();
    await page.getByRole("button", { name: "Collapse sidebar" }).waitFor();
  });

  it("says so after 10 failed sign-ins in a minute, and keeps the e-mail and role but never the password", async () => {
    const { browser, js } = s;
    // Its own client address (the test server trusts X-Forwarded-For) and account, so the
    // limit it reaches blocks nobody else.
    const ip = js ? "198.51.100.21" : "198.51.100.22";
    const email = js ? "nobody-js@demo.test" : "nobody-nojs@demo.test";
    const own = await browser.newContext({
      baseURL: baseURL(),
      javaScriptEnabled: js,
      extraHTTPHeaders: { "X-Forwarded-For": ip },
    });
    try {
      for (let i = 0; i < 10; i++) {
        const res = await own.request.post("/sign-in", {
          form: { email, role: "vp", password: `wrong-${i}` },
          maxRedirects: 0,
        });
        expect(res.status()).toBe(401);
      }
      const p = await own.newPage();
      await signIn(p, email, "vp", "demo-password");
      const alert = p.getByTestId("sign-in-error");
      await alert.waitFor();
      await expectLocator(alert).toHaveText(
        /^Error\s*Too many failed sign-in attempts\. Please wait a minute and try again\.$/,
      );
      await expectLocator(p.getByLabel("Email")).toHaveValue(email);
      await expectLocator(p.getByLabel("Role")).toHaveValue("vp");
      if (!js) {
        // The page the server sent back holds no password.
        await expectLocator(p.getByLabel("Password")).toHaveValue("");
        expect(await p.content()).not.toContain("demo-password");
      }
    } finally {
      await own.close();
    }
  });
});

/** Checks that do not depend on JavaScript in the page: once (decision 017). */
describe("sign-in page, once", () => {
  const once = usePage();
  it("tells the browser how long the server took for a page (Server-Timing)", async () => {
    const { page } = once;
    await signIn(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const res = await page.request.get("/all-users");
    expect(res.status()).toBe(200);
    const ms = /^app;dur=(\d+\.\d)$/.exec(res.headers()["server-timing"] ?? "")?.[1];
    expect(Number(ms)).toBeGreaterThan(0);
    expect(await res.text()).toContain("All Users");
  });

  it("has no serious accessibility problems on the sign-in page", async () => {
    const { page } = once;
    await page.goto("/sign-in");
    await expectAccessible(page);
  });
});
