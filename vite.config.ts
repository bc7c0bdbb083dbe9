import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  plugins: [
    remix({
      // BUILD_DIR lets several builds live side by side (e.g. parallel work); default build/.
      buildDirectory: process.env.BUILD_DIR ?? "build",
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        // Off: with ~50 routes the whole manifest is one cached 3 KiB file, while discovery
        // matched the route tree three more times per page and sent /__manifest requests for
        // the links on screen (docs/decisions/011-per-request-work-and-one-body-pages.md).
        v3_lazyRouteDiscovery: false,
      },
    }),
    tsconfigPaths(),
  ],
  server: { port: Number(process.env.PORT ?? 3000) },
  ssr: {
    // Packages that ship CSS or untranspiled ESM must be bundled into the server build.
    noExternal: [/^@mantine\//, "mantine-react-table"],
  },
});
