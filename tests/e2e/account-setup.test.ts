/**
 * Client account set-up (decision 026) in real Chromium, JavaScript on and off, as tl, avp and vp:
 * KYC with a GST lookup and documents, read-only after submit; Business Details with a logo;
 * the flags; the API token; wallet tolerance; the spec's messages; axe.
 * Each mode uses its own clients (a KYC submits once).
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { plannedGstRegistrations } from "~/services/seed/account";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectAccessible, expectLocator, signInOnce } from "../support/browser";
import { minimalPdf } from "../support/pdf";

/** Clients of the demo chain tl@ → bdm@ → avp@ → vp@, so every role here sees them; past the first ten (other tests edit those). */
const chain = plannedDemoClients().filter((c) => c.chain.tl === "tl@demo.test" && c.id > 10 && c.has_token);
const registrations = plannedGstRegistrations();
const withoutBank = chain.filter((c) => !c.has_bank && !c.has_wallet);
/** Bank account and business details already there: the profile-completed card follows the KYC. */
const withBank = chain.filter((c) => c.has_bank);
const withoutWallet = chain.filter((c) => !c.has_wallet);

const PDF = minimalPdf();
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const file = (name: string, mimeType: string, buffer: Buffer) => ({ name, mimeType, buffer });

const PROOF_FOR = {
  pvt_ltd: "cin",
  ltd: "cin",
  llp: "cin",
  partnership: "partnership_deed",
  individual: "aadhar_card",
} as const;

async function as(page: Page, role: "vp" | "avp" | "tl" | "kam") {
  await signInOnce(page, `${role}@demo.test`, role);
}

/** Clicks and waits until `after` shows (a client-side navigation with JavaScript, a page load without). */
async function clickThen(page: Page, name: string, after: () => Promise<unknown>) {
  await page.getByRole("button", { name, exact: true }).click();
  await after();
}

const toast = (page: Page) => page.getByTestId("toast");

describeJsOnOff("account set-up", (s) => {
  it("tl: KYC messages, GST lookup fills and locks, documents checked, submit once, read-only after", async () => {
    const { page, js, index } = s;
    const client = withBank[index];
    const reg = registrations[client.id - 1];
    expect(reg.clientId).toBe(client.id);
    await as(page, "tl");
    if (js) await page.clock.install();
    const url = `/all-users/${client.id}/account-setup`;
    await page.goto(url);
    await page.getByTestId("kyc-form").waitFor();
    expect(await page.getByRole("link", { name: "Skip", exact: true }).getAttribute("href")).toBe("/dashboard");

    // Everything missing: the required messages.
    await clickThen(page, "Submit", () =>
      expectLocator(page.locator("#company_type-error")).toHaveText("Company Type is required"),
    );
    for (const [field, message] of [
      ["company_name", "Company Name is required"],
      ["billing_address", "Billing Address is required"],
      ["billing_city", "City is required"],
      ["billing_pincode", "Pincode is required"],
      ["billing_state", "State is required"],
      ["pan_number", "PAN Number is required"],
    ]) {
      await expectLocator(page.locator(`#${field}-error`)).toHaveText(message);
    }

    // A GSTIN with a wrong check character.
    const wrong = reg.gstin.slice(0, 14) + (reg.gstin[14] === "A" ? "B" : "A");
    await page.locator("#company_type").selectOption(reg.company_type);
    await page.locator("input[name=gst_type][value=yes]").check();
    await page.locator("input[name=msme][value=no]").check();
    await page.locator("#gst_no").fill(wrong);
    await clickThen(page, "Fetch details", () =>
      expectLocator(page.locator("#gst_no-error")).toHaveText("Please provide a valid GST number"),
    );

    // The right one: filled from the registry and locked.
    await page.locator("#gst_no").fill(reg.gstin.toLowerCase());
    await clickThen(page, "Fetch details", () => page.getByTestId("lookup-filled").waitFor());
    await expectLocator(page.locator("#company_name")).toHaveValue(reg.company_name);
    await expectLocator(page.locator("#billing_city")).toHaveValue(reg.city);
    await expectLocator(page.locator("#billing_pincode")).toHaveValue(reg.pincode);
    await expectLocator(page.locator("#pan_number")).toHaveValue(reg.pan);
    expect(await page.locator("#billing_address").getAttribute("readonly")).not.toBeNull();
    if (js) {
      // Switching GST to No clears the GST number, PAN and billing fields and unlocks them; the company
      // name stays, unlocked (docs/product.md §4, decision 070). Yes and a new lookup fill them again.
      await page.locator("input[name=gst_type][value=no]").check();
      await expectLocator(page.locator("#billing_city")).toHaveValue("");
      await expectLocator(page.locator("#pan_number")).toHaveValue("");
      await expectLocator(page.locator("#gst_no")).toHaveValue("");
      await expectLocator(page.locator("#company_name")).toHaveValue(reg.company_name);
      expect(await page.locator("#company_name").getAttribute("readonly")).toBeNull();
      expect(await page.locator("#billing_address").getAttribute("readonly")).toBeNull();
      await page.locator("input[name=gst_type][value=yes]").check();
      await page.locator("#gst_no").fill(reg.gstin);
      await clickThen(page, "Fetch details", () => expectLocator(page.locator("#billing_city")).toHaveValue(reg.city));
      expect(await page.locator("#billing_address").getAttribute("readonly")).not.toBeNull();
    } else {
      // Without JavaScript the server clears and unlocks them when No is applied; Yes and a new lookup fill them again.
      await page.locator("input[name=gst_type][value=no]").check();
      await clickThen(page, "Apply the GST choice (No clears the GST number, PAN and billing address)", () =>
        expectLocator(page.locator("#billing_city")).toHaveValue(""),
      );
      await expectLocator(page.locator("#gst_no")).toHaveValue("");
      await expectLocator(page.locator("#company_name")).toHaveValue(reg.company_name);
      expect(await page.locator("#billing_address").getAttribute("readonly")).toBeNull();
      await page.locator("input[name=gst_type][value=yes]").check();
      await page.locator("#gst_no").fill(reg.gstin);
      await clickThen(page, "Fetch details", () => expectLocator(page.locator("#billing_city")).toHaveValue(reg.city));
      expect(await page.locator("#billing_address").getAttribute("readonly")).not.toBeNull();
    }
    await page.locator("#business_proof_type").selectOption(PROOF_FOR[reg.company_type]);

    // A 'pdf' that is not one, and (with JavaScript) a file over 300 KB said at once.
    if (js) {
      await page
        .locator("#business_proof")
        .setInputFiles(file("big.pdf", "application/pdf", Buffer.concat([PDF, Buffer.alloc(300 * 1024)])));
      await expectLocator(page.locator("#business_proof-error")).toHaveText("Max file size 300 KB only");
      await page.locator("#gst_certificate").setInputFiles(file("gst.docx", "application/octet-stream", PDF));
      await expectLocator(page.locator("#gst_certificate-error")).toHaveText(
        "You can only upload png/jpeg/jpg/pdf file!",
      );
    }
    await page
      .locator("#business_proof")
      .setInputFiles(file("proof.pdf", "application/pdf", Buffer.from("not a pdf at all")));
    await page.locator("#gst_certificate").setInputFiles(file("gst.png", "image/png", PNG));
    await clickThen(page, "Submit", () =>
      expectLocator(page.locator("#business_proof-error")).toHaveText("You can only upload png/jpeg/jpg/pdf file!"),
    );

    // Without JavaScript a file over 300 KB is refused by its field, every value kept
    // (tests/e2e/forms-without-js.test.ts checks this fully).
    if (!js) {
      await page
        .locator("#business_proof")
        .setInputFiles(file("big.pdf", "application/pdf", Buffer.concat([PDF, Buffer.alloc(300 * 1024)])));
      await clickThen(page, "Submit", () =>
        expectLocator(page.locator("#business_proof-error")).toHaveText("Max file size 300 KB only"),
      );
      await expectLocator(page.locator("#company_name")).toHaveValue(reg.company_name);
    }

    // A refused post shows the form again without the chosen files: choose them again.
    await page.locator("#business_proof").setInputFiles(file("proof.pdf", "application/pdf", PDF));
    await page.locator("#gst_certificate").setInputFiles(file("gst.png", "image/png", PNG));
    await clickThen(page, "Submit", () => expectLocator(toast(page)).toContainText("KYC submitted successfully."));
    await page.getByTestId("kyc-submitted").waitFor();
    // Bank account and business details were there: the profile-completed card, for 15 s (docs/product.md §9).
    const card = page.getByTestId("profile-completed");
    await card.waitFor();
    if (js) {
      await page.locator('[data-testid="profile-completed"][data-timed="true"]').waitFor();
      await page.clock.runFor(14_000);
      await expectLocator(card).toHaveCount(1);
      await page.clock.runFor(1_500);
      await card.waitFor({ state: "detached", timeout: 2_000 });
      await page.clock.resume();
    }
    expect(await page.getByRole("button", { name: "Submit", exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole("button", { name: "Skip", exact: true }).isDisabled()).toBe(true);
    expect(await page.locator("#company_name").getAttribute("readonly")).not.toBeNull();
    await expectLocator(page.getByRole("button", { name: "Fetch details" })).toHaveCount(0);
    const doc = await page.context().request.get(`${url}/document/business_proof`);
    expect(doc.status()).toBe(200);
    expect((await doc.body()).subarray(0, 5).toString()).toBe("%PDF-");
    if (js) await expectAccessible(page, js);
  });

  it("avp: business details with a logo and the IFSC rule; flags incl. Activate Wallet; credit period", async () => {
    const { page, js, index } = s;
    const client = withoutBank[index];
    await as(page, "avp");
    const url = `/all-users/${client.id}/account-setup?open=business,config`;
    await page.goto(url);
    await page.getByTestId("business-form").waitFor();
    await page.locator("#account_name").fill("DEMO TRADERS");
    await page.locator("#account_number").fill("50100123456789");
    await page.locator("#bank_name").fill("HDFC Bank");
    await page.locator("#ifsc_code").fill("HDFC1001234");
    await clickThen(page, "Save Business Details", () =>
      expectLocator(page.locator("#ifsc_code-error")).toHaveText(
        "Please enter a valid IFSC code (4 letters, 0, then 6 letters or digits).",
      ),
    );
    await page.locator("#ifsc_code").fill("HDFC0001234");
    await page.locator("#label_logo").setInputFiles(file("logo.png", "image/png", PNG));
    await clickThen(page, "Save Business Details", () =>
      expectLocator(toast(page)).toContainText("Business details updated successfully."),
    );
    await page.getByTestId("logo-link").waitFor();
    if (js) await expectAccessible(page, js); // Business Details and Pickrr Configuration open
    expect(await page.locator("#account_number").isDisabled()).toBe(true); // locked once set
    await expectLocator(page.getByRole("button", { name: "Unlock bank details" })).toHaveCount(0); // vp only
    const logo = await page.context().request.get(`/all-users/${client.id}/account-setup/logo`);
    expect(logo.headers()["content-type"]).toBe("image/png");

    // Flags: avp may change Activate Wallet; credit period takes whole days only.
    await page.getByTestId("flag-surface_only").setChecked(true);
    await page.getByTestId("flag-has_wallet").setChecked(true);
    await page.locator("#credit_period").fill("1.5");
    await clickThen(page, "Save Configuration", () =>
      expectLocator(page.locator("#credit_period-error")).toHaveText(
        "Credit period must be a whole number of days, 0 or more.",
      ),
    );
    if (js) {
      await page.locator("#credit_period").fill("");
      await page.locator("#credit_period").pressSequentially("-1e.+5");
      await expectLocator(page.locator("#credit_period")).toHaveValue("15");
    } else {
      await page.locator("#credit_period").fill("15");
    }
    await page.getByTestId("flag-surface_only").setChecked(true);
    await page.getByTestId("flag-has_wallet").setChecked(true);
    await clickThen(page, "Save Configuration", () =>
      expectLocator(toast(page)).toContainText("Pickrr configuration updated successfully."),
    );
    expect(await page.getByTestId("flag-surface_only").isChecked()).toBe(true);
    expect(await page.getByTestId("flag-has_wallet").isChecked()).toBe(true);
    await expectLocator(page.locator("#credit_period")).toHaveValue("15");
    // Wallet Configuration is the wallet admin's (vp@demo.test), not avp's.
    await expectLocator(page.getByTestId("section-wallet")).toHaveCount(0);
  });

  it("vp: wallet tolerance, API token reveal and rotate; tl cannot touch Activate Wallet or the token", async () => {
    const { page, js, index } = s;
    const client = withoutWallet[10 + index];
    await as(page, "tl");
    await page.goto(`/all-users/${client.id}/account-setup?open=config`);
    expect(await page.getByTestId("flag-has_wallet").isDisabled()).toBe(true);
    // Disable legal is legal's Blocked Users state: read-only here, with the reason beside it.
    expect(await page.getByTestId("flag-disable_legal").isDisabled()).toBe(true);
    await expectLocator(page.getByTestId("flag-disable_legal-note")).toHaveText(
      "(Legal enforcement is managed by the legal team)",
    );
    await page.getByTestId("flag-disable_legal").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${process.env.TMPDIR ?? "/tmp"}/tl-disable-legal-${s.label}.png` });
    await expectLocator(page.getByRole("button", { name: "Reveal" })).toHaveCount(0);
    await expectLocator(page.getByTestId("token-masked")).toHaveText(
      "Only a VP or KAM may see this client's API token.",
    );
    if (js) {
      // The server decides, whatever the page showed: a forged post is refused and changes nothing (plain HTTP, once).
      const version = (await page.getByTestId("config-form").locator("input[name=version]").getAttribute("value"))!;
      const forged = await page.context().request.post(`/all-users/${client.id}/account-setup?open=config`, {
        form: { intent: "config", version, has_wallet: "on", credit_period: "0", otp: "0" },
      });
      expect(forged.status()).toBe(403);
      expect(await forged.text()).toContain("Only an AVP or VP may change Activate Wallet.");
      const stored = await page.getByTestId("flag-disable_legal").isChecked();
      const forgedLegal = await page.context().request.post(`/all-users/${client.id}/account-setup?open=config`, {
        form: { intent: "config", version, credit_period: "0", otp: "0", ...(stored ? {} : { disable_legal: "on" }) },
      });
      expect(forgedLegal.status()).toBe(403);
      expect(await forgedLegal.text()).toContain("Legal enforcement is managed by the legal team.");
      const reveal = await page
        .context()
        .request.post(`/all-users/${client.id}/account-setup?open=config`, { form: { intent: "token-reveal" } });
      expect(reveal.status()).toBe(403);
      expect(await reveal.text()).not.toMatch(/[0-9a-f]{40}/);
    }

    await page.context().clearCookies();
    await as(page, "vp");
    await page.goto(`/all-users/${client.id}/account-setup?open=config,wallet,history`);
    await page.getByTestId("flag-has_wallet").setChecked(true);
    await clickThen(page, "Save Configuration", () =>
      expectLocator(toast(page)).toContainText("Pickrr configuration updated successfully."),
    );
    await page.getByTestId("wallet-form").waitFor();
    await page.locator("#max_tolerance").fill("+500");
    await clickThen(page, "Save Tolerance", () =>
      expectLocator(page.locator("#max_tolerance-error")).toHaveText("Please enter a valid maximum tolerance value."),
    );
    await page.locator("#current_tolerance").fill("-750");
    await page.locator("#max_tolerance").fill("-1500.5");
    await clickThen(page, "Save Tolerance", () =>
      expectLocator(toast(page)).toContainText("Tolerance values updated successfully."),
    );
    await expectLocator(page.locator("#max_tolerance")).toHaveValue("-1500.50");
    await expectLocator(page.getByTestId("account-history")).toContainText("Maximum Tolerance: 0.00 → -1500.50");

    // The token: masked, revealed (a form post), then rotated after a confirmation; the old one stops working.
    const masked = (await page.getByTestId("token-masked").textContent())!;
    expect(masked).toMatch(/^•+[0-9a-f]{4}$/);
    await clickThen(page, "Reveal", () => page.getByTestId("token-value").waitFor());
    const old = (await page.getByTestId("token-value").textContent())!;
    expect(old).toMatch(/^[0-9a-f]{40}$/);
    expect(old.slice(-4)).toBe(masked.slice(-4));
    await page.getByRole("link", { name: "Rotate…" }).click();
    await page.getByTestId("rotate-confirm").waitFor();
    await clickThen(page, "Yes, rotate", () =>
      expectLocator(page.getByTestId("token-revealed")).toContainText("the old one no longer works"),
    );
    const token = (await page.getByTestId("token-value").textContent())!;
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(token).not.toBe(old);
    const api = (t: string) => page.context().request.get(`/api/seller/advantage-plan?auth_token=${t}`);
    expect((await api(old)).status()).toBe(401);
    expect((await api(token)).status()).toBe(200);
    if (!js) await expectAccessible(page, js);
  });

  it("kam: reveals a client's API token, but Activate Wallet is not theirs to change", async () => {
    const { page, js, index } = s;
    // A client outside the demo vp's chain (kam sees every client; no other browser test uses these).
    const client = plannedDemoClients().filter((c) => c.has_token && !c.has_wallet && c.chain.vp !== "vp@demo.test")[
      index
    ];
    await as(page, "kam");
    await page.goto(`/all-users/${client.id}/account-setup?open=config`);
    expect(await page.getByTestId("flag-has_wallet").isDisabled()).toBe(true);
    const masked = (await page.getByTestId("token-masked").textContent())!;
    expect(masked).toMatch(/^•+[0-9a-f]{4}$/);
    await clickThen(page, "Reveal", () => page.getByTestId("token-value").waitFor());
    const token = (await page.getByTestId("token-value").textContent())!;
    expect(token).toMatch(/^[0-9a-f]{40}$/);
    expect(token.slice(-4)).toBe(masked.slice(-4));
    if (js) {
      const version = (await page.getByTestId("config-form").locator("input[name=version]").getAttribute("value"))!;
      const forged = await page.context().request.post(`/all-users/${client.id}/account-setup?open=config`, {
        form: { intent: "config", version, has_wallet: "on", credit_period: "0", otp: "0" },
      });
      expect(forged.status()).toBe(403);
    }
  });
});
