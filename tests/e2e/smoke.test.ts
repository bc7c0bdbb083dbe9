/**
 * The smoke test CI runs on the embedded database (decision 017): the built console on PGlite,
 * end to end in Chromium with JavaScript on. Every other browser test runs on PostgreSQL in
 * CI (and on PGlite with `npm test` when TEST_DATABASE_URL is unset).
 */
import { expect, it } from "vitest";

import { expectLocator, signIn, usePage } from "../support/browser";

const s = usePage();

it("signs in through the form, opens a client and its rate card, and reads the rates", async () => {
  const { page } = s;
  await signIn(page, "vp@demo.test", "vp");
  await page.waitForURL((u) => u.pathname === "/all-users");
  await expectLocator(page.getByTestId("signed-in-name")).toHaveText(/\S/);
  // A seeded client whose card no browser test changes (quote.test.ts only reads it), found by
  // company: the list's first row may be a client another test file has just registered.
  await page.goto(`/all-users?${new URLSearchParams({ q: "The Harvest Co." })}`);
  const first = page.getByTestId("client-row").first();
  const name = (await first.locator("td").first().textContent())!.trim();
  await first.getByRole("link", { name: /View Details/ }).click();
  await page.waitForURL((u) => /^\/all-users\/\d+$/.test(u.pathname));
  await page.getByRole("heading", { name }).waitFor();
  await page.getByRole("navigation", { name: "Client sections" }).getByRole("link", { name: "Rate Card" }).click();
  await page.waitForURL((u) => /^\/all-users\/\d+\/rate-card$/.test(u.pathname));
  await expectLocator(page.getByTestId("panel-title").first()).toHaveText(
    /^Base upto [\d.]+ KG \+ Every Additional [\d.]+ KG - \d+ Courier Options$/,
  );
  expect(await page.getByTestId("rate-row").count()).toBeGreaterThan(0);
  // A price cell reads "base | additional", two decimals each.
  await expectLocator(page.getByTestId("rate-row").first().locator("td", { hasText: " | " }).first()).toHaveText(
    /^\d+\.\d{2} \| \d+\.\d{2}$/,
  );
});
