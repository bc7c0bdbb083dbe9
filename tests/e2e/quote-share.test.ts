/**
 * A quote the merchant can receive (decision 073), in Chromium with JavaScript on and off:
 * compute a quote in the Rate Calculator, download its PDF and read it back (prices, validity,
 * rate-card version), e-mail it (the message arrives at the browser tests' SMTP receiver with the
 * PDF attached) and open its stable address; staff outside the client's hierarchy get 404.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import type { Download, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";

import { describeJsOnOff, expectAccessible, expectLocator, signInOnce, usePage } from "../support/browser";
import { extractPdfText } from "../support/pdf-text";

/** A seeded client outside the tl@ chain (as the Rate Calculator's browser test uses). */
const QUOTE_CLIENT_COMPANY = "The Harvest Co.";
const LANE = {
  pickup_pincode: "400001",
  drop_pincode: "110001",
  length: "20",
  breadth: "15",
  height: "10",
  weight: "0.75",
};

/** Today in India as the console writes it (DD-MM-YYYY), worked out here rather than by the app. */
function istToday(): string {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata" }).formatToParts(new Date());
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  return `${get("day")}-${get("month")}-${get("year")}`;
}

async function clientBase(page: Page): Promise<string> {
  await signInOnce(page, "vp@demo.test", "vp");
  await page.goto(`/all-users?${new URLSearchParams({ q: QUOTE_CLIENT_COMPANY })}`);
  return (await page
    .getByRole("link", { name: /View Details/ })
    .first()
    .getAttribute("href"))!;
}

/** Every message the SMTP receiver accepted with this subject start (.eml files in the server's outbox folder). */
async function mailsWithSubject(subject: string): Promise<string[]> {
  const dir = path.join(inject("e2eDataDir"), "outbox");
  const files = await readdir(dir).catch(() => [] as string[]);
  const texts = await Promise.all(
    files.filter((f) => f.endsWith(".eml")).map((f) => readFile(path.join(dir, f), "utf8")),
  );
  return texts.filter((t) => t.includes(`\nSubject: ${subject}`));
}

/** The base64 body of the MIME part carrying `fileName`. */
function attachmentOf(eml: string, fileName: string): Buffer {
  const at = eml.indexOf(`filename=${fileName}`);
  expect(at).toBeGreaterThan(0);
  const body = eml.slice(eml.indexOf("\n\n", at) + 2);
  return Buffer.from(body.slice(0, body.indexOf("\n--")).replace(/\s+/g, ""), "base64");
}

describeJsOnOff("a quote for the merchant", (s) => {
  it("computes a quote, downloads its PDF, e-mails it and opens its stable address", async () => {
    const { page, context, js } = s;
    const base = await clientBase(page);
    await page.goto(`${base}/rate-calculator`);
    for (const [name, value] of Object.entries(LANE)) await page.locator(`input[name="${name}"]`).fill(value);
    const calculate = page.getByRole("button", { name: "Calculate" });
    if (js) await calculate.click();
    else await Promise.all([page.waitForEvent("load"), calculate.click()]);
    await page.getByTestId("billing-zone").waitFor();
    const shown = await page.getByTestId("delivered").allTextContents();
    const couriers = await page.getByTestId("quote-courier").allTextContents();
    expect(shown.length).toBeGreaterThan(0);

    // Download quote (PDF): a file, and the person stays on the calculator.
    const before = page.url();
    const [download] = (await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download quote (PDF)" }).click(),
    ])) as [Download, unknown];
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toMatch(/^quote_Q-\d{6}\.pdf$/);
    expect(page.url()).toBe(before);
    const pdf = extractPdfText(await readFile((await download.path())!)).flat;
    expect(pdf).toContain(`Prices as of ${istToday()}, valid 7 days`);
    expect(pdf).toMatch(/Rate card version \d+/);
    expect(pdf).toContain("Pickup pincode: 400001");
    expect(pdf).toContain("Chargeable weight: 0.75 kg (the dead weight is used)");
    for (const price of shown) expect(pdf).toContain(price.replace("₹", ""));
    for (const courier of couriers) expect(pdf).toContain(courier);

    // E-mail quote: kept, sent to the client's address, and its page opens.
    const to = (await page.getByTestId("quote-email-to").textContent())!;
    const note = `Rates as discussed (${s.label}).`;
    await page.getByLabel("Note to the merchant (optional)").fill(note);
    await page.getByRole("button", { name: "E-mail quote" }).click();
    await page.waitForURL(/\/all-users\/\d+\/quotes\/\d+$/);
    const reference = (await page.getByTestId("quote-reference").textContent())!.replace("Quote ", "");
    expect(reference).toMatch(/^Q-\d{6}$/);
    await expectLocator(page.getByText(`Quote ${reference} e-mailed to ${to}.`)).toHaveCount(1);
    await expectLocator(page.getByTestId("quote-validity")).toContainText(`Prices as of ${istToday()}, valid 7 days`);
    expect(await page.getByTestId("delivered").allTextContents()).toEqual(shown);

    await expect
      .poll(async () => (await mailsWithSubject(`Shipping quote ${reference}`)).length, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(1);
    const [mail] = await mailsWithSubject(`Shipping quote ${reference}`);
    expect(mail).toMatch(new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "mi"));
    expect(mail).toContain("Rates as discussed");
    const attached = extractPdfText(attachmentOf(mail, `quote_${reference}.pdf`)).flat;
    expect(attached).toContain(`Shipping quote ${reference}`);
    for (const price of shown) expect(attached).toContain(price.replace("₹", ""));

    // The stable address, opened afresh, shows the same quote; its PDF is the one e-mailed.
    const address = page.url();
    const again = await context.newPage();
    await again.goto(address);
    expect(await again.getByTestId("delivered").allTextContents()).toEqual(shown);
    const file = await context.request.get(`${address}.pdf`);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(Buffer.from(await file.body()).equals(attachOrFail(mail, reference))).toBe(true);
    if (js) await expectAccessible(again);
  });

  it("says why a quote cannot be e-mailed: a note too long is refused (400) with the message by its field", async () => {
    const { page, context } = s;
    const base = await clientBase(page);
    const calculator = `${base}/rate-calculator?${new URLSearchParams({ shipment_type: "forward", ...LANE })}`;
    await page.goto(calculator);
    await page.getByTestId("billing-zone").waitFor();
    // The browser stops at 500 characters; a post made otherwise is refused by the server, and
    // the calculator answers with its quote and the message by the note.
    const quote = await page.locator('input[name="quote"]').first().getAttribute("value");
    const res = await context.request.post(calculator, {
      form: { intent: "email", quote: quote!, note: "x".repeat(501) },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain("Please enter at most 500 characters.");
  });
});

function attachOrFail(mail: string, reference: string): Buffer {
  return attachmentOf(mail, `quote_${reference}.pdf`);
}

describe("a saved quote's address outside the client's hierarchy", () => {
  const s = usePage();

  it("is 404 for a tl whose chain the client is not in, page and PDF alike", async () => {
    const { page, context } = s;
    const base = await clientBase(page);
    // vp makes a quote (the download answers with its address).
    await page.goto(`${base}/rate-calculator?${new URLSearchParams({ shipment_type: "forward", ...LANE })}`);
    const quote = await page.locator('input[name="quote"]').first().getAttribute("value");
    const made = await context.request.post(`${base}/rate-calculator`, {
      form: { intent: "download", quote: quote! },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(made.status()).toBe(303);
    const pdfPath = made.headers()["location"];
    expect(pdfPath).toMatch(/\/quotes\/\d+\.pdf$/);
    expect((await context.request.get(pdfPath)).status()).toBe(200);

    await context.clearCookies();
    await signInOnce(page, "tl@demo.test", "tl");
    expect((await context.request.get(pdfPath)).status()).toBe(404);
    const pageRes = await page.goto(pdfPath.replace(/\.pdf$/, ""));
    expect(pageRes!.status()).toBe(404);
  });
});
