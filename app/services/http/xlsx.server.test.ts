import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";

import { streamedXlsxAttachment, XLSX_CONTENT_TYPE, xlsxStream } from "./xlsx.server";

async function bytesOf(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of stream as unknown as AsyncIterable<Uint8Array>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function readBack(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as never);
  return workbook.worksheets.map((ws) => ({
    name: ws.name,
    rows: ws
      .getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1)),
  }));
}

describe("xlsx export", () => {
  it("writes sheets a spreadsheet reads back, formula-like cells escaped", async () => {
    const bytes = await bytesOf(
      xlsxStream([
        {
          name: "Rate card",
          header: ["Courier", "Zone A Base", "Note"],
          records: [
            ["Blue Dart", "36.00", '=HYPERLINK("x")'],
            ["@Courier", "-5", "\tTab"],
            ["+91", "0.00", "plain"],
          ],
        },
        { name: "Empty", header: ["Only a header"], records: [] },
      ]),
    );
    expect(bytes.subarray(0, 2).toString()).toBe("PK"); // a zip container
    expect(await readBack(bytes)).toEqual([
      {
        name: "Rate card",
        rows: [
          ["Courier", "Zone A Base", "Note"],
          ["Blue Dart", "36.00", '\'=HYPERLINK("x")'],
          ["'@Courier", "'-5", "'\tTab"],
          ["'+91", "0.00", "plain"],
        ],
      },
      { name: "Empty", rows: [["Only a header"]] },
    ]);
  });

  it("streams rows from a lazy source without holding them (many rows, read back whole)", async () => {
    let produced = 0;
    function* rows() {
      for (let i = 0; i < 5000; i++) {
        produced++;
        yield [`Courier ${i}`, (i / 100).toFixed(2)];
      }
    }
    const response = streamedXlsxAttachment(
      [{ name: "Big", header: ["Courier", "Price"], records: rows() }],
      "big.xlsx",
    );
    expect(response.headers.get("Content-Type")).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers.get("Content-Disposition")).toBe(
      `attachment; filename="big.xlsx"; filename*=UTF-8''big.xlsx`,
    );
    expect(produced).toBe(0); // nothing is written before the body is read
    const [sheet] = await readBack(Buffer.from(await response.arrayBuffer()));
    expect(sheet.rows).toHaveLength(5001);
    expect(sheet.rows[4999 + 1]).toEqual(["Courier 4999", "49.99"]);
  });
});
