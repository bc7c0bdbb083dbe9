/**
 * The rate card's vp actions as dialogs (apply segment, RTO from forward, weight slab) and the
 * rate change history, JS on and off; other roles get no buttons and a 403 for forged posts.
 */
import { beforeAll, beforeEach, describe, expect, it } from "vitest";

import { describeJsOnOff, expectAccessible, expectLocator, usePage } from "../support/browser";
import { clientsWithPanels, signInAs } from "../support/rate-card";

let clientIds: number[] = [];
beforeAll(async () => {
  // Clients of the demo tl chain (tl@ → bdm@ → avp@ → vp@): the first two by name belong to
  // rate-card.test.ts and the last two to rate-card-upload.test.ts, so these tests change others.
  clientIds = await clientsWithPanels({
    role: "tl",
    list: "/all-users?sort=name&dir=asc",
    count: 3,
    pick: (ids) => ids.slice(2, -2),
  });
  expect(clientIds.length).toBe(3);
});

const card = (id: number) => `/all-users/${id}/rate-card`;

describeJsOnOff("vp rate card actions", (s) => {
  let clientId: number;
  beforeEach(async () => {
    clientId = clientIds[s.index];
    await signInAs(s.page, "vp");
  });

  it("applies a segment: preview of the changes, Apply, toast, and the card carries the segment's prices", async () => {
    const { page, context, js } = s;
    await page.goto(`${card(clientId)}?tab=reverse`);
    await page.getByRole("link", { name: "Apply segment" }).click();
    const dialog = page.getByRole("dialog", { name: "Apply segment" });
    await dialog.waitFor();
    await expectLocator(dialog.getByTestId("segment-preview")).toHaveCount(0);
    await dialog.getByLabel("Segment").selectOption("2");
    await dialog.getByRole("button", { name: "Preview" }).click();
    await page.waitForURL((u) => u.pathname.endsWith("/apply-segment") && u.searchParams.get("segment") === "2");
    // The card's own parameters survive the GET form.
    expect(new URL(page.url()).searchParams.get("tab")).toBe("reverse");
    const preview = dialog.getByTestId("segment-preview");
    await preview.waitFor();
    await expectLocator(preview.getByTestId("segment-preview-counts")).toHaveText(
      /^Applying Segment Three: \d+ rows? updated, \d+ added, \d+ removed, \d+ unchanged\.$/,
    );
    const changes = preview.getByTestId("segment-change");
    expect(await changes.count()).toBeGreaterThan(0);
    expect(await changes.count()).toBeLessThanOrEqual(200);
    // New value beside the old one, struck through.
    const struck = changes.first().locator("del");
    await expectLocator(struck).toHaveText(/^was \S/);
    expect(await struck.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("line-through");
    if (js) await expectAccessible(page); // once per screen (decision 017)

    // The confirmation carries the card it previewed: a post for a card that has changed since is
    // refused (a forged post, plain HTTP: once, in the JavaScript-on suite; decision 017).
    expect(await dialog.locator('input[name="cardToken"]').inputValue()).toMatch(/^[0-9a-f]{64}$/);
    if (js) {
      const stale = await context.request.post(`${card(clientId)}/apply-segment`, {
        form: { intent: "apply", segment: "2", cardToken: "0".repeat(64) },
        maxRedirects: 0,
      });
      expect(stale.status()).toBe(409);
      expect(await stale.text()).toContain(
        "Not able to update rate card. The rate card changed after the preview, so nothing was changed. Preview the segment again to see what it would change now.",
      );
    }

    await dialog.getByRole("button", { name: "Apply" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(new URL(page.url()).pathname).toBe(card(clientId));
    expect(new URL(page.url()).searchParams.get("tab")).toBe("reverse");
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);

    // The first reverse express row now has Segment Three's prices for that courier.
    const row = page.getByTestId("rate-row").first();
    const courier = (await row.getAttribute("data-courier"))!;
    const mine = await row.locator("td").evaluateAll((tds) => tds.slice(-10).map((td) => td.textContent));
    await page.goto("/rate-cards?segment=2&tab=reverse");
    const theirs = await page
      .locator(`[data-testid="rate-row"][data-courier="${courier}"]`)
      .first()
      .locator("td")
      .evaluateAll((tds) => tds.slice(-10).map((td) => td.textContent));
    expect(mine).toEqual(theirs);
  });

  it("updates RTO from forward for one chosen courier, after a confirmation; nothing chosen is refused", async () => {
    const { page } = s;
    await page.goto(card(clientId));
    await page.getByRole("link", { name: "Update RTO with forward" }).click();
    const dialog = page.getByRole("dialog", { name: "Update RTO with forward" });
    await dialog.waitFor();
    const boxes = dialog.getByRole("checkbox");
    const n = await boxes.count();
    expect(n).toBeGreaterThan(1);
    for (let i = 0; i < n; i++) expect(await boxes.nth(i).isChecked()).toBe(true);

    // Nothing chosen: a clear message, nothing changes.
    for (let i = 0; i < n; i++) await boxes.nth(i).uncheck();
    await dialog.getByRole("button", { name: "Update" }).click();
    await dialog.getByTestId("rto-error").getByText("Choose at least one courier. Nothing was changed.").waitFor();
    await expectLocator(dialog.getByRole("checkbox", { checked: true })).toHaveCount(0);

    // One courier: confirm lists it, then apply.
    const chosen = dialog.getByRole("checkbox").first();
    const courier = ((await chosen.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent)) ?? "").replace(
      / \(switched off\)$/,
      "",
    );
    await chosen.check();
    await dialog.getByRole("button", { name: "Update" }).click();
    const list = dialog.getByTestId("rto-confirm-couriers");
    await list.waitFor();
    expect(await list.getByRole("listitem").allTextContents()).toEqual([courier]);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(new URL(page.url()).pathname).toBe(card(clientId));

    await page.goto(`${card(clientId)}/history`);
    const entry = page.getByTestId("history-entry").first();
    await expectLocator(entry).toHaveAttribute("data-action", "rto_from_forward");
    await expectLocator(entry).toContainText(`RTO rates set from forward for ${courier}`);
  });

  it("edits a weight slab: an empty choice is refused, a valid one moves the row to the new panel, a stale version conflicts", async () => {
    const { page, context, js } = s;
    await page.goto(card(clientId));
    const slabLink = page.getByRole("link", { name: /^Edit weight slab of / }).first();
    const courier = ((await slabLink.getAttribute("aria-label")) ?? "").replace(/^Edit weight slab of /, "");
    await slabLink.click();
    await page.waitForURL((u) => u.pathname.endsWith("/weight-slab") && u.searchParams.has("row"));
    const dialog = page.getByRole("dialog", { name: "Edit weight slab" });
    await dialog.waitFor();
    await expectLocator(dialog.getByTestId("slab-courier")).toHaveText(courier);
    await expectLocator(dialog.getByTestId("slab-current")).toHaveText(
      /^Base upto [\d.]+ KG \+ Every Additional [\d.]+ KG$/,
    );
    const stale = Object.fromEntries(
      await Promise.all(
        ["courier_service_id", "shipment_type", "delivery_type", "version"].map(async (n) => [
          n,
          await dialog.locator(`input[name="${n}"]`).inputValue(),
        ]),
      ),
    );
    const rowUrl = page.url();

    await dialog.getByLabel("Base weight").selectOption("");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Please enter base weight!").waitFor();
    await expectLocator(page.getByTestId("toast")).toHaveCount(0);

    await dialog.getByLabel("Base weight").selectOption("100");
    await dialog.getByLabel("Additional weight").selectOption("50");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
    expect(new URL(page.url()).pathname).toBe(card(clientId));
    const panel = page.locator("details", {
      has: page
        .getByTestId("panel-title")
        .filter({ hasText: /^Base upto 100 KG \+ Every Additional 50 KG - \d+ Courier Options$/ }),
    });
    const moved = await panel.locator(`[data-testid="rate-row"][data-courier="${courier}"]`).count();
    if (moved === 0) {
      // Say what the page showed instead, so a failure can be understood from the log.
      const titles = await page.getByTestId("panel-title").allTextContents();
      const shown = (await page.locator("main").innerText()).slice(0, 1500);
      await page.goto(`${card(clientId)}/history`);
      const history = (await page.getByTestId("history-entry").allTextContents()).slice(0, 8);
      expect.fail(
        `${courier} not in the 100/50 panel of client ${clientId}; panels: ${titles.join(" | ")}\npage: ${shown}\nhistory: ${history.join("\n")}`,
      );
    }

    // The version the dialog was opened with is now stale: refused, with the current slabs (a
    // forged post, plain HTTP: once, in the JavaScript-on suite; decision 017).
    if (!js) return;
    const res = await context.request.post(rowUrl, {
      form: { ...stale, first_slab: "0.5", second_slab: "0.5" },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(409);
    const html = await res.text();
    expect(html).toContain(
      "Not able to update rate card. Someone changed this rate after you opened it, so nothing was saved.",
    );
    expect(html).toContain("Current slabs: Base upto 100 KG + Every Additional 50 KG");
  });

  it("lists the changes in the history, newest first, with who made them", async () => {
    const { page } = s;
    await page.goto(card(clientId));
    await page.getByRole("link", { name: "History" }).click();
    const dialog = page.getByRole("dialog", { name: "Rate change history" });
    await dialog.waitFor();
    const entries = dialog.getByTestId("history-entry");
    expect(await entries.count()).toBeGreaterThan(0);
    // The last change of this suite (the weight slab) is first.
    await expectLocator(entries.first()).toHaveAttribute("data-action", "weight_slab");
    await expectLocator(entries.first()).toContainText("vp@demo.test");
    await expectLocator(entries.first()).toHaveText(/Base Weight: .+ KG → 100 KG/);
    const times = await entries
      .locator("time")
      .evaluateAll((ts) => ts.map((t) => Date.parse(t.getAttribute("datetime")!)));
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeLessThanOrEqual(times[i - 1]);
    const actions = await entries.evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    expect(actions.indexOf("weight_slab")).toBeLessThan(actions.indexOf("rto_from_forward"));

    // Paging keeps the card's parameters and the history's own page.
    await page.getByRole("link", { name: "Last" }).click();
    await page.waitForURL((u) => u.searchParams.has("hpage"));
    await expect.poll(() => dialog.getByTestId("pager-summary").textContent()).toMatch(/^Page (\d+) of \1 · /);
    expect(new URL(page.url()).pathname).toBe(`${card(clientId)}/history`);
    const lastActions = await dialog
      .getByTestId("history-entry")
      .evaluateAll((rows) => rows.map((r) => r.getAttribute("data-action")));
    // The segment was applied first of all: its card-wide entry is on the last page, last but (at most) the row entries before it.
    expect(lastActions.some((a) => a?.startsWith("apply_segment"))).toBe(true);
  });
});

describeJsOnOff("other roles", (s) => {
  for (const role of ["tl", "kam"] as const) {
    it(`${role} sees no action buttons and can read the history`, async () => {
      const { page } = s;
      const clientId = clientIds[2];
      await signInAs(page, role);
      await page.goto(card(clientId));
      await page.getByTestId("panel-title").first().waitFor();
      await expectLocator(page.getByRole("link", { name: "Apply segment" })).toHaveCount(0);
      await expectLocator(page.getByRole("link", { name: "Update RTO with forward" })).toHaveCount(0);
      await expectLocator(page.getByRole("link", { name: /^Edit weight slab of / })).toHaveCount(0);

      await page.getByRole("link", { name: "History" }).click();
      const dialog = page.getByRole("dialog", { name: "Rate change history" });
      await dialog.waitFor();
      expect(
        (await dialog.getByTestId("history-entry").count()) + (await dialog.getByTestId("history-empty").count()),
      ).toBeGreaterThan(0);
    });
  }
});

/** The server's refusals are plain HTTP: once (decision 017). */
describe("other roles, once", () => {
  const once = usePage();
  for (const role of ["tl", "kam"] as const) {
    it(`${role} is refused the action dialogs and their posts with 403`, async () => {
      const { page, context } = once;
      await signInAs(page, role);
      const base = card(clientIds[2]);
      for (const path of ["apply-segment?segment=1", "rto-from-forward", "weight-slab?row=1"]) {
        expect((await context.request.get(`${base}/${path}`, { maxRedirects: 0 })).status()).toBe(403);
      }
      const forged: [string, Record<string, string>][] = [
        [`${base}/apply-segment`, { intent: "apply", segment: "1" }],
        [`${base}/rto-from-forward`, { intent: "apply", courier: "1" }],
        [
          `${base}/weight-slab?row=1`,
          {
            courier_service_id: "1",
            shipment_type: "FORWARD",
            delivery_type: "express",
            first_slab: "1",
            second_slab: "1",
            version: "1",
          },
        ],
      ];
      for (const [url, form] of forged) {
        const res = await context.request.post(url, { form, maxRedirects: 0 });
        expect(res.status()).toBe(403);
      }
    });
  }

  it("legal may not see the history", async () => {
    const { page, context } = once;
    await signInAs(page, "legal");
    const res = await context.request.get(`${card(clientIds[2])}/history`, { maxRedirects: 0 });
    expect(res.status()).toBe(403);
  });
});
