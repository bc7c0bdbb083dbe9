import { describe, expect, it } from "vitest";

import { bearerMatches, requestIdFor, routeIdFinder } from "./operations";

describe("requestIdFor", () => {
  it("keeps a safe short token a proxy sent, and makes a new id for anything else", () => {
    expect(requestIdFor("lb-7f3a.01_x")).toBe("lb-7f3a.01_x");
    for (const unsafe of [undefined, "", "a b", "x".repeat(65), "<script>", "id\nforged", ["a", "b"]]) {
      const id = requestIdFor(unsafe);
      expect(id, String(unsafe)).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(requestIdFor(undefined)).not.toBe(requestIdFor(undefined));
  });
});

describe("bearerMatches", () => {
  it("accepts exactly the configured token as a bearer token", () => {
    expect(bearerMatches("Bearer s3cret-token", "s3cret-token")).toBe(true);
    expect(bearerMatches("bearer s3cret-token", "s3cret-token")).toBe(true);
    for (const wrong of [undefined, "", "Bearer", "Bearer s3cret-toke", "Bearer s3cret-token2", "Token s3cret-token"])
      expect(bearerMatches(wrong, "s3cret-token"), String(wrong)).toBe(false);
    expect(bearerMatches("Bearer ", "")).toBe(false);
  });
});

describe("routeIdFinder", () => {
  // Shaped as a Remix build's routes (flat, with parent ids).
  const find = routeIdFinder({
    root: { id: "root", path: "" },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true },
    "routes/_app": { id: "routes/_app", parentId: "root" },
    "routes/_app.all-users._index": {
      id: "routes/_app.all-users._index",
      parentId: "routes/_app",
      path: "all-users",
      index: true,
    },
    "routes/_app.all-users.$id": { id: "routes/_app.all-users.$id", parentId: "routes/_app", path: "all-users/:id" },
    "routes/_app.all-users.$id.rate-card": {
      id: "routes/_app.all-users.$id.rate-card",
      parentId: "routes/_app.all-users.$id",
      path: "rate-card",
    },
    "routes/api.orders": { id: "routes/api.orders", parentId: "root", path: "api/orders" },
    "routes/$": { id: "routes/$", parentId: "root", path: "*" },
  });

  it("names the deepest route of a page, its data and a resource route; never the URL", () => {
    expect(find("/")).toBe("routes/_index");
    expect(find("/_root.data")).toBe("routes/_index");
    expect(find("/all-users")).toBe("routes/_app.all-users._index");
    expect(find("/all-users/42/rate-card")).toBe("routes/_app.all-users.$id.rate-card");
    expect(find("/all-users/43/rate-card.data")).toBe("routes/_app.all-users.$id.rate-card");
    expect(find("/api/orders")).toBe("routes/api.orders");
    expect(find("/no/such/page")).toBe("routes/$");
  });
});
