/**
 * A dependency file as published, rebuilt from the installed (patched) one by undoing
 * scripts/patch-dependencies.mjs's edits, for tests that compare the two. The copy is written
 * beside the installed file, so that its own imports resolve as the original's do; `remove()`
 * deletes it.
 */
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect } from "vitest";

export function writeUnpatchedCopy(
  file: string,
  edits: [string, string][],
  marker: string,
  what: string,
): { installed: string; copy: string; remove(): void } {
  const installed = path.resolve(file);
  const copy = installed.replace(/\.js$/, `.unpatched-${process.pid}.js`);
  let text = readFileSync(installed, "utf8");
  expect(text, `run npm install: its postinstall patches ${what}`).toContain(marker);
  for (const [find, replace] of edits) text = text.replace(replace, find);
  expect(text).not.toContain(marker);
  writeFileSync(copy, text);
  return { installed, copy, remove: () => rmSync(copy, { force: true }) };
}
