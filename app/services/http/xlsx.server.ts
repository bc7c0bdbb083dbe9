/**
 * .xlsx exports, streamed: exceljs's WorkbookWriter writes each row as it comes (rows are
 * committed, not kept), so a large sheet never sits in memory as a workbook. Cells get the
 * same formula escaping as CSV (http/csv.ts), so a sheet saved again as CSV and opened
 * elsewhere is still safe; exceljs writes strings as strings, never as formulas.
 */
import { once } from "node:events";
import { PassThrough, Readable, type Writable } from "node:stream";

import ExcelJS from "exceljs";

import { attachmentResponse } from "./attachment.server";
import { escapeCell } from "./csv";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rows handed to the writer between yields to the event loop (other requests keep moving). */
const BATCH = 1000;

export type XlsxSheet = {
  name: string;
  header: readonly string[];
  records: Iterable<readonly string[]> | AsyncIterable<readonly string[]>;
};

/**
 * Writes the sheets to `output` as one .xlsx file, row by row. Resolves once the file is
 * complete; rejects (and destroys `output`) if writing fails.
 */
export async function writeXlsx(output: Writable, sheets: readonly XlsxSheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output as never,
    useStyles: false,
    useSharedStrings: false,
  });
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31));
    worksheet.addRow(sheet.header.map(escapeCell)).commit();
    let n = 0;
    for await (const record of sheet.records) {
      worksheet.addRow(record.map(escapeCell)).commit();
      if (++n % BATCH === 0) {
        // Let the zip catch up, and wait while the reader is behind.
        await new Promise((resolve) => setImmediate(resolve));
        if (output.writableNeedDrain) await once(output, "drain");
      }
    }
    worksheet.commit();
  }
  await workbook.commit();
}

/** The sheets as a byte stream: nothing is written until the first read, then as the reader keeps up. */
export function xlsxStream(sheets: readonly XlsxSheet[]): ReadableStream<Uint8Array> {
  const pass = new PassThrough();
  const reader = (Readable.toWeb(pass) as ReadableStream<Uint8Array>).getReader();
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        writeXlsx(pass, sheets).catch((error: Error) => pass.destroy(error));
      }
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel(reason) {
      await reader.cancel(reason);
      pass.destroy();
    },
  });
}

export function streamedXlsxAttachment(sheets: readonly XlsxSheet[], fileName: string): Response {
  return attachmentResponse(xlsxStream(sheets), fileName, XLSX_CONTENT_TYPE);
}
