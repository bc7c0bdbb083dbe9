/**
 * Every refusal next to what caused it (decision 070): a rate row changed by someone else is
 * refused in the row, with their values beside the person's own; the confirmation's buttons
 * stay in view. JavaScript on and off.
 */
import type { Locator, Page } from "playwright-core";
import { beforeAll, expect, it } from "vitest";

import { CONFLICT_MESSAGE, ROW_GONE_MESSAGE } from "~/services/ratecards/scope.server";

import { describeJsOnOff, expectLocator, newContext, sharedBrowser, signInOnce } from "../support/browser";

/** The row "Edit" link, not the "Edit weight slab of …" link beside it. */
const EDIT_ROW = /^Edit (?!weight slab of )/;

let clientId: number;
beforeAll(async () => {
  const context = await newContext(await sharedBrowser(), true);
  try {
    const page = await context.newPage();
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto("/all-users?sort=name&dir=asc");
    const href = await page
      .getByRole("link", { name: /View Details/ })
      .nth(4)
      .getAttribute("href");
    clientId = Number(href!.split("/").pop());
  } finally {
    await context.close();
  }
});

/** Whether the whole of an element is inside the window. */
const wholeInView = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.left >= 0 && r.right <= window.innerWidth;
  });

async function openLastRowEdit(page: Page): Promise<string> {
  await page.goto(`/all-users/${clientId}/rate-card`);
  const rows = page.getByTestId("rate-row").filter({ has: page.getByRole("link", { name: EDIT_ROW }) });
  const last = rows.last();
  await last.getByRole("link", { name: EDIT_ROW }).click();
  await page.waitForURL((u) => u.searchParams.has("edit"));
  await page.locator("[data-editing]").waitFor();
  return page.url();
}

/** Every price of the editing row changed, so the confirmation lists all 15 fields. */
async function changeEveryField(page: Page, by: number) {
  const inputs = page.locator("[data-editing] input[name]:not([type=hidden])");
  const count = await inputs.count();
  expect(count).toBe(15);
  for (let i = 0; i < count; i++) {
    const input = inputs.nth(i);
    const name = await input.getAttribute("name");
    const now = Number(await input.inputValue());
    await input.fill(name === "divisor" ? String(now + by) : (now + by).toFixed(2));
  }
}

describeJsOnOff("refusals in place", (s) => {
  it("refuses a stale save in the row itself, with their value and yours; the dialog's buttons stay in view", async () => {
    const { page, browser } = s;
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const editUrl = await openLastRowEdit(page);

    // A second vp session saves the same row first: Zone E Base + 2.
    const other = await newContext(browser, true);
    const otherPage = await other.newPage();
    await signInOnce(otherPage, "vp@demo.test", "vp");
    await otherPage.waitForURL((u) => u.pathname === "/all-users");
    await otherPage.goto(editUrl);
    const theirs = otherPage.locator("[data-editing]").getByLabel(/^Zone E Base for/);
    const theirValue = (Number(await theirs.inputValue()) + 2).toFixed(2);
    await theirs.fill(theirValue);
    await otherPage.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await otherPage
      .getByRole("dialog", { name: "Confirm rate update" })
      .getByRole("button", { name: "Confirm" })
      .click();
    await otherPage.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await other.close();

    // Ours changes every field: a 15-line confirmation, its buttons in view all the same.
    await changeEveryField(page, 5);
    const myValue = await page
      .locator("[data-editing]")
      .getByLabel(/^Zone E Base for/)
      .inputValue();
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm rate update" });
    await dialog.waitFor();
    await expectLocator(dialog.locator("tr[data-changed]")).toHaveCount(15);
    const confirm = dialog.getByRole("button", { name: "Confirm" });
    expect(await wholeInView(confirm)).toBe(true);
    expect(await wholeInView(dialog.getByRole("link", { name: "Cancel" }))).toBe(true);
    await confirm.click();

    // Refused in the row: the message, their value, yours, in view.
    const conflict = page.locator("[data-testid=rate-row-notice] [data-testid=rate-conflict]");
    await conflict.waitFor();
    await expectLocator(conflict).toContainText(`Not able to update rate card. ${CONFLICT_MESSAGE}`);
    await expectLocator(conflict.getByRole("columnheader", { name: "Their value" })).toHaveCount(1);
    await expectLocator(conflict.getByTestId("theirs-zone_e_base")).toHaveText(theirValue);
    await expectLocator(conflict.getByTestId("mine-zone_e_base")).toHaveText(myValue);
    // The notice is the row right under the one being edited.
    const next = await page.locator("[data-editing] + tr").getAttribute("data-testid");
    expect(next).toBe("rate-row-notice");
    await expect.poll(() => wholeInView(conflict.getByRole("link", { name: "Use theirs" }))).toBe(true);
    if (s.js) expect(await conflict.evaluate((el) => el === document.activeElement)).toBe(true);
    // The row keeps what the person typed.
    await expectLocator(page.locator("[data-editing]").getByLabel(/^Zone E Base for/)).toHaveValue(myValue);

    // "Keep editing" leads to the row's inputs, with their values kept.
    await conflict.getByRole("link", { name: "Keep editing" }).click();
    await expectLocator(page.locator("[data-editing]").getByLabel(/^Zone E Base for/)).toHaveValue(myValue);
    if (s.js) {
      await expectLocator(page.getByTestId("rate-conflict")).toHaveCount(0);
      const focused = await page.evaluate(() => document.activeElement?.getAttribute("name"));
      expect(focused).toBeTruthy();
    }
  });

  it("a row gone while it was edited: the refusal above the card comes into view, the card is as stored", async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await openLastRowEdit(page);
    // The row is deleted meanwhile (a new card uploaded without it): the post names a row the card no longer has.
    await page
      .locator(`form#rate-row-edit input[name="rowId"]`)
      .evaluate((input: HTMLInputElement) => (input.value = "2147480000"));
    const answer = s.js ? null : page.waitForResponse((r) => r.request().method() === "POST");
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    if (answer) expect((await answer).status()).toBe(404);
    const refusal = page.getByTestId("rate-error");
    await refusal.waitFor();
    await expectLocator(refusal).toContainText(ROW_GONE_MESSAGE);
    await expect.poll(() => wholeInView(refusal)).toBe(true);
    if (s.js) expect(await refusal.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectLocator(page.locator("[data-editing]")).toHaveCount(0);
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);
  });

  it("'Use theirs' loads the stored values into the row", async () => {
    const { page, browser } = s;
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    const editUrl = await openLastRowEdit(page);

    const other = await newContext(browser, true);
    const otherPage = await other.newPage();
    await signInOnce(otherPage, "vp@demo.test", "vp");
    await otherPage.waitForURL((u) => u.pathname === "/all-users");
    await otherPage.goto(editUrl);
    const theirs = otherPage.locator("[data-editing]").getByLabel(/^Zone A Base for/);
    const theirValue = (Number(await theirs.inputValue()) + 3).toFixed(2);
    await theirs.fill(theirValue);
    await otherPage.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await otherPage
      .getByRole("dialog", { name: "Confirm rate update" })
      .getByRole("button", { name: "Confirm" })
      .click();
    await otherPage.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await other.close();

    const mine = page.locator("[data-editing]").getByLabel(/^Zone A Base for/);
    await mine.fill((Number(await mine.inputValue()) + 7).toFixed(2));
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await page.getByRole("dialog", { name: "Confirm rate update" }).getByRole("button", { name: "Confirm" }).click();
    const conflict = page.getByTestId("rate-conflict");
    await conflict.getByRole("link", { name: "Use theirs" }).click();
    await expectLocator(page.locator("[data-editing]").getByLabel(/^Zone A Base for/)).toHaveValue(theirValue);
    await expectLocator(page.getByTestId("rate-conflict")).toHaveCount(0);
    await expect.poll(() => wholeInView(page.locator("[data-editing]").getByLabel(/^Zone A Base for/))).toBe(true);
  });
});
