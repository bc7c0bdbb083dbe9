/**
 * "Who is dropping" (decision 072) in real Chromium, JavaScript on and off: the Dropping preset of
 * Daily Performance (a link; its rows, its total row and its CSV are the service's, each row down
 * 30 % or more on 20 or more orders), and the Dashboard's growth drilled down by seller and by TL,
 * sorted by growth, with its CSV and the sentence about today's partial day.
 *
 * Other browser test files place orders and scan pickups today; week on week and the growth
 * leave today out, so the page's figures equal those computed from a copy of the seeded database.
 */
import { eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";

import { growthBy } from "~/services/analytics/dashboard.server";
import { sortGrowthRows } from "~/services/analytics/growth-by";
import { refreshDailyPerformance } from "~/services/analytics/snapshot.server";
import { dailyPerformance } from "~/services/analytics/tracker.server";
import { DEFAULT_TRACKER_QUERY } from "~/services/analytics/tracker-query";
import { isDropping } from "~/services/analytics/week-over-week";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { staff } from "~/services/db/schema";

import { describeJsOnOff, expectAccessible, expectLocator, servedHtml, signInOnce } from "../support/browser";
import { openTestDb } from "../support/db";

let h: DbHandle;
const viewers = {} as Record<StaffRole, { id: number; role: StaffRole }>;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  // The copy's snapshot of today, as the server's scheduler takes it.
  await refreshDailyPerformance(h.db, { force: true });
  for (const role of ["vp", "avp", "tl"] as const) {
    const [s] = await h.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.email, `${role}@demo.test`));
    viewers[role] = { id: s.id, role };
  }
}, 120_000);
afterAll(() => h?.close());

async function gotoAs(page: Page, role: StaffRole, path: string) {
  await page.context().clearCookies();
  await signInOnce(page, `${role}@demo.test`, role);
  await page.goto(path);
}

const num = (text: string) => Number(text.replace(/[,+]/g, "").replace("−", "-"));
const cells = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
const csvLines = async (page: Page, href: string) => {
  const res = await page.request.get(href);
  expect(res.status()).toBe(200);
  return (await res.text())
    .replace(/^\uFEFF/, "")
    .trim()
    .split(/\r?\n/);
};

describeJsOnOff("Daily Performance: who is dropping", (s) => {
  it("the Dropping link narrows the table to the rows down 30 % or more on 20 or more orders, with their total and CSV", async () => {
    const { page } = s;
    // Every row, the biggest falls first: the rows the preset must keep are at the top.
    await gotoAs(page, "vp", "/order-tracker?sort=week_percent&dir=asc");
    const panel = page.getByTestId("daily-performance");
    const table = page.getByRole("table", { name: "Daily Performance" });
    await expectLocator(panel.getByTestId("week-on-week")).toContainText("Today is left out");
    await expectLocator(table.locator("th[aria-sort=ascending]")).toContainText("%");
    // Name cell, 14 day cells, then This wk, Last wk, Change, %.
    const all = await cells(page, '[data-testid="daily-performance"] table tbody tr');
    expect(all.length).toBeGreaterThan(0);
    const percentOf = (r: string[]) => (r[18].startsWith("—") ? null : num(r[18].replace(/%.*$/, "")));
    for (const r of all) {
      const [week, before, change] = r.slice(15, 18).map(num);
      expect(change).toBe(week - before);
      expect(r[18].includes("(dropping)")).toBe(isDropping({ thisWeek: week, lastWeek: before }));
    }
    const falling = all.filter((r) => isDropping({ thisWeek: num(r[15]), lastWeek: num(r[16]) }));
    // (When the whole first page is at −30 % or below, more may follow on the next.)
    const complete = all.length < 25 || (percentOf(all.at(-1)!) ?? 0) > -30;

    await panel.getByRole("link", { name: /^Dropping: who is down 30% or more/ }).click();
    await page.waitForURL(
      (u) =>
        u.searchParams.get("preset") === "dropping" &&
        u.searchParams.get("sort") === "week_percent" &&
        u.searchParams.get("dir") === "asc",
    );
    await expectLocator(panel.getByTestId("preset")).toContainText("Dropping");
    const expected = await dailyPerformance(h.db, viewers.vp, {
      ...DEFAULT_TRACKER_QUERY,
      preset: "dropping",
      sort: "week_percent",
      dir: "asc",
    });
    expect(expected.rows.every((r) => isDropping({ thisWeek: r.week, lastWeek: r.weekBefore }))).toBe(true);
    const [total] = await cells(page, '[data-testid="daily-performance"] table tfoot tr');
    expect(total[0]).toMatch(/^Total/);
    expect(total.slice(15, 17).map(num)).toEqual([expected.sum.week, expected.sum.weekBefore]);
    // The seed makes its largest sellers fall week on week (seed/orders.server.ts FALLING_RANKS):
    // the preset is never empty, and each row it shows is down 30 % or more on 20 or more orders.
    expect(expected.rows.length).toBeGreaterThan(0);
    const rows = await cells(page, '[data-testid="daily-performance"] table tbody tr');
    expect(rows.length).toBe(Math.min(expected.rows.length, 25));
    for (const r of rows) {
      const [week, before, change] = r.slice(15, 18).map(num);
      expect(before).toBeGreaterThanOrEqual(20);
      expect(percentOf(r)).toBeLessThanOrEqual(-30);
      expect(change).toBe(week - before);
      expect(r[18]).toContain("(dropping)");
    }
    expect(rows.map((r) => r.slice(15, 18).map(num))).toEqual(
      expected.rows.map((r) => [r.week, r.weekBefore, r.week - r.weekBefore]),
    );
    // The page's own rows agree: the preset keeps exactly the first page's dropping rows.
    if (complete) expect(expected.total).toBe(falling.length);

    // The CSV has the preset's rows and the week's columns, in the URL's order.
    const csvHref = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(csvHref).toContain("preset=dropping");
    const lines = await csvLines(page, csvHref!);
    expect(lines[0].split(",").slice(-4)).toEqual([
      expect.stringMatching(/^Placed \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/),
      expect.stringMatching(/^Placed \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/),
      "Change",
      "Change %",
    ]);
    expect(lines).toHaveLength(expected.total + 1);

    // Sorting by the change keeps the preset; back to every row drops it.
    await table.getByRole("link", { name: "Change", exact: true }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("sort") === "week_change" && u.searchParams.get("preset") === "dropping",
    );
    await expectLocator(table.locator("th[aria-sort=ascending]")).toContainText("Change");
    await panel.getByRole("link", { name: "Show every row" }).click();
    await page.waitForURL((u) => !u.searchParams.has("preset") && u.searchParams.get("sort") === "week_change");
    await expectLocator(table.locator("tbody tr")).toHaveCount(all.length);
  });
});

describeJsOnOff("Dashboard: growth by seller", (s) => {
  it("drills Total Growth down by seller, sorts by growth, says today is left out, and downloads the same rows", async () => {
    const { page } = s;
    await gotoAs(page, "avp", "/dashboard");
    const card = (await page.getByTestId("growth-total").textContent())?.trim();
    await page.getByTestId("growth-by-links").getByRole("link", { name: "Seller", exact: true }).click();
    await page.waitForURL((u) => u.pathname === "/dashboard/growth");
    await expectLocator(page.getByRole("heading", { name: "Growth by Seller", level: 1 })).toHaveCount(1);
    await expectLocator(page.getByTestId("partial-day")).toContainText("is not over");
    await expectAccessible(page, s.js);
    // The total row's growth is the Dashboard's Total Growth.
    const [total] = await cells(page, "[data-testid=growth-total]");
    if (card?.endsWith("%")) expect(total[3]).toBe(card);

    const expected = await growthBy(h.db, viewers.avp, "seller");
    const table = page.getByRole("table", { name: "Growth by Seller" });
    await table.getByRole("link", { name: "Growth", exact: true }).click();
    // The default is the falls first (ascending): a click turns it round.
    await page.waitForURL((u) => u.searchParams.get("sort") === "growth" && u.searchParams.get("dir") === "desc");
    await expectLocator(table.locator("th[aria-sort=descending]")).toContainText("Growth");
    const rows = await cells(page, '[data-testid="growth-by"] table tbody tr');
    const sorted = sortGrowthRows(expected.rows, "growth", "desc").slice(0, 25);
    expect(rows.map((r) => r[3])).toEqual(
      sorted.map((r) => (r.growth === null ? expect.stringMatching(/^—/) : `${r.growth}%`)),
    );
    expect(rows.map((r) => r[0])).toEqual(sorted.map((r) => `${r.name}${r.email}`));

    const href = await page.getByRole("link", { name: "Download CSV" }).getAttribute("href");
    expect(href).toBe("/dashboard/growth.csv?sort=growth&dir=desc");
    const lines = await csvLines(page, href!);
    expect(lines[0].split(",").slice(0, 5)).toEqual([
      "Seller Name",
      "Seller Email",
      expect.stringMatching(/^Picked per day \d{4}-\d\d-01$/),
      expect.stringMatching(/^Picked per day \d{4}-\d\d-01 \(today left out\)$/),
      "Growth %",
    ]);
    expect(lines.at(-1)?.startsWith("Total,")).toBe(true);
    // A row a seller (the pager's count of the page's rows), the header and the total. Other test files
    // share this server and may set up a seller meanwhile, which this file's copy of the template never
    // sees: the page and the download are read again, at the same moment, until they agree.
    const countOnPage = async () => {
      const html = await servedHtml(page, page.url());
      return Number(/· ([\d,]+) rows?</.exec(html)![1].replaceAll(",", ""));
    };
    await expect
      .poll(
        async () => {
          const [now, count] = await Promise.all([csvLines(page, href!), countOnPage()]);
          return now.length - (count + 2);
        },
        { timeout: 10_000 },
      )
      .toBe(0);

    // By TL (an avp has TLs below them), as a URL that survives a reload.
    const shown = page.getByLabel("Show by");
    await shown.selectOption("tl");
    if (!s.js) await page.getByRole("button", { name: "Show" }).click();
    await page.waitForURL((u) => u.searchParams.get("by") === "tl" && u.searchParams.get("sort") === "growth");
    await expectLocator(page.getByRole("heading", { name: "Growth by TL", level: 1 })).toHaveCount(1);
    const byTl = await growthBy(h.db, viewers.avp, "tl");
    await expectLocator(page.getByRole("table", { name: "Growth by TL" }).locator("tbody tr")).toHaveCount(
      byTl.rows.length,
    );
  });

  it("a tl sees growth by seller only: other levels are refused", async () => {
    const { page } = s;
    await gotoAs(page, "tl", "/dashboard");
    await expectLocator(page.getByTestId("growth-by-links").getByRole("link")).toHaveCount(1);
    expect((await page.goto("/dashboard/growth?by=bdm"))?.status()).toBe(403);
    expect((await page.request.get("/dashboard/growth.csv?by=avp")).status()).toBe(403);
  });
});
