/**
 * Error boundaries per section, JS on and off: a 403 thrown inside a client tab keeps the
 * sidebar, the header and the client's tabs around the message; a client page the viewer
 * may not open keeps the shell.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { expectAccessible, launchBrowser, newContext, signInOnce } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const NO_ACCESS = "You do not have access to this page.";
const CLIENT_TABS = ["Rate Card", "Rate Calculator", "Serviceability", "All Couriers", "Courier Rules"];

async function signInAs(page: Page, role: "tl" | "legal") {
  await signInOnce(page, `${role}@demo.test`, role);
}

/** The id of a client in the demo tl's book (the first on their All Users list). */
async function tlClientId(page: Page): Promise<number> {
  await page.goto("/all-users?sort=name&dir=asc");
  const href = await page
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href");
  return Number(href!.split("/").pop());
}

async function expectShell(page: Page) {
  const menu = page.getByRole("navigation", { name: "Main menu" });
  await menu.waitFor();
  await expect.poll(() => page.getByRole("button", { name: "Logout" }).count()).toBe(1);
  return menu;
}

async function expectClientTabs(page: Page) {
  const tabs = page.getByRole("navigation", { name: "Client sections" });
  await tabs.waitFor();
  expect(await tabs.getByRole("link").allTextContents()).toEqual(CLIENT_TABS);
}

describe.each([
  ["JavaScript on", true],
  ["JavaScript off", false],
])("section error boundaries with %s", (_label, js) => {
  let context: BrowserContext;
  let page: Page;
  beforeEach(async () => {
    context = await newContext(browser, js);
    page = await context.newPage();
  });
  afterEach(async () => {
    await context.close();
  });

  it("a 403 from a rate card tab (a tl's forged rate edit) shows inside the client frame: sidebar and tabs stay", async () => {
    await signInAs(page, "tl");
    const id = await tlClientId(page);
    const card = `/all-users/${id}/rate-card`;
    // The form post a tl's page never offers, sent as a browser would send a form: a document POST.
    await page.route(`**${card}?forged=1`, (route) =>
      route.continue({
        method: "POST",
        postData: "intent=save&rowId=1&version=1",
        headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded" },
      }),
    );
    const res = await page.goto(`${card}?forged=1`);
    expect(res?.status()).toBe(403);
    const menu = await expectShell(page);
    expect(await menu.getByRole("link", { name: "All Users" }).count()).toBe(1);
    await expectClientTabs(page);
    const error = page.getByTestId("route-error");
    await expect.poll(() => error.textContent()).toContain("Not allowed");
    expect(await error.textContent()).toContain("Only a vp can change rates.");
    expect(await page.getByRole("link", { name: "Back to All Users" }).count()).toBe(1);
  });

  it("legal opening a client page gets the 403 message inside its own shell", async () => {
    await signInAs(page, "legal");
    const res = await page.goto("/all-users/1/rate-card");
    expect(res?.status()).toBe(403);
    const menu = await expectShell(page);
    expect(await menu.getByRole("link", { name: "Merchant Agreement" }).count()).toBe(1);
    await expect.poll(() => page.getByTestId("route-error").textContent()).toContain(NO_ACCESS);
    // No client frame for someone who may not open clients.
    expect(await page.getByRole("navigation", { name: "Client sections" }).count()).toBe(0);
    // The error screen is a screen of its own: one accessibility scan.
    if (js) await expectAccessible(page);
  });
});

describe("with JavaScript, a refusal during in-app navigation", () => {
  it("keeps the client's name, hierarchy and tabs above the message (the frame's data is kept)", async () => {
    const context = await newContext(browser, true);
    try {
      const page = await context.newPage();
      await signInAs(page, "tl");
      const id = await tlClientId(page);
      const card = `/all-users/${id}/rate-card`;
      await page.goto(card);
      await page.getByTestId("panel-title").first().waitFor();
      const name = await page.getByRole("heading", { level: 1 }).textContent();
      // The forged post goes through the app's own router: no document load.
      await page.evaluate(async (path) => {
        const form = new FormData();
        form.set("intent", "save");
        form.set("rowId", "1");
        const router = (window as unknown as { __remixRouter: { navigate(p: string, o: object): Promise<void> } })
          .__remixRouter;
        await router.navigate(path, { formMethod: "post", formData: form });
      }, card);
      await expect.poll(() => page.getByTestId("route-error").count()).toBe(1);
      expect(await page.getByTestId("route-error").textContent()).toContain("Only a vp can change rates.");
      await expectShell(page);
      await expectClientTabs(page);
      expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(name);
      expect(await page.locator('[aria-label="Sales hierarchy"]').count()).toBe(1);
    } finally {
      await context.close();
    }
  });
});
