/**
 * The Dashboard and the Order Tracker (decision 030) in real Chromium, JavaScript on and off, as
 * vp, avp, bdm and tl: the numbers on the page equal the numbers the services compute from a
 * copy of the seeded database; every period, the custom range and its refusal; the seller
 * filter; the view selector's hidden and disabled options and the server's refusal; search on
 * Enter; sorting; both CSVs; axe.
 *
 * The browser tests share one server and database, and other files place orders and scan
 * pickups today: exact comparisons are made on days and months before today; today's numbers
 * are checked for their form and against the page's own other numbers.
 */
import { eq, ne } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dashboardData } from "~/services/analytics/dashboard.server";
import { growthFigures, type MonthPoint } from "~/services/analytics/growth";
import { RANGE_MESSAGES } from "~/services/analytics/periods";
import { SNAPSHOT_PERIOD_MS } from "~/services/analytics/snapshot.server";
import { dailyStats } from "~/services/analytics/tracker.server";
import { addDays, daysInMonth, dmy, monthStart, previousMonthStart } from "~/services/core/ist-dates";
import type { StaffRole } from "~/services/core/roles";
import type { DbHandle } from "~/services/db/client.server";
import { clients, staff } from "~/services/db/schema";

import { describeJsOnOff, expectAccessible, expectLocator, signInOnce, usePage } from "../support/browser";
import { openTestDb } from "../support/db";
import { istToday, msSinceIstMidnight } from "../support/ist-day";

let h: DbHandle;
const viewers = {} as Record<StaffRole, { id: number; role: StaffRole; email: string }>;
beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  for (const role of ["vp", "avp", "bdm", "tl"] as const) {
    const [s] = await h.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.email, `${role}@demo.test`));
    viewers[role] = { id: s.id, role, email: `${role}@demo.test` };
  }
}, 120_000);
afterAll(() => h?.close());

const today = istToday;

/** The rows of a server-rendered table (first cell a row header), as text. */
async function tableRows(page: Page, testId: string): Promise<string[][]> {
  return page
    .locator(`[data-testid="${testId}"] tbody tr`)
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => (c.textContent ?? "").trim())));
}

const num = (text: string) => Number(text.replace(/,/g, ""));

async function gotoAs(page: Page, role: StaffRole, path: string) {
  // Whoever was signed in before in this page's context is signed out first.
  await page.context().clearCookies();
  await signInOnce(page, `${role}@demo.test`, role);
  await page.goto(path);
}

describeJsOnOff("Dashboard", (s) => {
  it.each(["vp", "avp", "bdm", "tl"] as const)(
    "shows %s the growth, Daily Average and Month-wise growth of the seeded orders",
    async (role) => {
      const { page, js } = s;
      await gotoAs(page, role, "/dashboard");
      await expectLocator(page.getByRole("heading", { name: "Dashboard", level: 1 })).toHaveCount(1);
      const expected = await dashboardData(h.db, viewers[role], new Date());
      if (js) await expectLocator(page.locator("[data-testid=monthly-growth] .recharts-surface")).toHaveCount(1);

      // Month-wise growth: past months exactly; this month at least what the seed made.
      const months = await tableRows(page, "monthly-growth-table");
      expect(months.map((r) => r[0])).toEqual(expected.series.map((p) => p.label));
      for (const [i, p] of expected.series.entries()) {
        const [label, total, old, fresh] = months[i];
        if (p.month < monthStart(today()))
          expect([label, num(total), num(old), num(fresh)]).toEqual([p.label, p.total, p.old, p.new]);
        else expect(num(total)).toBeGreaterThanOrEqual(p.total);
      }
      // The two figures follow the spec's rule from the numbers the page shows.
      const shown: MonthPoint[] = expected.series.map((p, i) => ({
        ...p,
        total: num(months[i][1]),
        old: num(months[i][2]),
      }));
      // Today's picked orders so far are left out of the per-day averages (decision 070).
      const figures = growthFigures(shown, today(), expected.todaySoFar);
      await expectLocator(page.getByTestId("growth-total")).toHaveText(figures.total.label);
      await expectLocator(page.getByTestId("growth-old")).toHaveText(figures.old.label);
      expect(figures.total.kind).toBe(today() === monthStart(today()) ? "first-day" : "value");

      // Daily Average: last month's column exactly, with two decimals.
      const weekdays = await tableRows(page, "daily-average-table");
      expect(weekdays.map((r) => [r[0], num(r[1])])).toEqual(expected.weekdays.map((w) => [w.weekday, w.last_month]));
      expect(weekdays.every((r) => /^\d[\d,]*\.\d\d$/.test(r[1]) && /^\d[\d,]*\.\d\d$/.test(r[2]))).toBe(true);
    },
  );

  it("has no serious or critical accessibility violation", async () => {
    const { page, js } = s;
    await gotoAs(page, "vp", "/dashboard");
    if (js) await page.locator(".chart-box svg.recharts-surface").first().waitFor({ state: "visible" });
    await expectAccessible(page, js);
  });
});

/** The view selector's options as the page shows them. */
async function viewOptionsOf(page: Page) {
  return page
    .locator("select[name=view] option")
    .evaluateAll((os) =>
      os.map((o) => `${(o as HTMLOptionElement).value}${(o as HTMLOptionElement).disabled ? " (disabled)" : ""}`),
    );
}

describeJsOnOff("Order Tracker", (s) => {
  it("shows the last 7 days by default, then each period; every day before today equals the seeded orders", async () => {
    const { page, js } = s;
    await gotoAs(page, "vp", "/order-tracker");
    const t = today();
    const check = async (from: string, to: string) => {
      await expectLocator(page.getByTestId("daily-stats")).toContainText(`${dmy(from)} to ${dmy(to)}`);
      const rows = await tableRows(page, "daily-stats-table");
      const expected = await dailyStats(h.db, viewers.vp, { from, to }, null);
      expect(rows.map((r) => r[0])).toEqual(expected.map((d) => dmy(d.day)));
      for (const [i, d] of expected.entries()) if (d.day < t) expect(num(rows[i][1])).toBe(d.placed);
      expect(expected.reduce((n, d) => n + d.placed, 0)).toBeGreaterThan(0);
    };
    await check(addDays(t, -6), t);
    if (js) await expectLocator(page.locator("[data-testid=daily-stats] .recharts-surface")).toHaveCount(1);

    const choose = async (period: string) => {
      await page.locator("select[name=period]").selectOption(period);
      // With JavaScript the choice applies at once; without, the Apply button sends it.
      if (!js) await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL(
        (u) => u.searchParams.get("period") === period || (period === "last_7_days" && !u.searchParams.has("period")),
      );
    };
    await choose("last_30_days");
    await check(addDays(t, -29), t);
    if (js) await expectLocator(page.locator("[data-testid=daily-stats] .recharts-brush")).toHaveCount(1);
    await choose("last_month");
    const lm = previousMonthStart(t);
    await check(lm, `${lm.slice(0, 8)}${String(daysInMonth(lm)).padStart(2, "0")}`);
  });

  it("takes a custom range of at most 90 days back and refuses an earlier start or a future day on the field", async () => {
    const { page, js } = s;
    const t = today();
    const from = addDays(t, -90);
    const to = addDays(t, -80);
    if (js) {
      // The date picker's state is the URL's: a shared link opens the same range.
      await gotoAs(page, "vp", `/order-tracker?period=custom&from=${from}&to=${to}`);
      await expectLocator(page.getByRole("button", { name: "Custom range" })).toContainText(
        `${dmy(from)} – ${dmy(to)}`,
      );
    } else {
      await gotoAs(page, "vp", "/order-tracker");
      await page.locator("select[name=period]").selectOption("custom");
      await page.getByLabel("From (Custom)").fill(from);
      await page.getByLabel("To (Custom)").fill(to);
      await page.getByRole("button", { name: "Apply" }).click();
      await page.waitForURL((u) => u.searchParams.get("from") === from);
    }
    await expectLocator(page.getByTestId("daily-stats")).toContainText(`${dmy(from)} to ${dmy(to)}`);
    expect(await tableRows(page, "daily-stats-table")).toHaveLength(11);

    // Without JavaScript the browser's own date fields already keep to the range (min, max);
    // a link with an earlier start is refused by the server with the message on the field.
    if (!js)
      expect([
        await page.getByLabel("From (Custom)").getAttribute("min"),
        await page.getByLabel("To (Custom)").getAttribute("max"),
      ]).toEqual([from, t]);
    const tooEarly = addDays(t, -91);
    await page.goto(`/order-tracker?period=custom&from=${tooEarly}&to=${to}`);
    await expectLocator(page.locator("main")).toContainText(RANGE_MESSAGES.tooEarly(from));
    await expectLocator(page.getByTestId("daily-stats-refused")).toHaveCount(1);
    await page.goto(`/order-tracker?period=custom&from=${t}&to=${addDays(t, 1)}`);
    await expectLocator(page.locator("main")).toContainText(RANGE_MESSAGES.future);
  });

  it("narrows Daily Stats to one seller of the tl's", async () => {
    const { page, js } = s;
    await gotoAs(page, "tl", "/order-tracker?period=last_30_days");
    const [seller] = await h.db
      .select({ id: clients.id, email: clients.email })
      .from(clients)
      .where(eq(clients.tl_id, viewers.tl.id))
      .orderBy(clients.id)
      .limit(1);
    await page.getByLabel("Seller email").fill(seller.email);
    if (js) await page.getByLabel("Seller email").press("Enter");
    else await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL(
      (u) => u.searchParams.get("seller") === seller.email && u.searchParams.get("period") === "last_30_days",
    );
    await expectLocator(page.getByTestId("daily-stats")).toContainText(`for ${seller.email}`);
    const t = today();
    const expected = await dailyStats(h.db, viewers.tl, { from: addDays(t, -29), to: t }, seller.id);
    const rows = await tableRows(page, "daily-stats-table");
    for (const [i, d] of expected.entries()) if (d.day < t) expect(num(rows[i][1])).toBe(d.placed);
    // A seller outside the tl's clients is refused on the field.
    const [other] = await h.db
      .select({ email: clients.email })
      .from(clients)
      .where(ne(clients.tl_id, viewers.tl.id))
      .limit(1);
    await page.goto(`/order-tracker?seller=${encodeURIComponent(other.email)}`);
    await expectLocator(page.locator("main")).toContainText("No seller with this e-mail among your clients.");
  });

  it("offers each role its views (hidden and disabled per the spec); the server refuses the others", async () => {
    const { page } = s;
    const expected: Record<string, string[]> = {
      vp: ["seller", "avp", "bdm", "tl"],
      avp: ["seller", "bdm", "tl"],
      bdm: ["seller", "avp (disabled)", "tl (disabled)"],
      tl: ["seller", "avp (disabled)", "bdm (disabled)"],
    };
    for (const role of ["vp", "avp", "bdm", "tl"] as const) {
      await gotoAs(page, role, "/order-tracker");
      expect(await viewOptionsOf(page), role).toEqual(expected[role]);
    }
    // Signed in as tl now: the BDM view by URL is refused; as bdm, the TL view.
    const refused = await page.goto("/order-tracker?view=bdm");
    expect(refused?.status()).toBe(403);
    await gotoAs(page, "bdm", "/order-tracker");
    expect((await page.goto("/order-tracker?view=tl"))?.status()).toBe(403);
    expect((await page.request.get("/order-tracker/daily-performance.csv?view=avp")).status()).toBe(403);
  });

  it("groups Daily Performance by TL for an avp, searches on Enter and sorts by a column", async () => {
    const { page, js } = s;
    await gotoAs(page, "avp", "/order-tracker");
    await page.locator("select[name=view]").selectOption("tl");
    if (!js) await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("view") === "tl");
    const table = page.getByRole("table", { name: "Daily Performance" });
    // The page has rendered the TL view (its search form is the new one) before we type.
    await expectLocator(table.locator("thead")).toContainText("TL");
    await expectLocator(table.locator("tbody tr").first()).toContainText("@");
    const rows = await table.locator("tbody tr").count();
    expect(rows).toBeGreaterThan(0);

    await page.getByLabel("Search", { exact: true }).fill("tl@demo.test");
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.waitForURL((u) => u.searchParams.get("q") === "tl@demo.test" && u.searchParams.get("view") === "tl");
    await expectLocator(table.locator("tbody tr")).toHaveCount(1);
    await expectLocator(table.locator("tbody tr")).toContainText("tl@demo.test");

    await page.goto("/order-tracker");
    await table.getByRole("link", { name: "Placed" }).nth(1).click();
    await page.waitForURL((u) => u.searchParams.get("sort") === "placed_1" && u.searchParams.get("dir") === "desc");
    // The page shows the new order: the same header now offers the other direction.
    await expect
      .poll(() => table.getByRole("link", { name: "Placed" }).nth(1).getAttribute("href"))
      .toContain("sort=placed_1&dir=asc");
    await expectLocator(table.locator("th[aria-sort=descending]")).toHaveCount(1);
    const yesterday = await table
      .locator("tbody tr")
      // The TL (name, e-mail), then Today's Placed and Picked, then Yesterday's Placed.
      .evaluateAll((trs) => trs.map((tr) => Number((tr.children[3]?.textContent ?? "").replace(/,/g, ""))));
    expect(yesterday.length).toBeGreaterThan(1);
    expect(yesterday).toEqual([...yesterday].sort((a, b) => b - a));
    await expectLocator(page.getByTestId("snapshot-times")).toContainText("Next Updated at");
    await expectLocator(page.getByTestId("avatar-legend")).toContainText("AVP");
  });

  it("has no serious or critical accessibility violation", async () => {
    const { page, js } = s;
    await gotoAs(page, "vp", "/order-tracker?period=last_30_days");
    // With JavaScript the check runs on the drawn chart (its brush has focusable ends), not before it.
    if (js) await page.locator(".chart-box svg.recharts-surface").first().waitFor({ state: "visible" });
    await expectAccessible(page, js);
  });
});

describe("the Order Tracker's CSVs", () => {
  const s = usePage();
  it("offers a vp's 300 seller e-mails once the seller field is focused (a small scope's come with the page)", async () => {
    const { page } = s;
    await gotoAs(page, "vp", "/order-tracker");
    const options = page.locator("#tracker-seller-emails option");
    expect(await options.count()).toBe(0);
    await page.getByLabel("Seller email").focus();
    await expectLocator(options).toHaveCount(await h.db.$count(clients));
    await gotoAs(page, "tl", "/order-tracker");
    expect(await options.count()).toBe(await h.db.$count(clients, eq(clients.tl_id, viewers.tl.id)));
  });

  it("Daily Performance has the role's hierarchy columns; Daily Stats the shown days", async () => {
    const { page } = s;
    await gotoAs(page, "bdm", "/order-tracker");
    // The file is headed by its snapshot's day: today's, or yesterday's within a refresh period
    // after India's midnight (the snapshot of 23:50 stands until the next refresh).
    const headDays = [today()];
    const perf = await page.request.get("/order-tracker/daily-performance.csv");
    headDays.push(today());
    if (msSinceIstMidnight() < SNAPSHOT_PERIOD_MS + 60_000) headDays.push(addDays(today(), -1));
    expect(perf.status()).toBe(200);
    expect(perf.headers()["content-disposition"]).toContain("filename*=UTF-8''Daily%20Performance.csv");
    const lines = (await perf.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(lines[0].split(",").slice(0, 3)).toEqual(["Seller Name", "Seller Email", "BDM"]);
    expect(headDays.map((d) => `Placed ${d}`)).toContain(lines[0].split(",")[3]);
    const n = await h.db.$count(clients, eq(clients.bdm_id, viewers.bdm.id));
    expect(lines).toHaveLength(n + 1);

    const statsDays = [today()];
    const stats = await page.request.get("/order-tracker/daily-stats.csv?period=last_30_days");
    statsDays.push(today());
    const statLines = (await stats.text())
      .replace(/^\uFEFF/, "")
      .trim()
      .split(/\r?\n/);
    expect(statLines[0]).toBe("Date,Placed");
    expect(statLines).toHaveLength(31);
    expect(statsDays).toContain(statLines[30].split(",")[0]);
    expect(
      (await page.request.get("/order-tracker/daily-stats.csv?period=custom&from=2020-01-01&to=2020-01-02")).status(),
    ).toBe(400);
  });
});
