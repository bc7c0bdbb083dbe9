import { describe, expect, it } from "vitest";

import { FIELDS_INVALID } from "../core/result";
import { chosenRows, parseRelease, RELEASE_MESSAGES, releaseSummary } from "./release-form";

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

describe("Release Details summary", () => {
  const rows = [
    { id: 7, pickrr_reference_id: "COD0001120260928", pending_amount: "1234.5" },
    { id: 3, pickrr_reference_id: "COD0001220260928", pending_amount: "1234567.00" },
    { id: 9, pickrr_reference_id: "COD0001420260928", pending_amount: 10 },
  ];
  it("takes the chosen rows that are on the page, in the page's order", () => {
    expect(chosenRows(rows, [9, 7, 42]).map((r) => r.id)).toEqual([7, 9]);
    expect(chosenRows(rows, [])).toEqual([]);
  });
  it("counts the remittances and lists each COD Ref ID with its pending amount in rupees", () => {
    expect(releaseSummary(rows.slice(0, 1))).toEqual({ count: "1 remittance", list: "COD0001120260928 (₹1,234.50)" });
    expect(releaseSummary(rows)).toEqual({
      count: "3 remittances",
      list: "COD0001120260928 (₹1,234.50), COD0001220260928 (₹12,34,567.00), COD0001420260928 (₹10.00)",
    });
  });
});
