import { describe, expect, it } from "vitest";

import { describeCardEntry, type DescribedEntry } from "./describe";

const entry = (action: string, details: Record<string, unknown>): DescribedEntry => ({
  entity: "rate_card",
  action,
  plan: null,
  courier: null,
  shipment_type: null,
  delivery_type: null,
  changes: [],
  details,
});

describe("a card-wide history entry counts its rows in words (app/services/core/plural.ts)", () => {
  it("says 1 row, never 1 rows", () => {
    expect(describeCardEntry(entry("upload", { file_name: "card.csv", row_count: 1, changed_rows: 1 })).summary).toBe(
      "Uploaded card.csv: 1 row, 1 changed",
    );
    expect(
      describeCardEntry(entry("apply_segment", { segment_name: "Segment Three", updated: 1, created: 0, deleted: 2 }))
        .summary,
    ).toBe("Applied Segment Three: 1 row updated, 0 added, 2 removed");
    expect(describeCardEntry(entry("rto_from_forward", { couriers: ["Delhivery"], changed_rows: 1 })).summary).toBe(
      "RTO rates set from forward for Delhivery: 1 row changed",
    );
  });

  it("says rows for any other count", () => {
    expect(describeCardEntry(entry("upload", { file_name: "card.csv", row_count: 0, changed_rows: 0 })).summary).toBe(
      "Uploaded card.csv: 0 rows, 0 changed",
    );
    expect(describeCardEntry(entry("rto_from_forward", { couriers: [], changed_rows: 15 })).summary).toBe(
      "RTO rates set from forward for the chosen couriers: 15 rows changed",
    );
  });
});
