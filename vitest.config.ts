import os from "node:os";
import path from "node:path";

import tsconfigPaths from "vite-tsconfig-paths";
import { defineConfig } from "vitest/config";

import { unitTestInclude } from "./tests/support/test-scope";

// Two cores: keep parallelism bounded. Unit/service tests run in forks (PGlite is WASM and
// memory-hungry); browser tests share one server started by their global setup, two files
// at a time like the rest.
//
// E2E_SCOPE=smoke runs only the browser smoke test (CI's embedded-PGlite pass: every browser
// test runs in the PostgreSQL pass; decision 017). Unset, every browser test runs.
// Cheap password hashes in every test process, the template's demo accounts and the browser
// tests' server, which inherit this environment (decision 038): scrypt at OWASP's 2^17 costs
// ~0.75 s of CPU and 128 MiB of fresh pages per hash on a CI machine.
process.env.PASSWORD_HASH_COST ??= "12";

const E2E_SMOKE = ["tests/e2e/smoke.test.ts"];
const e2eInclude =
  process.env.E2E_SCOPE === "smoke" ? E2E_SMOKE : ["tests/e2e/**/*.test.ts", "tests/security/**/*.test.ts"];
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    pool: "forks",
    // Worker processes are kept from file to file (decision 096): a file no longer pays a process
    // start and vitest's set-up. The unit project also keeps the modules it imported (collect was
    // 120 s of the embedded pass): a file must leave process-wide state (env, timers) as it found it.
    poolOptions: { forks: { maxForks: 2, minForks: 1, isolate: false } },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          // SEED_ORDERS: a small order book for every seeded test database (the template and seed.test).
          env: {
            SESSION_SECRET: "unit-test-session-secret-0123456789",
            DATA_DIR: path.join(os.tmpdir(), "console-unit-tests"),
            SEED_ORDERS: "1500",
            SEED_ORDER_CHUNK: "1000",
            SEED_FILL_CHUNK: "500",
          },
          // UNIT_SCOPE=database (CI's PostgreSQL pass): only the tests that use a database (decision 041).
          include: unitTestInclude(),
          // Files share a worker (decision 096): environment variables set with vi.stubEnv are put
          // back after each test.
          unstubEnvs: true,
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
          // Each browser-test file imports its modules afresh (its sign-ins and its Chromium are its
          // own), in the worker process the files share (decision 096).
          poolOptions: { forks: { isolate: true } },
          include: e2eInclude,
          environment: "node",
          // Starts the server on a copy of the unit project's template database (built once per run).
          globalSetup: ["tests/setup/e2e-server.ts"],
          setupFiles: ["tests/setup/e2e-browser.ts"],
          // A safety net, not a budget: an axe scan alone takes 10+ s when the two cores are shared.
          testTimeout: 240_000,
          // expect.poll waits for the page like Playwright's own matchers do: 1 s (vitest's default)
          // was too short for a post and its answer on a loaded CI machine.
          expect: { poll: { timeout: 15_000 } },
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
