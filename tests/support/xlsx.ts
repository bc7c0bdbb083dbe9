/** Reading the console's .xlsx files back in tests, with exceljs (the reader finance staff's files meet). */
import ExcelJS from "exceljs";

import type { XlsxColumn } from "~/services/http/xlsx.server";

export async function workbookOf(bytes: Uint8Array | ArrayBuffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((bytes instanceof ArrayBuffer ? bytes : Buffer.from(bytes)) as never);
  return workbook;
}

/** A number format as exceljs's reader gives it back: without its backslashes (the file keeps them). */
export const asRead = (format: string) => format.replaceAll("\\", "");

/** What Excel's SUM of a column gives (the cells' numbers), in paise; rows 2 on. */
export function columnSumPaise(ws: ExcelJS.Worksheet, columns: readonly XlsxColumn[], header: string): number {
  const c = columns.findIndex((col) => col.header === header) + 1;
  if (c === 0) throw new Error(`No column ${header}`);
  let paise = 0;
  for (let r = 2; r <= ws.rowCount; r++) {
    const value = ws.getRow(r).getCell(c).value;
    if (typeof value !== "number")
      throw new Error(`Row ${r} of ${header} holds ${JSON.stringify(value)}, not a number`);
    paise += Math.round(value * 100);
  }
  return paise;
}
