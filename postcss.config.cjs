const lightOnly = require("./scripts/postcss-light-only.cjs");

module.exports = {
  plugins: [
    require("postcss-preset-mantine")(),
    require("postcss-simple-vars")({
      variables: {
        "mantine-breakpoint-xs": "36em",
        "mantine-breakpoint-sm": "48em",
        "mantine-breakpoint-md": "62em",
        "mantine-breakpoint-lg": "75em",
        "mantine-breakpoint-xl": "88em",
      },
    }),
    // Last, after Mantine's preset has expanded its light/dark mixins (decision 043).
    lightOnly(),
  ],
};
