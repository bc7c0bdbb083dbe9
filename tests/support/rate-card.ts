/**
 * What the rate card's browser tests share: signing in as the demo's staff, and picking clients
 * whose card shows panels (no uploaded card). Each test file takes its clients from its own part
 * of the list so that files running at once change different cards.
 */
import type { Page } from "playwright-core";

import { newContext, sharedBrowser, signInOnce } from "./browser";

export type DemoRole = "vp" | "kam" | "tl" | "legal";

/** Signs in as the demo's `role@demo.test` and waits for the role's first page. */
export async function signInAs(page: Page, role: DemoRole) {
  await signInOnce(page, `${role}@demo.test`, role);
  await page.waitForURL((u) => u.pathname === (role === "legal" ? "/merchant-agreements" : "/all-users"));
}

/**
 * The first `count` clients, in the order `pick` leaves the ids of the All Users page `list`
 * (seen by `role`), whose rate card shows panels; with `uploadable`, whose card also offers
 * "Upload rate card" to `role` (the client has an auth token).
 */
export async function clientsWithPanels(opts: {
  role: DemoRole;
  list: string;
  count: number;
  pick?: (ids: number[]) => number[];
  uploadable?: boolean;
}): Promise<number[]> {
  const context = await newContext(await sharedBrowser(), true);
  try {
    const page = await context.newPage();
    await signInAs(page, opts.role);
    await page.goto(opts.list);
    const hrefs = await page
      .getByRole("link", { name: /View Details/ })
      .evaluateAll((as) => as.map((a) => a.getAttribute("href")));
    const ids = hrefs.map((h) => Number(h!.split("/").pop()));
    const out: number[] = [];
    for (const id of opts.pick ? opts.pick(ids) : ids) {
      await page.goto(`/all-users/${id}/rate-card`);
      const panels = (await page.getByTestId("panel-title").count()) > 0;
      const upload = !opts.uploadable || (await page.getByRole("link", { name: "Upload rate card" }).count()) > 0;
      if (panels && upload) out.push(id);
      if (out.length === opts.count) break;
    }
    return out;
  } finally {
    await context.close();
  }
}
