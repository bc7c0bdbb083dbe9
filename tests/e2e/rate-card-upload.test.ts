/**
 * Upload rate card (docs/product.md §4 upload flow, §5 upload rules, §6 kam, §8 red alerts):
 * download → edit → verify → preview → submit, the verification errors, the file-type
 * check, and who may do it. JavaScript on and off; each run uses its own client because
 * a successful upload changes the card.
 */
import type { Page } from "playwright-core";
import { beforeEach, expect, it } from "vitest";

import { readCsv, writeCsv } from "~/services/http/csv";
import { CSV_COLUMNS } from "~/services/ratecards/csv";

import { describeJsOnOff, expectAccessible, expectLocator, signInOnce } from "../support/browser";

/**
 * Clients of the demo tl chain (tl@ → bdm@ → avp@ → vp@), so every role here can see them.
 * Taken from the end of the name order: the rate card tests change the first one.
 */
async function tlClientIds(page: Page): Promise<number[]> {
  await page.goto("/all-users?sort=name&dir=desc");
  const hrefs = await page
    .getByRole("link", { name: /View Details/ })
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
  return hrefs.map((h) => Number(h!.split("/").pop()));
}

async function signInAs(page: Page, role: "vp" | "kam" | "tl") {
  await signInOnce(page, `${role}@demo.test`, role);
  await page.waitForURL((u) => u.pathname === "/all-users");
}

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

describeJsOnOff("upload rate card", (s) => {
  let clientId: number;
  let card: string;
  let upload: string;

  beforeEach(async () => {
    await signInAs(s.page, "tl");
    clientId = (await tlClientIds(s.page))[s.index];
    expect(clientId).toBeGreaterThan(0);
    card = `/all-users/${clientId}/rate-card`;
    upload = `${card}/upload`;
    await s.context.clearCookies();
  });

  async function openDialog() {
    const { page } = s;
    await page.goto(card);
    await page.getByRole("link", { name: "Upload rate card" }).click();
    await page.waitForURL((u) => u.pathname === upload);
    const dialog = page.getByRole("dialog", { name: "Upload rate card" });
    await dialog.waitFor();
    return dialog;
  }

  async function downloadCard(): Promise<string[][]> {
    const res = await s.context.request.get(`${card}/download.csv`);
    expect(res.status()).toBe(200);
    return readCsv(await res.text());
  }

  async function rateRowsText(): Promise<string[]> {
    await s.page.goto(`${card}?all=1`);
    return s.page.getByTestId("rate-row").allTextContents();
  }

  it("kam: no upload or sample buttons, and the server refuses the dialog, the upload and the sample (403)", async () => {
    const { page, context, js } = s;
    await signInAs(page, "kam");
    await page.goto(card);
    await page.getByRole("link", { name: "Download CSV" }).waitFor();
    await expectLocator(page.getByText("Upload rate card")).toHaveCount(0);
    await expectLocator(page.getByText("Download sample CSV")).toHaveCount(0);

    // The server's refusals are plain HTTP: once, in the JavaScript-on suite (decision 017).
    if (!js) return;
    const dialog = await page.goto(upload);
    expect(dialog?.status()).toBe(403);
    await expectLocator(page.getByRole("dialog").getByRole("alert")).toContainText("not allowed");

    const csv = writeCsv(await downloadCard());
    const post = await context.request.post(upload, {
      multipart: { intent: "verify", order_data: csvFile("card.csv", csv) },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
    const submit = await context.request.post(upload, {
      multipart: { intent: "submit", csvText: csv, fileName: "card.csv", cardToken: "x" },
      maxRedirects: 0,
    });
    expect(submit.status()).toBe(403);
    expect((await context.request.get(`${card}/sample.csv`)).status()).toBe(403);
  });

  it("vp: downloads the card, changes one price, verifies, sees the preview, submits and sees the new price", async () => {
    const { page, context, js } = s;
    await signInAs(page, "vp");

    // The sample is a plain download: once (decision 017).
    if (js) {
      const sample = await context.request.get(`${card}/sample.csv`);
      expect(sample.status()).toBe(200);
      expect(sample.headers()["content-disposition"]).toContain('filename="sample_ratecard.csv"');
      expect((await sample.text()).split("\r\n")[0]).toBe(CSV_COLUMNS.join(","));
    }

    // An active courier (the card shows only active couriers by default).
    await page.goto(card);
    const courier = (await page.getByTestId("rate-row").first().getAttribute("data-courier"))!;
    const records = await downloadCard();
    const courierCol = records[0].indexOf("Courier");
    const zoneACol = records[0].indexOf("Zone A Base");
    const index = records.findIndex((r, i) => i > 0 && r[courierCol] === courier);
    expect(index).toBeGreaterThan(0);
    const oldPrice = records[index][zoneACol];
    const newPrice = js ? "987.65" : "876.54";
    expect(oldPrice).not.toBe(newPrice);
    records[index][zoneACol] = newPrice;

    const dialog = await openDialog();
    const verify = dialog.getByRole("button", { name: "Verify" });
    if (js) await expect.poll(() => verify.isDisabled()).toBe(true);
    else expect(await verify.isDisabled()).toBe(false);
    if (js) await expectAccessible(page); // once per screen (decision 017)

    await dialog.getByLabel("Rate card file (CSV)").setInputFiles(csvFile("edited.csv", writeCsv(records)));
    if (js) await expect.poll(() => verify.isDisabled()).toBe(false);
    await verify.click();

    const preview = page.getByTestId("upload-preview");
    await preview.waitFor();
    const changes = preview.getByTestId("upload-change");
    await expectLocator(changes).toHaveCount(1);
    const change = await changes.first().locator("td").allTextContents();
    expect(change).toEqual([
      String(index + 1),
      courier,
      expect.stringMatching(/^(Forward|Reverse|Forward RTO|Reverse RTO) · (Express|Surface)$/),
      "Zone A Base",
      oldPrice,
      newPrice,
    ]);
    await expectLocator(changes.first().locator("td s")).toHaveText(oldPrice);

    // Cancel clears the preview and keeps the dialog.
    await page.getByRole("dialog").getByRole("link", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Verify" }).waitFor();
    await expectLocator(page.getByTestId("upload-preview")).toHaveCount(0);
    expect((await rateRowsText()).join("\n")).not.toContain(newPrice);

    // Again, then Submit.
    await openDialog();
    await page.getByLabel("Rate card file (CSV)").setInputFiles(csvFile("edited.csv", writeCsv(records)));
    if (js) await expect.poll(() => page.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("upload-preview").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Submit" }).click();
    await page.getByTestId("toast").getByText("Uploaded Successfully!").waitFor();
    await page.waitForURL((u) => u.pathname === card);
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);

    // The uploaded-card view replaces the tabs and shows the new price.
    await page.getByRole("heading", { name: "Uploaded rate card" }).waitFor();
    expect(await page.getByText("edited.csv").count()).toBeGreaterThan(0);
    const row = page.getByTestId("rate-row").filter({ hasText: `${newPrice} |` });
    await expectLocator(row).toHaveCount(1);
    await expectLocator(row).toHaveAttribute("data-courier", courier);
    // One table for the whole card: each row says what it is, so a courier's rows can be told apart.
    for (const header of ["Price Type", "Delivery Type", "Base Weight", "Additional Weight", "Operation"])
      expect(await page.getByRole("columnheader", { name: header, exact: true }).count(), header).toBe(1);
    const cells = await row.locator("td").allTextContents();
    const col = (name: string) => records[0].indexOf(name);
    expect(cells.slice(1, 5)).toEqual([
      records[index][col("Price Type")],
      `${records[index][col("Delivery Type")]} Shipping`,
      `${records[index][col("Base Weight")]} KG`,
      `${records[index][col("Additional Weight")]} KG`,
    ]);
    await expectLocator(page.getByRole("link", { name: "Show all couriers" })).toHaveCount(1);
    // The table area scrolls within 1300 × 500 px, even on a wide screen.
    await page.setViewportSize({ width: 1800, height: 1000 });
    const area = page.getByRole("region", { name: "Uploaded rate card" });
    const box = (await area.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(1300);
    expect(box.height).toBeLessThanOrEqual(500);
    expect(await area.evaluate((el) => el.scrollWidth > el.clientWidth && el.scrollHeight > el.clientHeight)).toBe(
      true,
    );
    // A vp still edits rows here.
    await row.getByRole("link", { name: /^Edit (?!weight slab of )/ }).click();
    await page.waitForURL((u) => u.searchParams.has("edit"));
    await expectLocator(page.locator("[data-editing]")).toHaveAttribute("data-courier", courier);
    // And the download holds it.
    expect((await downloadCard())[index][zoneACol]).toBe(newPrice);
    // The page says why it is a list now, and how to see the slab panels again (a link: the view is in the URL).
    await page.goto(card);
    await expectLocator(page.getByTestId("uploaded-explanation")).toContainText("shown as one list");
    await page.getByRole("link", { name: "Show it as slab panels" }).click();
    await page.waitForURL((u) => u.searchParams.get("layout") === "panels");
    // The URL changes as the navigation starts (JS on): wait for the panels themselves.
    await expect.poll(() => page.getByTestId("panel-title").count()).toBeGreaterThan(0);
    await expectLocator(page.getByRole("heading", { name: "Uploaded rate card" })).toHaveCount(0);
    await page.getByRole("link", { name: "show it as the uploaded list" }).click();
    await page.getByRole("heading", { name: "Uploaded rate card" }).waitFor();
  });

  it("vp: a broken CSV shows red alerts naming the row and the column in a 180 px area, and changes nothing", async () => {
    const { page, js } = s;
    await signInAs(page, "vp");
    const before = await rateRowsText();
    const records = await downloadCard();

    // A renamed column.
    const renamed = records.map((r) => [...r]);
    const zoneB = renamed[0].indexOf("Zone B Base");
    renamed[0][zoneB] = "Zone B Price";
    let dialog = await openDialog();
    await dialog.getByLabel("Rate card file (CSV)").setInputFiles(csvFile("renamed.csv", writeCsv(renamed)));
    if (js) await expect.poll(() => dialog.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Verify" }).click();
    // The instruction list stays inside the dialog's padding.
    const fits = await page.getByRole("dialog", { name: "Upload rate card" }).evaluate((panel) => {
      const box = panel.getBoundingClientRect();
      const right = box.right - parseFloat(getComputedStyle(panel).paddingRight);
      return [...panel.querySelectorAll("li")].every(
        (li) => li.getBoundingClientRect().right <= right + 0.5 && li.scrollWidth <= li.clientWidth + 1,
      );
    });
    expect(fits).toBe(true);
    let errors = page.getByTestId("upload-errors");
    await errors.waitFor();
    expect((await errors.boundingBox())!.height).toBe(180);
    const headerError = (await errors.getByTestId("upload-error").allTextContents()).join("\n");
    expect(headerError).toContain("Row 1");
    expect(headerError).toContain('"Zone B Base"');
    expect(headerError).toContain('"Zone B Price"');
    await expectLocator(page.getByRole("dialog", { name: "Upload rate card" })).toHaveCount(1);
    await expectLocator(page.getByTestId("upload-preview")).toHaveCount(0);

    // A number that is not one, and a changed courier.
    const broken = records.map((r) => [...r]);
    const zoneC = broken[0].indexOf("Zone C Base");
    const courierCol = broken[0].indexOf("Courier");
    broken[2][zoneC] = "abc";
    broken[3][courierCol] = "Nobody Express";
    dialog = await openDialog();
    await dialog.getByLabel("Rate card file (CSV)").setInputFiles(csvFile("broken.csv", writeCsv(broken)));
    if (js) await expect.poll(() => dialog.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Verify" }).click();
    errors = page.getByTestId("upload-errors");
    await errors.waitFor();
    const alerts = errors.getByTestId("upload-error");
    const texts = await alerts.allTextContents();
    expect(
      texts.some((t) => t.includes('Row 3, Column "Zone C Base"') && t.includes('"abc" is not a valid number')),
    ).toBe(true);
    expect(texts.some((t) => t.includes('Row 4, Column "Courier"') && t.includes("Nobody Express"))).toBe(true);
    // Each alert says where once (title), then what is wrong.
    for (const t of texts) expect(t.match(/Row \d+/g)?.length ?? 0).toBeLessThanOrEqual(1);
    // Red alerts (Mantine's red light variant).
    expect(await alerts.first().getAttribute("style")).toContain("--mantine-color-red");
    if (js) await expectAccessible(page); // once per screen (decision 017)

    expect(await rateRowsText()).toEqual(before);
  });

  it("vp: a file that is not a CSV is refused with the spec's message", async () => {
    const { page, js } = s;
    await signInAs(page, "vp");
    const dialog = await openDialog();
    const verify = dialog.getByRole("button", { name: "Verify" });

    if (!js) {
      // Without JavaScript the button is enabled; the server says what is missing.
      await verify.click();
      await page.getByTestId("upload-message").getByText("Choose a CSV file to upload.").waitFor();
    }

    await page.getByLabel("Rate card file (CSV)").setInputFiles({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    });
    if (js) {
      await page.getByTestId("upload-message").getByText("You can only upload csv file!").waitFor();
      expect(await page.getByRole("button", { name: "Verify" }).isDisabled()).toBe(true);
    } else {
      await page.getByRole("button", { name: "Verify" }).click();
      await page.getByTestId("upload-message").getByText("You can only upload csv file!").waitFor();
    }

    // Named .csv but binary inside: the server reads the bytes and refuses it too.
    await page.getByLabel("Rate card file (CSV)").setInputFiles({
      name: "rates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0xfe]),
    });
    if (js) await expect.poll(() => page.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("button", { name: "Verify" }).click(),
    ]);
    await page.waitForLoadState("load");
    await expect
      .poll(() => page.getByTestId("upload-message").allTextContents())
      .toContain("You can only upload csv file!");
    await expectLocator(page.getByTestId("upload-preview")).toHaveCount(0);

    // docs/product.md §5: the card saved as plain text (.txt) is a CSV all the same.
    const text = writeCsv(await downloadCard());
    await page
      .getByLabel("Rate card file (CSV)")
      .setInputFiles({ name: "rates.txt", mimeType: "text/plain", buffer: Buffer.from(text, "utf8") });
    if (js) await expect.poll(() => page.getByRole("button", { name: "Verify" }).isDisabled()).toBe(false);
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("upload-preview").waitFor();
    expect(await page.getByTestId("upload-message").allTextContents()).not.toContain("You can only upload csv file!");
  });
});
