/**
 * The legal team's console (decision 028) in real Chromium, JavaScript on and off: publish a
 * broadcast and a specific document with a real PDF, see them in Merchant Agreements and open
 * the PDF; the seller lists and accepts them over its API and Legal Status shows it; filter and
 * download the CSV; block and unblock a seller on Account Setup; every validation message;
 * other roles are refused; axe on each screen.
 *
 * The browser tests share one database: documents here are optional broadcasts, or a mandatory
 * one addressed to this file's own seller with a long period, so no other test's orders are refused.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { addDays, dmy } from "~/services/core/ist-dates";
import { LEGAL_MESSAGES, MAX_LEGAL_PDF_BYTES } from "~/services/legal/forms";
import { plannedDemoClients } from "~/services/seed/seed.server";

import {
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  revealClientToken,
  signInOnce,
  usePage,
} from "../support/browser";
import { istDayClearOfMidnight, istToday } from "../support/ist-day";
import { makePdf } from "../support/pdf";

/** vp@'s chain, but not tl@'s (account set-up, advantage): legal-publish.test.ts takes its 9th and 10th. */
const chain = plannedDemoClients().filter(
  (c) => c.has_token && !c.disable_legal && c.segment && c.chain.vp === "vp@demo.test" && c.chain.tl !== "tl@demo.test",
);
/** Sellers no other browser test uses: blocked and unblocked on Account Setup. */
const sellers = chain.slice(4, 8);
/**
 * The sellers who accept every document in force and are then looked up as Accepted, one per
 * JavaScript setting: of Segment 2, which no other browser test broadcasts to (legal-publish.test.ts
 * broadcasts to Segment 3, response-headers.test.ts to Segment 1). The files share one server: a
 * broadcast published between the acceptance and the look-up would rightly make them Not Accepted.
 */
const accepting = chain
  .slice(10)
  .filter((c) => c.segment === "Segment_2")
  .slice(0, 2);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(1)]);

const toast = (page: Page) => page.getByTestId("toast");

async function openAddDialog(page: Page, js: boolean) {
  if (js) {
    await page.goto("/merchant-agreements");
    await page.getByRole("link", { name: "Add New Document" }).click();
  } else await page.goto("/merchant-agreements?add=1");
  await page.getByRole("dialog", { name: "Add New Document" }).waitFor();
}

type Doc = {
  doc_name: string;
  doc_type: "broadcast" | "specific";
  email?: string;
  segment: string;
  description: string;
  order_blocking: "mandatory" | "optional";
  days?: string;
  /** The publish date filled in; India's today when left out. */
  publish_at?: string;
};

async function fillDocument(page: Page, d: Doc, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.locator("#doc_name").selectOption(d.doc_name);
  await page.locator("#doc_type").selectOption(d.doc_type);
  if (d.email) await page.locator("#email").fill(d.email);
  await page.locator("#segment").selectOption(d.segment);
  await page.locator("#description").fill(d.description);
  await page.locator("#publish_at").fill(d.publish_at ?? istToday());
  await page.locator("#order_blocking").selectOption(d.order_blocking);
  if (d.days) await page.locator("#days").fill(d.days);
  await page.locator("#doc_file").setInputFiles(file);
}

async function publish(page: Page, js: boolean, d: Doc, pdf: Buffer) {
  await openAddDialog(page, js);
  await fillDocument(page, d, { name: `${d.description}.pdf`, mimeType: "application/pdf", buffer: pdf });
  // Two steps (decision 063): the preview says what will happen, then Publish.
  await page.getByRole("button", { name: "Preview", exact: true }).click();
  await expectLocator(page.getByTestId("publish-preview")).toContainText(
    `for ${d.email?.toLowerCase() ?? `Segment ${d.segment}`}`,
  );
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expectLocator(toast(page)).toContainText("Uploaded Successfully!");
  await expectLocator(page.getByRole("dialog")).toHaveCount(0);
  const row = page.getByTestId("legal-doc-row").filter({ hasText: d.description });
  await expectLocator(row).toHaveCount(1);
  return row;
}

async function vpContext(s: { browser: Parameters<typeof newContext>[0] }): Promise<BrowserContext> {
  const context = await newContext(s.browser, true);
  await signInOnce(await context.newPage(), "vp@demo.test", "vp");
  return context;
}

describeJsOnOff("legal documents", (s) => {
  it("legal: every Add New Document message, and a renamed PNG refused", async () => {
    const { page, js } = s;
    await signInOnce(page, "legal@demo.test", "legal");
    await openAddDialog(page, js);
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    for (const message of [
      "Please select a document type!",
      "Please enter target users details!",
      "descripton is required!",
      "order blocking type is required!",
      "Please select user segment type!",
    ]) {
      await expectLocator(page.getByText(message, { exact: true })).toHaveCount(1);
    }
    await page.locator("#doc_type").selectOption("specific");
    await page.locator("#order_blocking").selectOption("mandatory");
    if (js) {
      expect(await page.locator("#email").isDisabled()).toBe(false);
      expect(await page.locator("#days").isDisabled()).toBe(false);
    }
    await page.locator("#email").fill("not-an-email");
    await page.locator("#days").fill("0");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expectLocator(page.getByText("The input is not valid E-mail!", { exact: true })).toHaveCount(1);
    await expectLocator(
      page.getByText("Please enter an acceptance period of at least 1 day.", { exact: true }),
    ).toHaveCount(1);
    await page.locator("#email").fill("");
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expectLocator(page.getByText("Please enter E-mail!", { exact: true })).toHaveCount(1);
    if (js) {
      await page.locator("#doc_type").selectOption("broadcast");
      await page.locator("#order_blocking").selectOption("optional");
      expect(await page.locator("#email").isDisabled()).toBe(true);
      expect(await page.locator("#days").isDisabled()).toBe(true);
    }

    // A PNG renamed to .pdf: refused by its bytes on the server (the browser only sees the name).
    await openAddDialog(page, js);
    await fillDocument(
      page,
      {
        doc_name: "other",
        doc_type: "broadcast",
        segment: "1",
        description: `Renamed png ${s.label}`,
        order_blocking: "optional",
      },
      { name: "scan.pdf", mimeType: "application/pdf", buffer: PNG },
    );
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    await expectLocator(page.getByText("You can only upload pdf file!", { exact: true })).toHaveCount(1);
    await page.goto("/merchant-agreements");
    await expectLocator(page.getByTestId("legal-doc-row").filter({ hasText: `Renamed png ${s.label}` })).toHaveCount(0);

    // A real PDF one byte over 1 MB (a comment after its end): 'Max file size 1 mb only' — with
    // JavaScript as soon as the file is chosen (and the choice is cleared), without it from the
    // server on Preview — and nothing stored.
    const pdf = Buffer.from(await makePdf(`Too large ${s.label}`));
    const tooLarge = Buffer.concat([pdf, Buffer.from(`%${"x".repeat(MAX_LEGAL_PDF_BYTES + 1 - pdf.length - 2)}\n`)]);
    expect(tooLarge.length).toBe(MAX_LEGAL_PDF_BYTES + 1);
    await openAddDialog(page, js);
    await fillDocument(
      page,
      {
        doc_name: "other",
        doc_type: "broadcast",
        segment: "1",
        description: `Too large ${s.label}`,
        order_blocking: "optional",
      },
      { name: "big.pdf", mimeType: "application/pdf", buffer: tooLarge },
    );
    if (js) {
      await expectLocator(page.getByText(LEGAL_MESSAGES.fileSize, { exact: true })).toHaveCount(1);
      expect(await page.locator("#doc_file").inputValue()).toBe("");
    }
    await page.getByRole("button", { name: "Preview", exact: true }).click();
    // Without JavaScript the server refused it (the other fields kept); with it, the emptied field now asks for a file.
    await expectLocator(
      page.getByText(js ? LEGAL_MESSAGES.fileMissing : LEGAL_MESSAGES.fileSize, { exact: true }),
    ).toHaveCount(1);
    await page.goto("/merchant-agreements");
    await expectLocator(page.getByTestId("legal-doc-row").filter({ hasText: `Too large ${s.label}` })).toHaveCount(0);
    await expectAccessible(page, js);
  });

  it("legal publishes a broadcast and a specific document; the seller accepts through its API; Legal Status and its CSV show it", async () => {
    const { page, js, index, context } = s;
    const seller = accepting[index];
    const segment = seller.segment!.replace("Segment_", "");
    await signInOnce(page, "legal@demo.test", "legal");
    const pdf = Buffer.from(await makePdf(`Agreement ${s.label}`));
    const broadcast = await publish(
      page,
      js,
      {
        doc_name: "privacy_policy",
        doc_type: "broadcast",
        segment,
        description: `Privacy ${s.label}`,
        order_blocking: "optional",
      },
      pdf,
    );
    await expectLocator(broadcast.locator("td").nth(1)).toHaveText("Broadcast");
    const publishedOn = await istDayClearOfMidnight();
    const specific = await publish(
      page,
      js,
      {
        doc_name: "agreement",
        doc_type: "specific",
        email: seller.email,
        segment,
        description: `Agreement ${s.label}`,
        order_blocking: "mandatory",
        days: "30",
        publish_at: publishedOn,
      },
      pdf,
    );
    await expectLocator(specific.locator("td").nth(1)).toHaveText(`Specific: ${seller.email.toLowerCase()}`);
    const expiry = addDays(publishedOn, 30);
    // The list writes its dates as India does (DD-MM-YYYY); the API keeps ISO dates.
    await expectLocator(specific.locator("td").nth(5)).toHaveText(dmy(expiry));
    await expectLocator(specific.locator("td").nth(7)).toHaveText("0 / 1");

    // The PDF link: the stored bytes, as a PDF.
    const href = (await specific.getByRole("link", { name: /\.pdf$/ }).getAttribute("href"))!;
    const file = await context.request.get(href);
    expect(file.status()).toBe(200);
    expect(file.headers()["content-type"]).toBe("application/pdf");
    expect(file.headers()["content-disposition"]).toMatch(/^inline; filename="Agreement_/);
    expect(Buffer.compare(await file.body(), pdf)).toBe(0);

    // The seller's side, with its own token (revealed by a vp).
    const vp = await vpContext(s);
    const token = await revealClientToken(vp.request, seller.id);
    await vp.close();
    const auth = { Authorization: `Token ${token}` };
    expect((await context.request.get("/api/seller/legal-docs")).status()).toBe(401);
    const listed = await (await context.request.get("/api/seller/legal-docs", { headers: auth })).json();
    const mine = listed.data.docs.find((d: { description: string }) => d.description === `Agreement ${s.label}`);
    expect(mine).toMatchObject({
      doc_type: "specific",
      order_blocking: "mandatory",
      accepted: false,
      blocks_orders: false,
      expiry_date: expiry,
    });
    const sellerPdf = await context.request.get(mine.doc_link, { headers: auth });
    expect(sellerPdf.headers()["content-type"]).toBe("application/pdf");
    for (const d of listed.data.docs) {
      const accepted = await context.request.post(`/api/seller/legal-docs/${d.id}/accept`, { headers: auth });
      expect(accepted.status()).toBe(200);
    }
    const again = await (
      await context.request.post(`/api/seller/legal-docs/${mine.id}/accept`, { headers: auth })
    ).json();
    expect(again.msg).toBe("Already accepted.");

    // Legal Status: Download disabled until a status is chosen; then filtered and downloadable.
    await page.goto(`/legal-status?q=${encodeURIComponent(seller.email)}`);
    const row = page.getByTestId("status-row");
    await expectLocator(row).toHaveCount(1);
    await expectLocator(row).toContainText("Agreement v1: accepted");
    expect(await page.getByRole("button", { name: "Download" }).isDisabled()).toBe(true);
    if (js) await page.locator("form[data-hydrated=true]").waitFor();
    await page.getByLabel("Agreement Status").selectOption("1");
    if (!js) await page.getByRole("button", { name: "Apply" }).click();
    await page.waitForURL((u) => u.searchParams.get("status") === "1");
    await expectLocator(row.locator("td").nth(3)).toHaveText("Accepted");
    const csvHref = (await page.getByRole("link", { name: "Download" }).getAttribute("href"))!;
    const csv = await context.request.get(csvHref);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).trim().split("\r\n");
    expect(lines[0]).toBe("name,email,company_name,segment,status,documents_in_force,accepted,agreement_status");
    expect(lines.slice(1).filter((l) => l.includes(seller.email))).toHaveLength(1);
    expect(lines.slice(1).every((l) => l.includes(",1,") && l.endsWith(",Accepted"))).toBe(true);
    await page.goto(`/legal-status?status=0&q=${encodeURIComponent(seller.email)}`);
    await expectLocator(page.getByText("No sellers match.", { exact: true })).toHaveCount(1);
    await page.goto("/merchant-agreements");
    await expectLocator(
      page
        .getByTestId("legal-doc-row")
        .filter({ hasText: `Agreement ${s.label}` })
        .locator("td")
        .nth(7),
    ).toHaveText("1 / 1");
    await expectAccessible(page, js);
    await page.goto("/legal-status?status=1");
    await expectAccessible(page, js);
  });

  it("legal blocks and unblocks a seller on Account Setup; an unknown e-mail changes nothing", async () => {
    const { page, js } = s;
    const seller = sellers[s.index * 2 + 1];
    await signInOnce(page, "legal@demo.test", "legal");
    await page.goto("/account-setup");
    const blockedRow = page.getByTestId("blocked-row").filter({ hasText: seller.email });
    await expectLocator(blockedRow).toHaveCount(0);
    await page.locator("#email").fill("nobody@nowhere.test");
    await page.getByLabel("Disable Agreement").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expectLocator(page.getByText("No seller has this e-mail.", { exact: true })).toHaveCount(1);
    await page.locator("#email").fill(seller.email);
    await page.getByLabel("Disable Agreement").check();
    await page.getByRole("button", { name: "Submit" }).click();
    await expectLocator(toast(page)).toContainText("Updated status successfully");
    await expectLocator(blockedRow).toHaveCount(1);
    await expectAccessible(page, js);
    await blockedRow.getByRole("button", { name: /Unblock/ }).click();
    await expectLocator(toast(page)).toContainText("Updated status successfully");
    await expectLocator(blockedRow).toHaveCount(0);
  });
});

describe("legal pages and other roles", () => {
  const once = usePage();
  it("legal sees only its three pages and no search; others get 403 on every legal page and action", async () => {
    const { page, context } = once;
    await signInOnce(page, "legal@demo.test", "legal");
    await page.goto("/merchant-agreements");
    const nav = page.getByRole("navigation").first();
    for (const label of ["Account Setup", "Merchant Agreement", "Status"])
      await expectLocator(nav.getByRole("link", { name: label, exact: true })).toHaveCount(1);
    await expectLocator(nav.getByRole("link", { name: "All Users", exact: true })).toHaveCount(0);
    await expectLocator(page.getByRole("search")).toHaveCount(0);
    await context.clearCookies();
    await signInOnce(page, "tl@demo.test", "tl");
    await expectLocator(page.getByRole("link", { name: "Merchant Agreement", exact: true })).toHaveCount(0);
    for (const path of [
      "/merchant-agreements",
      "/legal-status",
      "/account-setup",
      "/legal-status/download.csv?status=1",
      "/merchant-agreements/1/document.pdf",
    ]) {
      expect((await context.request.get(path)).status(), path).toBe(403);
    }
    expect(
      (
        await context.request.post("/account-setup", { form: { email: sellers[0].email, disable_legal: "on" } })
      ).status(),
    ).toBe(403);
    expect(
      (await context.request.post("/merchant-agreements?add=1", { multipart: { doc_name: "other" } })).status(),
    ).toBe(403);
  });
});
