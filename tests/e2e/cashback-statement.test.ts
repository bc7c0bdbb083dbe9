/**
 * The cashback statement (decision 067) in real Chromium, JavaScript on and off, as the vp: a
 * Premium seller the seed credited (its settling scans went through the couriers' ingestion)
 * shows its credited orders by cycle; a line leads to the Account Ledger view that lists it; the
 * Advantage tab and the ledger link to the statement; a seller without Premium gets the sentence.
 * Read-only: it changes nothing in the shared database.
 */
import { expect, it } from "vitest";

import { seededPlanOffers } from "~/services/seed/advantage.server";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectAccessible, expectLocator, servedHtml, signInOnce } from "../support/browser";

const NOT_PREMIUM =
  "This client is not on an activated Advantage Premium plan, so it earns no cashback and has no cashback statement.";
const clients = plannedDemoClients();
/** The seed's Premium sellers (by client id, as the seed's own rule names them). */
const premium = clients.filter((c) => seededPlanOffers(c.id).active === "advantage_premium").map((c) => c.id);
const withoutPremium = clients.find((c) => seededPlanOffers(c.id).offered.length === 0)!.id;

describeJsOnOff("Cashback statement", (s) => {
  it("vp: a Premium seller's credited orders by cycle, and a line followed to its ledger line", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    const rows = page.getByTestId("cashback-row");
    // The first seeded Premium seller with credited cashback, looked for over HTTP (same session,
    // same HTML) instead of a page load in Chromium per seller tried.
    let clientId = 0;
    for (const id of premium) {
      if ((await servedHtml(page, `/all-users/${id}/cashback`)).includes('data-testid="cashback-row"')) {
        clientId = id;
        break;
      }
    }
    expect(clientId, "a seeded Premium seller with credited cashback").not.toBe(0);
    await page.goto(`/all-users/${clientId}/cashback`);
    await expectLocator(page.getByRole("heading", { name: "Cashback Statement" })).toHaveCount(1);
    const summary = page.getByTestId("cycle-summary");
    await expectLocator(summary).toContainText("Max cashback liability");
    await expectLocator(page.getByTestId("cycle-credited")).toHaveText(/^₹[\d,]+\.\d{2}$/);
    await expectLocator(page.getByTestId("cycle-remaining")).toHaveText(/^₹[\d,]+\.\d{2}/);
    const first = rows.first();
    await expectLocator(first.locator("td").nth(1)).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
    await expectLocator(first.locator("td").nth(3)).toHaveText(
      /^(Delivered|Returned \(RTO\)).* late: \d+ days against \d+ promised for zone [A-E]$/,
    );
    await expectAccessible(page, s.js);

    // The cycle is in the URL: choosing it with the form (a GET) gives the same page.
    const cycle = await page.getByLabel("Cycle (week)").inputValue();
    await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("cycle") === cycle);
    await expectLocator(rows.first()).toHaveCount(1);

    const link = rows.first().getByTestId("ledger-link");
    const line = (await link.textContent())!.trim();
    expect(line).toMatch(/^BILL\d{13}-CASHBACK$/);
    await link.click();
    await page.waitForURL((u) => u.pathname === `/all-users/${clientId}/account-ledger` && u.searchParams.has("type"));
    await expectLocator(page.getByTestId("ledger-totals")).toContainText("Total (");
    expect(await page.locator(`tr[data-testid="ledger-row"][data-ref="${line}"]`).count()).toBeGreaterThan(0);

    // Back from the ledger and from the Advantage tab's Premium view by their links.
    await page.getByRole("link", { name: "Cashback statement" }).click();
    await page.waitForURL((u) => u.pathname === `/all-users/${clientId}/cashback`);
    await page.goto(`/all-users/${clientId}/rate-card/advantage?plan=premium`);
    await page.getByTestId("cashback-statement-link").click();
    await page.waitForURL((u) => u.pathname === `/all-users/${clientId}/cashback`);
    await expectLocator(rows.first()).toHaveCount(1);
  });

  it("vp: a seller without Premium gets the sentence, not an empty table", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto(`/all-users/${withoutPremium}/cashback`);
    await expectLocator(page.getByTestId("cashback-not-premium")).toHaveText(NOT_PREMIUM);
    await expectLocator(page.getByRole("table")).toHaveCount(0);
  });
});
