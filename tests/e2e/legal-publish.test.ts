/**
 * Publishing a legal document through its preview (decision 063) in real Chromium, JavaScript on
 * and off, as legal: the form, then a preview that says in words what will happen with the
 * audience's counts, then Publish; a backdated mandatory document refused on its date field;
 * a refused post keeps every field and the chosen PDF; every message at once, the PDF's
 * included; axe on both steps.
 *
 * The browser tests share one database: the documents published here are optional (a broadcast
 * to Segment 3, and one for this file's own seller), so no other test's orders are refused.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { addDays, dmy } from "~/services/core/ist-dates";
import { deadlineMessages } from "~/services/legal/deadline";
import { LEGAL_MESSAGES } from "~/services/legal/forms";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectAccessible, expectLocator, signInOnce } from "../support/browser";
import { istDayClearOfMidnight } from "../support/ist-day";
import { makePdf } from "../support/pdf";

/** Sellers no other browser test uses (legal.test.ts takes vp@'s chain's 4th to 8th). */
const sellers = plannedDemoClients()
  .filter(
    (c) =>
      c.has_token && !c.disable_legal && c.segment && c.chain.vp === "vp@demo.test" && c.chain.tl !== "tl@demo.test",
  )
  .slice(8, 10);

const preview = (page: Page) => page.getByRole("button", { name: "Preview", exact: true });
const publishButton = (page: Page) => page.getByRole("button", { name: "Publish", exact: true });
const dialog = (page: Page) => page.getByRole("dialog", { name: "Add New Document" });

async function openAddDialog(page: Page, js: boolean) {
  if (js) {
    await page.goto("/merchant-agreements");
    await page.getByRole("link", { name: "Add New Document" }).click();
  } else await page.goto("/merchant-agreements?add=1");
  await dialog(page).waitFor();
}

type Doc = {
  doc_name: string;
  doc_type: "broadcast" | "specific";
  email?: string;
  segment: string;
  description: string;
  publish_at: string;
  order_blocking: "mandatory" | "optional";
  days?: string;
};

async function fill(page: Page, d: Doc, pdf: Buffer | null) {
  await page.locator("#doc_name").selectOption(d.doc_name);
  await page.locator("#doc_type").selectOption(d.doc_type);
  if (d.email) await page.locator("#email").fill(d.email);
  await page.locator("#segment").selectOption(d.segment);
  await page.locator("#description").fill(d.description);
  await page.locator("#publish_at").fill(d.publish_at);
  await page.locator("#order_blocking").selectOption(d.order_blocking);
  if (d.days) await page.locator("#days").fill(d.days);
  if (pdf) await page.locator("#doc_file").setInputFiles({ name: "doc.pdf", mimeType: "application/pdf", buffer: pdf });
}

/** The Accepted column of a document's row: [accepted, audience]. */
async function acceptedOf(page: Page, description: string): Promise<[number, number]> {
  await page.goto("/merchant-agreements");
  const cell = page.getByTestId("legal-doc-row").filter({ hasText: description }).locator("td").nth(7);
  const text = (await cell.textContent())!.replace(/,/g, "");
  const [a, n] = text.split("/").map((x) => Number(x.trim()));
  return [a, n];
}

describeJsOnOff("publishing through the preview", (s) => {
  it("legal publishes through the preview; the preview names the version replaced and the counts", async () => {
    const { page, js } = s;
    const today = await istDayClearOfMidnight(60_000);
    await signInOnce(page, "legal@demo.test", "legal");
    const pdf = Buffer.from(await makePdf(`Preview ${s.label}`));
    const first: Doc = {
      doc_name: "other",
      doc_type: "broadcast",
      segment: "3",
      description: `Preview first ${s.label}`,
      publish_at: today,
      order_blocking: "optional",
    };
    await openAddDialog(page, js);
    await fill(page, first, pdf);
    await preview(page).click();
    const said = page.getByTestId("publish-preview");
    await said.waitFor();
    expect(await said.textContent()).toMatch(
      /Other v\d+ (replaces v\d+|is the first version) for Segment 3 \([\d,]+ sellers?\)\./,
    );
    await expectLocator(said).toContainText(`It comes into force today, ${dmy(today)}.`);
    await expectLocator(said).toContainText("Optional: sellers are asked to accept it; no order is refused.");
    await expectAccessible(page, js);
    await publishButton(page).click();
    await expectLocator(page.getByTestId("toast")).toContainText("Uploaded Successfully!");
    // Above the list, per segment, the version in force now: the one just published.
    const inForceNow = page.getByTestId("legal-in-force").locator("div").filter({ hasText: "Segment 3" });
    const firstVersion = Number(
      (await page
        .getByTestId("legal-doc-row")
        .filter({ hasText: first.description })
        .locator("td")
        .nth(6)
        .textContent())!.slice(1),
    );
    await expectLocator(inForceNow).toContainText(`Other v${firstVersion} (from ${dmy(today)})`);
    const [accepted, audience] = await acceptedOf(page, first.description);

    // The next version: the preview counts the sellers who have not accepted the one in force,
    // the same numbers the table shows for it; a later publish date keeps it in force until then.
    const later = addDays(today, 5);
    await openAddDialog(page, js);
    await fill(page, { ...first, description: `Preview second ${s.label}`, publish_at: later }, pdf);
    await preview(page).click();
    await expectLocator(said).toContainText(
      `Other v${firstVersion + 1} replaces v${firstVersion} for Segment 3 (${audience.toLocaleString("en-IN")} sellers).`,
    );
    await expectLocator(said).toContainText(
      `${(audience - accepted).toLocaleString("en-IN")} have not accepted v${firstVersion}.`,
    );
    await expectLocator(said).toContainText(
      `v${firstVersion} stays in force until ${dmy(addDays(later, -1))}; v${firstVersion + 1} comes into force on ${dmy(later)}.`,
    );
    await page.screenshot({ path: `${process.env.TMPDIR ?? "/tmp"}/legal-preview-${s.label}.png` });
    // Back: the form again, every field as it was, the PDF kept.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expectLocator(page.locator("#description")).toHaveValue(`Preview second ${s.label}`);
    await expectLocator(page.locator("#publish_at")).toHaveValue(later);
    await expectLocator(page.getByTestId("kept-pdf")).toContainText("doc.pdf");
    await preview(page).click();
    await publishButton(page).click();
    await expectLocator(page.getByTestId("toast")).toContainText("Uploaded Successfully!");
    const second = page.getByTestId("legal-doc-row").filter({ hasText: `Preview second ${s.label}` });
    await expectLocator(second).toHaveCount(1);
    // A later publish date: the new version is scheduled, the one in force stays until then.
    await expectLocator(second.getByTestId("legal-doc-state")).toContainText(`Scheduled: in force from ${dmy(later)}`);
    await expectLocator(inForceNow).toContainText(`Other v${firstVersion} (from ${dmy(today)})`);
  });

  it("a backdated mandatory document is refused on its date field, and nothing is published", async () => {
    const { page, js } = s;
    const today = await istDayClearOfMidnight(60_000);
    await signInOnce(page, "legal@demo.test", "legal");
    const backdated = addDays(today, -21);
    await openAddDialog(page, js);
    await fill(
      page,
      {
        doc_name: "agreement",
        doc_type: "broadcast",
        segment: "2",
        description: `Backdated ${s.label}`,
        publish_at: backdated,
        order_blocking: "mandatory",
        days: "3",
      },
      Buffer.from(await makePdf(`Backdated ${s.label}`)),
    );
    await preview(page).click();
    const message = deadlineMessages.deadlinePast(addDays(backdated, 3));
    await expectLocator(dialog(page).getByText(message, { exact: true })).toHaveCount(1);
    await expectLocator(page.locator("#publish_at")).toHaveAttribute("aria-invalid", "true");
    await expectLocator(page.getByTestId("publish-preview")).toHaveCount(0);
    // Two days back with a long period: still refused (a past date is for optional documents only).
    await page.locator("#publish_at").fill(addDays(today, -2));
    await page.locator("#days").fill("30");
    await preview(page).click();
    await expectLocator(dialog(page).getByText(deadlineMessages.backdated(today), { exact: true })).toHaveCount(1);
    await page.goto("/merchant-agreements");
    await expectLocator(page.getByTestId("legal-doc-row").filter({ hasText: `Backdated ${s.label}` })).toHaveCount(0);
  });

  it("a refused post keeps every field and the chosen PDF; every message comes at once, the PDF's included", async () => {
    const { page, js } = s;
    const today = await istDayClearOfMidnight(60_000);
    const seller = sellers[s.index];
    await signInOnce(page, "legal@demo.test", "legal");
    await openAddDialog(page, js);
    await preview(page).click();
    for (const message of [
      "Please select a document type!",
      "Please enter target users details!",
      "descripton is required!",
      "order blocking type is required!",
      "Please select user segment type!",
      LEGAL_MESSAGES.fileMissing,
    ])
      await expectLocator(dialog(page).getByText(message, { exact: true })).toHaveCount(1);

    // An e-mail no seller has: only the server knows, with JavaScript too.
    const doc: Doc = {
      doc_name: "privacy_policy",
      doc_type: "specific",
      email: "nobody@nowhere.test",
      segment: "1",
      description: `Kept fields ${s.label}`,
      publish_at: addDays(today, 2),
      order_blocking: "optional",
    };
    await openAddDialog(page, js);
    await fill(page, doc, Buffer.from(await makePdf(`Kept ${s.label}`)));
    await preview(page).click();
    await expectLocator(dialog(page).getByText(LEGAL_MESSAGES.unknownSeller, { exact: true })).toHaveCount(1);
    for (const [field, value] of [
      ["#doc_name", doc.doc_name],
      ["#doc_type", doc.doc_type],
      ["#email", doc.email!],
      ["#segment", doc.segment],
      ["#description", doc.description],
      ["#publish_at", doc.publish_at],
      ["#order_blocking", doc.order_blocking],
    ] as const)
      await expectLocator(page.locator(field)).toHaveValue(value);
    await expectLocator(page.getByTestId("kept-pdf")).toContainText("doc.pdf");
    await expectAccessible(page, js);

    // The e-mail put right, no file chosen again: the kept PDF is published.
    await page.locator("#email").fill(seller.email);
    await preview(page).click();
    await expectLocator(page.getByTestId("publish-preview")).toContainText(
      `Privacy Policy v1 is the first version for ${seller.email.toLowerCase()} (1 seller).`,
    );
    await publishButton(page).click();
    await expectLocator(page.getByTestId("toast")).toContainText("Uploaded Successfully!");
    const row = page.getByTestId("legal-doc-row").filter({ hasText: doc.description });
    await expectLocator(row).toHaveCount(1);
    const href = (await row.locator(`a[href$="/document.pdf"]`).getAttribute("href"))!;
    const file = await s.context.request.get(href);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the publish posts", () => {
  it("the sellers this file publishes to are its own", () => {
    expect(sellers).toHaveLength(2);
  });
});
