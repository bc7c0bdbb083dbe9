/**
 * The order search as staff use it (decision 023, first slice), JS on and off: each of the five
 * search types from the header finds a seeded order (or its seller), Charged Amount Details
 * shows the frozen charge's formula, Sync Tracking says 'Tracing Synced', and a tl cannot see
 * another hierarchy's order, even by URL. The seed is deterministic: its first order's
 * tracking id is PK0000104729 (seed/orders.server.ts).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";

import { plannedDemoClients } from "~/services/seed/seed.server";

import {
  describeJsOnOff,
  expectAccessible,
  expectLocator,
  newContext,
  revealClientToken,
  servedHtml,
  signInOnce,
  usePage,
} from "../support/browser";
import { postForm } from "../support/http";

const FIRST_TRACKING_ID = "PK0000104729";

async function headerSearch(page: Page, type: string, q: string) {
  const form = page.getByRole("search", { name: "Search orders" });
  await form.getByLabel("Search by").selectOption({ label: type });
  await form.getByRole("searchbox").fill(q);
  await Promise.all([
    page.waitForURL((u) => u.pathname === "/single-search-record" && u.searchParams.get("q") === q),
    form.getByRole("searchbox").press("Enter"),
  ]);
}

describeJsOnOff("order search", (s) => {
  it("finds an order from the header by each search type, and its seller by e-mail", async () => {
    const { page, js } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto("/all-users");
    if (js) {
      const box = page.getByRole("search", { name: "Search orders" }).getByRole("searchbox");
      await expectLocator(box).toHaveAttribute("placeholder", "Search by Tracking ID");
      await page
        .getByRole("search", { name: "Search orders" })
        .getByLabel("Search by")
        .selectOption({ label: "Customer Name" });
      await expectLocator(box).toHaveAttribute("placeholder", "Search by Customer Name");
    }
    await headerSearch(page, "Tracking ID", FIRST_TRACKING_ID.toLowerCase());
    const row = page.getByTestId("order-result");
    await expectLocator(row).toHaveCount(1);
    await expectLocator(page.getByTestId("search-summary")).toHaveText(
      `1 order for Tracking ID “${FIRST_TRACKING_ID.toLowerCase()}”`,
    );
    const cells = await row.locator("td").allTextContents();
    const orderId = cells[0].slice(0, 10);
    expect(orderId).toMatch(/^PO\d{8}$/);
    const courierTrackingId = (await row.locator("td").nth(1).locator(".muted").textContent())!;
    const name = (await row.getByTestId("customer-name").textContent())!;
    const phone = (await row.getByTestId("customer-phone").textContent())!;
    if (js) await expectAccessible(page);

    await headerSearch(page, "Courier Tracking ID", courierTrackingId);
    await expect.poll(() => page.getByTestId("order-result").filter({ hasText: orderId }).count()).toBe(1);
    await headerSearch(page, "Customer Phone number", phone);
    await expect.poll(() => page.getByTestId("order-result").filter({ hasText: orderId }).count()).toBe(1);
    await headerSearch(page, "Customer Name", name);
    await expect.poll(() => page.getByTestId("order-result").count()).toBeGreaterThan(0);

    // The seller of the order, by e-mail: the seller's columns.
    await page.goto(`/orders/${orderId}`);
    const seller = (await page.getByText(/· seller /).textContent())!.split("· seller ")[1].trim();
    await headerSearch(page, "Seller Email", seller.toUpperCase());
    await expectLocator(page.getByTestId("seller-result")).toHaveCount(1);
    expect(await page.getByRole("columnheader").allTextContents()).toEqual([
      "Seller Email",
      "Sales POC",
      "Retention POC",
      "Ops POC",
    ]);

    // Bad input says so plainly.
    await page.goto("/single-search-record?type=phone&q=12345");
    await expectLocator(page.getByTestId("search-error")).toHaveText("Enter a 10-digit Indian mobile number.");
    await page.goto("/single-search-record?type=tracking_id&q=PK9999999999");
    await expectLocator(page.getByTestId("search-empty")).toContainText("Nothing found.");
  });

  it("shows Charged Amount Details with the frozen formula, and syncs tracking", async () => {
    const { page } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    await page.goto(`/single-search-record?type=tracking_id&q=${FIRST_TRACKING_ID}`);
    await page.getByRole("link", { name: "View Charged Weight" }).click();
    const dialog = page.getByRole("dialog", { name: "Charged Amount Details" });
    await dialog.waitFor();
    await expectLocator(dialog.getByTestId("charged-formula")).toHaveText(
      /^1 × ₹[\d,]+\.\d\d \+ \d+ × ₹[\d,]+\.\d\d \+ ₹[\d,]+\.\d\d \+ ₹[\d,]+\.\d\d = ₹[\d,]+\.\d\d$/,
    );
    await dialog.getByRole("link", { name: "Close" }).click();
    await expectLocator(page.getByRole("dialog")).toHaveCount(0);

    // Sync Tracking on the result row itself: back on the same results, synced — with
    // JavaScript through Remix (the document is not loaded again), without it a form post.
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    const row = page.getByTestId("order-result");
    await row.getByRole("button", { name: "Sync Tracking" }).click();
    await page.getByTestId("toast").getByText("Tracing Synced").waitFor();
    expect(await page.evaluate(() => Boolean((window as unknown as { samePage?: boolean }).samePage))).toBe(s.js);
    await expectLocator(page.getByTestId("order-result")).toHaveText(/Synced \d\d [A-Z][a-z]{2} \d{4}, \d\d:\d\d/);
    expect(new URL(page.url()).searchParams.get("q")).toBe(FIRST_TRACKING_ID);

    await page
      .getByTestId("order-result")
      .getByRole("link", { name: /^PO\d{8}$/ })
      .click();
    await page.waitForURL((u) => u.pathname.startsWith("/orders/"));
    // The order's page has rendered its scan timeline (the seed's first order has scans).
    await expect
      .poll(() => page.getByTestId("timeline").locator("tbody tr").count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    await page.getByRole("button", { name: "Sync Tracking" }).click();
    await page.getByTestId("toast").getByText("Tracing Synced").waitFor();
    await expectLocator(page.getByTestId("last-synced")).toContainText("Last synced");
  });

  it("sends a page of results once: its rows in the markup, not again as data; pages and back keep their rows", async () => {
    const { page, js } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    const url = "/single-search-record?type=customer_name&q=sha";
    // The document: 50 rows in its markup, and not one of their order ids in the data the page hydrates from.
    const html = await servedHtml(page, url);
    const ids = [...html.matchAll(/href="\/orders\/(PO\d{8})"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(50);
    const data = [...html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join("");
    expect(data).toContain("routes/_app.single-search-record");
    for (const id of ids) expect(data).not.toContain(id);

    await page.goto(url);
    const rows = page.getByTestId("order-result");
    const firstIds = async () => (await rows.locator("td:first-child a").allTextContents()).slice(0, 3);
    await expectLocator(rows).toHaveCount(50);
    expect(await firstIds()).toEqual(ids.slice(0, 3));
    // Page 2 (a data request with JavaScript: the rows arrive as HTML text), then back to page 1.
    const pager = page.getByRole("navigation", { name: "Pagination" });
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("page") === "2"),
      pager.getByRole("link", { name: "Next" }).click(),
    ]);
    await expect.poll(firstIds).not.toEqual(ids.slice(0, 3));
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    await Promise.all([page.waitForURL((u) => u.searchParams.get("page") !== "2"), page.goBack()]);
    await expect.poll(firstIds).toEqual(ids.slice(0, 3));
    await expectLocator(rows).toHaveCount(50);
    // A row's link still opens its order in the app (the kept markup's links are followed by the table).
    if (js) await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await Promise.all([
      page.waitForURL((u) => u.pathname === `/orders/${ids[0]}`),
      rows.first().getByRole("link", { name: ids[0] }).click(),
    ]);
    expect(await page.evaluate(() => Boolean((window as unknown as { samePage?: boolean }).samePage))).toBe(js);

    if (!js) return;
    // A page React cannot hydrate (its heading altered on the way, so the text differs from what
    // the browser renders): React renders it afresh in the browser, and the rows — which its data
    // does not hold — are still the document's 50 (the table reads them from the page first).
    const searchPage = (u: URL) => u.pathname === "/single-search-record";
    await page.route(searchPage, async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace(">Search results</h1>", ">Search results (altered)</h1>");
      await route.fulfill({ response, body });
    });
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    try {
      await page.goto(url);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Search results");
      expect(errors.join("\n")).toMatch(/hydrat|Minified React error/i);
      await expectLocator(rows).toHaveCount(50);
      expect(await firstIds()).toEqual(ids.slice(0, 3));
    } finally {
      await page.unroute(searchPage);
    }
  });

  it("keeps a tl to their own clients' orders, in search and by URL; legal has no search", async () => {
    const { page, browser, js } = s;
    await signInOnce(page, "vp@demo.test", "vp");
    // Orders of clients whose retention POC (tl) is not the demo tl.
    await page.goto("/single-search-record?type=customer_name&q=sha");
    const other = page
      .getByTestId("order-result")
      .filter({ hasNot: page.getByText("Retention: Sneha Kulkarni") })
      .first();
    const theirs = (await other.locator("td").first().getByRole("link").textContent())!;
    const theirTracking = (await other.locator("td").first().locator("div").first().textContent())!;
    const tl = await newContext(browser, js);
    try {
      const tlPage = await tl.newPage();
      await signInOnce(tlPage, "tl@demo.test", "tl");
      const res = await tlPage.goto(`/orders/${theirs}`);
      expect(res?.status()).toBe(404);
      await tlPage.goto(`/single-search-record?type=tracking_id&q=${theirTracking}`);
      await expectLocator(tlPage.getByTestId("search-empty")).toHaveCount(1);
      // Nor sync it by posting its id to the results page (as absent as a missing order), nor a malformed id.
      const tlCookie = (await tl.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
      for (const order of [theirs, "NOT-AN-ID;", "PO99999999"]) {
        const post = await postForm(
          `/single-search-record?type=tracking_id&q=${theirTracking}`,
          { order },
          { Cookie: tlCookie },
        );
        expect(post.status, order).toBe(404);
      }
      const legal = await newContext(browser, js);
      try {
        const legalPage = await legal.newPage();
        await signInOnce(legalPage, "legal@demo.test", "legal");
        await expectLocator(legalPage.getByRole("search", { name: "Search orders" })).toHaveCount(0);
        expect((await legalPage.goto(`/single-search-record?type=tracking_id&q=${theirTracking}`))?.status()).toBe(403);
        const legalCookie = (await legal.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
        expect(
          (await postForm("/single-search-record?type=tracking_id&q=x", { order: theirs }, { Cookie: legalCookie }))
            .status,
        ).toBe(403);
      } finally {
        await legal.close();
      }
    } finally {
      await tl.close();
    }
  });
});

/** The placement API over HTTP does not depend on JavaScript in a page: once. */
describe("placing an order through the API", () => {
  const once = usePage();
  it("places an order with the client's token (401 without), idempotently, and staff find it from the header", async () => {
    const { page, context } = once;
    await signInOnce(page, "vp@demo.test", "vp");
    const client = plannedDemoClients().find((c) => c.has_token)!;
    const token = await revealClientToken(context.request, client.id);
    const body = {
      pickup_pincode: "110001",
      drop_pincode: "560001",
      payment_mode: "prepaid",
      invoice_value: 1299,
      weight: 0.8,
      length: 20,
      breadth: 15,
      height: 8,
      items: [{ name: "Brass Diya", sku: "BD-2", quantity: 1 }],
      customer_name: "Api Placed Customer",
      customer_phone: "9123400000",
      customer_address: "4 Park Street, Kolkata",
      client_order_id: `E2E-SO-${Date.now()}`,
    };
    expect((await context.request.post("/api/orders", { data: body })).status()).toBe(401);
    const headers = { Authorization: `Token ${token}`, "Idempotency-Key": `e2e-${Date.now()}` };
    const first = await context.request.post("/api/orders", { data: body, headers });
    expect(first.status()).toBe(201);
    const placed = await first.json();
    expect(placed).toMatchObject({
      pickrr_order_id: expect.stringMatching(/^PA\d{8}$/),
      pickrr_tracking_id: expect.stringMatching(/^PKA\d{9}$/),
      charged_amount: expect.stringMatching(/^\d+\.\d\d$/),
    });
    const again = await context.request.post("/api/orders", { data: body, headers });
    expect(await again.json()).toEqual(placed);
    const bad = await context.request.post("/api/orders", {
      data: { ...body, drop_pincode: "12" },
      headers: { Authorization: `Token ${token}` },
    });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).errors).toEqual({ drop_pincode: "drop_pincode must be a 6-digit pincode" });

    // The same client_order_id under a new key: 409 with the first order's id (decision 058).
    const duplicate = await context.request.post("/api/orders", {
      data: body,
      headers: { ...headers, "Idempotency-Key": `${headers["Idempotency-Key"]}-again` },
    });
    expect(duplicate.status()).toBe(409);
    expect((await duplicate.json()).pickrr_order_id).toBe(placed.pickrr_order_id);
    // The same key with another order: 422 naming the key.
    const reused = await context.request.post("/api/orders", { data: { ...body, weight: 40 }, headers });
    expect(reused.status()).toBe(422);
    expect((await reused.json()).err).toContain(`"${headers["Idempotency-Key"]}"`);

    await headerSearch(page, "Tracking ID", placed.pickrr_tracking_id);
    await expectLocator(page.getByTestId("order-result")).toHaveCount(1);
    await expectLocator(page.getByTestId("order-result").getByTestId("customer-name")).toHaveText(
      "Api Placed Customer",
    );
    await headerSearch(page, "Client Order ID", body.client_order_id);
    const found = page.getByTestId("order-result");
    await expectLocator(found).toHaveCount(1);
    await expectLocator(found.getByTestId("client-order-id")).toHaveText(`Client order ID ${body.client_order_id}`);
    await found.getByRole("link", { name: placed.pickrr_order_id }).click();
    await page.waitForURL(`**/orders/${placed.pickrr_order_id}`);
    await expectLocator(page.getByTestId("client-order-id")).toHaveText(`Client order ID ${body.client_order_id}`);
  });
});
