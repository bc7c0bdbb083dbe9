import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import {
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  sharedBrowser,
  signInOnce,
  usePage,
} from "../support/browser";

/** The row "Edit" link, not the "Edit weight slab of …" link beside it. */
const EDIT_ROW = /^Edit (?!weight slab of )/;

/** A client of the demo tl chain (tl@ → bdm@ → avp@ → vp@), so every role here can see it. */
async function firstTlClientId(page: Page): Promise<number> {
  await page.goto("/all-users?sort=name&dir=asc");
  const href = await page
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href");
  return Number(href!.split("/").pop());
}

async function editableRows(page: Page) {
  return page.getByTestId("rate-row").filter({ has: page.getByRole("link", { name: EDIT_ROW }) });
}

let clientId: number;
beforeAll(async () => {
  const context = await newContext(await sharedBrowser(), true);
  try {
    const page = await context.newPage();
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    clientId = await firstTlClientId(page);
  } finally {
    await context.close();
  }
});

describeJsOnOff("client rate card", (s) => {
  it("shows the courier-wise card in panels with the spec's titles and columns; tabs are links", async () => {
    const { page, js } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto(`/all-users/${clientId}/rate-card`);
    const titles = await page.getByTestId("panel-title").allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const t of titles)
      expect(t).toMatch(/^Base upto [\d.]+ KG \+ Every Additional [\d.]+ KG - \d+ Courier Options$/);
    for (const header of [
      "Zone A 'Intra City'",
      "Zone B 'Within Zone'",
      "Zone C 'Metros'",
      "Zone D 'ROI'",
      "Zone E 'ROI'",
      "Min COD Charge",
      "COD Percentage",
      "Surcharge",
      "NDD Charge",
      "Divisor",
    ])
      expect(await page.getByRole("columnheader", { name: header }).count()).toBeGreaterThan(0);
    // Prices are shown base | additional with two decimals.
    const cell = await page.getByTestId("rate-row").first().locator("td").nth(1).textContent();
    expect(cell).toMatch(/^\d+\.\d{2} \| \d+\.\d{2}$/);
    // tl: no Operation column, no Edit links.
    await expectLocator(page.getByRole("columnheader", { name: "Operation" })).toHaveCount(0);
    await page.getByRole("link", { name: "Reverse Logistics Shipment" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "reverse");
    await page.getByText("RTO is charged as forward.").waitFor();
    // Accessibility: one scan per screen (decision 017), on the page as most people get it.
    if (js) await expectAccessible(page);

    // The RTO tab labels each row Forward RTO or Reverse RTO.
    await page.getByRole("navigation", { name: "Shipment types" }).getByRole("link", { name: "RTO" }).click();
    await page.waitForURL((u) => u.searchParams.get("tab") === "rto");
    await page.getByRole("columnheader", { name: "Price Type" }).first().waitFor();
    const labels = async () =>
      page
        .getByTestId("rate-row")
        .evaluateAll((rows) =>
          rows.map((r) => [r.getAttribute("data-shipment-type"), r.querySelectorAll("td")[1]?.textContent]),
        );
    const mine = await labels();
    expect(mine.length).toBeGreaterThan(0);
    for (const [type, text] of mine) expect(text).toBe(type === "FORWARD_RTO" ? "Forward RTO" : "Reverse RTO");
    // Segment cards price Reverse RTO for every reverse service: both labels show.
    await page.goto("/rate-cards?segment=0&tab=rto");
    await page.getByRole("columnheader", { name: "Price Type" }).first().waitFor();
    const segment = await labels();
    expect(new Set(segment.map(([, text]) => text))).toEqual(new Set(["Forward RTO", "Reverse RTO"]));
  });

  it("lets a vp edit a row: invalid values, cancel, confirm with old values struck through, save", async () => {
    const { page, js } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto(`/all-users/${clientId}/rate-card`);
    const row = (await editableRows(page)).first();
    const courier = await row.getAttribute("data-courier");
    await row.getByRole("link", { name: EDIT_ROW }).click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    const editing = page.locator("[data-editing]");
    await editing.waitFor();
    // Other rows' Edit links are disabled while one row is in edit mode.
    await expectLocator(page.getByRole("link", { name: EDIT_ROW })).toHaveCount(0);

    // Cancel leaves edit mode.
    await editing.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((u) => !u.searchParams.has("edit"));

    await page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) })
      .first()
      .getByRole("link", { name: EDIT_ROW })
      .click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    const zoneA = page.locator("[data-editing]").getByLabel(/^Zone A Base for/);
    const surcharge = page.locator("[data-editing]").getByLabel(/^Surcharge for/);
    const oldZoneA = await zoneA.inputValue();
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await zoneA.fill("");
    await surcharge.fill("-3");
    if (js) {
      // Instant: the messages show as the person leaves each field, before any save.
      await surcharge.blur();
      await page.locator("[data-editing]").getByText("Please fill!").waitFor();
      await page.locator("[data-editing]").getByText("* Enter valid number !").waitFor();
    }
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await page.getByTestId("rate-error").getByText("Some field are not valid").waitFor();
    await page.locator("[data-editing]").getByText("Please fill!").waitFor();
    await page.locator("[data-editing]").getByText("* Enter valid number !").waitFor();
    // With JavaScript the browser refused the save itself; without, the server did.
    expect(posts).toHaveLength(js ? 0 : 1);

    const newPrice = (Number(oldZoneA) + 1.25).toFixed(2);
    await page
      .locator("[data-editing]")
      .getByLabel(/^Zone A Base for/)
      .fill(newPrice);
    await page
      .locator("[data-editing]")
      .getByLabel(/^Surcharge for/)
      .fill("0");
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm rate update" });
    await dialog.waitFor();
    await expectLocator(dialog.getByTestId("new-zone_a_base")).toHaveText(newPrice);
    await expectLocator(dialog.getByLabel(`was ${oldZoneA}`)).toHaveCount(1);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    const saved = page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) })
      .first();
    await expectLocator(saved.locator("td").nth(2)).toContainText(`${newPrice} |`);
  });
  // A save refused because someone else changed the row: tests/e2e/refusals-in-place.test.ts.
});

/** A forged post does not depend on JavaScript in the page: once (decision 017). */
describe("client rate card, once", () => {
  const once = usePage();
  it("refuses a forged rate edit from a tl with 403 and changes nothing", async () => {
    const { page, context } = once;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    await page.goto(`/all-users/${clientId}/rate-card`);
    const before = await page.getByTestId("rate-row").first().textContent();
    const res = await context.request.post(`/all-users/${clientId}/rate-card`, {
      form: { intent: "save", rowId: "1", version: "1", zone_a_base: "1.00" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
    await page.reload();
    await expectLocator(page.getByTestId("rate-row").first()).toHaveText(before!);
  });
});
