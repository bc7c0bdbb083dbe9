import { describe, expect, it } from "vitest";

import {
  audienceOf,
  blockedOrderMessage,
  type DocVersion,
  expiryDate,
  indiaDate,
  inForceFor,
  isOverdue,
  segmentOfTin,
  versionInForce,
  versionStates,
} from "./documents";

const doc = (over: Partial<DocVersion> & { id: number }): DocVersion => ({
  doc_name: "agreement",
  audience: "segment:2",
  version: 1,
  publish_at: "2026-01-01",
  order_blocking: "optional",
  days: null,
  ...over,
});

describe("dates", () => {
  it("expiry is publish_at + days, none when optional", () => {
    expect(expiryDate("2026-01-30", 3)).toBe("2026-02-02");
    expect(expiryDate("2024-02-28", 1)).toBe("2024-02-29");
    expect(expiryDate("2026-01-01", null)).toBeNull();
  });
  it("today is India's date", () => {
    expect(indiaDate(new Date("2026-03-31T18:29:00Z"))).toBe("2026-03-31");
    expect(indiaDate(new Date("2026-03-31T18:31:00Z"))).toBe("2026-04-01");
  });
  it("audience and segment", () => {
    expect(audienceOf({ doc_type: "broadcast", segment: "3", email: null })).toBe("segment:3");
    expect(audienceOf({ doc_type: "specific", segment: "3", email: "A@B.in" })).toBe("email:a@b.in");
    expect(segmentOfTin("Segment_2")).toBe("2");
    expect(segmentOfTin("Segment_4")).toBeNull();
    expect(segmentOfTin(null)).toBeNull();
  });
});

describe("inForceFor", () => {
  const seller = { segment: "2" as const, email: "Seller@Shop.in" };
  it("takes its segment's broadcasts and its own specific documents, not others'", () => {
    const docs = [
      doc({ id: 1 }),
      doc({ id: 2, audience: "segment:1" }),
      doc({ id: 3, audience: "email:seller@shop.in", doc_name: "other" }),
      doc({ id: 4, audience: "email:someone@else.in" }),
    ];
    expect(inForceFor(docs, seller, "2026-02-01").map((d) => d.id)).toEqual([1, 3]);
  });
  it("a document published for a later date is not in force yet, and does not replace the one in force", () => {
    const docs = [doc({ id: 1 }), doc({ id: 2, version: 2, publish_at: "2026-03-01" })];
    expect(inForceFor(docs, seller, "2026-02-01").map((d) => d.id)).toEqual([1]);
    expect(inForceFor(docs, seller, "2026-03-01").map((d) => d.id)).toEqual([2]);
  });
  it("only the newest version of each name and audience", () => {
    const docs = [
      doc({ id: 1 }),
      doc({ id: 5, version: 3 }),
      doc({ id: 2, version: 2 }),
      doc({ id: 6, doc_name: "privacy_policy" }),
    ];
    expect(inForceFor(docs, seller, "2026-02-01").map((d) => d.id)).toEqual([5, 6]);
  });
  it("a seller without a segment sees only its specific documents", () => {
    const docs = [doc({ id: 1 }), doc({ id: 3, audience: "email:seller@shop.in" })];
    expect(inForceFor(docs, { segment: null, email: "seller@shop.in" }, "2026-02-01").map((d) => d.id)).toEqual([3]);
  });
});

describe("versionInForce and versionStates (decision 061)", () => {
  const at = (over: Partial<DocVersion> & { id: number }) => ({
    ...doc(over),
    created_day: over.publish_at ?? "2026-01-01",
  });
  it("a withdrawn version is never in force: the previous one is, at once", () => {
    const v1 = at({ id: 1 });
    const v2 = at({ id: 2, version: 2, publish_at: "2026-01-10" });
    expect(versionInForce([v1, v2], "2026-02-01")?.id).toBe(2);
    const withdrawn = { ...v2, withdrawn_at: "2026-02-01T05:00:00Z" };
    expect(versionInForce([v1, withdrawn], "2026-02-01")?.id).toBe(1);
    expect(versionInForce([{ ...v1, withdrawn_at: new Date() }, withdrawn], "2026-02-01")).toBeNull();
  });
  it("each version's state: in force, superseded by it (on the day it took over), scheduled, withdrawn", () => {
    const v1 = at({ id: 1 });
    // v2 published on 2026-01-20 with a publish date ten days earlier: it took over on the 20th.
    const v2 = { ...at({ id: 2, version: 2, publish_at: "2026-01-10" }), created_day: "2026-01-20" };
    const v3 = at({ id: 3, version: 3, publish_at: "2026-03-01" });
    const v4 = { ...at({ id: 4, version: 4, publish_at: "2026-01-15" }), withdrawn_at: "2026-01-25T00:00:00Z" };
    expect(Object.fromEntries(versionStates([v1, v2, v3, v4], "2026-02-01"))).toEqual({
      1: { state: "superseded", by_version: 2, on: "2026-01-20" },
      2: { state: "in_force" },
      3: { state: "scheduled", from: "2026-03-01" },
      4: { state: "withdrawn" },
    });
  });
});

describe("isOverdue", () => {
  const mandatory = doc({ id: 1, order_blocking: "mandatory", days: 5, publish_at: "2026-01-01" });
  it("blocks from the expiry date on when not accepted", () => {
    expect(isOverdue(mandatory, false, "2026-01-05")).toBe(false);
    expect(isOverdue(mandatory, false, "2026-01-06")).toBe(true);
    expect(isOverdue(mandatory, true, "2026-01-06")).toBe(false);
  });
  it("never for optional documents", () => {
    expect(isOverdue(doc({ id: 2 }), false, "2030-01-01")).toBe(false);
  });
  it("the message names the document and its dates", () => {
    expect(blockedOrderMessage({ ...mandatory, version: 2 }, "Agreement")).toBe(
      "New orders are blocked: the Agreement (version 2) published on 2026-01-01 had to be accepted by 2026-01-06. Accept it to place orders again.",
    );
  });
});
