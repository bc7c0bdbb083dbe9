/**
 * The wide-table rule (docs/tables.md "Wide tables", decision 069), walked as staff do on a
 * 1280-px laptop: every screen of every role at 1280×720, JavaScript on and off. No screen
 * scrolls the page sideways; on the screens with a wide table, the columns a person came for
 * (the identifying column and the action or status columns, every day of Daily Performance)
 * are on screen without scrolling anything sideways; axe finds no serious or critical
 * violation on those screens.
 *
 * A new screen is one line in SCREENS.
 */
import type { Page } from "playwright-core";
import { expect, it } from "vitest";

import { plannedDemoClients } from "~/services/seed/seed.server";

import { describeJsOnOff, expectAccessible, servedHtml, signInOnce } from "../support/browser";

const WIDTH = 1280;
/** SWEEP_SHOTS=<folder>: also saves each screen as a screenshot, for reviewing the layout. */
const SHOTS = process.env.SWEEP_SHOTS;
const shotName = (path: string) => path.replace(/[^a-z0-9]+/gi, "_").slice(0, 60);
const HEIGHT = 720;

type Role = "vp" | "kam" | "avp" | "bdm" | "tl" | "legal";
/** Who signs in for each role: the kam is a finance approver, who sees the most columns (Payment, Release). */
const ACCOUNTS: Record<Role, string> = {
  vp: "vp@demo.test",
  kam: "approver1@demo.test",
  avp: "avp@demo.test",
  bdm: "bdm@demo.test",
  tl: "tl@demo.test",
  legal: "legal@demo.test",
};
const STAFF: Role[] = ["vp", "kam", "avp", "bdm", "tl"];
const ALL: Role[] = [...STAFF, "legal"];

/** Clients every client role may open: tl@demo.test's (in avp, bdm and tl's hierarchy; vp and kam see all). */
const ours = plannedDemoClients().filter((c) => c.chain.tl === "tl@demo.test");
let client = "";
let ledger = "";
let quote = "";
/** The shipment the saved quote is made for (the quote-share test's lane: every client has couriers on it). */
const LANE = {
  shipment_type: "forward",
  pickup_pincode: "400001",
  drop_pincode: "110001",
  length: "20",
  breadth: "15",
  height: "10",
  weight: "0.75",
};

/**
 * `{c}` in a path: one of those clients; `{ledger}`: its Account Ledger in a view with entries (pending
 * if any, else cleared), so the ledger has rows to lay out; `{quote}`: a quote saved from the Rate
 * Calculator (decision 073) of the first of those clients that quotes the lane, made by whoever walks
 * first (every staff role may open it).
 * Read once per file, over HTTP.
 */
async function expand(page: Page, path: string): Promise<string> {
  if ((path.includes("{c}") || path.includes("{ledger}") || path.includes("{quote}")) && !client) {
    for (const type of ["pending", "cleared"]) {
      for (const { id } of ours.slice(0, 30)) {
        const url = `/all-users/${id}/account-ledger?type=${type}`;
        if ((await servedHtml(page, url)).includes('data-testid="ledger-row"')) {
          [client, ledger] = [`/all-users/${id}`, url];
          break;
        }
      }
      if (client) break;
    }
    client ||= `/all-users/${ours[0]!.id}`;
    ledger ||= `${client}/account-ledger`;
  }
  if (path.includes("{quote}") && !quote) {
    // The first of our clients whose calculator quotes the lane: other files change some clients'
    // configuration meanwhile (a surface-only flag, couriers switched off), in the shared database.
    let calculator = "";
    let value: string | undefined;
    for (const base of [client, ...ours.slice(0, 30).map(({ id }) => `/all-users/${id}`)]) {
      calculator = `${base}/rate-calculator`;
      const form = await servedHtml(page, `${calculator}?${new URLSearchParams(LANE)}`);
      value = /<input[^>]*name="quote"[^>]*value="([^"]*)"/.exec(form)?.[1];
      if (value) break;
    }
    if (!value) throw new Error(`no client of ours has a quote to save for ${JSON.stringify(LANE)}`);
    const made = await page.context().request.post(calculator, {
      form: { intent: "download", quote: value.replace(/&amp;/g, "&").replace(/&quot;/g, '"') },
      headers: { Origin: new URL(page.url()).origin },
      maxRedirects: 0,
    });
    expect(made.status(), "saving a quote").toBe(303);
    quote = made.headers()["location"]!.replace(/\.pdf$/, "");
  }
  return path.replace("{c}", client).replace("{ledger}", ledger).replace("{quote}", quote);
}

type Screen = {
  /** `{c}` stands for a client's page, `{ledger}` for its Account Ledger, `{quote}` for a saved quote of it (expand). */
  path: string;
  roles: Role[];
  /** Column headings (each matched by the start of its text) that must be on screen without sideways scrolling: the rule's primary columns. */
  columns?: string[];
  /** The wide table those headings are in (a CSS selector). */
  table?: string;
  /** With JavaScript, what shows the enhanced table has replaced the server's (a CSS selector). */
  ready?: string;
};

const COD = 'table[aria-label="Held COD remittances"]';

const SCREENS: Screen[] = [
  { path: "/all-users", roles: STAFF },
  { path: "/rate-cards", roles: STAFF },
  { path: "/dashboard", roles: STAFF },
  { path: "/dashboard/growth", roles: STAFF },
  {
    path: "/order-tracker",
    roles: STAFF,
    // Every day's Placed and Picked, the last day's last: all seven days at 1280 px.
    columns: ["Seller", "Today (", "Placed", "Picked"],
    table: 'table[aria-label="Daily Performance"]',
  },
  { path: "/finance-analytics", roles: STAFF },
  { path: "/single-search-record?type=tracking_id&q=PK0000104729", roles: STAFF },
  { path: "{c}/rate-card", roles: STAFF },
  { path: "{c}/rate-card/history", roles: STAFF },
  { path: "{c}/rate-card/advantage", roles: STAFF },
  { path: "{c}/courier-setup", roles: STAFF },
  { path: "{c}/courier-rules", roles: STAFF },
  { path: "{c}/rate-calculator", roles: STAFF },
  // A saved quote's own page (decision 073), with its couriers' table.
  { path: "{quote}", roles: STAFF },
  { path: "{c}/serviceability?from_pincode=110001&to_pincode=560001", roles: STAFF },
  { path: "{c}/account-setup", roles: STAFF },
  { path: "{ledger}", roles: STAFF, columns: ["Reference ID", "Outstanding"], table: "table.ledger-table" },
  // A finance approver's ledger has the Payment column (Record payment), at the end.
  { path: "{ledger}", roles: ["kam"], columns: ["Payment"], table: "table.ledger-table" },
  // On Hold COD: what the page is for is on screen; a finance approver (kam) also has Release.
  {
    path: "/on-hold-cod",
    roles: STAFF,
    columns: ["COD Ref ID", "Status", "Recommended Action"],
    table: COD,
    ready: ".cod-grid",
  },
  { path: "/on-hold-cod", roles: ["kam"], columns: ["Release"], table: COD, ready: ".cod-grid" },
  { path: "/on-hold-cod/released", roles: STAFF },
  { path: "/merchant-agreements", roles: ["legal"] },
  { path: "/legal-status", roles: ["legal"] },
  { path: "/account-setup", roles: ["legal"] },
];

/** Where the page is wider than the window, and what sticks out (the first few elements past its right edge). */
async function overflow(page: Page) {
  return page.evaluate((width) => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= width) return null;
    const culprits = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")}`);
    return { scrollWidth: doc.scrollWidth, culprits };
  }, WIDTH);
}

/**
 * The column headers named (each matched by the start of its text, every cell so named) that are not
 * visible: outside the window, clipped by their scroll region, or covered by another cell.
 */
async function hiddenColumns(page: Page, names: string[], table = "table") {
  return page.evaluate(
    ({ names, width, table }) => {
      const hidden: string[] = [];
      const heads = [...document.querySelectorAll(`${table} thead th`)] as HTMLElement[];
      for (const name of names) {
        const cells = heads.filter((th) => (th.textContent ?? "").trim().startsWith(name));
        if (cells.length === 0) hidden.push(`${name} (no such column)`);
        for (const th of cells) {
          // Bring its row into view vertically, never sideways: the page scrolls down, nothing scrolls right.
          const top = th.getBoundingClientRect().top;
          window.scrollBy(0, top - 120);
          const r = th.getBoundingClientRect();
          const x = r.left + Math.min(r.width / 2, 12);
          const y = r.top + r.height / 2;
          const at = document.elementFromPoint(x, y);
          const region = th.closest(".table-scroll");
          // Wholly inside the window and inside its scroll region's box, and not covered by another cell.
          const box = region?.getBoundingClientRect() ?? { left: 0, right: width };
          const seen =
            r.left >= Math.max(0, box.left) - 0.5 &&
            r.right <= Math.min(width, box.right) + 0.5 &&
            at !== null &&
            (at === th || th.contains(at));
          if (!seen || (region && region.scrollLeft !== 0))
            hidden.push(`${name} at x ${Math.round(r.left)}–${Math.round(r.right)}`);
          // A sortable heading sorts from its whole cell: its corner is the sort link too.
          const corner = th.querySelector(".sort-link") && document.elementFromPoint(r.right - 3, r.bottom - 3);
          if (corner === th || (corner && !corner.closest(".sort-link")))
            hidden.push(`${name}: its cell's corner does not sort`);
        }
      }
      return hidden;
    },
    { names, width: WIDTH, table },
  );
}

describeJsOnOff("every screen at 1280×720", (s) => {
  for (const role of ALL) {
    it(`fits the window for ${role}, the primary columns on screen`, async () => {
      const { page, js } = s;
      await page.setViewportSize({ width: WIDTH, height: HEIGHT });
      await signInOnce(page, ACCOUNTS[role], role);
      const problems: string[] = [];
      for (const screen of SCREENS.filter((x) => x.roles.includes(role))) {
        const path = await expand(page, screen.path);
        const res = await page.goto(path);
        expect(res?.status(), path).toBeLessThan(400);
        // With JavaScript, the enhanced tables replace the server's after hydration: wait for that.
        if (js && screen.columns) await page.waitForFunction(() => !document.querySelector(".perf-plain"));
        if (js && screen.ready) await page.locator(screen.ready).first().waitFor();
        const wide = await overflow(page);
        if (wide) problems.push(`${path}: page ${wide.scrollWidth} px wide (${wide.culprits.join(", ")})`);
        if (screen.columns) {
          const hidden = await hiddenColumns(page, screen.columns, screen.table);
          if (hidden.length) problems.push(`${path}: off screen: ${hidden.join("; ")}`);
        }
        if (SHOTS)
          await page.screenshot({ path: `${SHOTS}/${role}-${js ? "js" : "nojs"}${shotName(screen.path)}.png` });
      }
      expect(problems).toEqual([]);
    }, 120_000);
  }

  it("finds no serious or critical axe violation on the wide-table screens", async () => {
    const { page, js } = s;
    await page.setViewportSize({ width: WIDTH, height: HEIGHT });
    await signInOnce(page, ACCOUNTS.kam, "kam");
    const paths = new Set(SCREENS.filter((x) => x.columns && x.roles.includes("kam")).map((x) => x.path));
    for (const path of paths) {
      await page.goto(await expand(page, path));
      if (js) await page.waitForFunction(() => !document.querySelector(".perf-plain"));
      await expectAccessible(page, js);
    }
  }, 120_000);
});
