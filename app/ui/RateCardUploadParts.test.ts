import { describe, expect, it } from "vitest";

import { errorParts } from "./RateCardUploadParts";

describe("upload error parts (the location is said once)", () => {
  it("moves a 'Row N, \"Column\": ' prefix into the title", () => {
    expect(
      errorParts({
        row: 2,
        column: "Courier",
        message: 'Row 2, "Courier": "Foo" is not in this rate card; do not add couriers.',
      }),
    ).toEqual({
      title: 'Row 2, Column "Courier"',
      body: '"Foo" is not in this rate card; do not add couriers.',
    });
    expect(
      errorParts({ row: 1, column: "Zone A", message: 'Row 1: column 3 "X" is missing; do not remove columns.' }),
    ).toEqual({
      title: 'Row 1, Column "Zone A"',
      body: 'Column 3 "X" is missing; do not remove columns.',
    });
  });
  it("keeps a sentence that starts with its row whole, without a title", () => {
    expect(
      errorParts({ row: 5, column: null, message: "Row 5 has 3 cells but the rate card has 20 columns." }),
    ).toEqual({ body: "Row 5 has 3 cells but the rate card has 20 columns." });
  });
  it("titles a message that does not name its location, and leaves one without a location alone", () => {
    expect(errorParts({ row: 4, column: null, message: "Duplicate courier row." })).toEqual({
      title: "Row 4",
      body: "Duplicate courier row.",
    });
    expect(errorParts({ row: null, column: null, message: "The file is empty." })).toEqual({
      body: "The file is empty.",
    });
  });
});
