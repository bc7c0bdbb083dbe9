/**
 * Rate card downloads (docs/product.md §2.5 "Downloads"; §2, §7 download-ratecard-pdf,
 * download-segment-ratecard-csv): the client's card as CSV and PDF, a segment's card as CSV
 * and PDF, and who gets which button. Downloads are plain links, so they must work with
 * JavaScript on and off alike: the links are clicked in both; what the files hold, and the
 * server's answers to plain requests, are checked once, with JavaScript on (decision 017).
 */
import { readFile } from "node:fs/promises";

import type { Download, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { readCsv } from "~/services/http/csv";
import { CSV_IDENTITY_COLUMNS } from "~/services/ratecards/csv";
import { demoClientsWithoutToken } from "~/services/seed/seed.server";

import { describeJsOnOff, expectLocator, signInOnce, usePage } from "../support/browser";
import { extractPdfText } from "../support/pdf-text";

const CSV_HEADER_START = CSV_IDENTITY_COLUMNS.join(",");

async function signInAs(page: Page, role: "vp" | "kam" | "legal") {
  await signInOnce(page, `${role}@demo.test`, role);
  await page.waitForURL((u) => u.pathname !== "/sign-in" && u.pathname !== "/");
}

/** The first client by name: visible to every non-legal role that sees all clients (vp, kam). */
async function firstClient(page: Page): Promise<{ id: number; email: string }> {
  await page.goto("/all-users?sort=name&dir=asc");
  const link = page.getByRole("link", { name: /View Details/ }).first();
  const id = Number((await link.getAttribute("href"))!.split("/").pop());
  expect(id).toBeGreaterThan(0);
  const row = page.locator("tr").filter({ has: link });
  const email =
    (await row.locator("td").allTextContents()).find((t) => /^[^\s@]+@[^\s@]+$/.test(t.trim()))?.trim() ?? "";
  return { id, email };
}

/** Clicks a download link as a person would and returns the file's name and bytes. */
async function download(page: Page, linkName: string): Promise<{ name: string; bytes: Buffer }> {
  const before = page.url();
  const [dl] = (await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: linkName, exact: true }).click(),
  ])) as [Download, unknown];
  const path = await dl.path();
  expect(await dl.failure()).toBeNull();
  // A download is a file, not a navigation: the person stays on the page.
  expect(page.url()).toBe(before);
  return { name: dl.suggestedFilename(), bytes: await readFile(path) };
}

async function courierNamesOnPage(page: Page): Promise<string[]> {
  const names = await page
    .getByTestId("rate-row")
    .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-courier") ?? ""));
  const unique = [...new Set(names.filter(Boolean))];
  expect(unique.length).toBeGreaterThan(0);
  return unique;
}

function expectCsvWithCouriers(text: string, couriers: string[]) {
  expect(text.split(/\r?\n/)[0].startsWith(CSV_HEADER_START)).toBe(true);
  const records = readCsv(text);
  const courierColumn = records[0].indexOf("Courier");
  const inFile = new Set(records.slice(1).map((r) => r[courierColumn]));
  for (const name of couriers) expect(inFile, `CSV lacks ${name}`).toContain(name);
}

describeJsOnOff("rate card downloads", (s) => {
  it("vp downloads a client's card as CSV and as a PDF holding the couriers on screen", async () => {
    const { page, context, js } = s;
    await signInAs(page, "vp");
    const client = await firstClient(page);
    await page.goto(`/all-users/${client.id}/rate-card`);
    const couriers = await courierNamesOnPage(page);

    const csv = await download(page, "Download CSV");
    expect(csv.name).toMatch(/^ratecard_[A-Za-z0-9_]+\.csv$/);
    if (client.email) expect(csv.name).toBe(`ratecard_${client.email.replace(/[^a-z0-9]+/gi, "_")}.csv`);
    const pdf = await download(page, "Download PDF");
    expect(pdf.name).toBe(csv.name.replace(/\.csv$/, ".pdf"));
    if (js) {
      // The same bytes whichever way the link was followed: what they hold is checked once.
      expectCsvWithCouriers(csv.bytes.toString("utf8"), couriers);
      expect(pdf.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const { flat, pageCount } = extractPdfText(pdf.bytes);
      expect(pageCount).toBeGreaterThanOrEqual(1);
      for (const name of couriers) expect(flat, `PDF lacks ${name}`).toContain(name);
      for (const heading of [
        "Forward - Express Shipping",
        "Reverse - Surface Shipping",
        "RTO - Express Shipping",
        "RTO is charged as forward.",
      ])
        expect(flat).toContain(heading);
    }

    // A client without an auth token (docs/product.md §6): the card shows, but downloads and upload are
    // disabled with the spec's tooltip, and the server refuses them.
    const [tokenless] = demoClientsWithoutToken();
    await page.goto(`/all-users?${new URLSearchParams({ q: tokenless.email })}`);
    const href = (await page
      .getByRole("link", { name: /View Details/ })
      .first()
      .getAttribute("href"))!;
    const cardUrl = `${href}/rate-card`;
    await page.goto(cardUrl);
    await page.getByTestId("panel-title").first().waitFor();
    for (const label of ["Download CSV", "Download PDF", "Download sample CSV", "Upload rate card"]) {
      expect(await page.getByRole("link", { name: label, exact: true }).count(), label).toBe(0);
      const button = page.getByRole("button", { name: label, exact: true });
      expect(await button.isDisabled(), label).toBe(true);
      // The spec's tooltip is the button's description, for screen readers too.
      const describedBy = (await button.getAttribute("aria-describedby"))!;
      expect(await page.locator(`[id="${describedBy}"]`).textContent(), label).toBe("Auth token is not present");
    }
    // It shows on hover, with or without JavaScript (a CSS hint), and only then.
    await expectLocator(page.getByRole("tooltip")).toHaveCount(0);
    await page.getByTestId("no-token").first().hover();
    await expectLocator(page.getByRole("tooltip")).toHaveText("Auth token is not present");
    // The server's answers to plain requests: once.
    if (!js) return;
    for (const path of ["download.csv", "download.pdf", "sample.csv", "upload"]) {
      const res = await context.request.get(`${cardUrl}/${path}`, { maxRedirects: 0 });
      expect(res.status(), path).toBe(409);
      expect(await res.text(), path).toContain("Auth token is not present");
    }
    // The rest of the client's pages work without a token.
    for (const tab of [
      "rate-card?tab=rto",
      "rate-card?tab=advantage&plan=basic",
      "rate-calculator",
      "serviceability",
      "courier-setup",
      "courier-rules",
    ]) {
      expect((await context.request.get(`${href}/${tab}`)).status(), tab).toBe(200);
    }
  });

  it("vp downloads a segment's card as CSV and PDF from the segment screen", async () => {
    const { page, context, js } = s;
    await signInAs(page, "vp");
    await page.goto("/rate-cards?segment=1");
    const couriers = await courierNamesOnPage(page);
    const csv = await download(page, "Download Segment Two CSV");
    expect(csv.name).toBe("segment_1_ratecard.csv");

    const pdf = await download(page, "Download Segment Two PDF");
    expect(pdf.name).toBe("segment_1_ratecard.pdf");
    // What the files hold and the server's headers: once.
    if (!js) return;
    const res = await context.request.get("/rate-cards/1/download.pdf");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toMatch(
      /^attachment; filename="segment_1_ratecard.pdf"; filename\*=UTF-8''segment_1_ratecard.pdf$/,
    );
    expectCsvWithCouriers(csv.bytes.toString("utf8"), couriers);
    const { flat } = extractPdfText(pdf.bytes);
    expect(flat).toContain("Segment Two");
    for (const name of couriers) expect(flat, `PDF lacks ${name}`).toContain(name);
  });

  it("kam gets the CSV and PDF downloads but no 'Download sample CSV' button", async () => {
    const { page } = s;
    await signInAs(page, "kam");
    const client = await firstClient(page);
    await page.goto(`/all-users/${client.id}/rate-card`);
    await page.getByRole("link", { name: "Download PDF", exact: true }).waitFor();
    await expectLocator(page.getByRole("link", { name: "Download CSV", exact: true })).toHaveCount(1);
    await expectLocator(page.getByText("Download sample CSV")).toHaveCount(0);
  });
});

describe("rate card PDF downloads refused", () => {
  const once = usePage();
  it("404 for an unknown client or segment, 403 for legal, sign-in for visitors", async () => {
    const { page, context } = once;
    const visitor = await context.request.get("/rate-cards/0/download.pdf", { maxRedirects: 0 });
    expect(visitor.status()).toBe(302);
    expect(visitor.headers()["location"]).toMatch(/^\/\?redirectTo=/);

    await signInAs(page, "vp");
    expect((await context.request.get("/all-users/999999999/rate-card/download.pdf")).status()).toBe(404);
    expect((await context.request.get("/rate-cards/3/download.pdf")).status()).toBe(404);
    expect((await context.request.get("/rate-cards/x/download.pdf")).status()).toBe(404);
    const { id } = await firstClient(page);
    const ok = await context.request.get(`/all-users/${id}/rate-card/download.pdf`);
    expect(ok.status()).toBe(200);
    expect(ok.headers()["x-content-type-options"]).toBe("nosniff");
    expect(ok.headers()["content-type"]).toBe("application/pdf");
    expect(ok.headers()["content-disposition"]).toMatch(
      /^attachment; filename="ratecard_[A-Za-z0-9_]+\.pdf"; filename\*=UTF-8''/,
    );

    await context.clearCookies();
    await signInAs(page, "legal");
    expect((await context.request.get(`/all-users/${id}/rate-card/download.pdf`)).status()).toBe(403);
    expect((await context.request.get("/rate-cards/0/download.pdf")).status()).toBe(403);
  });
});
