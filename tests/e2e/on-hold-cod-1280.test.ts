/**
 * On Hold COD and its Released view with a bad From/To, JavaScript on and off (docs/forms.md): no
 * dead end — the page answers 400 with its filter form again, what was typed in the date fields and
 * the message by them, over an empty table, as the Order Tracker does; a good range then lists again.
 * The 1280×720 layout (docs/tables.md "Wide tables", decision 069) is checked by sweep-1280.test.ts.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";

const ist = (offsetDays = 0) =>
  new Date(Date.now() + 330 * 60_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;

const HELD = { path: "/on-hold-cod", form: "Search held COD", range: "Cycles starting", from: "From", to: "To" };
const RELEASED = {
  path: "/on-hold-cod/released",
  form: "Filter released COD",
  range: "Released",
  from: "Released from",
  to: "Released to",
};

const CASES = [
  { name: "From after To", from: ist(-3), to: ist(-10), message: "The start date must be on or before the end date." },
  {
    name: "a range over 366 days",
    from: ist(-400),
    to: ist(-1),
    message: "The date range can cover at most 366 days.",
  },
  { name: "an unparsable date", from: "27-11-2026", to: ist(-1), message: "Enter dates as YYYY-MM-DD." },
];

async function expectRefusedInPlace(
  page: Page,
  js: boolean,
  screen: typeof HELD,
  c: (typeof CASES)[number],
  rowTestId: string,
) {
  const res = await page.goto(`${screen.path}?from=${encodeURIComponent(c.from)}&to=${c.to}`);
  expect(res?.status()).toBe(400);
  const form = page.getByRole("search", { name: screen.form });
  await expectLocator(page.getByRole("heading", { name: "On Hold COD" })).toHaveCount(1);
  await expectLocator(form.getByText(c.message)).toHaveCount(1);
  // No remittance rows (mantine-react-table's empty-state row carries the row props but no data-ref).
  expect(await page.locator(`[data-testid="${rowTestId}"][data-ref]`).count()).toBe(0);
  // What was typed is in the fields where a date field can hold it (an unparsable From cannot).
  const shownFrom = /^\d{4}-\d{2}-\d{2}$/.test(c.from) ? c.from : ist(-29);
  if (js) {
    await expectLocator(form.getByLabel(screen.range)).toHaveText(`${dmy(shownFrom)} – ${dmy(c.to)}`);
  } else {
    expect(await form.getByLabel(screen.from).inputValue()).toBe(shownFrom);
    expect(await form.getByLabel(screen.to).inputValue()).toBe(c.to);
  }
}

describeJsOnOff("On Hold COD: a bad range", (s) => {
  it("the held list answers 400 with its form, the message by the dates, an empty table; a good range lists", async () => {
    const { page, js } = s;
    await signInOnce(page, "approver1@demo.test", "kam");
    for (const c of CASES) await expectRefusedInPlace(page, js, HELD, c, "cod-row");
    // The search typed is kept too, and the page is still usable: the presets lead back to a list.
    const res = await page.goto(`/on-hold-cod?by=email&q=seller&from=${ist(-1)}&to=${ist(-5)}`);
    expect(res?.status()).toBe(400);
    expect(await page.getByRole("search", { name: HELD.form }).getByLabel("Search", { exact: true }).inputValue()).toBe(
      "seller",
    );
    await page.getByRole("link", { name: "Last 30 Days" }).click();
    await expectLocator(page.getByText("The start date must be on or before the end date.")).toHaveCount(0);
    await expectLocator(page.getByRole("link", { name: "Last 30 Days" })).toHaveAttribute("aria-current", "true");
  }, 60_000);

  it("the Released view answers 400 with its form and the message by the dates", async () => {
    const { page, js } = s;
    await signInOnce(page, "approver1@demo.test", "kam");
    for (const c of CASES) await expectRefusedInPlace(page, js, RELEASED, c, "released-row");
    await page.getByRole("link", { name: "Last 7 Days" }).click();
    await expectLocator(page.getByText("Enter dates as YYYY-MM-DD.")).toHaveCount(0);
    await expectLocator(page.getByRole("link", { name: "Last 7 Days" })).toHaveAttribute("aria-current", "true");
  }, 60_000);
});
