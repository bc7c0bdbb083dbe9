import { describe, expect, it } from "vitest";

import { parseRelease, RELEASE_MESSAGES } from "./release-form";

const ok = { ids: ["3", "1", "3"], approver_email: " Approver1@Demo.test ", approver_reason: " Seller cleared dues " };

describe("Release Details form", () => {
  it("accepts the approver's e-mail and reason, ids de-duplicated and sorted", () => {
    expect(parseRelease(ok)).toEqual({
      ok: true,
      input: { ids: [1, 3], approver_email: "approver1@demo.test", approver_reason: "Seller cleared dues" },
    });
  });
  it("shows the spec's messages", () => {
    expect(parseRelease({ ...ok, approver_email: "" })).toEqual({
      ok: false,
      errors: { approver_email: RELEASE_MESSAGES.email },
    });
    expect(parseRelease({ ...ok, approver_email: "not-an-email" })).toEqual({
      ok: false,
      errors: { approver_email: "Enter valid Approval Email" },
    });
    expect(parseRelease({ ...ok, approver_reason: "   " })).toEqual({
      ok: false,
      errors: { approver_reason: "Approver Reason is required" },
    });
  });
  it("refuses no selection, a bad id, too many ids and an over-long reason", () => {
    expect(parseRelease({ ...ok, ids: [] })).toMatchObject({ ok: false, errors: { ids: RELEASE_MESSAGES.none } });
    expect(parseRelease({ ...ok, ids: ["1", "x"] })).toMatchObject({
      ok: false,
      errors: { ids: RELEASE_MESSAGES.none },
    });
    expect(parseRelease({ ...ok, ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) })).toMatchObject({
      ok: false,
      errors: { ids: RELEASE_MESSAGES.tooMany },
    });
    expect(parseRelease({ ...ok, approver_reason: "x".repeat(501) })).toMatchObject({
      ok: false,
      errors: { approver_reason: "Please enter at most 500 characters." },
    });
  });
});
