/**
 * The route-matching caches (decision 037, scripts/patch-dependencies.mjs, run by npm install):
 * every edit of every dependency patch is in the installed files, and matching through the caches
 * answers exactly what matching a fresh, never-seen copy of the same routes answers — for paths of
 * every shape this console has (index, nested dynamic segments, a pathless layout, dotted and
 * escaped names, a splat), repeatedly on one tree, with case sensitivity and `end` kept apart.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { PATCHES, patchText, withCurrentMarkers } from "../../scripts/patch-dependencies.mjs";

const require = createRequire(import.meta.url);
type Route = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: Route[] };
type Match = {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: { id: string };
};
const router = require(path.resolve("node_modules/@remix-run/router/dist/router.cjs.js")) as {
  matchRoutes: (routes: Route[], location: string) => Match[] | null;
  matchPath: (
    pattern: { path: string; caseSensitive?: boolean; end?: boolean },
    pathname: string,
  ) => { params: Record<string, string> } | null;
};

/** Routes shaped like the console's (flat-route conventions, as Remix builds them). */
function routes(): Route[] {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "routes/_index", index: true },
        {
          id: "routes/_app",
          children: [
            { id: "routes/_app.all-users._index", path: "all-users", index: false },
            { id: "routes/_app.all-users.$id._index", path: "all-users/:id" },
            { id: "routes/_app.all-users.$id.rate-card", path: "all-users/:id/rate-card" },
            { id: "routes/_app.all-users.$id.account-ledger[.csv]", path: "all-users/:id/account-ledger.csv" },
            {
              id: "routes/_app.all-users.$id.courier-rules_.select.$ruleId_.lists.$list",
              path: "all-users/:id/courier-rules/select/:ruleId/lists/:list",
            },
            { id: "routes/_app.orders.$orderId?", path: "orders/:orderId?" },
            { id: "routes/_app.legal-status", path: "legal-status", caseSensitive: true },
          ],
        },
        { id: "routes/$", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/all-users",
  "/all-users/",
  "/ALL-USERS/12",
  "/all-users/12/rate-card",
  "/all-users/12/account-ledger.csv",
  "/all-users/12/courier-rules/select/7/lists/fm_list",
  "/all-users/a%20b/rate-card",
  "/orders",
  "/orders/PK123",
  "/legal-status",
  "/LEGAL-STATUS",
  "/no/such/page",
];

const summary = (m: Match[] | null) =>
  m?.map((x) => ({ id: x.route.id, params: x.params, pathname: x.pathname, pathnameBase: x.pathnameBase }));

describe("route matching through the caches", () => {
  it("every edit of scripts/patch-dependencies.mjs is in the installed files", () => {
    for (const { file, edits, marker } of PATCHES) {
      // A tree patched before the route-matching marker's text was corrected carries the former one.
      const text = withCurrentMarkers(readFileSync(path.resolve(file), "utf8"));
      expect(text, `${file}: run npm install (its postinstall patches it)`).toContain(marker);
      for (const [, replace] of edits) expect(text).toContain(replace);
    }
  });

  it("patching is idempotent and refuses a file that is not as expected", () => {
    const { file, edits, marker } = PATCHES[0];
    const patched = readFileSync(path.resolve(file), "utf8");
    expect(patchText(patched, edits, marker)).toMatchObject({ ok: true, already: true, text: patched });
    expect(patchText("module.exports = {};", edits, marker)).toMatchObject({ ok: false });
  });

  it("matches what a fresh copy of the routes matches, repeatedly, on the same tree", () => {
    const shared = routes();
    for (let round = 0; round < 3; round++)
      for (const p of PATHS)
        expect(summary(router.matchRoutes(shared, p)), p).toEqual(summary(router.matchRoutes(routes(), p)));
    expect(summary(router.matchRoutes(shared, "/all-users/12/rate-card"))?.at(-1)).toMatchObject({
      id: "routes/_app.all-users.$id.rate-card",
      params: { id: "12" },
    });
    expect(summary(router.matchRoutes(shared, "/LEGAL-STATUS"))?.at(-1)?.id).toBe("routes/$");
  });

  it("ranked branches belong to their routes array", () => {
    const a = routes();
    const b: Route[] = [
      { id: "other-root", path: "", children: [{ id: "other/all-users", path: "all-users/:id/rate-card" }] },
    ];
    expect(router.matchRoutes(a, "/all-users/5/rate-card")?.at(-1)?.route.id).toBe(
      "routes/_app.all-users.$id.rate-card",
    );
    expect(router.matchRoutes(b, "/all-users/5/rate-card")?.at(-1)?.route.id).toBe("other/all-users");
    expect(router.matchRoutes(b, "/orders")).toBeNull();
    for (const p of PATHS)
      expect(summary(router.matchRoutes(a, p)), p).toEqual(summary(router.matchRoutes(routes(), p)));
  });

  it("compiled patterns are kept apart by case sensitivity and end", () => {
    expect(router.matchPath({ path: "/a/:x", caseSensitive: false, end: true }, "/A/1")).not.toBeNull();
    expect(router.matchPath({ path: "/a/:x", caseSensitive: true, end: true }, "/A/1")).toBeNull();
    expect(router.matchPath({ path: "/a/:x", caseSensitive: false, end: false }, "/a/1/more")).toMatchObject({
      params: { x: "1" },
    });
    expect(router.matchPath({ path: "/a/:x", caseSensitive: false, end: true }, "/a/1/more")).toBeNull();
  });
});
