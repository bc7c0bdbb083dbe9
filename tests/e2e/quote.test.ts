/**
 * Rate Calculator and Serviceability tabs in Chromium, with JavaScript on and off, plus the
 * JSON endpoints' URLs (with the trailing slash) resolving outside the staff session.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { expectAccessible, launchBrowser, newContext, signIn } from "../support/browser";

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const QUOTE_CLIENT_COMPANY = "The Harvest Co.";
const LANE = { pickup_pincode: "400001", drop_pincode: "110001", length: "20", breadth: "15", height: "10", weight: "0.75" };

function rupees(text: string): number {
  return Number(text.replace(/[₹,]/g, ""));
}

describe.each([
  ["JavaScript on", true],
  ["JavaScript off", false],
])("quote screens with %s", (_label, js) => {
  let context: BrowserContext;
  let page: Page;
  let base: string;
  beforeEach(async () => {
    context = await newContext(browser, js);
    page = await context.newPage();
    await signIn(page, "vp@demo.test", "vp");
    await page.waitForURL((u) => u.pathname === "/all-users");
    // A seeded client outside the tl@ chain that other browser tests change, found by company
    // (not "the first row": registering a client in another test puts a new one first).
    await page.goto(`/all-users?${new URLSearchParams({ q: QUOTE_CLIENT_COMPANY })}`);
    const href = await page.getByRole("link", { name: /View Details/ }).first().getAttribute("href");
    base = href!;
  });
  afterEach(async () => {
    await context.close();
  });

  async function fillLane(values: Record<string, string> = LANE) {
    for (const [name, value] of Object.entries(values)) await page.locator(`input[name="${name}"]`).fill(value);
  }

  async function submit(label: string) {
    await Promise.all([page.waitForLoadState("load"), page.getByRole("button", { name: label }).click()]);
    if (js) await page.waitForTimeout(300);
  }

  it("quotes a known lane: zone C 'Metros', the cheapest courier's charges, badges and the explanation; the quote is a link", async () => {
    await page.goto(`${base}/rate-calculator`);
    await fillLane();
    await submit("Calculate");
    await page.getByTestId("billing-zone").waitFor();
    expect(await page.getByTestId("billing-zone").textContent()).toBe("Zone C 'Metros'");
    expect(await page.getByTestId("chargeable-weight").textContent()).toBe("0.75 kg");
    const url = new URL(page.url());
    expect(url.searchParams.get("pickup_pincode")).toBe("400001");
    const rows = page.getByTestId("quote-row");
    expect(await rows.count()).toBeGreaterThan(0);
    const delivered = (await page.getByTestId("delivered").allTextContents()).map(rupees);
    const cheapestRow = rows.filter({ has: page.getByText("Cheapest", { exact: true }) });
    expect(await cheapestRow.count()).toBe(1);
    expect(rupees((await cheapestRow.getByTestId("delivered").textContent())!)).toBe(Math.min(...delivered));
    for (const t of await page.getByTestId("delivered").allTextContents()) expect(t).toMatch(/^₹[\d,]+\.\d{2}$/);
    expect(await rows.filter({ has: page.getByText("Priority", { exact: true }) }).count()).toBe(1);
    expect(await page.getByTestId("explanation").textContent()).toContain("Zone C (Metros): 400001 Mumbai");
    // The same URL, opened afresh, shows the same quote.
    const again = await context.newPage();
    await again.goto(page.url());
    expect(await again.getByTestId("delivered").allTextContents()).toEqual(await page.getByTestId("delivered").allTextContents());
    await expectAccessible(page, js);
  });

  it("shows each validation message of the spec", async () => {
    await page.goto(`${base}/rate-calculator`);
    await page.locator('select[name="payment_mode"]').selectOption("cod");
    await submit("Calculate");
    for (const message of ["Pickup Pincode is required", "Destination Pincode is required", "Length is required", "Breadth is required", "Height is required", "Weight is required", "COD amount is required"]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await fillLane({ ...LANE, pickup_pincode: "4000", drop_pincode: "11000a" });
    await submit("Calculate");
    expect(await page.getByText("Please enter a valid pincode", { exact: true }).count()).toBe(2);
    await expectAccessible(page, js);
  });

  it("reverse forces express, prepaid and COD 0", async () => {
    await page.goto(`${base}/rate-calculator`);
    await fillLane();
    await page.locator('select[name="payment_mode"]').selectOption("cod");
    await page.locator('input[name="cod_amount"]').fill("500");
    await page.locator('select[name="shipment_type"]').selectOption("reverse");
    if (js) {
      expect(await page.locator('select[name="payment_mode"]').isDisabled()).toBe(true);
      expect(await page.locator('select[name="payment_mode"]').inputValue()).toBe("prepaid");
      expect(await page.locator('input[name="cod_amount"]').inputValue()).toBe("0");
    }
    await submit("Calculate");
    await page.getByTestId("quote-result").waitFor();
    if (!js) await page.getByTestId("reverse-forced").waitFor();
    expect(await page.locator('select[name="payment_mode"]').inputValue()).toBe("prepaid");
    expect(await page.getByTestId("explanation").textContent()).toContain("Reverse shipment: quoted as express, prepaid, COD value 0.");
    for (const t of await page.getByTestId("returned").allTextContents()) expect(t).toBe("—");
  });

  it("says when no courier matches", async () => {
    // Dangerous goods by air: no air service carries them.
    await page.goto(`${base}/rate-calculator?${new URLSearchParams({ shipment_type: "forward", delivery_mode: "express", payment_mode: "prepaid", has_dg: "true", ...LANE })}`);
    await page.getByTestId("no-courier").waitFor();
    expect(await page.getByTestId("no-courier").textContent()).toBe("There is no courier matching your search criteria");
  });

  it("checks a lane's serviceability, validates pincodes and downloads the pincode list", async () => {
    await page.goto(`${base}/serviceability`);
    await page.locator('input[name="from_pincode"]').fill("1100");
    await page.locator('input[name="to_pincode"]').fill("");
    await submit("Check");
    expect(await page.getByText("Please enter valid Pincode", { exact: true }).count()).toBe(2);
    await page.locator('input[name="from_pincode"]').fill("110001");
    await page.locator('input[name="to_pincode"]').fill("560001");
    await submit("Check");
    await page.getByTestId("pincode-result").waitFor();
    expect(await page.getByTestId("from-city").textContent()).toBe("Delhi NCR, Delhi");
    expect(await page.getByTestId("to-city").textContent()).toBe("Bengaluru, Karnataka");
    expect(await page.getByTestId("edd").textContent()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByTestId("pincode-courier").count()).toBeGreaterThan(0);
    await expectAccessible(page, js);

    await Promise.all([page.waitForLoadState("load"), page.getByRole("link", { name: "Download Pincode List" }).click()]);
    const dialog = page.getByRole("dialog", { name: "Download Pincode List" });
    await dialog.waitFor();
    await dialog.getByLabel("Source Pincode").fill("12");
    await dialog.getByRole("button", { name: "Download" }).click();
    await dialog.getByText("Please enter valid Pincode", { exact: true }).waitFor();
    await dialog.getByLabel("Source Pincode").fill("110001");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("serviceable_pincodes_110001.csv");
    const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Pincode,City,District,State,Express,Surface,Reverse,Prepaid,COD,Couriers");
    expect(lines.length).toBeGreaterThan(15000);
    expect(lines.some((l) => l.startsWith("560001,Bengaluru,Bangalore,Karnataka,"))).toBe(true);
  });
});

describe("JSON endpoints outside the staff session", () => {
  it("resolve with and without the trailing slash and answer 401 for an unknown token", async () => {
    const context = await newContext(browser, true);
    try {
      for (const path of ["/houston-ratecard/shipment-calculator-v3/", "/houston-ratecard/shipment-calculator-v3", "/location/pincode-serviceability-v3/"]) {
        const res = await context.request.get(`${path}?auth_token=not-a-token&from_pincode=110001&to_pincode=560001`, { maxRedirects: 0 });
        expect(res.status(), path).toBe(401);
        expect(await res.json()).toEqual({ err: "Invalid auth token" });
      }
    } finally {
      await context.close();
    }
  });
});
