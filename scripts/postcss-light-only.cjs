/**
 * The console has one colour scheme, light (root.tsx forces it; the spec has no dark mode), so
 * the rules Mantine writes for `[data-mantine-color-scheme='dark']` are dropped at build time:
 * ~1.6 KiB gzip of render-blocking CSS on every page (decision 043). A rule listing a dark and
 * another selector keeps the other; an at-rule left empty goes too.
 */
const DARK = /\[data-mantine-color-scheme=['"]?dark['"]?\]/;

module.exports = () => ({
  postcssPlugin: "light-only",
  Rule(rule) {
    if (!DARK.test(rule.selector)) return;
    const kept = rule.selectors.filter((s) => !DARK.test(s));
    if (kept.length === 0) rule.remove();
    else rule.selectors = kept;
  },
  OnceExit(root) {
    root.walkAtRules((at) => {
      if (at.nodes && at.nodes.length === 0) at.remove();
    });
  },
});
module.exports.postcss = true;
module.exports.DARK = DARK;
