/**
 * The console's Mantine theme. Its CSS variables are not rendered into every page: they are
 * generated once into theme.generated.css (`npm run theme:css`, checked by theme.test.ts)
 * and served with the other static styles.
 */
import { createTheme, type CSSVariablesResolver } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "indigo",
  // Shade 8 keeps white-on-primary and primary-on-white text above WCAG AA contrast.
  primaryShade: { light: 8, dark: 6 },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  defaultRadius: "sm",
});

/** Mantine's default error red (red-6) fails WCAG AA on white: errors everywhere use red-9. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { "--mantine-color-error": "var(--mantine-color-red-9)" },
  dark: {},
});
