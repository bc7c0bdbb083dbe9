/**
 * The last two checks of the first screens' review, at 1280×720 as a vp: a keyboard-only walk (Tab, Space, Enter —
 * no clicks) through applying a segment, a row edit, a plan switch and an upload, on a client
 * of no other test; then axe on every part-1 screen and dialog (no serious or critical
 * violation), on that client, so the screens are in the state the walk left them.
 */
import type { Locator, Page } from "playwright-core";
import { expect, it } from "vitest";

import { readCsv, writeCsv } from "~/services/http/csv";
import { plannedDemoClients } from "~/services/seed/seed.server";

import { expectAccessible, expectLocator, signInOnce, usePage } from "../support/browser";
import { calculatorQuery } from "../support/calculator";

/** Presses Tab until `target` has the focus (it must be reachable by keyboard at all), unless it has it already. */
async function tabTo(page: Page, target: Locator, max = 150): Promise<void> {
  const handle = await target.elementHandle();
  if (await handle!.evaluate((el) => el === document.activeElement)) return; // a dialog focuses its first control
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await handle!.evaluate((el) => el === document.activeElement)) return;
  }
  const active = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200));
  throw new Error(`Not reachable with Tab: ${target} (focus is on ${active})`);
}

const s = usePage();
let base = "";

it("walks a segment apply, a row edit, a plan switch and an upload with the keyboard only", async () => {
  const { page, context } = s;
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInOnce(page, "vp@demo.test", "vp");
  // A demo client of no other test's (they pick the tl@demo.test chain or clients by name).
  const client = plannedDemoClients()
    .filter((c) => c.has_token && c.chain.tl !== "tl@demo.test")
    .at(-3)!;
  base = `/all-users/${client.id}`;
  const card = `${base}/rate-card`;

  // 1. Apply a segment.
  await page.goto(card);
  await tabTo(page, page.getByRole("link", { name: "Apply segment" }).first());
  await page.keyboard.press("Enter");
  const apply = page.getByRole("dialog", { name: "Apply segment" });
  await apply.waitFor();
  await tabTo(page, apply.getByLabel("Segment"));
  await page.keyboard.press("ArrowDown");
  await tabTo(page, apply.getByRole("button", { name: "Preview" }));
  await page.keyboard.press("Enter");
  await apply.getByTestId("segment-preview").waitFor();
  await tabTo(page, apply.getByRole("button", { name: "Apply" }));
  await page.keyboard.press("Space");
  await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
  await expectLocator(page.getByRole("dialog")).toHaveCount(0);

  // 2. Edit a row: Enter on Edit, type a price, Space on Save, Enter on Confirm.
  const row = page.getByTestId("rate-row").first();
  const courier = (await row.getAttribute("data-courier"))!;
  await tabTo(page, row.getByRole("link", { name: `Edit ${courier}` }));
  await page.keyboard.press("Enter");
  const zoneA = page.locator("[data-editing]").getByLabel(/^Zone A Base for/);
  await zoneA.waitFor();
  await tabTo(page, zoneA);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("123.45");
  await tabTo(page, page.locator("[data-editing]").getByRole("button", { name: "Save" }));
  await page.keyboard.press("Space");
  const confirm = page.getByRole("dialog", { name: "Confirm rate update" });
  await confirm.waitFor();
  await tabTo(page, confirm.getByRole("button", { name: "Confirm" }));
  await page.keyboard.press("Enter");
  await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
  await expectLocator(page.getByTestId("rate-row").filter({ hasText: "123.45 |" })).toHaveCount(1);

  // 3. Switch the Premium plan: Space on the switch, Enter on the dialog's button.
  await page.goto(`${card}/advantage?plan=premium`);
  const toggle = page.getByRole("switch", { name: "Premium plan offered" });
  const was = await toggle.getAttribute("aria-checked");
  const verb = was === "true" ? "Disable" : "Enable";
  await tabTo(page, toggle);
  await page.keyboard.press("Space");
  const planDialog = page.getByRole("dialog", { name: `${verb} Premium plan` });
  await planDialog.waitFor();
  await tabTo(page, planDialog.getByRole("button", { name: verb }));
  await page.keyboard.press("Enter");
  await page.getByTestId("toast").getByText("Updated Successfully").waitFor();
  await expectLocator(page.getByRole("switch", { name: "Premium plan offered" })).toHaveAttribute(
    "aria-checked",
    was === "true" ? "false" : "true",
  );

  // 4. Upload an edited card: the file is chosen in the system picker (set here), the rest by keys.
  const records = readCsv(await (await context.request.get(`${card}/download.csv`)).text());
  const zoneCol = records[0].indexOf("Zone B Base");
  records[1][zoneCol] = "234.56";
  await page.goto(card);
  await tabTo(page, page.getByRole("link", { name: "Upload rate card" }));
  await page.keyboard.press("Enter");
  const upload = page.getByRole("dialog", { name: "Upload rate card" });
  await upload.waitFor();
  const file = upload.getByLabel("Rate card file (CSV)");
  await tabTo(page, file);
  await file.setInputFiles({
    name: "keyboard.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(writeCsv(records), "utf8"),
  });
  const verify = upload.getByRole("button", { name: "Verify" });
  await expect.poll(() => verify.isDisabled()).toBe(false);
  await tabTo(page, verify);
  await page.keyboard.press("Enter");
  await page.getByTestId("upload-preview").waitFor();
  await tabTo(page, page.getByRole("dialog").getByRole("button", { name: "Submit" }));
  await page.keyboard.press("Space");
  await page.getByTestId("toast").getByText("Uploaded Successfully!").waitFor();
});

it("has no serious or critical axe violation on any part-1 screen or dialog at 1280×720", async () => {
  const { page } = s;
  expect(base).not.toBe("");
  await page.setViewportSize({ width: 1280, height: 720 });
  await signInOnce(page, "vp@demo.test", "vp");
  const card = `${base}/rate-card`;
  await page.goto(card);
  const rowId =
    (await page.getByTestId("rate-row").first().getAttribute("data-row-id")) ??
    (await page
      .getByRole("link", { name: /^Edit weight slab of / })
      .first()
      .getAttribute("href"))!.replace(/.*row=(\d+).*/, "$1");
  const quote = calculatorQuery({ payment_mode: "cod", cod_amount: "500" });
  const screens = [
    "/all-users",
    "/all-users?register=1",
    "/rate-cards",
    base,
    card,
    `${card}?layout=panels`,
    `${card}?tab=reverse`,
    `${card}?tab=rto`,
    `${card}?edit=${rowId}`,
    `${card}/weight-slab?row=${rowId}`,
    `${card}/history`,
    `${card}/upload`,
    `${card}/apply-segment?segment=1`,
    `${card}/rto-from-forward`,
    `${card}/advantage?plan=basic`,
    `${card}/advantage?plan=premium`,
    `${card}/advantage/plan?plan=premium`,
    `${card}/advantage/history?plan=premium`,
    `${base}/rate-calculator`,
    `${base}/rate-calculator${quote}`,
    `${base}/serviceability?from_pincode=110001&to_pincode=560001`,
    `${base}/serviceability?from_pincode=110001&to_pincode=560001&download=1`,
  ];
  for (const path of screens) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBeLessThan(400);
    await expectAccessible(page);
  }
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await expectAccessible(page);
}, 600_000); // 23 axe scans: 274 s in all on 2026-11-24 with this Chromium (docs/performance-log.md, CI)
