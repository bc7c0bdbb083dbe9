/**
 * Rate changes that take effect at a time (decision 075), JS on and off: a vp schedules a row
 * edit with "Effective from", the card keeps its price and lists the pending change, and Cancel
 * removes it (audited in the history).
 */
import { beforeAll, expect, it } from "vitest";

import { describeJsOnOff, expectLocator } from "../support/browser";
import { clientsWithPanels, signInAs } from "../support/rate-card";

/** The row "Edit" link, not the "Edit weight slab of …" link beside it. */
const EDIT_ROW = /^Edit (?!weight slab of )/;

let clientIds: number[] = [];
beforeAll(async () => {
  // A page of the list no other rate card test takes from.
  clientIds = await clientsWithPanels({ role: "vp", list: "/all-users?perPage=10&page=5&sort=name&dir=asc", count: 2 });
  expect(clientIds).toHaveLength(2);
});

describeJsOnOff("scheduled rate changes", (s) => {
  it("schedules a row edit for later, lists it with who scheduled it, and cancels it", async () => {
    const { page } = s;
    const clientId = clientIds[s.index];
    await signInAs(page, "vp");
    await page.goto(`/all-users/${clientId}/rate-card`);
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);

    const row = page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: EDIT_ROW }) })
      .first();
    const courier = await row.getAttribute("data-courier");
    await row.getByRole("link", { name: EDIT_ROW }).click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    const zoneA = page.locator("[data-editing]").getByLabel(/^Zone A Base for/);
    const oldZoneA = await zoneA.inputValue();
    const newPrice = (Number(oldZoneA) + 2.5).toFixed(2);
    await zoneA.fill(newPrice);
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm rate update" });
    await dialog.waitFor();

    // A time that has passed is refused, and nothing changes.
    await dialog.getByLabel(/Effective from/).fill("2020-01-01T10:00");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page
      .getByTestId("rate-error")
      .getByText(
        "Not able to update rate card. Choose a time in the future, or leave it empty to apply the change now.",
      )
      .waitFor();
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);

    // Again, for 1 January 2030, 09:30 India time.
    await page.goto(`/all-users/${clientId}/rate-card`);
    await page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) })
      .first()
      .getByRole("link", { name: EDIT_ROW })
      .click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    await page
      .locator("[data-editing]")
      .getByLabel(/^Zone A Base for/)
      .fill(newPrice);
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await dialog.waitFor();
    await dialog.getByLabel(/Effective from/).fill("2030-01-01T09:30");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page
      .getByTestId("toast")
      .getByText("Scheduled: the change takes effect on 01-01-2030 09:30 (India time).")
      .waitFor();

    // The card keeps its price until then; the pending change is listed.
    const same = page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) })
      .first();
    await expectLocator(same.locator("td").nth(2)).toContainText(`${oldZoneA} |`);
    const listed = page.getByTestId("scheduled-change");
    await expectLocator(listed).toHaveCount(1);
    await expectLocator(listed).toContainText("1 change takes effect on 01-01-2030 09:30");
    await expectLocator(listed).toContainText("Rate edit · scheduled by vp@demo.test (vp)");
    await expectLocator(listed.locator("details li").first()).toContainText(`${courier} · `);
    await expectLocator(listed.locator("details li").first()).toContainText(`Zone A Base: ${oldZoneA} → ${newPrice}`);

    await listed.getByRole("button", { name: "Cancel the change that takes effect on 01-01-2030 09:30" }).click();
    await page
      .getByTestId("toast")
      .getByText("Cancelled: the change will not take effect on 01-01-2030 09:30.")
      .waitFor();
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);

    // The history says so.
    await page.goto(`/all-users/${clientId}/rate-card/history`);
    await page.getByText("Scheduled change cancelled").first().waitFor();
  });
});
