/** Setup file of the e2e project (runs in each test file): closes the file's shared Chromium. */
import { afterAll } from "vitest";

import { closeSharedBrowser } from "../support/browser";

afterAll(async () => {
  await closeSharedBrowser();
});
