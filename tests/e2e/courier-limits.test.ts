/**
 * Courier package limits (decision 071) in Chromium, with JavaScript on and off: the Rate
 * Calculator lists a service a 40 kg parcel is too heavy for beneath the rates, with the
 * reason; a vp raises that service's limit on All Couriers (a refused value first), and the
 * same quote then carries it; the limit is put back.
 */
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";

import { COURIER_LIMIT_DEFAULTS } from "~/services/seed/demo-data";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { baseURL, describeJsOnOff, expectAccessible, expectLocator, signInOnce, usePage } from "../support/browser";

const CLIENT_COMPANY = "The Harvest Co.";
const HEAVY = {
  shipment_type: "forward",
  pickup_pincode: "400001",
  drop_pincode: "110001",
  delivery_mode: "express",
  length: "40",
  breadth: "30",
  height: "20",
  weight: "40",
  payment_mode: "prepaid",
};
/** The air kind's default limits (decision 071); services with their courier's own published ones differ. */
const AIR = COURIER_LIMIT_DEFAULTS.air;
const AIR_LIMIT = new RegExp(`^(.+): over its ${AIR.max_dead_weight} kg limit \\(dead weight 40 kg\\)\\.$`);

async function clientBase(page: Page): Promise<string> {
  await signInOnce(page, "vp@demo.test", "vp");
  await page.waitForURL((u) => u.pathname === "/all-users");
  await page.goto(`/all-users?${new URLSearchParams({ q: CLIENT_COMPANY })}`);
  return (await page
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href"))!;
}

describeJsOnOff("courier limits", (s) => {
  let base: string;
  beforeEach(async () => {
    base = await clientBase(s.page);
  });

  /** A click that submits: without JavaScript it loads a new document, so wait for it. */
  async function submit(button: ReturnType<Page["getByRole"]>) {
    if (s.js) await button.click();
    else await Promise.all([s.page.waitForEvent("load"), button.click()]);
  }

  async function quoteHeavy() {
    const { page } = s;
    await page.goto(`${base}/rate-calculator`);
    for (const name of ["pickup_pincode", "drop_pincode", "length", "breadth", "height", "weight"] as const)
      await page.locator(`input[name="${name}"]`).fill(HEAVY[name]);
    await submit(page.getByRole("button", { name: "Calculate" }));
    await page.getByTestId("billing-zone").waitFor();
  }

  async function setDeadWeight(service: string, value: string, expectToast: boolean) {
    const { page } = s;
    await page.goto(`${base}/courier-setup?${new URLSearchParams({ q: service })}`);
    await page.getByRole("link", { name: `Edit limits of ${service}` }).click();
    const dialog = page.getByRole("dialog", { name: `Limits of ${service}` });
    await dialog.waitFor();
    await dialog.getByLabel("Max dead weight (kg)").fill(value);
    await submit(dialog.getByRole("button", { name: "Save limits" }));
    if (expectToast) await page.getByTestId("toast").getByText(`Limits of ${service} saved`).waitFor();
  }

  it("the calculator shows the air service excluded with its reason; a vp raises its limit and the quote carries it", async () => {
    const { page } = s;
    await quoteHeavy();
    const reasons = await page.getByTestId("excluded-reason").allTextContents();
    const sentence = reasons.find((r) => AIR_LIMIT.test(r));
    expect(sentence, reasons.join("\n")).toBeDefined();
    const service = AIR_LIMIT.exec(sentence!)![1];
    await expectLocator(page.getByTestId("quote-courier").filter({ hasText: service })).toHaveCount(0);
    await expectLocator(page.getByTestId("excluded")).toContainText("Excluded by courier limits");
    if (s.js) await expectAccessible(page);

    // A value that is not a number is refused by its field; nothing is saved.
    await setDeadWeight(service, "lots", false);
    await page.getByText("The max dead weight must be a number with at most 3 decimals.").waitFor();
    if (s.js) await expectAccessible(page); // the dialog with its refusal, once (decision 017)

    await setDeadWeight(service, "40", true);
    const row = page.getByRole("row").filter({ hasText: service });
    await expectLocator(row.getByTestId("courier-limits")).toContainText(
      `40 kg · ${AIR.max_chargeable_weight} kg · ${AIR.max_side} cm`,
    );

    await quoteHeavy();
    await expectLocator(page.getByTestId("quote-courier").filter({ hasText: service })).toHaveCount(1);
    expect((await page.getByTestId("excluded-reason").allTextContents()).some((r) => r.startsWith(`${service}:`))).toBe(
      false,
    );

    // Put it back for the next run (and every other test's quotes).
    await setDeadWeight(service, String(AIR.max_dead_weight), true);
  });
});

describe("courier limits, once", () => {
  const once = usePage();
  it("a tl sees the limits but no Edit link, a forced dialog link opens nothing, and a forged post is refused 403", async () => {
    const { page, context } = once;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.waitForURL((u) => u.pathname === "/all-users");
    // A seeded client of the tl's (the list's first may be one another test registered, with no card yet).
    const details = `/all-users/${plannedDemoClients().find((c) => c.chain.tl === "tl@demo.test")!.id}`;
    await page.goto(`${details}/courier-setup`);
    await expectLocator(page.getByTestId("courier-limits").first()).toHaveText(
      /^\d+(\.\d+)? kg · \d+(\.\d+)? kg · \d+(\.\d+)? cm$/,
    );
    await expectLocator(page.getByRole("link", { name: /^Edit limits/ })).toHaveCount(0);
    const csv = (await page
      .getByRole("link", { name: /^Pincode list/ })
      .first()
      .getAttribute("href"))!;
    const serviceId = /courier\/(\d+)\.csv$/.exec(csv)![1];
    await page.goto(`${details}/courier-setup?limits=${serviceId}`);
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);
    const res = await context.request.post(`${baseURL()}${details}/courier-setup`, {
      form: {
        intent: "limits",
        courier_service_id: serviceId,
        limits_version: "1",
        max_dead_weight: "999",
        max_chargeable_weight: "999",
        max_side: "999",
      },
      headers: { Origin: baseURL() },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });
});
