/**
 * Every rate change applied now or from a date (decisions 075, 076), JS on and off: a bulk
 * "Change prices" scheduled from a date (a past time refused at the field), listed on the card,
 * and the Rate Calculator's "Price on" that day saying "from 01-01: ₹… (now ₹…)"; apply segment,
 * weight slab and RTO from forward scheduled, each listed; Cancel removes one.
 */
import type { Page } from "playwright-core";
import { beforeAll, beforeEach, expect, it } from "vitest";

import { describeJsOnOff, expectLocator } from "../support/browser";
import { calculatorQuery } from "../support/calculator";
import { clientsWithPanels, signInAs } from "../support/rate-card";

let clientIds: number[] = [];
beforeAll(async () => {
  // A page of the list no other rate card test takes from.
  clientIds = await clientsWithPanels({ role: "vp", list: "/all-users?perPage=10&page=7&sort=name&dir=asc", count: 2 });
  expect(clientIds).toHaveLength(2);
});

const toast = (page: Page, text: string) => page.getByTestId("toast").getByText(text).waitFor();

describeJsOnOff("rate changes scheduled from a date", (s) => {
  let card = "";
  beforeEach(async () => {
    card = `/all-users/${clientIds[s.index]}/rate-card`;
    await signInAs(s.page, "vp");
  });

  it("a bulk change from a date is listed and priced from that day in the calculator, then cancelled", async () => {
    const { page } = s;
    await page.goto(`${card}/change-prices`);
    const dialog = page.getByRole("dialog", { name: "Change prices" });
    await dialog.waitFor();
    await dialog.getByLabel("Amount").fill("10");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByTestId("price-change-preview").waitFor();

    // A time that has passed is refused at the field, and nothing is scheduled.
    await dialog.getByLabel(/Effective from/).fill("2020-01-01T10:00");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await dialog.getByText("Choose a time in the future, or leave it empty to apply the change now.").waitFor();

    await dialog.getByLabel(/Effective from/).fill("2030-01-01T00:00");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await toast(page, "Scheduled: the change takes effect on 01-01-2030 00:00 (India time).");
    expect(new URL(page.url()).pathname).toBe(card);
    const listed = page.getByTestId("scheduled-change");
    await expectLocator(listed).toHaveCount(1);
    await expectLocator(listed).toContainText("effect on 01-01-2030 00:00");
    await expectLocator(listed).toContainText("Bulk price change · scheduled by vp@demo.test (vp)");

    // The calculator on that day: each courier whose price moves, "from 01-01: ₹… (now ₹…)".
    await page.goto(
      `/all-users/${clientIds[s.index]}/rate-calculator${calculatorQuery({ cod_amount: "0", price_on: "2030-01-01" })}`,
    );
    const priceOn = page.getByTestId("price-on");
    await expectLocator(priceOn).toContainText("Prices in force from 01-01-2030 00:00 (India time)");
    const lines = await priceOn.getByRole("listitem").allTextContents();
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      const m = /: from 01-01: ₹([\d,]+\.\d\d) \(now ₹([\d,]+\.\d\d)\)$/.exec(l);
      expect(m, l).not.toBeNull();
      // Ten percent more on the base prices: dearer from then.
      expect(Number(m![1].replace(/,/g, ""))).toBeGreaterThan(Number(m![2].replace(/,/g, "")));
    }

    await page.goto(card);
    await page.getByRole("button", { name: "Cancel the change that takes effect on 01-01-2030 00:00" }).click();
    await toast(page, "Cancelled: the change will not take effect on 01-01-2030 00:00.");
    await expectLocator(page.getByTestId("scheduled-change")).toHaveCount(0);
  });

  it("apply segment, weight slab and RTO from forward scheduled from a date: each listed, one cancelled", async () => {
    const { page } = s;
    // Apply segment, from 1 March 2030.
    await page.goto(`${card}/apply-segment?segment=2`);
    const segment = page.getByRole("dialog", { name: "Apply segment" });
    await segment.getByTestId("segment-preview").waitFor();
    await segment.getByLabel(/Effective from/).fill("2030-03-01T00:00");
    await segment.getByRole("button", { name: "Apply" }).click();
    await toast(page, "Scheduled: the change takes effect on 01-03-2030 00:00 (India time).");

    // A weight slab, from 2 March 2030.
    await page
      .getByRole("link", { name: /^Edit weight slab of / })
      .first()
      .click();
    const slab = page.getByRole("dialog", { name: "Edit weight slab" });
    await slab.waitFor();
    await slab.getByLabel("Base weight").selectOption("100");
    await slab.getByLabel("Additional weight").selectOption("50");
    await slab.getByLabel(/Effective from/).fill("2030-03-02T00:00");
    await slab.getByRole("button", { name: "Save" }).click();
    await toast(page, "Scheduled: the change takes effect on 02-03-2030 00:00 (India time).");

    // RTO from forward for the first courier, from 3 March 2030.
    await page.getByRole("link", { name: "Update RTO with forward" }).click();
    const rto = page.getByRole("dialog", { name: "Update RTO with forward" });
    await rto.waitFor();
    const boxes = rto.getByRole("checkbox");
    const n = await boxes.count();
    for (let i = 1; i < n; i++) await boxes.nth(i).uncheck();
    await rto.getByRole("button", { name: "Update" }).click();
    await rto.getByTestId("rto-confirm-couriers").waitFor();
    await rto.getByLabel(/Effective from/).fill("2030-03-03T00:00");
    await rto.getByRole("button", { name: "Confirm" }).click();
    await toast(page, "Scheduled: the change takes effect on 03-03-2030 00:00 (India time).");

    // Listed soonest first, each with its kind.
    const listed = page.getByTestId("scheduled-change");
    const texts = await listed.allTextContents();
    expect(texts.length).toBeGreaterThanOrEqual(2);
    const kinds = ["Apply segment", "Weight slab", "RTO from forward"];
    const days = ["01-03-2030", "02-03-2030", "03-03-2030"];
    // A change that changes nothing is not scheduled (e.g. RTO already equal to forward); those listed are in order.
    const seen = kinds.filter((k) => texts.some((t) => t.includes(` · ${k} · `)));
    expect(seen).toContain("Apply segment");
    expect(seen).toContain("Weight slab");
    const order = texts.map((t) => days.findIndex((d) => t.includes(`effect on ${d}`)));
    expect(order).toEqual([...order].sort((x, y) => x - y));

    await page.getByRole("button", { name: "Cancel the change that takes effect on 02-03-2030 00:00" }).click();
    await toast(page, "Cancelled: the change will not take effect on 02-03-2030 00:00.");
    await expectLocator(page.getByTestId("scheduled-change")).toHaveCount(texts.length - 1);
    expect(await page.getByTestId("scheduled-changes").textContent()).not.toContain("02-03-2030");
  });
});
