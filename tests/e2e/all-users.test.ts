import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { describeJsOnOff, expectLocator, newContext, signInOnce, usePage } from "../support/browser";

const url = (page: Page) => new URL(page.url());

/** Client ids linked from the list pages the signed-in user can see (up to `pages` pages of 100). */
async function visibleClientIds(page: Page, pages = 10): Promise<number[]> {
  const ids: number[] = [];
  for (let p = 1; p <= pages; p++) {
    await page.goto(`/all-users?perPage=100&page=${p}&sort=name&dir=asc`);
    const hrefs = await page
      .locator("a", { hasText: "View Details" })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    ids.push(...hrefs.map((h) => Number(h?.split("/").pop())));
    const summary = (await page.getByTestId("pager-summary").textContent()) ?? "";
    const [, current, count] = summary.match(/Page (\d+) of (\d+)/) ?? [];
    if (current === count) break;
  }
  return ids;
}

describeJsOnOff("All Users and the client page", (s) => {
  it("searches through the form and the URL, on the server", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const firstRow = page.getByTestId("client-row").first();
    const company = (await firstRow.locator("td").nth(1).textContent())!.trim();
    await page.getByLabel("Search", { exact: true }).fill(company);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === company);
    const rows = page.getByTestId("client-row");
    // With JavaScript on the URL can change a moment before the new rows render: wait for them.
    await expect
      .poll(async () => {
        const texts = await rows.allTextContents();
        return texts.length > 0 && texts.every((t) => t.toLowerCase().includes(company.toLowerCase()));
      })
      .toBe(true);

    await page.goto("/all-users?q=zzzz-nobody-here");
    await page.getByText("No clients match").waitFor();
  });

  it("pages and sorts through links that are the view's URL", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto("/all-users?perPage=10&page=2&sort=name&dir=asc");
    await page.getByText(/Page 2 of \d+/).waitFor();
    const names = (await page.getByTestId("client-row").locator("td:first-child").allTextContents()).map((s) =>
      s.trim(),
    );
    expect(names).toHaveLength(10);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    await page.getByRole("link", { name: "Next" }).click();
    await page.waitForURL((u) => u.searchParams.get("page") === "3" && u.searchParams.get("sort") === "name");
    await page.getByText(/Page 3 of \d+/).waitFor();
    await page.getByRole("link", { name: "Name" }).click();
    await page.waitForURL((u) => u.searchParams.get("dir") === null && u.searchParams.get("sort") === "name");
    await expectLocator(page.locator("th[aria-sort='descending']")).toContainText("Name");
  });

  it("registers a new client, and shows each validation message", async () => {
    const { page, js, label } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.getByRole("link", { name: "Register New User" }).click();
    await page.waitForURL((u) => u.searchParams.get("register") === "1");
    const dialog = page.getByRole("dialog", { name: "Register New User" });
    await dialog.waitFor();

    await dialog.getByRole("button", { name: "Register" }).click();
    for (const msg of [
      "Please enter user name!",
      "Please enter company name!",
      "Please enter the contact number!",
      "Please input your E-mail!",
      "Please input your password!",
      "Please confirm your password!",
    ])
      await dialog.getByText(msg).waitFor();

    const email = `e2e-${js ? "js" : "nojs"}-${Date.now()}@newseller.in`;
    const d = page.getByRole("dialog", { name: "Register New User" });
    await d.getByLabel(/^Name/).fill("Kavya Reddy");
    await d.getByLabel("Company Name").fill(`Reddy Organics ${label}`);
    await d.getByLabel("Contact Number").fill("9123456780");
    await d.getByLabel("Email").fill("kavya@");
    await d.getByLabel(/^Password/).fill("organic-farm-1");
    await d.getByLabel("Confirm Password").fill("organic-farm-2");
    await d.getByRole("button", { name: "Register" }).click();
    await page.getByRole("dialog", { name: "Register New User" }).getByText("The input is not valid E-mail!").waitFor();
    await page
      .getByRole("dialog", { name: "Register New User" })
      .getByText("The two passwords that you entered do not match!")
      .waitFor();
    // Without JavaScript the server re-rendered the form: the other fields come back, passwords never do.
    if (!js) {
      await expectLocator(
        page.getByRole("dialog", { name: "Register New User" }).getByLabel("Company Name"),
      ).toHaveValue(`Reddy Organics ${label}`);
      expect(await page.content()).not.toContain("organic-farm-");
    }

    const d2 = page.getByRole("dialog", { name: "Register New User" });
    await d2.getByLabel(/^Name/).fill("Kavya Reddy");
    await d2.getByLabel("Company Name").fill(`Reddy Organics ${label}`);
    await d2.getByLabel("Contact Number").fill("9123456780");
    await d2.getByLabel("Email").fill(email);
    await d2.getByLabel(/^Password/).fill("organic-farm-1");
    await d2.getByLabel("Confirm Password").fill("organic-farm-1");
    await d2.getByRole("button", { name: "Register" }).click();
    await page.getByTestId("toast").getByText("Registered Successfully").waitFor();
    expect(url(page).searchParams.get("register")).toBeNull();

    // The tl who registered it sees it in their list.
    await page.goto(`/all-users?q=${encodeURIComponent(email)}`);
    await expectLocator(page.getByTestId("client-row")).toHaveCount(1);

    // The same e-mail again is refused with a clear field error.
    await page.goto("/all-users?register=1");
    const d3 = page.getByRole("dialog", { name: "Register New User" });
    await d3.getByLabel(/^Name/).fill("Someone Else");
    await d3.getByLabel("Company Name").fill("Other Co");
    await d3.getByLabel("Contact Number").fill("9988776655");
    await d3.getByLabel("Email").fill(email.toUpperCase());
    await d3.getByLabel(/^Password/).fill("another-pass-1");
    await d3.getByLabel("Confirm Password").fill("another-pass-1");
    await d3.getByRole("button", { name: "Register" }).click();
    await page
      .getByRole("dialog", { name: "Register New User" })
      .getByText("A client with this e-mail is already registered.")
      .waitFor();
  });

  it("opens a client's page with deep-linkable tabs and a back link", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const first = page.getByTestId("client-row").first();
    const name = (await first.locator("td").first().textContent())!.trim();
    await first.getByRole("link", { name: /View Details/ }).click();
    await page.waitForURL((u) => /^\/all-users\/\d+$/.test(u.pathname));
    await page.getByRole("heading", { name }).waitFor();
    const tabs = page.getByRole("navigation", { name: "Client sections" });
    await expectLocator(tabs.getByRole("link", { name: "Rate Card" })).toHaveAttribute("aria-current", "page");
    const id = url(page).pathname.split("/").pop();
    for (const [tab, slug] of [
      ["Rate Calculator", "rate-calculator"],
      ["Serviceability", "serviceability"],
      ["All Couriers", "courier-setup"],
      ["Courier Rules", "courier-rules"],
      ["Rate Card", "rate-card"],
    ]) {
      await tabs.getByRole("link", { name: tab }).click();
      await page.waitForURL((u) => u.pathname === `/all-users/${id}/${slug}`);
      await expect.poll(() => tabs.getByRole("link", { name: tab }).getAttribute("aria-current")).toBe("page");
    }
    // A shared link opens the same tab.
    await page.goto(`/all-users/${id}/courier-setup`);
    await expectLocator(tabs.getByRole("link", { name: "All Couriers" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: /Back to All Users/ }).click();
    await page.waitForURL((u) => u.pathname === "/all-users");
  });
});

/** Server answers do not depend on JavaScript in the page: once (decision 017). */
describe("All Users and the client page, once", () => {
  const once = usePage();
  it("gives a bdm 404 for another bdm's client", async () => {
    const { page, browser } = once;
    await signInOnce(page, "bdm@demo.test", "bdm");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const own = new Set(await visibleClientIds(page));
    expect(own.size).toBeGreaterThan(0);
    const ownId = [...own][0];
    expect((await page.goto(`/all-users/${ownId}`))?.status()).toBe(200);

    const vpContext = await newContext(browser, true);
    const vpPage = await vpContext.newPage();
    await signInOnce(vpPage, "vp@demo.test", "vp");
    await vpPage.waitForURL((u) => u.pathname === "/all-users");
    const all = await visibleClientIds(vpPage, 2);
    await vpContext.close();
    const foreign = all.find((id) => !own.has(id));
    expect(foreign).toBeDefined();

    const res = await page.goto(`/all-users/${foreign}`);
    expect(res?.status()).toBe(404);
    await page.getByText("Not found").waitFor();
    expect((await page.goto(`/all-users/${foreign}/courier-setup`))?.status()).toBe(404);
  });

  // Accessibility of All Users, its Register dialog and a client's page: scanned once each, as a vp
  // at 1280×720, by keyboard-and-axe.test.ts's part-1 sweep (decision 017: once per screen).
});
