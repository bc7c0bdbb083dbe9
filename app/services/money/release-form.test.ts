import { describe, expect, it } from "vitest";

import { FIELDS_INVALID } from "../core/result";
import { parseRelease, RELEASE_MESSAGES } from "./release-form";

/** Invalid input told field by field (core/result.ts's invalidFields). */
const FAILED = { ok: false, status: 400, message: FIELDS_INVALID } as const;

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
      ...FAILED,
      fieldErrors: { approver_email: RELEASE_MESSAGES.email },
    });
    expect(parseRelease({ ...ok, approver_email: "not-an-email" })).toEqual({
      ...FAILED,
      fieldErrors: { approver_email: "Enter valid Approval Email" },
    });
    expect(parseRelease({ ...ok, approver_reason: "   " })).toEqual({
      ...FAILED,
      fieldErrors: { approver_reason: "Approver Reason is required" },
    });
  });
  it("refuses no selection, a bad id, too many ids and an over-long reason", () => {
    expect(parseRelease({ ...ok, ids: [] })).toMatchObject({ ...FAILED, fieldErrors: { ids: RELEASE_MESSAGES.none } });
    expect(parseRelease({ ...ok, ids: ["1", "x"] })).toMatchObject({
      ...FAILED,
      fieldErrors: { ids: RELEASE_MESSAGES.none },
    });
    expect(parseRelease({ ...ok, ids: Array.from({ length: 101 }, (_, i) => String(i + 1)) })).toMatchObject({
      ...FAILED,
      fieldErrors: { ids: RELEASE_MESSAGES.tooMany },
    });
    expect(parseRelease({ ...ok, approver_reason: "x".repeat(501) })).toMatchObject({
      ...FAILED,
      fieldErrors: { approver_reason: "Please enter at most 500 characters." },
    });
  });
});
