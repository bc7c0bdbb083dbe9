/**
 * Change prices in bulk (decision 074), JS on and off: the form, its messages, the preview of
 * every affected row, Apply, a second Apply of the same preview refused, on a client's card and
 * on a segment card; other roles get no button and a 403.
 */
import type { Locator } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { describeJsOnOff, expectAccessible, expectLocator, usePage } from "../support/browser";
import { clientsWithPanels, signInAs } from "../support/rate-card";

let clientIds: number[] = [];
beforeAll(async () => {
  // Clients of the demo tl chain, taken from the end of the list by name (rate-card.test.ts and
  // rate-card-actions.test.ts take theirs from the front, the upload test the last two), one per mode.
  clientIds = await clientsWithPanels({
    role: "tl",
    list: "/all-users?sort=name&dir=asc",
    count: 2,
    pick: (ids) => ids.slice(2, -2).reverse(),
  });
  expect(clientIds.length).toBe(2);
});

/** Leaves only the `keep`-th courier of the dialog's list chosen; answers its name. */
async function chooseOneCourier(dialog: Locator, keep: number): Promise<string> {
  const boxes = dialog.getByRole("group", { name: "Couriers" }).getByRole("checkbox");
  const n = await boxes.count();
  expect(n).toBeGreaterThan(keep);
  for (let i = 0; i < n; i++) {
    if (i === keep) await boxes.nth(i).check();
    else await boxes.nth(i).uncheck();
  }
  const label = await boxes.nth(keep).evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "");
  return label.replace(/ \(switched off\)$/, "");
}

/** The preview's rows as "courier | price type | field: old → new; …" lines. */
async function previewLines(dialog: Locator): Promise<{ courier: string; text: string }[]> {
  return dialog.getByTestId("price-change-row").evaluateAll((rows) =>
    rows.map((r) => {
      const tds = r.querySelectorAll("td");
      return { courier: tds[0].textContent ?? "", text: (tds[2].textContent ?? "").replace(/was /g, "") };
    }),
  );
}

describeJsOnOff("bulk price change", (s) => {
  beforeEach(async () => {
    await signInAs(s.page, "vp");
  });

  it("on a client's card: messages, preview of every row old → new, Apply; the same preview again is refused", async () => {
    const { page, context } = s;
    const clientId = clientIds[s.index];
    const card = `/all-users/${clientId}/rate-card`;
    await page.goto(`${card}?tab=rto`);
    await page.getByRole("link", { name: "Change prices" }).click();
    const dialog = page.getByRole("dialog", { name: "Change prices" });
    await dialog.waitFor();
    await expectLocator(dialog.getByText(/rounded to the paisa, half away from zero/)).toHaveCount(1);
    if (s.js) await expectAccessible(page); // once per screen (decision 017)

    // Nothing typed: the spec's message by the field, nothing changes.
    await dialog.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL((u) => u.searchParams.get("step") === "preview");
    await expectLocator(dialog.getByText("Please fill!")).toHaveCount(1);
    expect(new URL(page.url()).searchParams.get("tab")).toBe("rto");

    const courier = await chooseOneCourier(dialog, 0);
    await dialog.getByLabel("Amount").fill("10");
    await dialog.getByRole("button", { name: "Preview" }).click();
    const preview = dialog.getByTestId("price-change-preview");
    await preview.waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`${card}/change-prices`);
    expect(url.searchParams.get("amount")).toBe("10");
    expect(url.searchParams.get("tab")).toBe("rto");

    if (s.js) await expectAccessible(page); // once per screen (decision 017)
    const lines = await previewLines(dialog);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) expect(l.courier).toBe(courier);
    const counts = (await dialog.getByTestId("price-change-counts").textContent())!;
    expect(counts).toMatch(new RegExp(`^${lines.length} rows? of .+ change \\(\\d+ prices?\\)\\.$`));
    // Every value is 10 % more, to the paisa.
    for (const l of lines)
      for (const [, oldText, newText] of l.text.matchAll(/: (\d+\.\d\d) → (\d+\.\d\d)/g))
        expect(Number(newText)).toBeCloseTo(Math.round(Number(oldText) * 110) / 100, 2);
    await expectLocator(dialog.getByTestId("price-change-largest")).toHaveText(
      /^Largest change: .+ · .+ · Zone [A-E] (Base|Additional): \d+\.\d\d → \d+\.\d\d \(\+\d+\.\d\d\)$/,
    );

    // The same preview applied in another tab first: this one is refused and nothing more changes.
    const previewUrl = page.url();
    const other = await context.newPage();
    await other.goto(previewUrl);
    await other.getByRole("dialog", { name: "Change prices" }).getByRole("button", { name: "Apply" }).click();
    await other.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await other.close();

    await dialog.getByRole("button", { name: "Apply" }).click();
    await expectLocator(dialog.getByTestId("price-change-error")).toHaveText(
      "Not able to update rate card. The rate card changed after the preview, so nothing was changed. Preview the change again to see what it would do now.",
    );
    // The preview shown now starts from the applied prices.
    const firstNew = /: \d+\.\d\d → (\d+\.\d\d)/.exec(lines[0].text)![1];
    await expectLocator(dialog.getByTestId("price-change-row").first().locator("td").nth(2)).toContainText(
      `: was ${firstNew} → `,
    );
    expect((await previewLines(dialog)).length).toBe(lines.length);

    await page.goto(`${card}/change-prices?tab=rto`);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await page.waitForURL((u) => u.pathname === card && u.searchParams.get("tab") === "rto");
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);
  });

  it("on a segment card: rupees on one zone's Additional price, preview, Apply, toast, back on the card", async () => {
    const { page } = s;
    await page.goto("/rate-cards?segment=0&tab=forward");
    await page.getByRole("link", { name: "Change prices" }).click();
    const dialog = page.getByRole("dialog", { name: "Change prices" });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe("/rate-cards/change-prices");

    // Another courier per mode, so the two runs change different rows.
    const courier = await chooseOneCourier(dialog, s.index + 1);
    await dialog.getByLabel("Rupees (₹)").check();
    await dialog.getByLabel("Amount").fill("1.25");
    for (const z of ["A", "B", "C", "D"]) await dialog.getByLabel(new RegExp(`^Zone ${z} \\(`)).uncheck();
    await dialog.getByLabel("Zone Base").uncheck();
    await dialog.getByLabel("RTO", { exact: true }).uncheck();
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByTestId("price-change-preview").waitFor();

    const lines = await previewLines(dialog);
    expect(lines.length).toBeGreaterThan(0);
    for (const l of lines) {
      expect(l.courier).toBe(courier);
      const [, oldText, newText] = /^Zone E Additional: (\d+\.\d\d) → (\d+\.\d\d)$/.exec(l.text)!;
      expect(Math.round((Number(newText) - Number(oldText)) * 100)).toBe(125);
    }
    await expectLocator(dialog.getByTestId("price-change-largest")).toContainText("(+1.25)");

    // Back keeps what was chosen; Preview again gives the same preview.
    await dialog.getByRole("link", { name: "Back" }).click();
    await expectLocator(dialog.getByLabel("Amount")).toHaveValue("1.25");
    expect(await dialog.getByLabel("Rupees (₹)").isChecked()).toBe(true);
    expect(await dialog.getByLabel("Zone Base").isChecked()).toBe(false);
    await dialog.getByRole("button", { name: "Preview" }).click();
    await dialog.getByTestId("price-change-preview").waitFor();
    expect(await previewLines(dialog)).toEqual(lines);

    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    const back = new URL(page.url());
    expect(back.pathname).toBe("/rate-cards");
    expect(back.searchParams.get("segment")).toBe("0");
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);
  });
});

describe("other roles, once", () => {
  const once = usePage();
  for (const role of ["tl", "kam"] as const) {
    it(`${role} sees no Change prices button and is refused the dialog and its post with 403`, async () => {
      const { page, context } = once;
      await signInAs(page, role);
      const card = `/all-users/${clientIds[0]}/rate-card`;
      await page.goto(card);
      await page.getByRole("link", { name: "History" }).waitFor();
      await expectLocator(page.getByRole("link", { name: "Change prices" })).toHaveCount(0);
      await page.goto("/rate-cards?segment=1");
      await page.getByRole("link", { name: "Segment Two", exact: true }).waitFor();
      await expectLocator(page.getByRole("link", { name: "Change prices" })).toHaveCount(0);
      const form = {
        intent: "apply",
        by: "percent",
        sign: "up",
        amount: "5",
        courier: "1",
        zone: "A",
        column: "base",
        shipment: "forward",
        planToken: "x",
      };
      for (const url of [`${card}/change-prices`, "/rate-cards/change-prices?segment=1"]) {
        expect((await context.request.get(url, { maxRedirects: 0 })).status()).toBe(403);
        expect((await context.request.post(url, { form, maxRedirects: 0 })).status()).toBe(403);
      }
    });
  }
});
