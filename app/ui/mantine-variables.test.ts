/**
 * root.tsx imports Mantine's global.css but not default-css-variables.css, which declares the
 * same variables again (3.7 KiB gzip of render-blocking CSS on every page); app.css declares the
 * few that global.css lacks. This keeps that true across Mantine upgrades.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

const mantine = (file: string) => readFileSync(path.resolve("node_modules/@mantine/core/styles", file), "utf8");

/** Custom properties per selector (comments dropped, quotes normalised). */
function variables(css: string): Map<string, Map<string, string>> {
  const out = new Map<string, Map<string, string>>();
  const text = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const block of text.matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    const selector = block[1].trim().replaceAll("'", '"');
    for (const decl of block[2].matchAll(/(--[\w-]+)\s*:\s*([^;]+);/g)) {
      if (!out.has(selector)) out.set(selector, new Map());
      out.get(selector)!.set(decl[1], decl[2].trim());
    }
  }
  return out;
}

describe("Mantine's CSS variables without default-css-variables.css", () => {
  it("every variable it declares is declared by global.css or app.css, for the same selector", () => {
    const defaults = variables(mantine("default-css-variables.css"));
    const global = variables(mantine("global.css"));
    const app = variables(readFileSync(path.resolve("app/ui/app.css"), "utf8"));
    expect(defaults.size).toBeGreaterThanOrEqual(3);
    const missing: string[] = [];
    for (const [selector, decls] of defaults)
      for (const [name, value] of decls) {
        if (global.get(selector)?.has(name)) continue;
        const ours = app.get(selector)?.get(name);
        if (ours !== value) missing.push(`${selector} ${name}: ${value} (app.css: ${ours ?? "none"})`);
      }
    expect(missing).toEqual([]);
  });

  it("root.tsx does not import default-css-variables.css again", () => {
    expect(readFileSync(path.resolve("app/root.tsx"), "utf8")).not.toContain(
      `import "@mantine/core/styles/default-css-variables.css"`,
    );
  });
});
