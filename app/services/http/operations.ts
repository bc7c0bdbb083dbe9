/**
 * What the operations endpoints and the request log decide (decision 078), apart from Express
 * (scripts/server.ts wires them in): the request's id, the metrics endpoint's bearer token, and
 * a request's Remix route id — the bounded name a request is counted and logged under.
 */
import { randomBytes } from "node:crypto";

import { matchRoutes } from "@remix-run/react";

import { sameSecret } from "../core/secrets";

/** An id a proxy or client sent that we keep: a short token of letters, digits, `.`, `_` and `-`. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** The request's id: the incoming `X-Request-Id` when it is a safe short token, else a new one (16 hex digits). */
export function requestIdFor(incoming: string | string[] | undefined): string {
  if (typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming)) return incoming;
  return randomBytes(8).toString("hex");
}

/** `Authorization: Bearer <token>` carries the configured token (compared in constant time). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1] ?? "";
  return sameSecret(given, token);
}

type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/**
 * A function from a request's path to the id of the deepest Remix route that answers it
 * (`routes/_app.all-users.$id.rate-card`): a page, its `.data` (single fetch: `/x.data`, the
 * home page's `/_root.data`) and a resource route alike. A path no route matches is "unmatched"
 * (the console's splat route `routes/$` matches every other path).
 */
export function routeIdFinder(routes: Record<string, BuildRoute | undefined>): (pathname: string) => string {
  const children = new Map<string | undefined, BuildRoute[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(route);
    children.set(route.parentId, siblings);
  }
  const tree = (parentId: string | undefined): RouteNode[] =>
    (children.get(parentId) ?? []).map((r) => ({
      id: r.id,
      path: r.path,
      index: r.index,
      caseSensitive: r.caseSensitive,
      children: tree(r.id),
    }));
  // Index routes never have children in a Remix build: the shape matchRoutes wants.
  const root = tree(undefined) as Parameters<typeof matchRoutes>[0];
  return (pathname) => {
    let path = pathname;
    if (path === "/_root.data") path = "/";
    else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
    const matches = matchRoutes(root, path);
    return matches?.[matches.length - 1]?.route.id ?? "unmatched";
  };
}
