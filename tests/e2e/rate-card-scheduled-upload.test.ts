/**
 * A rate card upload scheduled from a date (decision 075), JS on and off: a vp verifies a file
 * that changes two couriers' prices, submits it with "Effective from", and the card keeps its
 * prices while it lists "2 changes take effect on …" with who scheduled it; Cancel removes it.
 * A time that has passed is refused at the field without losing the verified file.
 */
import { beforeAll, expect, it } from "vitest";

import { readCsv, writeCsv } from "~/services/http/csv";

import { describeJsOnOff, expectLocator } from "../support/browser";
import { clientsWithPanels, signInAs } from "../support/rate-card";

let clientIds: number[] = [];
beforeAll(async () => {
  // A page of the list no other rate card test takes from; the upload needs the client's auth token.
  clientIds = await clientsWithPanels({
    role: "vp",
    list: "/all-users?perPage=10&page=9&sort=name&dir=asc",
    count: 2,
    uploadable: true,
  });
  expect(clientIds).toHaveLength(2);
});

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text, "utf8") });

describeJsOnOff("rate card upload scheduled from a date", (s) => {
  it("lists the upload with who scheduled it, keeps the current prices, and cancels it", async () => {
    const { page, context, js } = s;
    const card = `/all-users/${clientIds[s.index]}/rate-card`;
    await signInAs(page, "vp");
    await page.goto(card);
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);

    // The first two couriers of the Forward tab's Express section, and their Zone A Base there.
    const couriers = [
      ...new Set(await page.getByTestId("rate-row").evaluateAll((rs) => rs.map((r) => r.getAttribute("data-courier")))),
    ].slice(0, 2) as string[];
    expect(couriers).toHaveLength(2);
    const zoneACell = (courier: string) =>
      page.locator(`[data-testid="rate-row"][data-courier="${courier}"]`).first().locator("td").nth(2);

    const res = await context.request.get(`${card}/download.csv`);
    expect(res.status()).toBe(200);
    const records = readCsv(await res.text());
    const col = (name: string) => records[0].indexOf(name);
    const olds: string[] = [];
    const news: string[] = [];
    for (const courier of couriers) {
      const i = records.findIndex(
        (r, n) =>
          n > 0 &&
          r[col("Courier")] === courier &&
          r[col("Price Type")] === "Forward" &&
          r[col("Delivery Type")] === "Express",
      );
      expect(i, courier).toBeGreaterThan(0);
      const old = records[i][col("Zone A Base")];
      await expectLocator(zoneACell(courier)).toContainText(`${old} |`);
      olds.push(old);
      news.push((Number(old) + 4.25).toFixed(2));
      records[i][col("Zone A Base")] = news.at(-1)!;
    }

    // Upload, Verify, then Submit from 1 February 2030 (JS on) or 2 February (off), 10:15 India time.
    await page.getByRole("link", { name: "Upload rate card" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload rate card" });
    await dialog.waitFor();
    await dialog.getByLabel("Rate card file (CSV)").setInputFiles(csvFile("from-feb.csv", writeCsv(records)));
    const verify = dialog.getByRole("button", { name: "Verify" });
    if (js) await expect.poll(() => verify.isDisabled()).toBe(false);
    await verify.click();
    await expectLocator(dialog.getByTestId("upload-change")).toHaveCount(2);
    // A time that has passed is refused at the field, and the verified file stays: its preview shows again.
    await dialog.getByLabel(/Effective from/).fill("2020-01-01T10:15");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await dialog.getByText("Choose a time in the future, or leave it empty to apply the change now.").waitFor();
    await expectLocator(dialog.getByTestId("upload-change")).toHaveCount(2);
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);
    const day = js ? "01-02-2030" : "02-02-2030";
    await dialog.getByLabel(/Effective from/).fill(js ? "2030-02-01T10:15" : "2030-02-02T10:15");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page
      .getByTestId("toast")
      .getByText(`Scheduled: the change takes effect on ${day} 10:15 (India time).`)
      .waitFor();
    await page.waitForURL((u) => u.pathname === card);
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);

    // Listed, with who scheduled it and what it changes; the card is not the uploaded one yet, and its prices stand.
    const listed = page.getByTestId("scheduled-change");
    await expectLocator(listed).toHaveCount(1);
    await expectLocator(listed).toContainText(`2 changes take effect on ${day} 10:15`);
    await expectLocator(listed).toContainText("Upload · scheduled by vp@demo.test (vp) on ");
    const lines = await listed.locator("details li").allTextContents();
    for (const [n, courier] of couriers.entries())
      expect(
        lines.some((l) => l.startsWith(`${courier} · `) && l.includes(`Zone A Base: ${olds[n]} → ${news[n]}`)),
      ).toBe(true);
    await expectLocator(page.getByRole("heading", { name: "Uploaded rate card" })).toHaveCount(0);
    for (const [n, courier] of couriers.entries())
      await expectLocator(zoneACell(courier)).toContainText(`${olds[n]} |`);

    await listed.getByRole("button", { name: `Cancel the change that takes effect on ${day} 10:15` }).click();
    await page.getByTestId("toast").getByText(`Cancelled: the change will not take effect on ${day} 10:15.`).waitFor();
    await expectLocator(page.getByTestId("scheduled-changes")).toHaveCount(0);
    for (const [n, courier] of couriers.entries())
      await expectLocator(zoneACell(courier)).toContainText(`${olds[n]} |`);
  });
});
