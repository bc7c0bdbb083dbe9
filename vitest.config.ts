import os from "node:os";
import path from "node:path";
import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

// Two cores: keep parallelism bounded. Unit/service tests run in forks (PGlite is WASM and
// memory-hungry); browser tests share one server started by their global setup.
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: "forks",
    poolOptions: { forks: { maxForks: 2, minForks: 1 } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          env: { SESSION_SECRET: "unit-test-session-secret-0123456789", DATA_DIR: path.join(os.tmpdir(), "console-unit-tests") },
          include: ["app/**/*.test.ts", "tests/services/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/db-template.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts", "tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/setup/e2e-server.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
