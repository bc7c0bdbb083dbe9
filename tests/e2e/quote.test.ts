/**
 * Rate Calculator and Serviceability tabs in Chromium, with JavaScript on and off, plus the
 * JSON endpoints' URLs (with the trailing slash) resolving outside the staff session.
 */
import type { Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";

import {
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  servedHtml,
  signInOnce,
  usePage,
} from "../support/browser";

const QUOTE_CLIENT_COMPANY = "The Harvest Co.";
const LANE = {
  pickup_pincode: "400001",
  drop_pincode: "110001",
  length: "20",
  breadth: "15",
  height: "10",
  weight: "0.75",
};

function rupees(text: string): number {
  return Number(text.replace(/[₹,]/g, ""));
}

/** Paise as the screen shows them (₹1,234.50), formatted here rather than by the app's code. */
const inr = (paise: number) =>
  `₹${new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(paise / 100)}`;

/**
 * The prepaid forward charges of LANE (zone C, 20 × 15 × 10 cm, 0.75 kg) on a rate card CSV
 * row, worked out by hand: chargeable weight = max(dead, L × B × H / divisor to 10 g); freight =
 * zone C base + ⌈(chargeable − base weight) / additional weight⌉ × zone C additional; + surcharge.
 */
function expectedLaneCharges(row: Record<string, string>) {
  const paise = (column: string) => Math.round(Number(row[column]) * 100);
  const grams = (column: string) => Math.round(Number(row[column]) * 1000);
  const volumetric = Math.round((20 * 15 * 10 * 100) / Number(row["Divisor"])) * 10;
  const chargeable = Math.max(750, volumetric);
  const extra = Math.max(0, Math.ceil((chargeable - grams("Base Weight")) / grams("Additional Weight")));
  const [base, additional, surcharge] = [paise("Zone C Base"), paise("Zone C Additional"), paise("Surcharge")];
  const total = base + extra * additional + surcharge;
  return {
    total: inr(total),
    formula: `1 × ${inr(base)} + ${extra} × ${inr(additional)} + ₹0.00 + ${inr(surcharge)} = ${inr(total)}`,
  };
}

function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text
    .trim()
    .split("\r\n")
    .map((l) => l.split(","));
  return lines.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i]])));
}

/** The quote client's page (signs `page` in as the vp). */
async function quoteClientBase(page: Page): Promise<string> {
  await signInOnce(page, "vp@demo.test", "vp");
  await page.waitForURL((u) => u.pathname === "/all-users");
  // A seeded client outside the tl@ chain that other browser tests change, found by company
  // (not "the first row": registering a client in another test puts a new one first).
  await page.goto(`/all-users?${new URLSearchParams({ q: QUOTE_CLIENT_COMPANY })}`);
  return (await page
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href"))!;
}

describeJsOnOff("quote screens", (s) => {
  let base: string;
  beforeEach(async () => {
    base = await quoteClientBase(s.page);
  });

  async function fillLane(values: Record<string, string> = LANE) {
    for (const [name, value] of Object.entries(values)) await s.page.locator(`input[name="${name}"]`).fill(value);
  }

  /**
   * With JavaScript a submit is a client-side navigation (or a client-side validation): the
   * checks after it retry until the page shows the result. Without, every submit loads a new
   * document: wait for its load event (the current page's state is already "load", so
   * waitForLoadState could return before the new one arrives).
   */
  async function submit(label: string) {
    const button = s.page.getByRole("button", { name: label });
    if (s.js) await button.click();
    else await Promise.all([s.page.waitForEvent("load"), button.click()]);
  }

  it("quotes a known lane: zone C 'Metros', the cheapest courier's charges from its rate row, badges and the explanation; the quote is a link", async () => {
    const { page, context, js } = s;
    await page.goto(`${base}/rate-calculator`);
    await fillLane();
    if (js) {
      // Hold the quote's data request to see the loading animation in the result panel.
      await page.waitForFunction(() => "__remixRouter" in window);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/rate-calculator\.data/, async (route) => {
        await held;
        await route.continue();
      });
      await page.getByRole("button", { name: "Calculate" }).click();
      await page.getByTestId("quote-loading").waitFor();
      await expectLocator(page.getByTestId("quote-result")).toHaveAttribute("aria-busy", "true");
      release();
    } else {
      await submit("Calculate");
    }
    await page.getByTestId("billing-zone").waitFor();
    await expectLocator(page.getByTestId("billing-zone")).toHaveText("Zone C 'Metros'");
    await expectLocator(page.getByTestId("chargeable-weight")).toHaveText("0.75 kg");
    const url = new URL(page.url());
    expect(url.searchParams.get("pickup_pincode")).toBe("400001");
    const rows = page.getByTestId("quote-row");
    expect(await rows.count()).toBeGreaterThan(0);
    const delivered = (await page.getByTestId("delivered").allTextContents()).map(rupees);
    const cheapestRow = rows.filter({ has: page.getByText("Cheapest", { exact: true }) });
    await expectLocator(cheapestRow).toHaveCount(1);
    expect(rupees((await cheapestRow.getByTestId("delivered").textContent())!)).toBe(Math.min(...delivered));
    for (const t of await page.getByTestId("delivered").allTextContents()) expect(t).toMatch(/^₹[\d,]+\.\d{2}$/);
    await expectLocator(rows.filter({ has: page.getByText("Priority", { exact: true }) })).toHaveCount(1);
    await expectLocator(page.getByTestId("explanation")).toContainText("Zone C (Metros): 400001 Mumbai");

    // The cheapest courier's charges, worked out from its Forward row in the client's rate card CSV.
    const courier = (await cheapestRow.getByTestId("quote-courier").textContent())!;
    const card = await context.request.get(`${base}/rate-card/download.csv`);
    expect(card.status()).toBe(200);
    const forwardRows = parseCsv(await card.text()).filter(
      (r) => r["Courier"] === courier && r["Price Type"] === "Forward",
    );
    expect(forwardRows).toHaveLength(1);
    const expected = expectedLaneCharges(forwardRows[0]);
    await expectLocator(cheapestRow.getByTestId("delivered")).toHaveText(expected.total);
    // Its charged-amount formula sits in a native disclosure that opens with or without JavaScript.
    const formula = cheapestRow.getByTestId("charged-formula");
    expect(await formula.isVisible()).toBe(false);
    await cheapestRow.getByTestId("charged-amount").locator("summary").click();
    await formula.waitFor({ state: "visible" });
    await expectLocator(formula).toHaveText(expected.formula);
    // The same URL, opened afresh, shows the same quote.
    const again = await context.newPage();
    await again.goto(page.url());
    const shown = await page.getByTestId("delivered").allTextContents();
    expect(await again.getByTestId("delivered").allTextContents()).toEqual(shown);
    // Its rows are sent once (decision 098): in the document's markup, not again in the data it
    // hydrates from (which says how many couriers there are).
    const html = await servedHtml(again, page.url());
    const data = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
    expect(data).toContain("routes/_app.all-users.$id.rate-calculator");
    expect(html).toContain(expected.formula);
    expect(data).not.toContain(expected.formula);
    expect(data).not.toContain("quote-row");
    if (js) {
      // Hydrated, the rows are the document's; a second quote (a data request: the rows come as
      // HTML) and Back to the first keep each its own rows, through the loading state between.
      await again.waitForFunction(() => "__remixRouter" in window);
      expect(await again.getByTestId("delivered").allTextContents()).toEqual(shown);
      await again.locator('input[name="weight"]').fill("7.5");
      await Promise.all([
        again.waitForURL((u) => u.searchParams.get("weight") === "7.5"),
        again.getByRole("button", { name: "Calculate" }).click(),
      ]);
      await expect.poll(() => again.getByTestId("chargeable-weight").textContent()).toBe("7.50 kg");
      await expect.poll(() => again.getByTestId("delivered").allTextContents()).not.toEqual(shown);
      await Promise.all([again.waitForURL((u) => u.searchParams.get("weight") !== "7.5"), again.goBack()]);
      await expect.poll(() => again.getByTestId("delivered").allTextContents()).toEqual(shown);
    }
    await again.close();
    if (js) await expectAccessible(page); // once per screen (decision 017)
  });

  it("shows each validation message of the spec", async () => {
    const { page, js } = s;
    await page.goto(`${base}/rate-calculator`);
    await page.locator('select[name="payment_mode"]').selectOption("cod");
    await submit("Calculate");
    for (const message of [
      "Pickup Pincode is required",
      "Destination Pincode is required",
      "Length is required",
      "Breadth is required",
      "Height is required",
      "Weight is required",
      "COD amount is required",
    ]) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await fillLane({ ...LANE, pickup_pincode: "4000", drop_pincode: "11000a" });
    await submit("Calculate");
    await expectLocator(page.getByText("Please enter a valid pincode", { exact: true })).toHaveCount(2);
    if (js) await expectAccessible(page); // once per screen (decision 017)
  });

  it("reverse forces express, prepaid and COD 0", async () => {
    const { page, js } = s;
    await page.goto(`${base}/rate-calculator`);
    await fillLane();
    await page.locator('select[name="payment_mode"]').selectOption("cod");
    await page.locator('input[name="cod_amount"]').fill("500");
    await page.locator('select[name="shipment_type"]').selectOption("reverse");
    if (js) {
      expect(await page.locator('select[name="payment_mode"]').isDisabled()).toBe(true);
      await expectLocator(page.locator('select[name="payment_mode"]')).toHaveValue("prepaid");
      await expectLocator(page.locator('input[name="cod_amount"]')).toHaveValue("0");
    }
    await submit("Calculate");
    await page.getByTestId("quote-result").waitFor();
    if (!js) await page.getByTestId("reverse-forced").waitFor();
    await expectLocator(page.locator('select[name="payment_mode"]')).toHaveValue("prepaid");
    await expectLocator(page.getByTestId("explanation")).toContainText(
      "Reverse shipment: quoted as express, prepaid, COD value 0.",
    );
    for (const t of await page.getByTestId("returned").allTextContents()) expect(t).toBe("—");
    const locked = [
      page.locator('select[name="delivery_mode"]'),
      page.locator('select[name="payment_mode"]'),
      page.locator('input[name="cod_amount"]'),
    ];
    if (js) {
      for (const field of locked) expect(await field.isDisabled()).toBe(true);
      return;
    }
    // Without JavaScript nothing is disabled (the server applies the rule), so one submit turns it back into forward COD.
    for (const field of locked) expect(await field.isDisabled()).toBe(false);
    await page.locator('select[name="shipment_type"]').selectOption("forward");
    await page.locator('select[name="payment_mode"]').selectOption("cod");
    await page.locator('input[name="cod_amount"]').fill("500");
    await submit("Calculate");
    await page.getByTestId("billing-zone").waitFor();
    const url = new URL(page.url());
    expect([
      url.searchParams.get("shipment_type"),
      url.searchParams.get("payment_mode"),
      url.searchParams.get("cod_amount"),
    ]).toEqual(["forward", "cod", "500"]);
    await expectLocator(page.getByTestId("reverse-forced")).toHaveCount(0);
    await expectLocator(page.locator('select[name="payment_mode"]')).toHaveValue("cod");
    await expectLocator(page.locator('input[name="cod_amount"]')).toHaveValue("500");
    for (const t of await page.getByTestId("returned").allTextContents()) expect(t).toMatch(/^₹[\d,]+\.\d{2}$/);
  });

  it("says when no courier matches", async () => {
    const { page } = s;
    // Dangerous goods by air: no air service carries them.
    await page.goto(
      `${base}/rate-calculator?${new URLSearchParams({ shipment_type: "forward", delivery_mode: "express", payment_mode: "prepaid", has_dg: "true", ...LANE })}`,
    );
    await page.getByTestId("no-courier").waitFor();
    await expectLocator(page.getByTestId("no-courier")).toHaveText("There is no courier matching your search criteria");
  });

  it("checks a lane's serviceability, validates pincodes and downloads the pincode list", async () => {
    const { page, context, js } = s;
    await page.goto(`${base}/serviceability`);
    await page.locator('input[name="from_pincode"]').fill("1100");
    await page.locator('input[name="to_pincode"]').fill("");
    await submit("Check");
    await expectLocator(page.getByText("Please enter valid Pincode", { exact: true })).toHaveCount(1);
    await expectLocator(page.getByText("Destination Pincode is required", { exact: true })).toHaveCount(1);
    await page.locator('input[name="from_pincode"]').fill("110001");
    await page.locator('input[name="to_pincode"]').fill("560001");
    await submit("Check");
    await page.getByTestId("pincode-result").waitFor();
    await expectLocator(page.getByTestId("from-city")).toHaveText("Delhi NCR, Delhi");
    await expectLocator(page.getByTestId("to-city")).toHaveText("Bengaluru, Karnataka");
    await expectLocator(page.getByTestId("edd")).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
    expect(await page.getByTestId("pincode-courier").count()).toBeGreaterThan(0);
    // Per-courier columns, and the lane's five flags: each is Yes when any courier has it.
    const table = page.getByRole("table", { name: "Couriers serving this lane" });
    expect(await table.locator("th").allTextContents()).toEqual([
      "Courier",
      "EDD",
      "Air",
      "Surface",
      "Reverse",
      "Prepaid",
      "COD",
      "Pincodes",
    ]);
    const cells = await page
      .getByTestId("pincode-courier")
      .evaluateAll((trs) => trs.map((tr) => [...(tr as HTMLTableRowElement).cells].map((td) => td.textContent ?? "")));
    for (const row of cells) {
      expect(row[1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      for (const flag of row.slice(2, 7)) expect(["Yes", "No"]).toContain(flag);
    }
    const flags = [
      ["has_express", "Express"],
      ["has_surface", "Surface"],
      ["has_reverse", "Reverse"],
      ["has_prepaid", "Prepaid"],
      ["has_cod", "COD"],
    ] as const;
    for (const [i, [testId, label]] of flags.entries()) {
      await expectLocator(page.getByTestId(testId)).toHaveText(
        `${label}: ${cells.some((row) => row[2 + i] === "Yes") ? "Yes" : "No"}`,
      );
    }
    expect(cells.some((row) => row[2] === "Yes")).toBe(true); // metro to metro: some courier flies
    if (js) await expectAccessible(page); // once per screen (decision 017)

    // Each courier's own pincode list (the link All Couriers will use) downloads as CSV.
    const first = page.getByTestId("pincode-courier").first();
    const courierName = (await first.locator("td").first().textContent())!;
    const courierCsv = await context.request.get(
      (await first.getByRole("link", { name: `Pincode list of ${courierName} (CSV)` }).getAttribute("href"))!,
    );
    expect(courierCsv.status()).toBe(200);
    expect(courierCsv.headers()["content-disposition"]).toContain(
      `attachment; filename="pincodes_${courierName.replace(/[^A-Za-z0-9]+/g, "_")}.csv"`,
    );
    const courierLines = (await courierCsv.text()).trim().split("\r\n");
    expect(courierLines[0]).toBe(
      "Pincode,City,District,State,Pickup,Delivery,COD,Prepaid,Reverse Pickup,Express,Surface,Extra Days",
    );
    expect(courierLines.length).toBeGreaterThan(1000);
    expect(
      courierLines
        .find((l) => l.startsWith("560001,"))
        ?.split(",")
        .slice(0, 6),
    ).toEqual(["560001", "Bengaluru", "Bangalore", "Karnataka", expect.stringMatching(/^(Yes|No)$/), "Yes"]);

    await Promise.all([
      page.waitForLoadState("load"),
      page.getByRole("link", { name: "Download Pincode List" }).click(),
    ]);
    const dialog = page.getByRole("dialog", { name: "Download Pincode List" });
    await dialog.waitFor();
    // The pincode just checked is the source, ready to download.
    await expectLocator(dialog.getByLabel("Source Pincode")).toHaveValue("110001");
    await dialog.getByLabel("Source Pincode").fill("12");
    await dialog.getByRole("button", { name: "Download" }).click();
    await dialog.getByText("Please enter valid Pincode", { exact: true }).waitFor();
    await dialog.getByLabel("Source Pincode").fill("110001");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("serviceable_pincodes_110001.csv");
    // With JavaScript the dialog closes once the download has started (without it, the page stays).
    if (js) await expectLocator(page.getByRole("dialog", { name: "Download Pincode List" })).toHaveCount(0);
    const text = await (await import("node:fs/promises")).readFile((await download.path())!, "utf8");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Pincode,City,District,State,Express,Surface,Reverse,Prepaid,COD,Couriers");
    expect(lines.length).toBeGreaterThan(15000);
    expect(lines.some((l) => l.startsWith("560001,Bengaluru,Bangalore,Karnataka,"))).toBe(true);
  });
});

/** Refusals over HTTP and the JSON endpoints do not depend on JavaScript in the page: once (decision 017). */
describe("quote screens and JSON endpoints, once", () => {
  const once = usePage();
  it("refuses legal staff the quote screens and their downloads on the server", async () => {
    const { page, browser } = once;
    const base = await quoteClientBase(page);
    const legal = await newContext(browser, true);
    try {
      const legalPage = await legal.newPage();
      await signInOnce(legalPage, "legal@demo.test", "legal");
      for (const path of [
        "rate-calculator",
        `rate-calculator?${new URLSearchParams({ shipment_type: "forward", ...LANE })}`,
        "serviceability",
        "serviceability/pincodes.csv?source_pincode=110001",
      ]) {
        const res = await legal.request.get(`${base}/${path}`, { maxRedirects: 0 });
        expect(res.status(), path).toBe(403);
      }
    } finally {
      await legal.close();
    }
  });

  it("JSON endpoints outside the staff session resolve with and without the trailing slash and answer 401 for an unknown token", async () => {
    const { context } = once;
    for (const path of [
      "/houston-ratecard/shipment-calculator-v3/",
      "/houston-ratecard/shipment-calculator-v3",
      "/location/pincode-serviceability-v3/",
    ]) {
      const res = await context.request.get(`${path}?auth_token=not-a-token&from_pincode=110001&to_pincode=560001`, {
        maxRedirects: 0,
      });
      expect(res.status(), path).toBe(401);
      expect(await res.json()).toEqual({ err: "Invalid auth token" });
    }
  });
});
