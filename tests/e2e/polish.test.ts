/**
 * A review's defects on the first screens, each checked in Chromium at 1280×720 with JavaScript on and off.
 */
import { beforeEach, expect, it } from "vitest";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";
import { calculatorQuery } from "../support/calculator";

const CLIENT_COMPANY = "The Harvest Co.";

describeJsOnOff("polish", (s) => {
  let base: string;
  beforeEach(async () => {
    await s.page.setViewportSize({ width: 1280, height: 720 });
    await signInOnce(s.page, "vp@demo.test", "vp");
    await s.page.goto(`/all-users?${new URLSearchParams({ q: CLIENT_COMPANY })}`);
    base = (await s.page
      .getByRole("link", { name: /View Details/ })
      .first()
      .getAttribute("href"))!;
  });

  it("serviceability: empty pincodes are required, a malformed one is not valid", async () => {
    const { page } = s;
    await page.goto(`${base}/serviceability`);
    await page.getByRole("button", { name: "Check" }).click();
    await expectLocator(page.getByText("Pickup Pincode is required", { exact: true })).toHaveCount(1);
    await expectLocator(page.getByText("Destination Pincode is required", { exact: true })).toHaveCount(1);
    await page.locator('input[name="from_pincode"]').fill("1100");
    await page.locator('input[name="to_pincode"]').fill("110001");
    await page.getByRole("button", { name: "Check" }).click();
    await expectLocator(page.getByText("Please enter valid Pincode", { exact: true })).toHaveCount(1);
    await expectLocator(page.getByText("Pickup Pincode is required", { exact: true })).toHaveCount(0);
  });

  it("calculator: COD amount is required only for COD", async () => {
    const { page, js } = s;
    await page.goto(`${base}/rate-calculator`);
    const label = page.locator('label[for="cod_amount"]');
    const asterisk = label.locator(".mantine-InputWrapper-required");
    if (js) {
      await expectLocator(label).toHaveText("COD amount (₹)");
      await expectLocator(asterisk).toHaveCount(0); // Prepaid is the default
      await page.locator('select[name="payment_mode"]').selectOption("cod");
      await expectLocator(asterisk).toHaveCount(1);
      await page.locator('select[name="payment_mode"]').selectOption("prepaid");
      await expectLocator(asterisk).toHaveCount(0);
    } else {
      await expectLocator(label).toHaveText("COD amount (₹, required for COD)");
      await expectLocator(asterisk).toHaveCount(0);
    }
  });

  it("All Users fits 1280 px with the sidebar open: every View Details link is whole and reachable", async () => {
    const { page } = s;
    for (const n of [1, 2, 3, 4, 5]) {
      await page.goto(`/all-users?page=${n}`);
      const box = page.getByRole("region", { name: "Clients table" });
      const fit = await box.evaluate((el) => ({
        scroll: el.scrollWidth,
        client: el.clientWidth,
        overflowX: getComputedStyle(el).overflowX,
      }));
      expect(fit.scroll, `page ${n}`).toBeLessThanOrEqual(fit.client);
      expect(fit.overflowX).toBe("auto"); // and if a row ever is wider, it scrolls without JavaScript
      const right = (await box.boundingBox())!;
      for (const link of await page.getByRole("link", { name: /View Details/ }).all()) {
        const b = (await link.boundingBox())!;
        expect(b.x + b.width, `page ${n}`).toBeLessThanOrEqual(right.x + right.width);
      }
    }
  });

  it("big tables: the Courier column stays while the zones scroll, a shadow says there is more, and only rate tables stop at 1300 px", async () => {
    const { page } = s;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${base}/rate-card`);
    const box = page.getByTestId("rate-table").first();
    const before = await box.evaluate((el) => {
      const first = el.querySelector("tbody td")!;
      return {
        more: el.scrollWidth > el.clientWidth,
        position: getComputedStyle(first).position,
        cue: getComputedStyle(el).backgroundImage,
        maxWidth: getComputedStyle(el).maxWidth,
      };
    });
    expect(before.more).toBe(true); // Surcharge, NDD and Divisor are off to the right at 1366 px …
    expect(before.cue).toContain("radial-gradient"); // … and the edge's shadow says so
    expect(before.maxWidth).toBe("1300px"); // the spec's box
    const after = await box.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      const cell = el.querySelector<HTMLElement>("tbody td")!;
      return {
        cellLeft: cell.getBoundingClientRect().left,
        boxLeft: el.getBoundingClientRect().left,
        text: cell.textContent,
      };
    });
    expect(Math.abs(after.cellLeft - after.boxLeft)).toBeLessThan(2); // the Courier column did not scroll away
    expect(after.text?.trim().length).toBeGreaterThan(0);

    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${base}/rate-calculator${calculatorQuery({ cod_amount: "0" })}`);
    const quoteBox = page.getByRole("table", { name: "Courier rates" }).locator("xpath=..");
    expect(await quoteBox.evaluate((el) => getComputedStyle(el).maxWidth)).not.toBe("1300px");
  });

  it("a new client's empty rate card says what to do, with the link", async () => {
    const { page, js } = s;
    const email = `empty-card-${js ? "on" : "off"}-${Date.now()}@example.com`;
    await page.goto("/all-users?register=1");
    const d = page.getByRole("dialog", { name: "Register New User" });
    await d.getByLabel(/^Name/).fill("Neha Empty");
    await d.getByLabel("Company Name").fill(`Empty Card Traders ${js ? "On" : "Off"}`);
    await d.getByLabel("Contact Number").fill("9123456781");
    await d.getByLabel("Email").fill(email);
    await d.getByLabel(/^Password/).fill("empty-card-1");
    await d.getByLabel("Confirm Password").fill("empty-card-1");
    await d.getByRole("button", { name: "Register" }).click();
    await page.getByTestId("toast").getByText("Registered Successfully").waitFor();
    await page.goto(`/all-users?q=${encodeURIComponent(email)}`);
    const href = (await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .getAttribute("href"))!;
    await page.goto(`${href}/rate-card`);
    const empty = page.getByTestId("empty-card");
    await expectLocator(empty).toContainText("No rates on this card yet");
    await empty.getByRole("link", { name: "Apply segment" }).click();
    await page.getByRole("dialog").waitFor();
    expect(new URL(page.url()).pathname).toBe(`${href}/rate-card/apply-segment`);
  });
});
