import { describe, expect, it } from "vitest";

import { changeLines, diffRow, type RowChange } from "./changes";
import { type CardRow, rateValuesOf } from "./fields";
import { sampleCardRow } from "./sample-row";

const row: CardRow = sampleCardRow({ cod_percentage: "1.75" });

describe("diffRow", () => {
  it("lists only the fields whose value changes, old beside new", () => {
    expect(diffRow(row, rateValuesOf(row))).toEqual([]);
    expect(diffRow(row, { ...rateValuesOf(row), zone_a_base: "29.50", divisor: "4000", first_slab: "0.50" })).toEqual([
      { field: "zone_a_base", old: "30.00", new: "29.50" },
      { field: "divisor", old: "5000", new: "4000" },
    ]);
    expect(diffRow(row, { second_slab: "1.00" })).toEqual([{ field: "second_slab", old: "0.50", new: "1.00" }]);
  });
});

describe("changeLines", () => {
  it("says what changed in words a person reads in an e-mail", () => {
    const changes: RowChange[] = [
      {
        rowId: 7,
        action: "update",
        courier_service_id: 101,
        courier: "Delhivery Surface 0.5kg",
        shipment_type: "FORWARD_RTO",
        delivery_type: "surface",
        fields: [
          { field: "zone_a_base", old: "30.00", new: "29.50" },
          { field: "cod_percentage", old: "1.75", new: "2.00" },
          { field: "first_slab", old: "0.50", new: "1.00" },
        ],
      },
      {
        rowId: 8,
        action: "create",
        courier_service_id: 101,
        courier: "Delhivery Surface 0.5kg",
        shipment_type: "REVERSE",
        delivery_type: "surface",
        fields: [],
      },
    ];
    expect(changeLines(changes)).toEqual([
      "Delhivery Surface 0.5kg · Forward RTO (surface) · Zone A Base: 30.00 → 29.50",
      "Delhivery Surface 0.5kg · Forward RTO (surface) · COD Percentage: 1.75 % → 2.00 %",
      "Delhivery Surface 0.5kg · Forward RTO (surface) · Base Weight: 0.5 KG → 1 KG",
      "Delhivery Surface 0.5kg · Reverse (surface) · added",
    ]);
  });
});
