/**
 * One problem in an uploaded file is said once, by what caused it (decision 070): the courier
 * rule editor's list upload and the account set-up's files, JavaScript on and off (the rate
 * card's upload is in small-polish-1280.test.ts).
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectLocator, signInOnce } from "../support/browser";
import { minimalPdf } from "../support/pdf";

/** vp's clients outside tl@demo.test's chain, after those courier-setup-upload.test.ts takes. */
const ruleClients = plannedDemoClients()
  .filter((c) => c.chain.vp === "vp@demo.test" && c.chain.tl !== "tl@demo.test")
  .slice(24, 26)
  .map((c) => c.id);
/** Clients of the demo chain with bank details (their Business Details are filled in). */
const banked = plannedDemoClients().filter((c) => c.chain.tl === "tl@demo.test" && c.id > 10 && c.has_bank);

async function alertsOf(page: Page): Promise<string[]> {
  return page.getByRole("alert").evaluateAll((els) => els.map((e) => (e.textContent ?? "").trim()).filter(Boolean));
}

describeJsOnOff("one upload problem, one message", (s) => {
  it("the rule editor: a list with one bad pincode", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto(`/all-users/${ruleClients[s.index]}/courier-rules/select/new`);
    await page.getByRole("textbox", { name: "Rule name" }).fill(`One bad line ${s.js ? "on" : "off"}`);
    await page.getByRole("radio", { name: "cheapest" }).check();
    await page.locator('input[name="lm_csv"]').setInputFiles({
      name: "pincodes.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("pincode\r\n900001\r\n12AB56\r\n900002\r\n"),
    });
    await page.getByRole("button", { name: "Save" }).click();
    const problem = "These are not 6-digit pincodes: line 3 '12AB56'.";
    await page.getByText(problem).waitFor();
    expect(await alertsOf(page)).toEqual(["Some form fields are invalid."]);
    // Said once on the page, by the list's field, not again above the form.
    await expectLocator(page.getByText(problem)).toHaveCount(1);
  });

  it("Business Details: a logo that is not an image", async () => {
    const { page } = s;
    await signInOnce(page, "tl@demo.test", "tl");
    await page.goto(`/all-users/${banked[s.index]!.id}/account-setup?open=business`);
    await page.getByTestId("business-form").waitFor();
    await page.locator("#label_logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: minimalPdf() });
    await page.getByRole("button", { name: "Save Business Details", exact: true }).click();
    const problem = "You can only upload png/jpeg/jpg file!";
    await page.locator("#label_logo-error").filter({ hasText: problem }).waitFor();
    expect(await alertsOf(page)).toEqual(["Please correct the highlighted fields."]);
    await expectLocator(page.getByText(problem)).toHaveCount(1);
  });
});
