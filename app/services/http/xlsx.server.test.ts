import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";

import { asRead, columnSumPaise, workbookOf } from "../../../tests/support/xlsx";
import {
  streamedXlsxAttachment,
  XLSX_CONTENT_TYPE,
  XLSX_FORMATS,
  xlsxCellValue,
  type XlsxColumn,
  xlsxStream,
} from "./xlsx.server";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

const valuesOf = (ws: ExcelJS.Worksheet) =>
  ws
    .getSheetValues()
    .slice(1)
    .map((r) => (r as unknown[]).slice(1));

const RATE_CARD: XlsxColumn[] = [
  { header: "Courier", kind: "text" },
  { header: "Zone A Base", kind: "money" },
  { header: "Note", kind: "text" },
];

describe("xlsx export", () => {
  it("writes sheets a spreadsheet reads back, formula-like text escaped", async () => {
    const bytes = await bytesOf(
      xlsxStream([
        {
          name: "Rate card",
          columns: RATE_CARD,
          records: [
            ["Blue Dart", "36.00", '=HYPERLINK("x")'],
            ["@Courier", "-5", "\tTab"],
            ["+91", "0.00", "plain"],
          ],
        },
        { name: "Empty", columns: [{ header: "Only a header", kind: "text" }], records: [] },
      ]),
    );
    expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip container
    const book = await workbookOf(bytes);
    expect(book.worksheets.map((ws) => [ws.name, valuesOf(ws)])).toEqual([
      [
        "Rate card",
        [
          ["Courier", "Zone A Base", "Note"],
          ["Blue Dart", 36, '\'=HYPERLINK("x")'],
          ["'@Courier", -5, "'\tTab"],
          ["'+91", 0, "plain"],
        ],
      ],
      ["Empty", [["Only a header"]]],
    ]);
  });

  it("types every cell by its column: ₹ amounts and counts as numbers, days and times as dates", async () => {
    const columns: XlsxColumn[] = [
      { header: "seller", kind: "text" },
      { header: "amount", kind: "money" },
      { header: "orders", kind: "count" },
      { header: "cycle_start", kind: "date" },
      { header: "joined", kind: "date" },
      { header: "released_at", kind: "datetime" },
      { header: "month", kind: "month" },
    ];
    const bytes = await bytesOf(
      xlsxStream([
        {
          name: "Typed",
          columns,
          records: [
            // 20:00 UTC on 30 Nov is 01:30 IST on 1 Dec: the date cell shows the IST day.
            [
              "a@x.test",
              "1798.00",
              12,
              "2026-11-02",
              new Date("2026-11-30T20:00:00Z"),
              new Date("2026-11-30T20:00:00Z"),
              "2026-11",
            ],
            ["b@x.test", 1234567.89, "3", "2026-02-28", null, null, "2026-12-15"],
            ["c@x.test", "", null, null, "", null, null],
          ],
        },
      ]),
    );
    const ws = (await workbookOf(bytes)).getWorksheet("Typed")!;
    const row2 = ws.getRow(2);
    expect(row2.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(row2.getCell(2)).toMatchObject({
      type: ExcelJS.ValueType.Number,
      value: 1798,
      numFmt: asRead(XLSX_FORMATS.money),
    });
    expect(row2.getCell(3)).toMatchObject({
      type: ExcelJS.ValueType.Number,
      value: 12,
      numFmt: asRead(XLSX_FORMATS.count),
    });
    expect(row2.getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: "dd-mm-yyyy" });
    expect((row2.getCell(4).value as Date).toISOString()).toBe("2026-11-02T00:00:00.000Z");
    expect((row2.getCell(5).value as Date).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(row2.getCell(6)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: "dd-mm-yyyy hh:mm" });
    expect((row2.getCell(6).value as Date).toISOString()).toBe("2026-12-01T01:30:00.000Z");
    expect((row2.getCell(7).value as Date).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(ws.getRow(3).getCell(2).value).toBe(1234567.89);
    expect(ws.getRow(3).getCell(3).value).toBe(3);
    expect((ws.getRow(3).getCell(7).value as Date).toISOString()).toBe("2026-12-01T00:00:00.000Z");
    for (let c = 2; c <= 7; c++) expect(ws.getRow(4).getCell(c).type).toBe(ExcelJS.ValueType.Null);
    // ₹, two decimals, lakh and crore commas as literals in sections by size (decision 065).
    expect(XLSX_FORMATS.money).toBe('[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00');
    // The header: bold, frozen, filtered; widths fit it and the cells, within bounds.
    expect(ws.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(ws.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    const widths = ws.columns.map((c) => c.width);
    expect(widths[1]).toBe("₹12,34,567.89".length + 2);
    expect(widths[5]).toBe("30-11-2026 20:00".length + 2);
    expect(widths[0]).toBe("a@x.test".length + 2);
    expect(widths[2]).toBe(8); // "orders" and "12": the floor
    expect(widths.every((w) => w! >= 8 && w! <= 60)).toBe(true);
  });

  it("bounds a long text column's width", async () => {
    const bytes = await bytesOf(
      xlsxStream([{ name: "Long", columns: [{ header: "note", kind: "text" }], records: [["x".repeat(500)]] }]),
    );
    expect((await workbookOf(bytes)).getWorksheet("Long")!.getColumn(1).width).toBe(60);
  });

  it("refuses a cell its column cannot hold, and a record of the wrong length", async () => {
    expect(() => xlsxCellValue("money", "12,00")).toThrow();
    expect(() => xlsxCellValue("money", "1e3")).toThrow();
    expect(() => xlsxCellValue("count", "1.5")).toThrow();
    expect(() => xlsxCellValue("date", "01-11-2026")).toThrow();
    expect(() => xlsxCellValue("datetime", "2026-11-01")).toThrow();
    expect(xlsxCellValue("money", "0.10")).toBe(0.1);
    await expect(
      bytesOf(xlsxStream([{ name: "Bad", columns: RATE_CARD, records: [["Blue Dart", "36.00"]] }])),
    ).rejects.toThrow(/2 cells for 3 columns/);
  });

  it("streams rows from a lazy source without holding them; SUM of the money column is the amounts' sum", async () => {
    let produced = 0;
    function* rows() {
      for (let i = 0; i < 5000; i++) {
        produced++;
        yield [`Courier ${i}`, (i / 100).toFixed(2)];
      }
    }
    const response = streamedXlsxAttachment(
      [
        {
          name: "Big",
          columns: [
            { header: "Courier", kind: "text" },
            { header: "Price", kind: "money" },
          ],
          records: rows(),
        },
      ],
      "big.xlsx",
    );
    expect(response.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="big.xlsx"; filename*=UTF-8''big.xlsx`,
    );
    expect(produced).toBe(0); // nothing is written before the body is read
    const ws = (await workbookOf(Buffer.from(await response.arrayBuffer()))).getWorksheet("Big")!;
    const values = valuesOf(ws);
    expect(values).toHaveLength(5001);
    expect(values[5000]).toEqual(["Courier 4999", 49.99]);
    expect(
      columnSumPaise(
        ws,
        [
          { header: "Courier", kind: "text" },
          { header: "Price", kind: "money" },
        ],
        "Price",
      ),
    ).toBe((4999 * 5000) / 2);
  });
});
