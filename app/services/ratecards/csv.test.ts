import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { type DeliveryType, type ShipmentType } from "../core/rate-fields";
import { escapeCell, escapeCsvCell, readCsv, unescapeCell, writeCsv } from "../http/csv";
import { CSV_COLUMNS, type CsvCard, type UploadError, verifyUpload, writeRateCardCsv } from "./csv";
import type { CardRow } from "./fields";

const SELLER = "orders@chaiwala.in";

function cardRow(
  id: number,
  serviceId: number,
  courier: string,
  shipment: ShipmentType,
  delivery: DeliveryType,
  extra: Partial<CardRow> = {},
): CardRow {
  const bump = (n: number) => (n + (id % 7)).toFixed(2);
  return {
    id,
    courier_service_id: serviceId,
    courier_name: courier,
    is_active: true,
    shipment_type: shipment,
    delivery_type: delivery,
    first_slab: "0.50",
    second_slab: "0.50",
    zone_a_base: bump(30),
    zone_a_add: bump(27.5),
    zone_b_base: bump(35),
    zone_b_add: bump(31),
    zone_c_base: bump(41),
    zone_c_add: bump(36),
    zone_d_base: bump(46),
    zone_d_add: bump(40),
    zone_e_base: bump(55),
    zone_e_add: bump(47),
    cod_charge: "30.00",
    cod_percentage: "1.75",
    surcharge: "0.00",
    ndd_charge: delivery === "express" ? "25.00" : "0.00",
    divisor: delivery === "express" ? 5000 : 4000,
    version: 1,
    ...extra,
  };
}

// Deliberately out of order: the file follows sortCardRows (courier, then price type).
const card: CsvCard = {
  sellerEmail: SELLER,
  rows: [
    cardRow(11, 101, "Delhivery Surface 0.5kg", "REVERSE", "surface"),
    cardRow(10, 101, "Delhivery Surface 0.5kg", "FORWARD", "surface"),
    cardRow(12, 101, "Delhivery Surface 0.5kg", "FORWARD_RTO", "surface"),
    cardRow(20, 201, "Blue Dart Air 0.5kg", "FORWARD", "express", { cod_charge: "40.00", cod_percentage: "2.00" }),
    cardRow(21, 201, "Blue Dart Air 0.5kg", "FORWARD_RTO", "express", { cod_charge: "40.00", cod_percentage: "2.00" }),
    cardRow(30, 104, "Delhivery Surface 10kg", "FORWARD", "surface", {
      first_slab: "10.00",
      second_slab: "1.00",
      is_active: false,
    }),
    cardRow(31, 104, "Delhivery Surface 10kg", "FORWARD_RTO", "surface", {
      first_slab: "10.00",
      second_slab: "1.00",
      is_active: false,
    }),
  ],
};

const download = () => writeRateCardCsv(card);
/** The downloaded file as a grid, edited by `edit`, written back as CSV. */
function edited(edit: (grid: string[][]) => void): string {
  const grid = readCsv(download());
  edit(grid);
  return writeCsv(grid);
}
const col = (name: string) => CSV_COLUMNS.indexOf(name);

function errorsOf(text: string): UploadError[] {
  const r = verifyUpload(card, text);
  if (r.ok) throw new Error("expected the upload to be refused");
  return r.errors;
}

describe("rate card CSV writer and reader", () => {
  it("writes the spec's columns and one row per rate row, couriers together in name order", () => {
    const grid = readCsv(download());
    expect(grid[0]).toEqual([
      "Seller Email",
      "Price Type",
      "Delivery Type",
      "Courier",
      "Base Weight",
      "Additional Weight",
      "Zone A Base",
      "Zone A Additional",
      "Zone B Base",
      "Zone B Additional",
      "Zone C Base",
      "Zone C Additional",
      "Zone D Base",
      "Zone D Additional",
      "Zone E Base",
      "Zone E Additional",
      "COD Minimum",
      "COD Percent",
      "Surcharge",
      "NDD Charge",
      "Divisor",
    ]);
    expect(grid.slice(1).map((r) => `${r[3]} / ${r[1]} / ${r[2]}`)).toEqual([
      "Blue Dart Air 0.5kg / Forward / Express",
      "Blue Dart Air 0.5kg / Forward RTO / Express",
      "Delhivery Surface 0.5kg / Forward / Surface",
      "Delhivery Surface 0.5kg / Reverse / Surface",
      "Delhivery Surface 0.5kg / Forward RTO / Surface",
      "Delhivery Surface 10kg / Forward / Surface",
      "Delhivery Surface 10kg / Forward RTO / Surface",
    ]);
    expect(grid[1]).toEqual([
      SELLER,
      "Forward",
      "Express",
      "Blue Dart Air 0.5kg",
      "0.5",
      "0.5",
      "36.00",
      "33.50",
      "41.00",
      "37.00",
      "47.00",
      "42.00",
      "52.00",
      "46.00",
      "61.00",
      "53.00",
      "40.00",
      "2.00",
      "0.00",
      "25.00",
      "5000",
    ]);
    expect(grid[6].slice(4, 6)).toEqual(["10", "1"]);
    expect(download()).toContain("\r\n");
  });

  it("round-trips: a downloaded card verifies with no changes", () => {
    const r = verifyUpload(card, download());
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.changes).toEqual([]);
    expect(r.rows.map((x) => x.rowId)).toEqual([20, 21, 10, 11, 12, 30, 31]);
    expect(r.rows[0]).toMatchObject({
      row: 2,
      courier: "Blue Dart Air 0.5kg",
      shipment_type: "FORWARD",
      delivery_type: "express",
    });
    expect(r.rows[0].values.cod_charge).toBe("40.00");
  });

  it("escapes cells starting with = + - @ and reads them back exactly", () => {
    expect(escapeCell('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(escapeCell("+91")).toBe("'+91");
    expect(escapeCell("-5")).toBe("'-5");
    // In a CSV a negative number stays a number, not a formula (decision 064).
    expect(escapeCsvCell("-5.25")).toBe("-5.25");
    expect(escapeCsvCell("-5+1")).toBe("'-5+1");
    expect(escapeCsvCell("-")).toBe("'-");
    expect(escapeCsvCell("'-5")).toBe("''-5");
    expect(escapeCell("@sum")).toBe("'@sum");
    expect(escapeCell("'=already")).toBe("''=already");
    expect(escapeCell("O'Brien")).toBe("O'Brien");
    expect(escapeCell("'quoted")).toBe("'quoted");
    const text = writeCsv([["=1+2", "@x", "plain", "-3", "-3*2"]]);
    expect(text).toBe("'=1+2,'@x,plain,-3,'-3*2\r\n");
    expect(readCsv(text)).toEqual([["=1+2", "@x", "plain", "-3", "-3*2"]]);
    const evil = writeRateCardCsv({
      sellerEmail: "=cmd|' /C calc'!A0",
      rows: [cardRow(1, 1, "@Courier", "FORWARD", "surface")],
    });
    expect(evil.split("\r\n")[1].startsWith("'=cmd")).toBe(true);
    expect(evil).toContain(",'@Courier,");
    expect(readCsv(evil)[1].slice(0, 4)).toEqual(["=cmd|' /C calc'!A0", "Forward", "Surface", "@Courier"]);
  });

  it("reads back any grid of cells the writer writes (property)", () => {
    const cell = fc.oneof(
      fc.string(),
      fc.constantFrom(
        "=",
        "+1",
        "-",
        "@a",
        "'=x",
        "''+y",
        "-12.50",
        "'-12.50",
        "'",
        "a,b",
        'say "hi"',
        "line\nbreak",
        "cr\rlf\r\n",
        " padded ",
      ),
    );
    fc.assert(
      fc.property(fc.array(fc.array(cell, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), (grid) => {
        // A lone empty cell on the last line is indistinguishable from a final line end.
        fc.pre(!(grid[grid.length - 1].length === 1 && grid[grid.length - 1][0] === ""));
        expect(readCsv(writeCsv(grid))).toEqual(grid);
      }),
    );
    fc.assert(
      fc.property(fc.string(), (s) => {
        expect(unescapeCell(escapeCell(s))).toBe(s);
      }),
    );
  });

  it("accepts LF line ends, a byte-order mark, trailing blank lines and reformatted numbers", () => {
    const grid = readCsv(download());
    grid[1][col("Zone A Base")] = "36"; // a spreadsheet dropping ".00"
    grid[1][col("Base Weight")] = "0.50";
    const text = "\ufeff" + grid.map((r) => r.join(",")).join("\n") + "\n\n,,\n";
    const r = verifyUpload(card, text);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.changes).toEqual([]);
  });

  it("refuses a malformed file with the row of the problem", () => {
    expect(errorsOf(download().replace("Blue Dart Air 0.5kg", '"Blue Dart'))).toEqual([
      expect.objectContaining({ row: expect.any(Number), message: expect.stringMatching(/never closed/) }),
    ]);
    expect(errorsOf("")).toEqual([{ row: null, column: null, message: "The file is empty." }]);
  });
});

describe("verifyUpload: every upload rule", () => {
  it("columns: a renamed column is named with its position", () => {
    const errors = errorsOf(edited((g) => (g[0][col("Zone A Base")] = "Zone A base")));
    expect(errors).toEqual([
      {
        row: 1,
        column: "Zone A Base",
        message: 'Row 1: column 7 must be "Zone A Base" but is "Zone A base"; do not rename or reorder columns.',
      },
    ]);
  });

  it("columns: reordered columns are refused", () => {
    const errors = errorsOf(
      edited((g) => {
        for (const r of g) [r[col("Surcharge")], r[col("NDD Charge")]] = [r[col("NDD Charge")], r[col("Surcharge")]];
      }),
    );
    expect(errors.map((e) => e.column)).toEqual(["Surcharge", "NDD Charge"]);
    expect(errors.every((e) => e.row === 1)).toBe(true);
  });

  it("columns: an added or a removed column is refused", () => {
    const added = errorsOf(edited((g) => g.forEach((r, i) => r.push(i === 0 ? "Notes" : ""))));
    expect(added).toEqual([
      {
        row: 1,
        column: "Notes",
        message: 'Row 1: column 22 "Notes" is not part of the rate card; do not add columns.',
      },
    ]);
    const removed = errorsOf(edited((g) => g.forEach((r) => r.pop())));
    expect(removed).toEqual([
      { row: 1, column: "Divisor", message: 'Row 1: column 21 "Divisor" is missing; do not remove columns.' },
    ]);
  });

  it("rows: a removed or an added row is refused", () => {
    const removed = errorsOf(edited((g) => g.splice(3, 1)));
    expect(removed).toContainEqual({
      row: null,
      column: null,
      message: "The file has 6 rate rows but the rate card has 7; do not add, remove or reorder rows.",
    });
    const added = errorsOf(edited((g) => g.push([...g[3]])));
    expect(added).toContainEqual(
      expect.objectContaining({ row: null, message: expect.stringMatching(/has 8 rate rows but the rate card has 7/) }),
    );
  });

  it("rows: reordered rows are refused, naming each row that moved", () => {
    const errors = errorsOf(edited((g) => ([g[2], g[3]] = [g[3], g[2]])));
    expect(errors.map((e) => [e.row, e.column])).toEqual([
      [3, "Price Type"],
      [3, "Delivery Type"],
      [3, "Courier"],
      [4, "Price Type"],
      [4, "Delivery Type"],
      [4, "Courier"],
    ]);
    expect(errors[2].message).toBe(
      'Row 3, "Courier": must stay "Blue Dart Air 0.5kg" (found "Delhivery Surface 0.5kg"); do not change it, and do not add, remove or reorder rows.',
    );
  });

  it("identity: Seller Email, Price Type, Delivery Type, Courier, Base Weight and Additional Weight must not change", () => {
    const cases: [string, string, string][] = [
      [
        "Seller Email",
        "someone@else.in",
        'Row 2, "Seller Email": must stay "orders@chaiwala.in" (found "someone@else.in")',
      ],
      ["Price Type", "Reverse", 'Row 2, "Price Type": must stay "Forward" (found "Reverse")'],
      ["Delivery Type", "Surface", 'Row 2, "Delivery Type": must stay "Express" (found "Surface")'],
      ["Base Weight", "1", 'Row 2, "Base Weight": must stay "0.5" (found "1")'],
      ["Additional Weight", "0.25", 'Row 2, "Additional Weight": must stay "0.5" (found "0.25")'],
    ];
    for (const [column, value, message] of cases) {
      const errors = errorsOf(edited((g) => (g[1][col(column)] = value)));
      expect(errors, column).toHaveLength(1);
      expect(errors[0]).toMatchObject({ row: 2, column });
      expect(errors[0].message.startsWith(message)).toBe(true);
    }
    // Case and surrounding spaces are not changes.
    expect(
      verifyUpload(
        card,
        edited((g) => (g[1][col("Seller Email")] = " ORDERS@chaiwala.in ")),
      ).ok,
    ).toBe(true);
  });

  it("identity: a courier's express and surface rows swapped are refused (rows are matched by position and delivery type)", () => {
    // Same courier, price type and slabs on both rows: only the delivery type tells them apart.
    const both: CsvCard = {
      sellerEmail: SELLER,
      rows: [
        cardRow(40, 301, "Xpressbees 0.5kg", "FORWARD", "express", { zone_a_base: "31.00" }),
        cardRow(41, 301, "Xpressbees 0.5kg", "FORWARD", "surface", { zone_a_base: "27.00" }),
      ].map((r) => ({ ...r, ndd_charge: "0.00", divisor: 5000 })),
    };
    const grid = readCsv(writeRateCardCsv(both));
    expect(grid.slice(1).map((r) => r[col("Delivery Type")])).toEqual(["Express", "Surface"]);
    expect(verifyUpload(both, writeCsv(grid))).toMatchObject({ ok: true, changes: [] });
    [grid[1], grid[2]] = [grid[2], grid[1]];
    const r = verifyUpload(both, writeCsv(grid));
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.row, e.column])).toEqual([
      [2, "Delivery Type"],
      [3, "Delivery Type"],
    ]);
    expect(r.errors[0].message).toBe(
      'Row 2, "Delivery Type": must stay "Express" (found "Surface"); do not change it, and do not add, remove or reorder rows.',
    );
    // "surface" in any case is still Surface.
    const lower = readCsv(writeRateCardCsv(both));
    lower[2][col("Delivery Type")] = " surface ";
    expect(verifyUpload(both, writeCsv(lower)).ok).toBe(true);
  });

  it("couriers: a courier added or removed is refused, by name", () => {
    const renamed = errorsOf(edited((g) => (g[1][col("Courier")] = "Smartr Air 0.5kg")));
    expect(renamed).toContainEqual({
      row: 2,
      column: "Courier",
      message: 'Row 2, "Courier": "Smartr Air 0.5kg" is not in this rate card; do not add couriers.',
    });
    const removed = errorsOf(edited((g) => g.splice(6, 2)));
    expect(removed).toContainEqual({
      row: null,
      column: "Courier",
      message: 'Courier "Delhivery Surface 10kg" is missing from the file; do not remove couriers.',
    });
    const added = errorsOf(
      edited((g) => g.push(g[1].map((c, i) => (i === col("Courier") ? "Ekart Surface 0.5kg" : c)))),
    );
    expect(added).toContainEqual(
      expect.objectContaining({ row: 9, column: "Courier", message: expect.stringMatching(/do not add couriers/) }),
    );
  });

  it("per courier: COD Percent, COD Minimum, NDD Charge and Divisor must be equal across price types", () => {
    for (const [column, value] of [
      ["COD Percent", "2.50"],
      ["COD Minimum", "45"],
      ["NDD Charge", "30"],
      ["Divisor", "4000"],
    ]) {
      const errors = errorsOf(edited((g) => (g[2][col(column)] = value)));
      expect(errors, column).toHaveLength(1);
      expect(errors[0]).toMatchObject({ row: 3, column });
      expect(errors[0].message).toContain("must be equal for Blue Dart Air 0.5kg across price types");
      expect(errors[0].message).toContain("row 2:");
    }
    // Changing them on every row of the courier is fine.
    const ok = verifyUpload(
      card,
      edited((g) => [1, 2].forEach((i) => (g[i][col("COD Percent")] = "2.25"))),
    );
    expect(ok.ok).toBe(true);
  });

  it("numbers: negative, non-numeric, over-precise and empty values are refused with row and column", () => {
    const errors = errorsOf(
      edited((g) => {
        g[1][col("Zone A Base")] = "-5";
        g[2][col("Zone C Additional")] = "abc";
        g[3][col("Surcharge")] = "1.005";
        g[4][col("Zone E Base")] = "";
        g[5][col("COD Percent")] = "101";
        g[5][col("Divisor")] = "4000.5";
      }),
    );
    expect(errors).toEqual([
      {
        row: 2,
        column: "Zone A Base",
        message: 'Row 2, "Zone A Base": "-5" is not a valid number (a non-negative number with at most 2 decimals).',
      },
      {
        row: 3,
        column: "Zone C Additional",
        message:
          'Row 3, "Zone C Additional": "abc" is not a valid number (a non-negative number with at most 2 decimals).',
      },
      {
        row: 4,
        column: "Surcharge",
        message: 'Row 4, "Surcharge": "1.005" is not a valid number (a non-negative number with at most 2 decimals).',
      },
      { row: 5, column: "Zone E Base", message: 'Row 5, "Zone E Base": a value is required.' },
      {
        row: 6,
        column: "COD Percent",
        message: 'Row 6, "COD Percent": "101" is not a valid number (a number from 0 to 100 with at most 2 decimals).',
      },
      {
        row: 6,
        column: "Divisor",
        message: 'Row 6, "Divisor": "4000.5" is not a valid number (a whole number above zero).',
      },
    ]);
  });

  it("a valid edited file lists each change with row, courier, price type, field, old and new", () => {
    const r = verifyUpload(
      card,
      edited((g) => {
        g[3][col("Zone A Base")] = "29.5";
        g[3][col("Zone E Additional")] = "52.25";
        for (const i of [3, 4, 5]) g[i][col("COD Minimum")] = "35";
      }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(
      r.changes.map(({ row, courier, priceType, field, column, old, new: next }) => ({
        row,
        courier,
        priceType,
        field,
        column,
        old,
        new: next,
      })),
    ).toEqual([
      {
        row: 4,
        courier: "Delhivery Surface 0.5kg",
        priceType: "Forward",
        field: "zone_a_base",
        column: "Zone A Base",
        old: "33.00",
        new: "29.50",
      },
      {
        row: 4,
        courier: "Delhivery Surface 0.5kg",
        priceType: "Forward",
        field: "zone_e_add",
        column: "Zone E Additional",
        old: "50.00",
        new: "52.25",
      },
      {
        row: 4,
        courier: "Delhivery Surface 0.5kg",
        priceType: "Forward",
        field: "cod_charge",
        column: "COD Minimum",
        old: "30.00",
        new: "35.00",
      },
      {
        row: 5,
        courier: "Delhivery Surface 0.5kg",
        priceType: "Reverse",
        field: "cod_charge",
        column: "COD Minimum",
        old: "30.00",
        new: "35.00",
      },
      {
        row: 6,
        courier: "Delhivery Surface 0.5kg",
        priceType: "Forward RTO",
        field: "cod_charge",
        column: "COD Minimum",
        old: "30.00",
        new: "35.00",
      },
    ]);
    expect(r.changes[0]).toMatchObject({
      rowId: 10,
      shipment_type: "FORWARD",
      delivery_type: "surface",
      courier_service_id: 101,
    });
    expect(r.rows.find((x) => x.rowId === 10)!.values.zone_a_base).toBe("29.50");
  });

  it("verifies a 5,000-row card (its speed is measured by scripts/bench-ratecards.ts)", () => {
    const big = bigCard(1250);
    const grid = readCsv(writeRateCardCsv(big));
    grid[100][col("Zone B Base")] = "99.99";
    grid[4999][col("Zone E Additional")] = "12.34";
    const r = verifyUpload(big, writeCsv(grid));
    expect(big.rows).toHaveLength(5000);
    expect(r.ok).toBe(true);
    if (r.ok)
      expect(r.changes.map((c) => [c.row, c.column, c.new])).toEqual([
        [101, "Zone B Base", "99.99"],
        [5000, "Zone E Additional", "12.34"],
      ]);
  });
});

/** A card of `couriers` couriers × 4 price types, for size tests and the benchmark. */
function bigCard(couriers: number): CsvCard {
  const types: ShipmentType[] = ["FORWARD", "REVERSE", "FORWARD_RTO", "REVERSE_RTO"];
  const rows: CardRow[] = [];
  for (let i = 0; i < couriers; i++) {
    for (const [k, t] of types.entries())
      rows.push(cardRow(i * 4 + k + 1, 1000 + i, `Courier ${String(i).padStart(4, "0")}`, t, "surface"));
  }
  return { sellerEmail: SELLER, rows };
}
