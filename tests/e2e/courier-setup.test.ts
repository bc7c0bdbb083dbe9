/**
 * Courier setup in a real browser (decision 027), JavaScript on and off: All Couriers (figures,
 * filters in the URL, the toggle with its confirmation and Cancel, read-only for others) and
 * Courier Rules.
 */
import type { BrowserContext } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";

import { plannedDemoClients } from "~/services/seed/seed.server";

import {
  baseURL,
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  sharedBrowser,
  signIn,
  usePage,
} from "../support/browser";

/**
 * Clients every demo role here sees (the tl → bdm → avp → vp chain), from the end of the list so
 * other files' clients are not touched: JS on takes [0], off [1]; the read-only checks [2].
 */
const ours = plannedDemoClients()
  .filter((c) => c.chain.tl === "tl@demo.test" && c.chain.bdm === "bdm@demo.test")
  .slice(-5)
  .map((c) => c.id);

/** The one-system proof's own client (changes its selection type and couriers). */
const proofClient = plannedDemoClients()
  .filter((c) => c.chain.tl === "tl@demo.test" && c.chain.bdm === "bdm@demo.test")
  .slice(-6, -5)[0].id;

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
    }),
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
    await expectLocator(
      page.getByRole("navigation", { name: "Client sections" }).getByRole("link", { name: "All Couriers" }),
    ).toHaveAttribute("aria-current", "page");
    const all = Number(await page.getByTestId("count-all").textContent());
    const active = Number(await page.getByTestId("count-active").textContent());
    expect(all).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId("courier-card").count()).toBe(all);
    expect(Number((await page.getByTestId("lm-count").textContent())!.replace(/,/g, ""))).toBeGreaterThan(1000);
    if (s.js) await expectAccessible(page);

    await page
      .getByRole("navigation", { name: "Courier filter" })
      .getByRole("link", { name: "Active", exact: true })
      .click();
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
    // The redirect back keeps the filter (polled: under load the URL can settle after the toast
    // shows; waitForURL also waits for a load event, which a client-side navigation has none of,
    // and timed out once in CI without saying what the URL was).
    await expect
      .poll(() => {
        const u = new URL(page.url());
        return u.searchParams.get("filter") === "active" && !u.searchParams.has("confirm")
          ? "back on the filter"
          : u.search;
      })
      .toBe("back on the filter");
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

describeJsOnOff("Courier Rules", (s) => {
  /** Each mode's own client (JS on ours[3], off ours[4]). */
  const client = () => ours[s.index + 3];
  const rules = (panel = "") => `/all-users/${client()}/courier-rules${panel ? `?panel=${panel}` : ""}`;
  async function as(who: Who) {
    await s.context.addCookies(sessions[who]!.cookies);
    return s.page;
  }
  const toast = (text: string) => s.page.getByTestId("toast").getByText(text).waitFor();

  it("vp changes the selection type, and creates, edits and deletes a custom priority rule (each courier once; Save waits for the required fields)", async () => {
    const page = await as("vp");
    await page.goto(rules("custom"));
    await expectLocator(page.getByTestId("rule-help")).toHaveCount(4);
    const target =
      (await page.getByTestId("option-custom").getAttribute("aria-current")) === "true" ? "Fastest" : "Custom";
    await page.getByRole("button", { name: `Use ${target}` }).click();
    await toast(`Updated Successfully! Selection type: ${target.toLowerCase()}.`);
    await expectLocator(page.getByTestId(`option-${target.toLowerCase()}`)).toHaveAttribute("aria-current", "true");
    if (s.js) await expectAccessible(page);

    await page.goto(rules("custom"));
    const before = await page
      .getByTestId("custom-rules")
      .getByRole("row")
      .count()
      .catch(() => 0);
    await page.getByRole("link", { name: "New Rule" }).click();
    const dialog = page.getByRole("dialog", { name: "New Rule" });
    await dialog.waitFor();
    if (s.js) {
      await expectLocator(dialog.getByRole("button", { name: "Save" })).toHaveAttribute("disabled", "");
      await expectAccessible(page);
    }
    await dialog.getByRole("radio", { name: "express" }).check();
    await dialog.getByRole("checkbox", { name: /^A / }).check();
    await dialog.getByRole("checkbox", { name: "cod" }).check();
    const first = await dialog
      .getByRole("combobox", { name: "Priority 1" })
      .locator("option")
      .nth(1)
      .getAttribute("value");
    await dialog.getByRole("combobox", { name: "Priority 1" }).selectOption(first!);
    await dialog.getByRole("combobox", { name: "Priority 2" }).selectOption(first!);
    if (!s.js) await dialog.getByRole("button", { name: "Save" }).click();
    await page
      .getByRole("dialog", { name: "New Rule" })
      .getByText("Each courier can fill only one priority slot.")
      .waitFor();
    await page.getByRole("dialog", { name: "New Rule" }).getByRole("combobox", { name: "Priority 2" }).selectOption("");
    await page.getByRole("dialog", { name: "New Rule" }).getByRole("button", { name: "Save" }).click();
    await toast("Rule Created Successfully!");
    const table = page.getByTestId("custom-rules");
    await expectLocator(table.getByRole("row")).toHaveCount(Math.max(before, 1) + 1);
    const row = table.getByRole("row").filter({ hasText: first! }).last();

    await row.getByRole("link", { name: /Edit Rule/ }).click();
    const edit = page.getByRole("dialog", { name: "Edit Rule" });
    await edit.getByRole("checkbox", { name: /^B / }).check();
    await edit.getByRole("button", { name: "Save" }).click();
    await toast("Rule Edited Successfully!");
    await table.getByRole("row").filter({ hasText: "A, B" }).filter({ hasText: first! }).waitFor();

    await table
      .getByRole("row")
      .filter({ hasText: "A, B" })
      .filter({ hasText: first! })
      .last()
      .getByRole("link", { name: /Delete/ })
      .click();
    await page.getByRole("dialog", { name: "Delete rule" }).getByRole("button", { name: "Delete" }).click();
    await toast("Deleted Successfully!");
    await expectLocator(
      page.getByTestId("custom-rules").getByRole("row").filter({ hasText: "A, B" }).filter({ hasText: first! }),
    ).toHaveCount(0);
  });

  it("vp creates a Pickrr Select rule (Save disabled until ready; 'Max Value should be greater'), clones, reorders, toggles and deletes it, and edits it", async () => {
    const page = await as("vp");
    const name = `E2E lane ${s.js ? "on" : "off"}`;
    await page.goto(rules("pickrr_select"));
    await page.getByRole("link", { name: "Create New Rule" }).click();
    await page.waitForURL((u) => u.pathname.endsWith("/courier-rules/select/new"));
    const save = page.getByRole("button", { name: "Save" });
    if (s.js) {
      await expectLocator(save).toHaveAttribute("disabled", "");
      await expectAccessible(page);
    }
    await page.getByRole("textbox", { name: "Rule name" }).fill(name);
    await page.getByRole("checkbox", { name: /^C / }).check();
    if (s.js) await expectLocator(save).toHaveAttribute("disabled", "");
    await page.getByRole("radio", { name: "cheapest" }).check();
    if (s.js) await expectLocator(save).toHaveAttribute("disabled", null);
    await page.getByRole("textbox", { name: "Weight (kg) 1 Min Value" }).fill("2");
    await page.getByRole("textbox", { name: "Weight (kg) 1 Max Value" }).fill("1");
    if (!s.js) await save.click();
    await page.getByText("Max Value should be greater").first().waitFor();
    await page.getByRole("textbox", { name: "Weight (kg) 1 Max Value" }).fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    await toast("Rule created successfully!");
    const list = page.getByTestId("select-rules");
    const mine = () => list.getByRole("row").filter({ hasText: name });
    await expectLocator(mine()).toHaveCount(1);
    await expectLocator(mine().getByRole("cell").nth(3)).toHaveText("zones C; weight 2–5 kg");

    await page.getByRole("button", { name: `Clone ${name}` }).click();
    await toast("Rule created successfully!");
    const copy = `${name} (copy)`;
    const names = async () => (await list.getByRole("row").allTextContents()).slice(1).map((t) => t);
    const indexOf = async (n: string) =>
      (await list.getByRole("row").locator("td:first-child").allTextContents()).indexOf(n);
    await expectLocator(list.getByRole("row").filter({ hasText: copy })).toHaveCount(1);
    const at = await indexOf(copy);
    expect(at).toBe((await names()).length - 1);
    await page.getByRole("button", { name: `Move ${copy} up` }).click();
    await toast("Updated Successfully!");
    await expect.poll(() => indexOf(copy)).toBe(at - 1);
    await expectLocator(page.getByRole("switch", { name: `${copy} active` })).toHaveAttribute("aria-checked", "true");
    await page.getByRole("switch", { name: `${copy} active` }).click();
    await expectLocator(page.getByRole("switch", { name: `${copy} active` })).toHaveAttribute("aria-checked", "false");
    await page.getByRole("link", { name: `Delete ${copy}` }).click();
    await page.getByRole("dialog", { name: "Delete rule" }).getByRole("button", { name: "Delete" }).click();
    await toast("Deleted Successfully!");
    await expectLocator(list.getByRole("row").filter({ hasText: copy })).toHaveCount(0);

    await page.getByRole("link", { name: `Edit ${name}` }).click();
    await page.getByRole("radio", { name: "fastest" }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await toast("Rule edited successfully!");
    await expectLocator(mine().getByRole("cell").nth(4)).toHaveText("fastest");

    await page.goto(rules("history"));
    await page.getByTestId("rule-history").getByText("Pickrr Select rule · update").first().waitFor();
    if (s.js) await expectAccessible(page);
  });

  it("avp may create and edit Pickrr Select rules but not arrange them or change the type; tl reads only", async () => {
    let page = await as("avp");
    await page.goto(`/all-users/${ours[2]}/courier-rules?panel=pickrr_select`);
    await expectLocator(page.getByRole("link", { name: "Create New Rule" })).toHaveCount(1);
    await expectLocator(page.getByRole("button", { name: /^Use / })).toHaveCount(0);
    await expectLocator(page.getByTestId("rule-help")).toHaveCount(0);
    await expectLocator(page.getByRole("button", { name: /^Clone / })).toHaveCount(0);
    for (const sw of await page.getByRole("switch").all()) expect(await sw.getAttribute("aria-disabled")).toBe("true");
    await page.goto(`/all-users/${ours[2]}/courier-rules?panel=custom&rule=new`);
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);

    await s.context.clearCookies();
    page = await as("tl");
    await page.goto(`/all-users/${ours[2]}/courier-rules?panel=pickrr_select`);
    await expectLocator(page.getByRole("link", { name: "Create New Rule" })).toHaveCount(0);
    await expectLocator(page.getByRole("link", { name: /^Edit / })).toHaveCount(0);
    const res = await page.goto(`/all-users/${ours[2]}/courier-rules/select/new`);
    expect(res?.status()).toBe(403);
  });
});

describe("one system: Courier Rules and All Couriers drive the Rate Calculator", () => {
  const once = usePage();
  it("a Pickrr Select rule on Mumbai → Delhi makes its courier Priority naming the rule; deactivated it is skipped with the reason; blacklisted it is skipped", async () => {
    const { page, context } = once;
    await context.addCookies(sessions.vp!.cookies);
    const base = `/all-users/${proofClient}`;
    const calculator = `${base}/rate-calculator?${new URLSearchParams({
      shipment_type: "forward",
      delivery_mode: "express",
      payment_mode: "prepaid",
      pickup_pincode: "400001",
      drop_pincode: "110001",
      length: "10",
      breadth: "10",
      height: "10",
      weight: "0.5",
    })}`;
    await page.goto(calculator);
    const couriers = await page.getByTestId("quote-courier").allTextContents();
    expect(couriers.length).toBeGreaterThanOrEqual(2);
    const target = couriers[couriers.length - 1].trim();

    await page.goto(`${base}/courier-rules?panel=pickrr_select`);
    if ((await page.getByTestId("option-pickrr_select").getAttribute("aria-current")) !== "true") {
      await page.getByRole("button", { name: "Use Pickrr Select" }).click();
      await page.getByTestId("toast").getByText("Updated Successfully! Selection type: pickrr_select.").waitFor();
    }
    // Other seeded rules must not decide first: deactivate them.
    const on = page.getByRole("switch", { checked: true });
    for (let left = await on.count(); left > 0; left--) {
      await on.first().click();
      await expectLocator(on).toHaveCount(left - 1);
    }
    await page.getByRole("link", { name: "Create New Rule" }).click();
    await page.getByRole("textbox", { name: "Rule name" }).fill("Mumbai to Delhi");
    await page.getByRole("combobox", { name: "Lane 1 from" }).selectOption("Mumbai");
    await page.getByRole("combobox", { name: "Lane 1 to" }).selectOption("Delhi");
    await page.getByRole("radio", { name: "priority list" }).check();
    await page.getByRole("combobox", { name: "Priority 1" }).selectOption(target);
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Rule created successfully!").waitFor();

    await page.goto(calculator);
    const priority = page.getByTestId("quote-row").filter({ has: page.getByText("Priority", { exact: true }) });
    await expectLocator(priority.getByTestId("quote-courier")).toHaveText(target);
    await expectLocator(page.getByTestId("explanation")).toContainText("rule 'Mumbai to Delhi'");

    // Deactivate its courier on All Couriers: the next quote skips it and says why.
    await page.goto(`${base}/courier-setup`);
    const card = page.getByTestId("courier-card").filter({ hasText: target });
    const brand = (await card.getByRole("heading").textContent())!;
    await page.getByRole("switch", { name: `${brand} active` }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Deactivate" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await page.goto(calculator);
    await expectLocator(page.getByTestId("quote-courier").filter({ hasText: target })).toHaveCount(0);
    await expectLocator(page.getByTestId("explanation")).toContainText(
      `${target} passed over (not active for this client`,
    );

    // Active again, but blacklisted by the rule: skipped by the rule.
    await page.goto(`${base}/courier-setup?filter=inactive`);
    await page.getByRole("switch", { name: `${brand} active` }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Activate" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    await page.goto(`${base}/courier-rules?panel=pickrr_select`);
    await page.getByRole("link", { name: "Edit Mumbai to Delhi" }).click();
    await page.getByRole("checkbox", { name: target, exact: true }).check();
    await page.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Rule edited successfully!").waitFor();
    await page.goto(calculator);
    await expectLocator(
      page
        .getByTestId("quote-row")
        .filter({ has: page.getByText("Priority", { exact: true }) })
        .getByTestId("quote-courier")
        .filter({ hasText: target }),
    ).toHaveCount(0);
    await expectLocator(page.getByTestId("explanation")).toContainText(`Blacklisted by the rule: `);
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

  it("posts to Courier Rules by a tl or an avp are refused (403) whatever they say", async () => {
    const { context } = once;
    for (const who of ["tl", "avp"] as const) {
      await context.clearCookies();
      await context.addCookies(sessions[who]!.cookies);
      const forms: Record<string, string>[] = [
        { intent: "rule_type", rule_code: "4" },
        { intent: "custom_delete", rule_id: "1" },
        { intent: "select_move", rule_id: "1", direction: "up" },
      ];
      for (const form of forms) {
        const res = await context.request.post(`${baseURL()}/all-users/${ours[2]}/courier-rules`, {
          form,
          headers: { Origin: baseURL() },
          maxRedirects: 0,
        });
        expect(res.status(), `${who} ${form.intent}`).toBe(403);
      }
    }
  });
});
