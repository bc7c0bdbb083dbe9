/**
 * The Account Ledger's totals by direction (decision 064) in real Chromium, JavaScript on and off:
 * each tab (Pending, Cleared, Future, switched by its links) shows COD for the seller, COD remitted,
 * bills charged, payments received and cashback credited, and a net sentence that says which way
 * it goes; the figures are those heading the tab's CSV (read over HTTP from the same server), the
 * table's foot sums no amounts, and the Cleared tab of the seller is settled.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { formatInr, rupeesToPaise } from "~/services/core/money";
import { readCsv } from "~/services/http/csv";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";

const CLIENT = 92;
const LABELS: [string, string][] = [
  ["cod_for_seller", "COD for the seller"],
  ["cod_remitted", "COD remitted to the seller"],
  ["bills_charged", "Bills charged to the seller"],
  ["payments_received", "Payments received"],
  ["cashback_credited", "Cashback credited"],
];

/** The totals panel as data: direction → the amount shown. */
async function shownTotals(page: Page) {
  return page
    .getByTestId("ledger-direction-totals")
    .locator("tr[data-direction]")
    .evaluateAll((trs) =>
      Object.fromEntries(
        trs.map((tr) => [tr.getAttribute("data-direction")!, tr.querySelector("td")!.textContent!.trim()]),
      ),
    );
}

describeJsOnOff("Account Ledger totals", (s) => {
  it("each tab shows the totals by direction and the net sentence, the same figures as its CSV head", async () => {
    const { page, context } = s;
    await signInOnce(page, "kam@demo.test", "kam");
    await page.goto(`/all-users/${CLIENT}/account-ledger`);
    for (const [view, name] of [
      ["pending", "Pending"],
      ["cleared", "Cleared"],
      ["future", "Future"],
    ] as const) {
      const tab = page.getByRole("navigation", { name: "Ledger view" }).getByRole("link", { name });
      await tab.click();
      await page.waitForURL((u) => u.searchParams.get("type") === view);
      await expectLocator(tab).toHaveAttribute("aria-current", "page");
      const panel = page.getByRole("table", { name: `${name} totals by direction` });
      await expectLocator(panel).toHaveCount(1);
      for (const [, label] of LABELS) await expectLocator(panel.getByRole("rowheader", { name: label })).toHaveCount(1);

      const csv = readCsv(
        await (await context.request.get(`/all-users/${CLIENT}/account-ledger.csv?type=${view}`)).text(),
      );
      const head = Object.fromEntries(csv.slice(1, 7).map((r) => [r[0], r]));
      const shown = await shownTotals(page);
      for (const [key] of LABELS)
        expect({ key, shown: shown[key] }).toEqual({ key, shown: formatInr(rupeesToPaise(head[key]![1]!)) });
      const net = rupeesToPaise(head.net![1]!);
      const sentence =
        net > 0
          ? `Net payable to seller ${formatInr(net)}`
          : net < 0
            ? `Net receivable from seller ${formatInr(-net)}`
            : "Nothing payable either way (net ₹0.00)";
      expect(head.net![2]).toBe(sentence.replace(/ \(net.*| ₹.*/, ""));
      await expectLocator(page.getByTestId("ledger-net")).toHaveText(sentence);
      // The foot counts the entries; it adds no amounts going opposite ways.
      const foot = page.getByTestId("ledger-totals");
      await expectLocator(foot).toContainText("Total (");
      expect(await foot.textContent()).not.toContain("₹");
      if (view === "cleared") {
        expect(net).toBe(0);
        expect(rupeesToPaise(head.cod_remitted![1]!)).toBeGreaterThan(0);
        expect(rupeesToPaise(head.payments_received![1]!)).toBeGreaterThan(0);
      }
    }
  });
});
