/**
 * Courier setup in a real browser (issue 13), JavaScript on and off: All Couriers (figures,
 * filters in the URL, the toggle with its confirmation and Cancel, read-only for others) and
 * Courier Rules.
 */
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { plannedDemoClients } from "~/services/seed/seed.server";
import { baseURL, describeJsOnOff, expectAccessible, expectLocator, newContext, sharedBrowser, signIn, usePage } from "../support/browser";

/**
 * Clients every demo role here sees (the tl → bdm → avp → vp chain), from the end of the list so
 * other files' clients are not touched: JS on takes [0], off [1]; the read-only checks [2].
 */
const ours = plannedDemoClients()
  .filter((c) => c.chain.tl === "tl@demo.test" && c.chain.bdm === "bdm@demo.test")
  .slice(-5)
  .map((c) => c.id);

type Who = "vp" | "avp" | "tl";
const sessions: Partial<Record<Who, Awaited<ReturnType<BrowserContext["storageState"]>>>> = {};

beforeAll(async () => {
  expect(ours.length).toBe(5);
  const browser = await sharedBrowser();
  await Promise.all(
    (["vp", "avp", "tl"] as const).map(async (who) => {
      const context = await newContext(browser, true);
      try {
        const page = await context.newPage();
        await signIn(page, `${who}@demo.test`, who);
        await page.waitForURL((u) => u.pathname === "/all-users");
        sessions[who] = await context.storageState();
      } finally {
        await context.close();
      }
    })
  );
});

describeJsOnOff("All Couriers", (s) => {
  const client = () => ours[s.index];
  async function as(who: Who) {
    await s.context.addCookies(sessions[who]!.cookies);
    return s.page;
  }

  it("vp filters by the URL, deactivates a courier after 'Are you sure?' (Cancel first leaves it), and activates it again", async () => {
    const page = await as("vp");
    await page.goto(`/all-users/${client()}/all-couriers`);
    await page.waitForURL((u) => u.pathname === `/all-users/${client()}/courier-setup`);
    await expectLocator(page.getByRole("navigation", { name: "Client sections" }).getByRole("link", { name: "All Couriers" })).toHaveAttribute(
      "aria-current",
      "page"
    );
    const all = Number(await page.getByTestId("count-all").textContent());
    const active = Number(await page.getByTestId("count-active").textContent());
    expect(all).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId("courier-card").count()).toBe(all);
    expect(Number((await page.getByTestId("lm-count").textContent())!.replace(/,/g, ""))).toBeGreaterThan(1000);
    if (s.js) await expectAccessible(page);

    await page.getByRole("navigation", { name: "Courier filter" }).getByRole("link", { name: "Active", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("filter") === "active");
    await expectLocator(page.getByTestId("courier-card")).toHaveCount(active);

    const card = page.getByTestId("courier-card").first();
    const name = (await card.getByRole("heading").textContent())!;
    const toggle = page.getByRole("switch", { name: `${name} active` });
    await expectLocator(toggle).toHaveAttribute("aria-checked", "true");
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByText("This will deactivate for all your orders").waitFor();
    if (s.js) await expectAccessible(page);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);
    await expectLocator(page.getByRole("switch", { name: `${name} active` })).toHaveAttribute("aria-checked", "true");

    await page.getByRole("switch", { name: `${name} active` }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Deactivate" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(new URL(page.url()).searchParams.get("filter")).toBe("active");
    await expectLocator(page.getByTestId("count-active")).toHaveText(String(active - 1));
    await expectLocator(page.getByRole("switch", { name: `${name} active` })).toHaveCount(0);

    await page.goto(`/all-users/${client()}/courier-setup?filter=inactive&q=${encodeURIComponent(name.toLowerCase())}`);
    await expectLocator(page.getByRole("textbox", { name: "Courier name" })).toHaveValue(name.toLowerCase());
    await page.getByRole("switch", { name: `${name} active` }).click();
    const again = page.getByRole("dialog", { name: "Are you sure?" });
    await again.getByText("This will activate for all your orders").waitFor();
    await again.getByRole("button", { name: "Activate" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await expectLocator(page.getByTestId("count-active")).toHaveText(String(active));
  });

  it("tl and avp see the switches disabled, and a forced confirmation link opens nothing", async () => {
    for (const who of ["tl", "avp"] as const) {
      const page = await as(who);
      await page.goto(`/all-users/${ours[2]}/courier-setup?confirm=1`);
      const switches = page.getByRole("switch");
      expect(await switches.count()).toBeGreaterThan(0);
      for (const sw of await switches.all()) expect(await sw.getAttribute("aria-disabled")).toBe("true");
      await expectLocator(page.getByRole("dialog")).toHaveCount(0);
    }
  });
});

describe("All Couriers, once", () => {
  const once = usePage();
  it("a tl's forged toggle post is refused with 403 and changes nothing", async () => {
    const { context } = once;
    await context.addCookies(sessions.tl!.cookies);
    const res = await context.request.post(`${baseURL()}/all-users/${ours[2]}/courier-setup`, {
      form: { intent: "toggle", courier_id: "1", is_activate: "false" },
      headers: { Origin: baseURL() },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(403);
  });
});
