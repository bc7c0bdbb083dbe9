/**
 * Small defects of the screens at 1280×720, each checked in Chromium with JavaScript on and off
 * (decision 070): the toast covers no header control and leaves the page's top clear, Dashboard is in the sidebar of those who
 * may open it, and one problem in an uploaded rate card is one alert.
 */
import type { Locator } from "playwright-core";
import { beforeEach, expect, it } from "vitest";

import { readCsv, writeCsv } from "~/services/http/csv";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const boxOf = async (l: Locator) => (await l.boundingBox())!;

describeJsOnOff("small polish at 1280×720", (s) => {
  beforeEach(async () => {
    await s.page.setViewportSize({ width: 1280, height: 720 });
  });

  it("a success toast sits at the bottom right above the footer: it covers no header control and leaves the page's top clear", async () => {
    const { page } = s;
    await signInOnce(page, "avp@demo.test", "avp");
    await page.goto("/finance-analytics");
    await page.getByRole("button", { name: "E-mail Complete Financial Analysis" }).click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    const t = await boxOf(toast);
    const header = await boxOf(page.locator("header.shell-header"));
    expect(t.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The top of the page — its heading, view switches and actions, what people reach for next — is clear.
    expect(t.y).toBeGreaterThanOrEqual(720 / 2);
    expect(overlaps(t, await boxOf(page.getByRole("heading", { level: 1 })))).toBe(false);
    expect(t.y + t.height).toBeLessThanOrEqual((await boxOf(page.locator("footer.shell-footer"))).y);
    for (const control of [
      page.getByTestId("signed-in-name"),
      page.getByRole("button", { name: "Logout" }),
      page.locator(".shell-search"),
    ]) {
      expect(overlaps(t, await boxOf(control))).toBe(false);
    }
    // Still on screen whole.
    expect(t.x + t.width).toBeLessThanOrEqual(1280);
    expect(t.y + t.height).toBeLessThanOrEqual(720);
  });

  it("a control scrolled into view by focus stops clear of the fixed header and footer, not under them", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto("/all-users");
    const links = page.getByRole("link", { name: /^View Details/ });
    expect(await links.count()).toBeGreaterThan(12);
    const footer = await boxOf(page.locator("footer.shell-footer"));
    const header = await boxOf(page.locator("header.shell-header"));
    // Focus moving down the page (the browser scrolls each link into view), then back up.
    const order = [...Array(await links.count()).keys()];
    for (const i of [...order, ...order.reverse()]) {
      await links.nth(i).focus();
      const box = await boxOf(links.nth(i));
      expect(box.y + box.height, `link ${i} above the footer`).toBeLessThanOrEqual(footer.y);
      expect(box.y, `link ${i} below the header`).toBeGreaterThanOrEqual(header.y + header.height);
    }
  });

  it("while a toast shows, the page's last controls can be reached clear of it", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    // A full page of search results; Sync Tracking on its first row answers with a toast.
    await page.goto("/single-search-record?type=customer_name&q=sha");
    await page.getByTestId("order-result").first().getByRole("button", { name: "Sync Tracking" }).click();
    const toast = page.getByTestId("toast");
    await toast.getByText("Tracing Synced").waitFor();
    const t = await boxOf(toast);
    const controls = page.locator(".shell-main").locator("a[href], button:not([disabled])");
    const count = await controls.count();
    expect(count).toBeGreaterThan(100);
    // From the page's end up (the rows' links at the lower right are where the toast sits): focus
    // scrolls each one into view clear of it, the last rows included.
    for (let i = count - 1; i >= count - 30; i--) {
      await controls.nth(i).focus();
      expect(overlaps(await boxOf(controls.nth(i)), t), `control ${i} of ${count} clear of the toast`).toBe(false);
    }
    await expectLocator(toast).toHaveCount(1);
  });

  it("a toast can be dismissed, and leaves after its time: the control under it can then be clicked", async () => {
    const { page } = s;
    await signInOnce(page, "avp@demo.test", "avp");
    await page.goto("/finance-analytics");
    const email = page.getByRole("button", { name: "E-mail Complete Financial Analysis" });
    await email.click();
    const toast = page.getByTestId("toast");
    await toast.waitFor();
    // The ✕ is the label of the toast's "Dismiss message" box: a click ticks it, with or without JavaScript.
    await expectLocator(page.getByRole("checkbox", { name: "Dismiss message" })).toHaveCount(1);
    await toast.locator('label[for="toast-dismiss"]').click();
    await toast.waitFor({ state: "hidden", timeout: 1_000 });

    await email.click();
    await toast.waitFor();
    const t = await boxOf(toast);
    await toast.waitFor({ state: "hidden", timeout: 9_000 });
    // What lies where the toast was takes the pointer again.
    const under = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid="toast"]') ?? null,
      [t.x + t.width / 2, t.y + t.height / 2],
    );
    expect(under).toBeNull();
  });

  it("Dashboard is in the sidebar of those who may open it, and not in legal's", async () => {
    const { page } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await menu.getByRole("link", { name: "Dashboard" }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard");
    await expectLocator(page.getByRole("heading", { name: "Dashboard" }).first()).toHaveCount(1);
    await s.context.clearCookies();
    await signInOnce(page, "legal@demo.test", "legal");
    await expectLocator(menu.getByRole("link", { name: "Merchant Agreement" })).toHaveCount(1);
    await expectLocator(menu.getByRole("link", { name: "Dashboard" })).toHaveCount(0);
  });

  it("one wrong value in an uploaded rate card is one alert, under the summary", async () => {
    const { page, js } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.goto("/all-users?sort=name&dir=desc");
    const href = await page
      .getByRole("link", { name: /View Details/ })
      .nth(2 + s.index)
      .getAttribute("href");
    const card = `${href}/rate-card`;
    const res = await page.context().request.get(`${card}/download.csv`);
    expect(res.status()).toBe(200);
    const records = readCsv(await res.text());
    records[1]![records[0]!.indexOf("Zone C Base")] = "abc";
    await page.goto(`${card}/upload`);
    const dialog = page.getByRole("dialog", { name: "Upload rate card" });
    await dialog.getByLabel("Rate card file (CSV)").setInputFiles({
      name: "one-wrong.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(writeCsv(records), "utf8"),
    });
    if (js) await expect.poll(() => dialog.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("upload-errors").waitFor();
    await expectLocator(page.getByTestId("upload-summary")).toContainText("did not pass verification");
    await expectLocator(page.getByTestId("upload-error")).toHaveCount(1);
    await expectLocator(page.getByTestId("upload-error")).toContainText('"abc" is not a valid number');
    await expectLocator(page.getByRole("alert")).toHaveCount(1);
  });
});
