/**
 * Takes screenshots of screens as a member of staff sees them (headless Chromium), for
 * reviewing the UI: `npx tsx scripts/screenshots.ts http://localhost:3000 out-dir email role path...`
 * (SIDEBAR=collapsed: with the sidebar collapsed; SETTLE_MS: the wait for lazy parts).
 */
import { chromium } from "playwright-core";

const [base = "http://localhost:3000", out = "/tmp/shots", email = "vp@demo.test", role = "vp", ...paths] =
  process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
});
for (const js of [true, false]) {
  const context = await browser.newContext({
    baseURL: base,
    javaScriptEnabled: js,
    viewport: { width: 1366, height: 800 },
  });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await page.screenshot({ path: `${out}/sign-in-${js ? "js" : "nojs"}.png` });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Role").selectOption(role);
  await page.getByLabel("Password").fill("demo-password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.pathname !== "/sign-in");
  // SIDEBAR=collapsed: the screens with the icon-only menu.
  if (process.env.SIDEBAR === "collapsed") {
    await page.getByRole("button", { name: "Collapse sidebar" }).click();
    await page.getByRole("button", { name: "Expand sidebar" }).waitFor();
  }
  for (const p of paths) {
    await page.goto(p);
    await page.waitForLoadState("load");
    // Let lazy parts (charts, the enhanced tables) arrive: SETTLE_MS, default 1.5 s with JavaScript on.
    if (js) await page.waitForTimeout(Number(process.env.SETTLE_MS ?? 1500));
    const name = p.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "root";
    await page.screenshot({ path: `${out}/${name}-${js ? "js" : "nojs"}.png`, fullPage: true });
  }
  await context.close();
}
await browser.close();
