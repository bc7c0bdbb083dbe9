import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seededPlanOffers } from "~/services/advantage/seed.server";
import { plannedDemoClients } from "~/services/db/seed.server";
import { baseURL, expectAccessible, launchBrowser, newContext, signIn } from "../support/browser";

const EDIT_ROW = /^Edit (?!weight slab of )/;
const CANNOT_DISABLE = "You can not disable a plan that is activated by seller, please deactivate plan from seller dashboard.";
const CHANGE_NOT_ALLOWED = "Change not allowed. Please connect with tech-support.";

let browser: Browser;
/**
 * Clients of the demo tl → bdm chain with no plan offered, and their auth tokens: the seed is
 * deterministic, so its planner names the same rows (and the tokens a seller would hold) as
 * the server under test holds, without a database (tests/services/advantage.test.ts checks
 * the planner against a seeded one).
 */
const fresh = plannedDemoClients()
  .filter((c) => c.chain.tl === "tl@demo.test" && c.chain.bdm === "bdm@demo.test" && seededPlanOffers(c.id).offered.length === 0)
  .flatMap((c) => (c.auth_token ? [{ id: c.id, auth_token: c.auth_token }] : []));

/** One signed-in session per role for the whole file (signing in is sign-in.test.ts's subject). */
const sessions: Partial<Record<"vp" | "bdm", Awaited<ReturnType<BrowserContext["storageState"]>>>> = {};

beforeAll(async () => {
  expect(fresh.length).toBeGreaterThanOrEqual(4);
  browser = await launchBrowser();
  await Promise.all(
    (["vp", "bdm"] as const).map(async (who) => {
      const context = await newContext(browser, true);
      try {
        const page = await context.newPage();
        await signIn(page, `${who}@demo.test`, who);
        await page.waitForURL((u) => u.pathname === "/all-users");
        sessions[who] = await context.storageState();
      } finally {
        await context.close();
      }
    }),
  );
});
afterAll(async () => {
  await browser?.close();
});

const premium = (id: number) => `/all-users/${id}/rate-card/advantage?plan=premium`;

describe.each([
  ["JavaScript on", true, 0],
  ["JavaScript off", false, 1],
])("Pickrr Advantage with %s", (_label, js, index) => {
  let context: BrowserContext | undefined;
  let page: Page;
  let client: { id: number; auth_token: string };
  beforeEach(() => {
    client = fresh[index];
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  /** A browser signed in as `who`, with JavaScript on or off per the suite. */
  async function signedInAs(who: "vp" | "bdm") {
    context = await browser.newContext({ baseURL: baseURL(), javaScriptEnabled: js, viewport: { width: 1366, height: 900 }, storageState: sessions[who] });
    page = await context.newPage();
  }

  it("vp offers Premium; the seller activates it; the console shows 'Activated' and refuses any change; once the seller deactivates it, vp disables it", async () => {
    await signedInAs("vp");
    await page.goto(premium(client.id));
    expect(await page.getByTestId("plan-status-premium").textContent()).toBe("Premium: Not offered");
    // The courier-wise card's downloads and bulk actions stay on their tab; History lists plan changes too.
    expect(await page.getByRole("link", { name: "Download CSV" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "History" }).count()).toBe(1);
    // No Advantage Settings saved yet: the plan's standard turnaround, and the promise.
    const tat = page.getByTestId("plan-tat");
    expect(await tat.getAttribute("data-source")).toBe("standard");
    expect(await tat.getByRole("rowheader").textContent()).toBe("Days (plan standard)");
    expect(await tat.getByRole("cell").allTextContents()).toEqual(["2", "3", "4", "5", "8"]);
    await page.getByText("Promise: 90% of shipments delivered within the turnaround").waitFor();
    await expectAccessible(page, js);

    const toggle = page.getByRole("switch", { name: "Premium plan offered" });
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    const dialog = page.getByRole("dialog", { name: "Enable Premium plan" });
    await dialog.waitFor();
    await expectAccessible(page, js);
    await dialog.getByRole("button", { name: "Enable" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(await page.getByTestId("plan-status-premium").textContent()).toBe("Premium: Offered");
    expect(await page.getByRole("switch", { name: "Premium plan offered" }).getAttribute("aria-checked")).toBe("true");

    // The seller, with the client's token and no staff session.
    const api = `/api/seller/advantage-plan`;
    const seller = await browser.newContext({ baseURL: baseURL() });
    try {
      expect((await seller.request.post(api, { data: { active: "advantage_premium" } })).status()).toBe(401);
      expect((await seller.request.post(api, { data: { active: "advantage_premium" }, headers: { Authorization: "Token wrong" } })).status()).toBe(401);
      const auth = { Authorization: `Token ${client.auth_token}` };
      const notOffered = await seller.request.post(api, { data: { active: "advantage_basic" }, headers: auth });
      expect(notOffered.status()).toBe(400);
      expect(await notOffered.json()).toEqual({ err: "active must be in offered." });
      const activated = await seller.request.post(api, { data: { active: "advantage_premium" }, headers: auth });
      expect(activated.status()).toBe(200);
      const state = {
        advantage_rate_plan: { offered: [{ type: "premium", name: "advantage_premium" }], active: { type: "premium", name: "advantage_premium" } },
      };
      expect(await activated.json()).toEqual(state);

      await page.goto(premium(client.id));
      expect(await page.getByTestId("plan-status-premium").textContent()).toBe("Premium: Activated");
      await page.getByTestId("plan-activated").getByText("Activated").waitFor();
      await page.getByRole("switch", { name: "Premium plan offered" }).click();
      const refused = page.getByRole("dialog", { name: "Premium plan" });
      expect(await refused.getByTestId("plan-change-refused").textContent()).toBe(CHANGE_NOT_ALLOWED);
      expect(await refused.getByRole("button", { name: "Disable" }).count()).toBe(0);

      // Even a hand-made withdraw is refused (its toast waits for the next page), and the plan stays active.
      const forged = await context!.request.post(`/all-users/${client.id}/rate-card/advantage/plan?plan=premium`, {
        form: { intent: "withdraw", plan: "premium" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(302);
      const read = await seller.request.get(api, { headers: auth });
      expect(read.status()).toBe(200);
      expect(await read.json()).toEqual(state);

      // The seller deactivates it from the seller dashboard: offered, no longer active.
      const deactivated = await seller.request.post(api, { data: { active: null }, headers: auth });
      expect(await deactivated.json()).toEqual({ advantage_rate_plan: { offered: state.advantage_rate_plan.offered, active: null } });
    } finally {
      await seller.close();
    }

    // The refusal shows for 15 seconds (spec §8), longer than other errors.
    if (js) await page.clock.install();
    await page.goto(premium(client.id));
    const toast = page.getByTestId("toast");
    expect(await toast.textContent()).toContain(CANNOT_DISABLE);
    if (js) {
      // The page's clock is Playwright's from the start. Once the toast's timer runs (after
      // hydration), 12 s on it is still shown and by 15.5 s it is gone.
      await page.locator('[data-testid="toast"][data-timed="true"]').waitFor();
      await page.clock.runFor(12_000);
      await page.waitForTimeout(100);
      expect(await toast.count()).toBe(1);
      await page.clock.runFor(3_500);
      await toast.waitFor({ state: "detached", timeout: 2_000 });
      await page.clock.resume();
    }

    // An offered plan the seller has not activated can be disabled.
    expect(await page.getByTestId("plan-status-premium").textContent()).toBe("Premium: Offered");
    await page.getByRole("switch", { name: "Premium plan offered" }).click();
    const disable = page.getByRole("dialog", { name: "Disable Premium plan" });
    await disable.getByRole("button", { name: "Disable" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(await page.getByTestId("plan-status-premium").textContent()).toBe("Premium: Not offered");
    expect(await page.getByRole("switch", { name: "Premium plan offered" }).getAttribute("aria-checked")).toBe("false");
  });

  it("vp edits a premium plan rate: the first save copies the plan's defaults for the client", async () => {
    await signedInAs("vp");
    const id = fresh[index + 2].id;
    await page.goto(premium(id));
    expect(await page.getByTestId("plan-card-mode").textContent()).toContain("uses the plan's default rates");
    const row = page.getByTestId("rate-row").filter({ has: page.getByRole("link", { name: EDIT_ROW }) }).first();
    const courier = (await row.getAttribute("data-courier"))!;
    await row.getByRole("link", { name: EDIT_ROW }).click();
    await page.waitForURL((u) => u.searchParams.has("edit") && u.searchParams.get("plan") === "premium");
    const zoneA = page.locator("[data-editing]").getByLabel(/^Zone A Base for/);
    const oldZoneA = await zoneA.inputValue();
    await zoneA.fill("");
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    await page.getByTestId("rate-error").getByText("Some field are not valid").waitFor();
    await page.locator("[data-editing]").getByText("Please fill!").waitFor();

    const next = (Number(oldZoneA) + 3.5).toFixed(2);
    await page.locator("[data-editing]").getByLabel(/^Zone A Base for/).fill(next);
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm rate update" });
    await dialog.waitFor();
    await dialog.getByText("This is the first edit").waitFor();
    expect(await dialog.getByTestId("new-zone_a_base").textContent()).toBe(next);
    expect(await dialog.getByLabel(`was ${oldZoneA}`).count()).toBe(1);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(await page.getByTestId("plan-card-mode").textContent()).toContain("own (exclusive) copy");
    const saved = page.getByTestId("rate-row").filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) }).first();
    expect(await saved.locator("td").nth(2).textContent()).toContain(`${next} |`);
    // Basic still shows its defaults for this client.
    await page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Basic" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "basic");
    await page.getByRole("heading", { name: "Basic plan rate card" }).waitFor();
    expect(await page.getByTestId("plan-card-mode").textContent()).toContain("uses the plan's default rates");
  });

  it("vp saves valid cashback settings; each invalid value shows its message", async () => {
    await signedInAs("vp");
    const id = fresh[index + 2].id;
    await page.goto(premium(id));
    const settings = page.getByTestId("advantage-settings");
    await expectAccessible(page, js);
    expect(await settings.getByRole("radio", { name: "85%" }).isChecked()).toBe(true);
    for (const a of ["85%", "90%", "95%"]) expect(await settings.getByRole("radio", { name: a }).isDisabled()).toBe(true);
    for (const [zone, days] of [["Zone A 'Intra City' TAT", "2"], ["Zone E 'ROI' TAT", "8"]]) expect(await settings.getByLabel(zone).inputValue()).toBe(days);
    expect(await settings.getByLabel("Return: RTO cashback", { exact: true }).inputValue()).toBe("100.00");

    const apply = settings.getByRole("button", { name: "Apply" });
    // No liability set yet: with JavaScript the form is checked as it loads and Apply is disabled;
    // without, the server refuses the post (400) and says so.
    if (js) {
      await settings.getByText("* max cashback liability is required").waitFor();
      expect(await apply.isDisabled()).toBe(true);
    } else {
      const [refused] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), apply.click()]);
      expect(refused.status()).toBe(400);
      await settings.getByText("Some form fields are invalid.").waitFor();
      await settings.getByText("* max cashback liability is required").waitFor();
    }

    await settings.getByLabel("Return: RTO cashback", { exact: true }).fill("");
    await settings.getByLabel("Return: forward cashback type").selectOption("value");
    await settings.getByLabel("Return: forward cashback", { exact: true }).fill("-5");
    await settings.getByLabel("Delivered breach: forward cashback", { exact: true }).fill("120");
    await settings.getByLabel("Max cashback liability (₹)").fill("-1");
    // With JavaScript each message shows as you type; without, after Apply.
    if (!js) {
      await apply.click();
      await settings.getByText("Some form fields are invalid.").waitFor();
    }
    await settings.getByText("* This feild can not be empty.").waitFor();
    await settings.getByText("* cashback value can not be nagative").waitFor();
    await settings.getByText("* enter valid percentage value").waitFor();
    await settings.getByText("* max cashback liability is required").waitFor();
    if (js) expect(await apply.isDisabled()).toBe(true);

    await settings.getByRole("radio", { name: "Plan 4: Partial RTO plus partial forward" }).check();
    await settings.getByRole("radio", { name: "Plan 2: Partial forward freight" }).check();
    await settings.getByLabel("Return: RTO cashback", { exact: true }).fill("60");
    // More than two decimals is rounded to the paisa, not refused.
    await settings.getByLabel("Return: forward cashback", { exact: true }).fill("25.555");
    await settings.getByLabel("Delivered breach: forward cashback", { exact: true }).fill("50");
    await settings.getByLabel("Zone C 'Metros' TAT").fill("5");
    await settings.getByLabel("Max cashback liability (₹)").fill("750");
    await apply.click();
    await page.getByTestId("toast").getByText("Changes Saved.").waitFor();

    // The page after the save shows what was stored, and the plan table now shows the client's TAT.
    const after = page.getByTestId("advantage-settings");
    expect(await after.getByRole("radio", { name: "Plan 4: Partial RTO plus partial forward" }).isChecked()).toBe(true);
    expect(await after.getByRole("radio", { name: "Plan 2: Partial forward freight" }).isChecked()).toBe(true);
    expect(await after.getByLabel("Return: RTO cashback", { exact: true }).inputValue()).toBe("60.00");
    expect(await after.getByLabel("Return: forward cashback type").inputValue()).toBe("value");
    expect(await after.getByLabel("Return: forward cashback", { exact: true }).inputValue()).toBe("25.56");
    expect(await after.getByLabel("Zone C 'Metros' TAT").inputValue()).toBe("5");
    expect(await after.getByLabel("Max cashback liability (₹)").inputValue()).toBe("750.00");
    const tat = page.getByTestId("plan-tat");
    expect(await tat.getByRole("rowheader").textContent()).toBe("Days (this client's Advantage Settings)");
    expect(await tat.getByRole("cell").allTextContents()).toEqual(["2", "3", "5", "5", "8"]);
    await page.getByText("Promise: 90% of shipments delivered within the turnaround").waitFor();
  });

  it("a bdm sees the plans and settings but cannot change them; forged posts get 403", async () => {
    await signedInAs("bdm");
    const id = fresh[index + 2].id;
    await page.goto(premium(id));
    const settings = page.getByTestId("advantage-settings");
    expect(await settings.getByLabel("Max cashback liability (₹)").isDisabled()).toBe(true);
    expect(await settings.getByRole("radio", { name: "Plan 1: Full RTO refund", exact: true }).isDisabled()).toBe(true);
    expect(await settings.getByRole("button", { name: "Apply" }).count()).toBe(0);
    expect(await page.getByRole("switch", { name: "Premium plan offered" }).getAttribute("aria-disabled")).toBe("true");
    expect(await page.getByRole("link", { name: EDIT_ROW }).count()).toBe(0);
    expect(await page.getByRole("columnheader", { name: "Operation" }).count()).toBe(0);
    await expectAccessible(page, js);

    const base = `/all-users/${id}/rate-card/advantage?plan=premium`;
    const cashback = await context!.request.post(base, { form: { intent: "cashback", return_plan: "1", delivered_plan: "1", max_tat_liability: "1", version: "1" }, maxRedirects: 0 });
    expect(cashback.status()).toBe(403);
    const planRate = await context!.request.post(base, { form: { intent: "plan-save", plan: "advantage_premium", apply_default: "false", rowId: "1", version: "1" }, maxRedirects: 0 });
    expect(planRate.status()).toBe(403);
    const offer = await context!.request.post(`/all-users/${id}/rate-card/advantage/plan?plan=basic`, { form: { intent: "offer", plan: "basic" }, maxRedirects: 0 });
    expect(offer.status()).toBe(403);
    await page.goto(`/all-users/${id}/rate-card?tab=advantage&plan=basic`);
    expect(await page.getByTestId("plan-status-basic").textContent()).toBe("Basic: Not offered");
  });

  it("remembers the Basic / Premium choice per browser, after a reload and from a link without it", async () => {
    await signedInAs("bdm");
    const id = fresh[index].id;
    await page.goto(`/all-users/${id}/rate-card`);
    await page.getByRole("link", { name: "Pickrr Advantage" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "basic");
    await page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Premium" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "premium");
    await page.reload();
    expect(await page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Premium" }).getAttribute("aria-current")).toBe("page");
    await page.goto(`/all-users/${id}/rate-card?tab=advantage`);
    expect(new URL(page.url()).searchParams.get("plan")).toBe("premium");
    await page.getByTestId("advantage-settings").waitFor();
    // From the courier-wise card into the advantage tab again: still Premium.
    expect(await page.getByRole("link", { name: "Courier Wise Plan" }).getAttribute("href")).toBe(`/all-users/${id}/rate-card`);
    await page.goto(`/all-users/${id}/rate-card`);
    await page.getByRole("link", { name: "Pickrr Advantage" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "premium");
  });
});
