/**
 * Withdrawing a published legal version (decision 061) in real Chromium, JavaScript on and off, as
 * legal: the confirmation page names the version that comes back into force, a too-short reason is
 * refused with the reason kept, and after withdrawing Merchant Agreements marks the version
 * withdrawn (who, when, why) and shows the previous one in force. axe on both pages. Other roles get
 * 403.
 *
 * The documents are the demo seed's (seed/legal.server.ts): the first two sellers it addresses each
 * have an agreement v1 and v2 (ids 1–4 of a fresh seed); JavaScript on withdraws the first's v2 (id
 * 2), off the second's (id 4). No other browser test uses these sellers.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { WITHDRAW_MESSAGES } from "~/services/legal/withdraw-form";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectAccessible, expectLocator, servedHtml, signInOnce, usePage } from "../support/browser";
import { makePdf } from "../support/pdf";

/** The sellers the seed addresses its documents to, as it chooses them (the last ones outside the tested chains). */
const seeded = plannedDemoClients()
  .filter(
    (c) =>
      c.has_token &&
      !c.disable_legal &&
      c.segment?.startsWith("Segment_") &&
      c.chain.vp !== "vp@demo.test" &&
      c.chain.tl !== "tl@demo.test",
  )
  .sort((a, b) => b.id - a.id)
  .slice(0, 2);

/**
 * The seller's agreement rows in Merchant Agreements, whichever page they are on: the page is found
 * over HTTP in the same session (the same HTML), then opened in Chromium.
 */
async function agreementRows(page: Page, email: string) {
  for (let p = 1; p <= 20; p++) {
    const html = await servedHtml(page, `/merchant-agreements?page=${p}`);
    if (html.includes(`Agreement for ${email}`)) {
      await page.goto(`/merchant-agreements?page=${p}`);
      return page.getByTestId("legal-doc-row").filter({ hasText: `Agreement for ${email}` });
    }
    if (!html.includes('data-testid="legal-doc-row"')) break;
  }
  throw new Error(`No agreement rows for ${email}`);
}

describeJsOnOff("withdrawing a legal version", (s) => {
  it("legal withdraws v2 with a reason and sees v1 in force again", async () => {
    const { page, js, index } = s;
    const seller = seeded[index];
    const v2 = 2 * index + 2;
    await signInOnce(page, "legal@demo.test", "legal");

    // From the list: the seller's v2 is in force, v1 superseded by it.
    const before = await agreementRows(page, seller.email);
    await expectLocator(before).toHaveCount(2);
    await expectLocator(before.filter({ hasText: "In force" }).locator("td").nth(6)).toHaveText("v2");
    // Superseded says by which version and since when, and counts its acceptances without a live "n / N".
    const superseded = before.filter({ hasText: "Superseded by v2" });
    await expectLocator(superseded).toHaveCount(1);
    await expectLocator(superseded.getByTestId("legal-doc-state")).toHaveText(/^Superseded by v2 on \d{2}-\d{2}-\d{4}/);
    await expectLocator(superseded.locator("td").nth(7)).toHaveText(/^\d+ accepted$/);
    await superseded.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.TMPDIR ?? "/tmp"}/legal-superseded-${s.label}.png` });
    await before.filter({ hasText: "In force" }).getByRole("link", { name: "Withdraw Agreement v2" }).click();
    await page.waitForURL((u) => u.pathname === `/merchant-agreements/${v2}/withdraw`);
    await expectLocator(page.getByTestId("withdraw-effect")).toContainText("v1");
    await expectLocator(page.getByTestId("withdraw-effect")).toContainText("is in force again");
    await expectAccessible(page, js);

    // A reason too short: refused, nothing withdrawn, the reason kept.
    await page.locator("#reason").fill("no");
    await page.getByRole("button", { name: "Withdraw Agreement v2" }).click();
    await expectLocator(page.getByText(WITHDRAW_MESSAGES.reasonShort, { exact: true })).toHaveCount(1);
    await expectLocator(page.locator("#reason")).toHaveValue("no");

    const reason = `Published with the wrong dates (${s.label})`;
    await page.locator("#reason").fill(reason);
    await page.getByRole("button", { name: "Withdraw Agreement v2" }).click();
    await expectLocator(page.getByTestId("toast")).toContainText(WITHDRAW_MESSAGES.withdrawn);
    await page.waitForURL((u) => u.pathname === "/merchant-agreements");

    const after = await agreementRows(page, seller.email);
    const withdrawn = after.filter({ hasText: "Withdrawn" });
    await expectLocator(withdrawn).toHaveCount(1);
    // Who and when (India's time), and why.
    await expectLocator(withdrawn.getByTestId("legal-doc-state")).toHaveText(
      /\d{2}-\d{2}-\d{4} \d{2}:\d{2} IST by legal@demo\.test/,
    );
    await expectLocator(withdrawn.locator("td").nth(7)).toHaveText(/^\d+ accepted$/);
    await expectLocator(withdrawn).toContainText(reason);
    await expectLocator(withdrawn.locator("td").nth(6)).toHaveText("v2");
    const inForce = after.filter({ hasText: "In force" });
    await expectLocator(inForce).toHaveCount(1);
    await expectLocator(inForce.locator("td").nth(6)).toHaveText("v1");
    await expectLocator(inForce.locator("td").nth(7)).toHaveText("1 / 1");
    await expectAccessible(page, js);

    // Withdrawn once: its page now says so, with no form.
    await page.goto(`/merchant-agreements/${v2}/withdraw`);
    await expectLocator(page.getByTestId("already-withdrawn")).toContainText(reason);
    await expectLocator(page.getByRole("button", { name: "Withdraw Agreement v2" })).toHaveCount(0);
  });
});

describe("withdrawing: other roles", () => {
  const once = usePage();
  it("a tl gets 403 on the Withdraw page and its post; an unknown version is 404 for legal", async () => {
    const { page, context } = once;
    await signInOnce(page, "tl@demo.test", "tl");
    expect((await context.request.get("/merchant-agreements/1/withdraw")).status()).toBe(403);
    expect(
      (
        await context.request.post("/merchant-agreements/1/withdraw", { form: { reason: "Not mine to withdraw" } })
      ).status(),
    ).toBe(403);
    await context.clearCookies();
    await signInOnce(page, "legal@demo.test", "legal");
    expect((await context.request.get("/merchant-agreements/99999999/withdraw")).status()).toBe(404);
  });
});

describe("Merchant Agreements' layout", () => {
  const once = usePage();
  it("a 1,000-character description without spaces wraps in its cell: every column stays in view at 1280 × 720", async () => {
    const { page, context } = once;
    await page.setViewportSize({ width: 1280, height: 720 });
    await signInOnce(page, "legal@demo.test", "legal");
    const long = `Unbroken${"x".repeat(992)}`;
    // Published by the Add New Document form's two plain posts (decision 063): the form answers with
    // its preview and the kept PDF's id; Publish claims it.
    const fields = {
      doc_name: "other",
      doc_type: "specific",
      email: seeded[1].email,
      segment: "1",
      description: long,
      publish_at: new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10),
      order_blocking: "optional",
      days: "",
    };
    const previewed = await context.request.post("/merchant-agreements?add=1", {
      multipart: {
        ...fields,
        intent: "preview",
        doc_file: { name: "long.pdf", mimeType: "application/pdf", buffer: Buffer.from(await makePdf("Long")) },
      },
    });
    expect(previewed.status()).toBe(200);
    const pending = /name="pending_file" value="(\d+)"/.exec(await previewed.text())?.[1] ?? "";
    expect(pending).not.toBe("");
    const published = await context.request.post("/merchant-agreements?add=1", {
      multipart: { ...fields, pending_file: pending, intent: "publish" },
      maxRedirects: 0,
    });
    expect(published.status()).toBe(302);
    await page.goto("/merchant-agreements");
    const row = page.getByTestId("legal-doc-row").filter({ hasText: long.slice(0, 40) });
    await expectLocator(row).toHaveCount(1);
    const region = page.getByRole("region", { name: "Legal documents table" });
    const box = (await region.boundingBox())!;
    // Nothing to scroll sideways, and the last column's header ends inside the window.
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    const status = (await page.getByRole("columnheader", { name: "Status" }).boundingBox())!;
    expect(status.x + status.width).toBeLessThanOrEqual(Math.min(1280, box.x + box.width) + 1);
    await page.screenshot({ path: `${process.env.TMPDIR ?? "/tmp"}/merchant-agreements-1280.png` });
  });
});
