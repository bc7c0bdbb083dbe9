/** The preview of a publish in words (decision 063). */
import { describe, expect, it } from "vitest";

import { fileSize, previewSentences, type PublishPreview } from "./preview";

const base: PublishPreview = {
  doc_name: "agreement",
  version: 3,
  replaces: 2,
  audience: "Segment 2",
  sellers: 112,
  not_accepted: 97,
  publish_at: "2026-11-27",
  today: "2026-11-27",
  order_blocking: "mandatory",
  days: 4,
  file: { name: "a.pdf", size: 2048 },
};

describe("the publish preview", () => {
  it("says which version replaces which, for whom, who has not accepted, and from when orders are refused", () => {
    expect(previewSentences(base)).toEqual([
      "Agreement v3 replaces v2 for Segment 2 (112 sellers).",
      "97 have not accepted v2.",
      "It comes into force today, 27-11-2026.",
      "Mandatory: sellers who have not accepted by 30-11-2026 will have new orders refused from 01-12-2026.",
    ]);
  });

  it("a future publish date keeps the current version in force until then", () => {
    expect(previewSentences({ ...base, publish_at: "2026-12-05" })).toContain(
      "v2 stays in force until 04-12-2026; v3 comes into force on 05-12-2026.",
    );
    expect(previewSentences({ ...base, replaces: null, version: 1, publish_at: "2026-12-05" })).toContain(
      "It comes into force on 05-12-2026; until then sellers are not shown it.",
    );
  });

  it("a first version, one seller, an optional document with a past date", () => {
    expect(
      previewSentences({
        ...base,
        doc_name: "privacy_policy",
        version: 1,
        replaces: null,
        audience: "a@b.in",
        sellers: 1,
        publish_at: "2026-11-01",
        order_blocking: "optional",
        days: null,
      }),
    ).toEqual([
      "Privacy Policy v1 is the first version for a@b.in (1 seller).",
      "It is in force at once: its publish date, 01-11-2026, is past.",
      "Optional: sellers are asked to accept it; no order is refused.",
    ]);
    expect(previewSentences({ ...base, not_accepted: 1, sellers: 2000 }).slice(0, 2)).toEqual([
      "Agreement v3 replaces v2 for Segment 2 (2,000 sellers).",
      "1 has not accepted v2.",
    ]);
  });

  it("names the PDF's size", () => {
    expect(fileSize(900)).toBe("900 bytes");
    expect(fileSize(2048)).toBe("2 KB");
    expect(fileSize(1536)).toBe("1.5 KB");
  });
});
