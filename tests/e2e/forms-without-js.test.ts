/**
 * A refused account set-up post keeps every value typed and says each problem by its field, all
 * at once — a file over 300 KB too — with or without JavaScript; a file is never kept, and its
 * field says so (decision 070).
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { WALLET_MESSAGES } from "~/services/account/forms";
import { CHOOSE_FILE_AGAIN } from "~/services/account/page.server";
import { plannedGstRegistrations } from "~/services/seed/account";
import { plannedDemoClients } from "~/services/seed/seed.server";
import { NO_JS_PLACEHOLDER } from "~/ui/HeaderSearch";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";
import { minimalPdf } from "../support/pdf";

/** Clients of the demo chain, from the end of the list (account-setup.test.ts takes the first ones). */
const chain = plannedDemoClients().filter((c) => c.chain.tl === "tl@demo.test" && c.id > 10 && c.has_token);
const registrations = plannedGstRegistrations();
const withBank = chain.filter((c) => c.has_bank);
const withoutBank = chain.filter((c) => !c.has_bank && !c.has_wallet);

const PDF = minimalPdf();
const BIG_PDF = Buffer.concat([PDF, Buffer.alloc(300 * 1024)]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

const PROOF_FOR = {
  pvt_ltd: "cin",
  ltd: "cin",
  llp: "cin",
  partnership: "partnership_deed",
  individual: "aadhar_card",
} as const;
/** A PAN whose fourth letter is never the company type's (P is a person's; C a company's). */
const wrongPan = (type: keyof typeof PROOF_FOR) => (type === "individual" ? "ABCCE1234F" : "ABCPE1234F");

/** Clicks a submit button and answers the status of the post it makes. */
async function postStatus(page: Page, button: string): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST"),
    page.getByRole("button", { name: button, exact: true }).click(),
  ]);
  return response.status();
}

describeJsOnOff("forms keep what was typed", (s) => {
  it("KYC: every bad field by its field at once, values kept, files to choose again", async () => {
    const { page, js, index } = s;
    const client = withBank.at(-1 - index)!;
    const reg = registrations[client.id - 1];
    await signInOnce(page, "tl@demo.test", "tl");
    await page.goto(`/all-users/${client.id}/account-setup`);
    await page.getByTestId("kyc-form").waitFor();

    await page.locator("#company_name").fill("Kept Traders Pvt Ltd");
    await page.locator("#company_type").selectOption(reg.company_type);
    await page.locator("#business_proof_type").selectOption(PROOF_FOR[reg.company_type]);
    await page.locator("input[name=gst_type][value=no]").check();
    await page.locator("input[name=msme][value=no]").check();
    await page.locator("#pan_number").fill(wrongPan(reg.company_type));
    await page.locator("#billing_address").fill("12 MG Road");
    await page.locator("#billing_pincode").fill("560001");
    await page.locator("#billing_state").fill("Karnataka");
    // City left empty. Without JavaScript the big file reaches the server; with it the field refuses it at once.
    await page.locator("#business_proof").setInputFiles(file("proof.pdf", "application/pdf", js ? PDF : BIG_PDF));
    await page.locator("#pancard").setInputFiles(file("pan.png", "image/png", PNG));

    expect(await postStatus(page, "Submit")).toBe(400);
    await expectLocator(page.getByTestId("section-error")).toHaveText("Please correct the highlighted fields.");
    await expectLocator(page.locator("#billing_city-error")).toHaveText("City is required");
    await expectLocator(page.locator("#pan_number-error")).toContainText("fourth letter is");
    if (!js) await expectLocator(page.locator("#business_proof-error")).toHaveText("Max file size 300 KB only");
    await expectLocator(page.getByTestId("business_proof-note")).toHaveText(CHOOSE_FILE_AGAIN);
    await expectLocator(page.getByTestId("pancard-note")).toHaveText(CHOOSE_FILE_AGAIN);
    await expectLocator(page.getByTestId("page-error")).toHaveCount(0);

    // Everything typed is there again.
    await expectLocator(page.locator("#company_name")).toHaveValue("Kept Traders Pvt Ltd");
    await expectLocator(page.locator("#company_type")).toHaveValue(reg.company_type);
    await expectLocator(page.locator("#business_proof_type")).toHaveValue(PROOF_FOR[reg.company_type]);
    await expectLocator(page.locator("#pan_number")).toHaveValue(wrongPan(reg.company_type));
    await expectLocator(page.locator("#billing_address")).toHaveValue("12 MG Road");
    await expectLocator(page.locator("#billing_pincode")).toHaveValue("560001");
    await expectLocator(page.locator("#billing_state")).toHaveValue("Karnataka");
    expect(await page.locator("input[name=gst_type][value=no]").isChecked()).toBe(true);
    expect(await page.locator("input[name=msme][value=no]").isChecked()).toBe(true);
  });

  it("Business Details: a logo over 300 KB and a bad IFSC said by their fields, values kept", async () => {
    const { page, js, index } = s;
    const client = withoutBank.at(-1 - index)!;
    await signInOnce(page, "avp@demo.test", "avp");
    await page.goto(`/all-users/${client.id}/account-setup?open=business`);
    await page.getByTestId("business-form").waitFor();
    await page.locator("#account_name").fill("KEPT TRADERS");
    await page.locator("#account_number").fill("50100123456789");
    await page.locator("#bank_name").fill("HDFC Bank");
    await page.locator("#ifsc_code").fill("HDFC1001234");
    await page
      .locator("#label_logo")
      .setInputFiles(file("logo.png", "image/png", js ? PNG : Buffer.concat([PNG, Buffer.alloc(310 * 1024)])));

    expect(await postStatus(page, "Save Business Details")).toBe(400);
    await expectLocator(page.locator("#ifsc_code-error")).toHaveText(
      "Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits).",
    );
    if (!js) await expectLocator(page.locator("#label_logo-error")).toHaveText("Max file size 300 KB only");
    await expectLocator(page.getByTestId("label_logo-note")).toHaveText(CHOOSE_FILE_AGAIN);
    await expectLocator(page.locator("#account_name")).toHaveValue("KEPT TRADERS");
    await expectLocator(page.locator("#account_number")).toHaveValue("50100123456789");
    await expectLocator(page.locator("#bank_name")).toHaveValue("HDFC Bank");
    await expectLocator(page.locator("#ifsc_code")).toHaveValue("HDFC1001234");
    await expectLocator(page.getByTestId("page-error")).toHaveCount(0);
  });
});

describeJsOnOff("no dead end", (s) => {
  it("an unknown segment's download is the app's own 404 page, in the frame", async () => {
    const { page } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    for (const path of ["/rate-cards/3/download.csv", "/rate-cards/3/download.pdf"]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      expect(response?.headers()["content-type"]).toContain("text/html");
      await expectLocator(page.getByTestId("route-error")).toContainText('There is no segment rate card "3".');
      // The frame is there: the sidebar leads on.
      await expectLocator(page.locator(`a[href="/rate-cards"]`).first()).toHaveCount(1);
    }
    // A known segment still downloads.
    const ok = await page.context().request.get("/rate-cards/1/download.csv");
    expect(ok.status()).toBe(200);
    expect(ok.headers()["content-type"]).toContain("text/csv");
  });
});

describeJsOnOff("header search", (s) => {
  it("the placeholder follows the type with JavaScript, and names none without", async () => {
    const { page, js } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto("/all-users");
    const search = page.getByRole("search", { name: "Search orders" });
    const box = search.getByRole("searchbox");
    await search.getByLabel("Search by").selectOption({ label: "Customer Name" });
    await expectLocator(box).toHaveAttribute("placeholder", js ? "Search by Customer Name" : NO_JS_PLACEHOLDER);
  });
});

describeJsOnOff("wallet tolerance", (s) => {
  it("refuses a tolerance beyond the maximum by its field, values kept", async () => {
    const { page, index } = s;
    const client = chain.filter((c) => c.has_wallet).at(-1 - index)!;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto(`/all-users/${client.id}/account-setup?open=wallet`);
    await page.getByTestId("wallet-form").waitFor();
    await page.locator("#current_tolerance").fill("-5000");
    await page.locator("#max_tolerance").fill("-100");
    expect(await postStatus(page, "Save Tolerance")).toBe(400);
    await expectLocator(page.locator("#current_tolerance-error")).toHaveText(WALLET_MESSAGES.beyondMax);
    await expectLocator(page.locator("#current_tolerance")).toHaveValue("-5000");
    await expectLocator(page.locator("#max_tolerance")).toHaveValue("-100");
  });
});
