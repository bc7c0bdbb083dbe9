import type { BrowserContext } from "playwright-core";
import { beforeAll, expect, it } from "vitest";

import { seededPlanOffers } from "~/services/seed/advantage.server";
import { plannedDemoClients } from "~/services/seed/seed.server";

import {
  baseURL,
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  revealClientToken,
  sharedBrowser,
  signIn,
} from "../support/browser";

const EDIT_ROW = /^Edit (?!weight slab of )/;
const CANNOT_DISABLE =
  "You can not disable a plan that is activated by seller, please deactivate plan from seller dashboard.";
const CHANGE_NOT_ALLOWED = "Change not allowed. Please connect with tech-support.";

/**
 * Clients of the demo tl → bdm chain with no plan offered, that have an auth token: the seed
 * is deterministic, so its planner names the same rows as the server under test holds, without
 * a database (tests/services/advantage.test.ts checks the planner against a seeded one). The
 * tokens themselves are random per install: the seller's is revealed by a vp, as in real life.
 */
const fresh = plannedDemoClients()
  .filter(
    (c) =>
      c.chain.tl === "tl@demo.test" && c.chain.bdm === "bdm@demo.test" && seededPlanOffers(c.id).offered.length === 0,
  )
  .flatMap((c) => (c.has_token ? [{ id: c.id }] : []));

/** One signed-in session per role for the whole file (signing in is sign-in.test.ts's subject). */
const sessions: Partial<Record<"vp" | "bdm", Awaited<ReturnType<BrowserContext["storageState"]>>>> = {};

beforeAll(async () => {
  expect(fresh.length).toBeGreaterThanOrEqual(4);
  const browser = await sharedBrowser();
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
const premium = (id: number) => `/all-users/${id}/rate-card/advantage?plan=premium`;

describeJsOnOff("Pickrr Advantage", (s) => {
  /** This suite's clients: the first two of `fresh` for JS on, the next for off (index 0 / 1). */
  const client = () => fresh[s.index];

  /** The suite's page, signed in as `who`. */
  async function signedInAs(who: "vp" | "bdm") {
    await s.context.addCookies(sessions[who]!.cookies);
    return s.page;
  }

  it("vp offers Premium; the seller activates it; the console shows 'Activated' and refuses any change; once the seller deactivates it, vp disables it", async () => {
    const { context, browser, js } = s;
    const page = await signedInAs("vp");
    await page.goto(premium(client().id));
    await expectLocator(page.getByTestId("plan-status-premium")).toHaveText("Premium: Not offered");
    // The courier-wise card's downloads and bulk actions stay on their tab; History lists plan changes too.
    await expectLocator(page.getByRole("link", { name: "Download CSV" })).toHaveCount(0);
    await expectLocator(page.getByRole("link", { name: "History" })).toHaveCount(1);
    // No Advantage Settings saved yet: the plan's standard turnaround, and the promise.
    const tat = page.getByTestId("plan-tat");
    await expectLocator(tat).toHaveAttribute("data-source", "standard");
    await expectLocator(tat.getByRole("rowheader")).toHaveText("Days (plan standard)");
    expect(await tat.getByRole("cell").allTextContents()).toEqual(["2", "3", "4", "5", "8"]);
    await page.getByText("Promise: 90% of shipments delivered within the turnaround").waitFor();
    if (js) await expectAccessible(page); // once per screen (decision 017)

    const toggle = page.getByRole("switch", { name: "Premium plan offered" });
    await expectLocator(toggle).toHaveAttribute("aria-checked", "false");
    // A real control, operated from the keyboard (Space with JS, Enter without).
    await toggle.focus();
    await page.keyboard.press(js ? "Space" : "Enter");
    const dialog = page.getByRole("dialog", { name: "Enable Premium plan" });
    await dialog.waitFor();
    if (js) await expectAccessible(page); // once per screen (decision 017)
    await dialog.getByRole("button", { name: "Enable" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await expectLocator(page.getByTestId("plan-status-premium")).toHaveText("Premium: Offered");
    await expectLocator(page.getByRole("switch", { name: "Premium plan offered" })).toHaveAttribute(
      "aria-checked",
      "true",
    );

    // The seller, with the client's token and no staff session.
    const api = `/api/seller/advantage-plan`;
    const seller = await browser.newContext({ baseURL: baseURL() });
    try {
      const auth = { Authorization: `Token ${await revealClientToken(context.request, client().id)}` };
      // The endpoint's refusals are plain HTTP: checked once, in the JavaScript-on suite (decision 017).
      if (js) {
        expect((await seller.request.post(api, { data: { active: "advantage_premium" } })).status()).toBe(401);
        expect(
          (
            await seller.request.post(api, {
              data: { active: "advantage_premium" },
              headers: { Authorization: "Token wrong" },
            })
          ).status(),
        ).toBe(401);
        const notOffered = await seller.request.post(api, { data: { active: "advantage_basic" }, headers: auth });
        expect(notOffered.status()).toBe(400);
        expect(await notOffered.json()).toEqual({ err: "active must be in offered." });
      }
      const activated = await seller.request.post(api, { data: { active: "advantage_premium" }, headers: auth });
      expect(activated.status()).toBe(200);
      const state = {
        advantage_rate_plan: {
          offered: [{ type: "premium", name: "advantage_premium" }],
          active: { type: "premium", name: "advantage_premium" },
        },
      };
      expect(await activated.json()).toEqual(state);

      await page.goto(premium(client().id));
      await expectLocator(page.getByTestId("plan-status-premium")).toHaveText("Premium: Activated");
      await page.getByTestId("plan-activated").getByText("Activated").waitFor();
      await page.getByRole("switch", { name: "Premium plan offered" }).click();
      const refused = page.getByRole("dialog", { name: "Premium plan" });
      await expectLocator(refused.getByTestId("plan-change-refused")).toHaveText(CHANGE_NOT_ALLOWED);
      await expectLocator(refused.getByRole("button", { name: "Disable" })).toHaveCount(0);

      // Even a hand-made withdraw is refused (its toast waits for the next page), and the plan stays active.
      const forged = await context.request.post(`/all-users/${client().id}/rate-card/advantage/plan?plan=premium`, {
        form: { intent: "withdraw", plan: "premium" },
        maxRedirects: 0,
      });
      expect(forged.status()).toBe(302);
      const read = await seller.request.get(api, { headers: auth });
      expect(read.status()).toBe(200);
      expect(await read.json()).toEqual(state);

      // The seller deactivates it from the seller dashboard: offered, no longer active.
      const deactivated = await seller.request.post(api, { data: { active: null }, headers: auth });
      expect(await deactivated.json()).toEqual({
        advantage_rate_plan: { offered: state.advantage_rate_plan.offered, active: null },
      });
    } finally {
      await seller.close();
    }

    // The refusal shows for 15 seconds (docs/product.md §8), longer than other errors.
    if (js) await page.clock.install();
    await page.goto(premium(client().id));
    const toast = page.getByTestId("toast");
    await expectLocator(toast).toContainText(CANNOT_DISABLE);
    if (js) {
      // The page's clock is Playwright's from the start. Once the toast's timer runs (after
      // hydration), 12 s on it is still shown and by 15.5 s it is gone.
      await page.locator('[data-testid="toast"][data-timed="true"]').waitFor();
      // Nothing is due before 15 s, so nothing can have changed the page by 12 s: one read is the check.
      await page.clock.runFor(12_000);
      await expectLocator(toast).toHaveCount(1);
      await page.clock.runFor(3_500);
      await toast.waitFor({ state: "detached", timeout: 2_000 });
      await page.clock.resume();
    }

    // An offered plan the seller has not activated can be disabled.
    await expectLocator(page.getByTestId("plan-status-premium")).toHaveText("Premium: Offered");
    await page.getByRole("switch", { name: "Premium plan offered" }).click();
    const disable = page.getByRole("dialog", { name: "Disable Premium plan" });
    await disable.getByRole("button", { name: "Disable" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await expectLocator(page.getByTestId("plan-status-premium")).toHaveText("Premium: Not offered");
    await expectLocator(page.getByRole("switch", { name: "Premium plan offered" })).toHaveAttribute(
      "aria-checked",
      "false",
    );
  });

  it("vp edits a premium plan rate: the first save copies the plan's defaults for the client", async () => {
    const page = await signedInAs("vp");
    const id = fresh[s.index + 2].id;
    await page.goto(premium(id));
    await expectLocator(page.getByTestId("plan-card-mode")).toContainText("uses the plan's default rates");
    const row = page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: EDIT_ROW }) })
      .first();
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
    await page
      .locator("[data-editing]")
      .getByLabel(/^Zone A Base for/)
      .fill(next);
    await page.locator("[data-editing]").getByRole("button", { name: "Save" }).click();
    const dialog = page.getByRole("dialog", { name: "Confirm rate update" });
    await dialog.waitFor();
    await dialog.getByText("This is the first edit").waitFor();
    await expectLocator(dialog.getByTestId("new-zone_a_base")).toHaveText(next);
    await expectLocator(dialog.getByLabel(`was ${oldZoneA}`)).toHaveCount(1);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await expectLocator(page.getByTestId("plan-card-mode")).toContainText("own (exclusive) copy");
    const saved = page
      .getByTestId("rate-row")
      .filter({ has: page.getByRole("link", { name: `Edit ${courier}` }) })
      .first();
    await expectLocator(saved.locator("td").nth(2)).toContainText(`${next} |`);
    // Basic still shows its defaults for this client.
    await page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Basic" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "basic");
    await page.getByRole("heading", { name: "Basic plan rate card" }).waitFor();
    await expectLocator(page.getByTestId("plan-card-mode")).toContainText("uses the plan's default rates");
  });

  it("vp saves valid cashback settings; each invalid value shows its message", async () => {
    const { js } = s;
    const page = await signedInAs("vp");
    const id = fresh[s.index + 2].id;
    await page.goto(premium(id));
    const settings = page.getByTestId("advantage-settings");
    // docs/product.md §2.6: the settings come before the plan's rate card, not below its thousands of cells.
    expect((await settings.boundingBox())!.y).toBeLessThan(
      (await page.getByTestId("panel-title").first().boundingBox())!.y,
    );
    // The same screen as the first test's (vp, Premium, settings form): scanned there (decision 017).
    expect(await settings.getByRole("radio", { name: "85%" }).isChecked()).toBe(true);
    for (const a of ["85%", "90%", "95%"])
      expect(await settings.getByRole("radio", { name: a }).isDisabled()).toBe(true);
    for (const [zone, days] of [
      ["Zone A 'Intra City' TAT", "2"],
      ["Zone E 'ROI' TAT", "8"],
    ])
      await expectLocator(settings.getByLabel(zone)).toHaveValue(days);
    await expectLocator(settings.getByLabel("Return: RTO cashback", { exact: true })).toHaveValue("100.00");

    const apply = settings.getByRole("button", { name: "Apply" });
    // No liability set yet: nothing is red before the form is touched (docs/product.md §5); Apply
    // shows the message — in the browser with JavaScript (no post), else the server refuses (400).
    expect(await settings.getByText("* max cashback liability is required").count()).toBe(0);
    if (js) {
      const posts: string[] = [];
      page.on("request", (r) => (r.method() === "POST" ? posts.push(r.url()) : undefined));
      // Apply is disabled while the form is invalid, from the first load (decision 070), saying why in grey.
      await expect.poll(() => apply.isDisabled()).toBe(true);
      await settings.getByTestId("apply-waits").waitFor();
      const liability = settings.getByLabel("Max cashback liability (₹)");
      await liability.fill("1");
      await expect.poll(() => apply.isDisabled()).toBe(false);
      await liability.fill("");
      await settings.getByText("* max cashback liability is required").waitFor();
      expect(await apply.isDisabled()).toBe(true);
      expect(posts).toEqual([]);
    } else {
      const [refused] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        apply.click(),
      ]);
      expect(refused.status()).toBe(400);
      await settings.getByText("Some form fields are invalid.").waitFor();
      await settings.getByText("* max cashback liability is required").waitFor();
    }

    // Only the inputs the chosen plans use show with JavaScript; without it all show, each naming its plans.
    const returnPlan = (n: number) =>
      settings
        .getByRole("radiogroup", { name: "Return cashback plan" })
        .getByRole("radio", { name: new RegExp(`^Plan ${n}: `) });
    const deliveredPlan = (n: number) =>
      settings
        .getByRole("radiogroup", { name: "Delivered-breach cashback plan" })
        .getByRole("radio", { name: new RegExp(`^Plan ${n}: `) });
    const shown = (field: string) => settings.getByTestId(`amount-${field}`).isVisible();
    if (js) {
      await returnPlan(1).check();
      await deliveredPlan(1).check();
      for (const f of ["return_rto", "return_forward", "delivered_forward"])
        await expect.poll(() => shown(f)).toBe(false);
      await returnPlan(3).check();
      await expect.poll(() => shown("return_rto")).toBe(true);
      expect(await shown("return_forward")).toBe(false);
    }
    await returnPlan(4).check();
    await deliveredPlan(2).check();
    for (const f of ["return_rto", "return_forward", "delivered_forward"]) await expect.poll(() => shown(f)).toBe(true);
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
    await expectLocator(after.getByLabel("Return: RTO cashback", { exact: true })).toHaveValue("60.00");
    await expectLocator(after.getByLabel("Return: forward cashback type")).toHaveValue("value");
    await expectLocator(after.getByLabel("Return: forward cashback", { exact: true })).toHaveValue("25.56");
    await expectLocator(after.getByLabel("Zone C 'Metros' TAT")).toHaveValue("5");
    await expectLocator(after.getByLabel("Max cashback liability (₹)")).toHaveValue("750.00");
    const tat = page.getByTestId("plan-tat");
    await expectLocator(tat.getByRole("rowheader")).toHaveText("Days (this client's Advantage Settings)");
    expect(await tat.getByRole("cell").allTextContents()).toEqual(["2", "3", "5", "5", "8"]);
    await page.getByText("Promise: 90% of shipments delivered within the turnaround").waitFor();
  });

  it("a bdm sees the plans and settings but cannot change them; forged posts get 403", async () => {
    const { context, js } = s;
    const page = await signedInAs("bdm");
    const id = fresh[s.index + 2].id;
    await page.goto(premium(id));
    const settings = page.getByTestId("advantage-settings");
    expect(await settings.getByLabel("Max cashback liability (₹)").isDisabled()).toBe(true);
    expect(await settings.getByRole("radio", { name: "Plan 1: Full RTO refund", exact: true }).isDisabled()).toBe(true);
    await expectLocator(settings.getByRole("button", { name: "Apply" })).toHaveCount(0);
    await expectLocator(page.getByRole("switch", { name: "Premium plan offered" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expectLocator(page.getByRole("link", { name: EDIT_ROW })).toHaveCount(0);
    await expectLocator(page.getByRole("columnheader", { name: "Operation" })).toHaveCount(0);
    if (js) await expectAccessible(page); // once per screen (decision 017)

    // Forged posts are plain HTTP: once, in the JavaScript-on suite (decision 017).
    if (!js) return;
    const base = `/all-users/${id}/rate-card/advantage?plan=premium`;
    const cashback = await context.request.post(base, {
      form: { intent: "cashback", return_plan: "1", delivered_plan: "1", max_tat_liability: "1", version: "1" },
      maxRedirects: 0,
    });
    expect(cashback.status()).toBe(403);
    const planRate = await context.request.post(base, {
      form: { intent: "plan-save", plan: "advantage_premium", apply_default: "false", rowId: "1", version: "1" },
      maxRedirects: 0,
    });
    expect(planRate.status()).toBe(403);
    const offer = await context.request.post(`/all-users/${id}/rate-card/advantage/plan?plan=basic`, {
      form: { intent: "offer", plan: "basic" },
      maxRedirects: 0,
    });
    expect(offer.status()).toBe(403);
    await page.goto(`/all-users/${id}/rate-card?tab=advantage&plan=basic`);
    await expectLocator(page.getByTestId("plan-status-basic")).toHaveText("Basic: Not offered");
  });

  it("remembers the Basic / Premium choice per browser, after a reload and from a link without it", async () => {
    const page = await signedInAs("bdm");
    const id = fresh[s.index].id;
    await page.goto(`/all-users/${id}/rate-card`);
    await page.getByRole("link", { name: "Pickrr Advantage" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "basic");
    await page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Premium" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "premium");
    await page.reload();
    await expectLocator(
      page.getByRole("navigation", { name: "Advantage plans" }).getByRole("link", { name: "Premium" }),
    ).toHaveAttribute("aria-current", "page");
    await page.goto(`/all-users/${id}/rate-card?tab=advantage`);
    expect(new URL(page.url()).searchParams.get("plan")).toBe("premium");
    await page.getByTestId("advantage-settings").waitFor();
    // From the courier-wise card into the advantage tab again: still Premium.
    await expectLocator(page.getByRole("link", { name: "Courier Wise Plan" })).toHaveAttribute(
      "href",
      `/all-users/${id}/rate-card`,
    );
    await page.goto(`/all-users/${id}/rate-card`);
    await page.getByRole("link", { name: "Pickrr Advantage" }).click();
    await page.waitForURL((u) => u.searchParams.get("plan") === "premium");
  });
});
