/**
 * Where the browser tests find Chromium (decision 039): Chromium's headless shell first (the same
 * Blink and V8 without the desktop browser's UI processes, about a quarter less CPU per browser
 * test), else the full browser. `npm test` (scripts/test.mjs) also installs the shell when it
 * can; tests/support/browser.ts uses the same order when vitest runs without `npm test`.
 */
import { existsSync } from "node:fs";

export const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
export const FULL_CHROMIUM = "/usr/bin/chromium";

/** CHROME_PATH when set, else the headless shell when installed, else the full browser's path. */
export function preferredChromium() {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_CHROMIUM;
}
