/** "Select all matching"'s fingerprint and what a release makes of it (decision 066). */
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { FORM_BODY_LIMIT } from "../http/request-edge";
import {
  decodeConfirmed,
  encodeConfirmed,
  type FoundNow,
  MAX_SELECT_ALL,
  releaseAllMessage,
  splitConfirmed,
} from "./release-all";

describe("the fingerprint", () => {
  it("decodes what it encodes, in id order", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ id: fc.integer({ min: 1, max: 2_147_483_647 }), paise: fc.nat() }), {
          selector: (r) => r.id,
          minLength: 1,
          maxLength: 50,
        }),
        (rows) => {
          expect(decodeConfirmed(encodeConfirmed(rows))).toEqual([...rows].sort((a, b) => a.id - b.id));
        },
      ),
    );
  });

  it("refuses empty, malformed, repeated and oversized ones", () => {
    for (const bad of ["", "1", "1:", ":5", "0:5", "1:-5", "1:5,1:5", "1:5,,2:6", "1:5 ", "1.5:5", "99999999999:1"])
      expect(decodeConfirmed(bad), bad).toBeNull();
    const many = Array.from({ length: MAX_SELECT_ALL + 1 }, (_, i) => ({ id: i + 1, paise: 1 }));
    expect(decodeConfirmed(encodeConfirmed(many))).toBeNull();
  });

  it("the largest confirmation, URL-encoded with the rest of its form, fits the form-body limit", () => {
    const worst = Array.from({ length: MAX_SELECT_ALL }, (_, i) => ({ id: 2_147_483_647 - i, paise: 99_999_999_999 }));
    const body = new URLSearchParams({
      intent: "release-all",
      confirmed: encodeConfirmed(worst),
      approver_reason: "x".repeat(500),
    }).toString();
    expect(body.length).toBeLessThan(FORM_BODY_LIMIT);
  });
});

describe("splitConfirmed", () => {
  const found = (id: number, over: Partial<FoundNow> = {}): FoundNow => ({
    id,
    pickrr_reference_id: `COD${id}`,
    status: "PENDING",
    current_action: "HOLD",
    paise: 100,
    matches: true,
    ...over,
  });
  it("releases the unchanged and reports each change with its reason", () => {
    const confirmed = [1, 2, 3, 4, 5, 6].map((id) => ({ id, paise: 100 }));
    const now = [
      found(1),
      found(2, { status: "RELEASED", current_action: null, paise: 0 }),
      found(3, { current_action: null }),
      found(4, { paise: 50, status: "PARTIAL" }),
      found(5, { matches: false }),
    ];
    const { release, changed } = splitConfirmed(confirmed, now);
    expect(release).toEqual([1]);
    expect(changed.map((c) => [c.id, c.reason])).toEqual([
      [2, "released"],
      [3, "not_held"],
      [4, "amount"],
      [5, "filter"],
      [6, "missing"],
    ]);
    expect(releaseAllMessage({ count: 1, paise: 100 }, changed, 2)).toBe(
      "1 COD remittance released (₹1.00). Not released, changed since you confirmed: COD2 (already released), " +
        "COD3 (no longer on hold), COD4 (pending amount now ₹0.50, was ₹1.00), COD5 (no longer matches the filter), " +
        "remittance 6 (no longer yours to release). 2 remittances now matching the filter were not in what you confirmed and stay on hold.",
    );
  });

  it("says nothing was released when nothing could be, and lists at most ten changes", () => {
    const changed = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      ref: `COD${i + 1}`,
      reason: "released" as const,
      was: 1,
    }));
    const text = releaseAllMessage({ count: 0, paise: 0 }, changed, 0);
    expect(
      text.startsWith("Nothing was released. Not released, changed since you confirmed: COD1 (already released)"),
    ).toBe(true);
    expect(text.endsWith("COD10 (already released) and 2 more.")).toBe(true);
  });
});
