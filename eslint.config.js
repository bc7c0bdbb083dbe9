// ESLint flat config (decision 057). `npm run lint` runs it beside `prettier --check`; `npm run format`
// rewrites with Prettier and then applies ESLint's fixes. Layout is Prettier's alone: eslint-config-prettier,
// last, turns off every rule that would argue with it.
//
// No type-aware rules: a typed run builds the whole TypeScript program (as `tsc` does, which CI already
// runs) and took 64 s and 2.3 GB on the 2-core machine against 23–32 s without; its extra findings were
// mostly `no-unsafe-*` on untyped JSON and Drizzle rows.
import js from "@eslint/js";
import prettier from "eslint-config-prettier";
import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    // Build output, data folders and generated files (the theme's CSS and Drizzle's migration snapshots are
    // not linted: ESLint only reads JS/TS, and Prettier's own list is .prettierignore).
    ignores: [
      "build/**",
      "build-*/**",
      "public/build/**",
      "data/**",
      ".cache/**",
      "test-results/**",
      "profiles/**",
      "scratch-w/**",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      // The same module tree runs on the server (Node) and in the browser.
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      // Import order: simple-import-sort, not import-x/order. It needs no resolver and no module graph (fast,
      // nothing to configure for `~/` paths or `.server` files) and its --fix is complete: packages, then
      // `~/…`, then relative; alphabetical inside each group.
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      // A leading underscore marks a value kept on purpose (a rest sibling dropped, a callback's unused
      // argument) — the house already writes `const { id: _id, ...rest } = row`.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          ignoreRestSiblings: true,
        },
      ],
      // `{}` is the identity of an intersection here (`Failure<S, Extra extends object = {}>`, `Result<T = {}>`):
      // the rule's worry, `{}` read as "any non-null value", does not arise in that use.
      "@typescript-eslint/no-empty-object-type": ["error", { allowObjectTypes: "always", allowInterfaces: "always" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Every control-character class in this tree is deliberate input hygiene (decision 019): the rule
      // found ten, no mistake, and a disable comment per line would drift when Prettier re-wraps it.
      "no-control-regex": "off",
      eqeqeq: ["error", "smart"],
      "object-shorthand": "error",
      // Off, each would need hundreds of hand edits for no real gain (counts on the tree when this was set):
      // - @typescript-eslint/no-non-null-assertion (338): `!` follows a check the compiler cannot see.
      // - @typescript-eslint/consistent-type-definitions (281): `type` and `interface` are both fine.
      // - no-nested-ternary (71): short JSX conditionals read well; Prettier lays them out.
      // - no-console (175): the scripts and the server's start-up log to the console on purpose.
      // - @typescript-eslint/no-shadow (22): worth a later pass; not a rule to turn on in a formatting change.
    },
  },
  {
    files: ["**/*.cjs"],
    languageOptions: { sourceType: "commonjs" },
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    files: ["**/*.tsx", "**/*.jsx"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    settings: { react: { version: "18.3" } },
    languageOptions: { parserOptions: { ecmaFeatures: { jsx: true } } },
    rules: {
      ...react.configs.flat.recommended.rules,
      ...react.configs.flat["jsx-runtime"].rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // The two classic hook rules. react-hooks 7's `recommended` adds the React Compiler's checks
      // (static-components, set-state-in-effect, refs, …): they are written for code the compiler will
      // memoize, this app does not use the compiler, and they ran the compiler over every file (58% of
      // lint time).
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
      // Props are typed by TypeScript.
      "react/prop-types": "off",
      // Only the characters that are a typo in JSX text; an apostrophe in a sentence is fine as it is.
      "react/no-unescaped-entities": ["error", { forbid: [">", "}"] }],
      "react/self-closing-comp": "error",
      // A scrolling table is a `role="region"` with tabIndex 0 so a keyboard can scroll it (axe's
      // scrollable-region-focusable, run by the browser tests).
      "jsx-a11y/no-noninteractive-tabindex": [
        "error",
        { tags: [], roles: ["tabpanel", "region"], allowExpressionValues: true },
      ],
    },
  },
  prettier,
);
