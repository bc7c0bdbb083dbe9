import { readFileSync } from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { themeCss } from "./theme-css";

describe("theme.generated.css", () => {
  it("is what MantineProvider renders for the current theme (run `npm run theme:css` after changing app/ui/theme.ts)", () => {
    const file = readFileSync(path.join(__dirname, "theme.generated.css"), "utf8");
    expect(file).toBe(themeCss());
  });

  it("carries the theme's choices: the indigo primary colour and the accessible error red", () => {
    const css = themeCss();
    expect(css).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
    expect(css).toContain("--mantine-color-error: var(--mantine-color-red-9)");
    expect(css).toContain(".mantine-hidden-from-xs");
  });
});
