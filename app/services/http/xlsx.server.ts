/**
 * .xlsx exports, streamed: exceljs's WorkbookWriter writes each row as it comes (rows are
 * committed, not kept), so a large sheet never sits in memory as a workbook.
 *
 * Every sheet declares its columns once, each with a kind (decision 065): money is a number
 * with a ₹ two-decimal format, a count a whole number, a date or month a real date cell showing
 * the IST calendar day, a datetime India's wall clock; text is text. So SUM works on the file
 * as it opens. The header row is bold and frozen, with a filter; column widths fit the header
 * and the first rows (bounded). Text cells get the same formula escaping as CSV (http/csv.ts),
 * so a sheet saved again as CSV and opened elsewhere is still safe; exceljs writes strings as
 * strings, never as formulas.
 */
import { once } from "node:events";
import { PassThrough, Readable, type Writable } from "node:stream";

import ExcelJS from "exceljs";

import { istDayOf, istWallClockOf } from "../core/ist-dates";
import { formatInr } from "../core/money";
import { attachmentResponse } from "./attachment.server";
import { escapeCell } from "./csv";

export const XLSX_CONTENT_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** Rows handed to the writer between yields to the event loop (other requests keep moving). */
const BATCH = 1000;
/** Rows read ahead to fit the column widths (the columns are written before the first row). */
const WIDTH_SAMPLE = 200;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

export type XlsxKind = "text" | "money" | "count" | "date" | "datetime" | "month";

/** A column: its header and what its cells hold. */
export type XlsxColumn = { readonly header: string; readonly kind: XlsxKind };

/**
 * A cell as a caller gives it, by its column's kind: text any string; money rupees ("1798.00"
 * or a number); count a whole number (or its digits); date an IST day "YYYY-MM-DD" or a moment
 * (its IST day); datetime a moment; month "YYYY-MM" (or a day of it). Null or "" is an empty cell.
 */
export type XlsxCell = string | number | Date | null;

export type XlsxSheet = {
  name: string;
  columns: readonly XlsxColumn[];
  records: Iterable<readonly XlsxCell[]> | AsyncIterable<readonly XlsxCell[]>;
};

/**
 * Indian digit grouping (12,34,567.89) whatever the reader's regional settings: a format's own
 * commas only switch the reader's thousands separator on, so the lakh and crore commas are
 * literals in sections chosen by size (decision 065). Below a lakh, and for negative amounts,
 * the last section groups as the reader's settings do.
 */
function indianGrouping(prefix: string, decimals: string): string {
  return [
    `[>=10000000]${prefix}##\\,##\\,##\\,##0${decimals}`,
    `[>=100000]${prefix}##\\,##\\,##0${decimals}`,
    `${prefix}#,##0${decimals}`,
  ].join(";");
}

/** Number formats (decision 065). */
export const XLSX_FORMATS = {
  money: indianGrouping('"₹"', ".00"),
  count: indianGrouping("", ""),
  date: "dd-mm-yyyy",
  datetime: "dd-mm-yyyy hh:mm",
  month: "mmm yyyy",
} as const;

/** One style object per kind: exceljs keys its styles by object, so every cell shares one entry. */
const STYLES: Record<XlsxKind, Partial<ExcelJS.Style>> = {
  text: {},
  money: { numFmt: XLSX_FORMATS.money },
  count: { numFmt: XLSX_FORMATS.count },
  date: { numFmt: XLSX_FORMATS.date },
  datetime: { numFmt: XLSX_FORMATS.datetime },
  month: { numFmt: XLSX_FORMATS.month },
};
const HEADER_STYLE: Partial<ExcelJS.Style> = { font: { bold: true } };

const AMOUNT = /^-?\d{1,13}(\.\d{1,2})?$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const dayCell = (day: string) => new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10)));

function wrongCell(kind: XlsxKind, value: unknown): TypeError {
  return new TypeError(`Not a ${kind} cell: ${JSON.stringify(value)}`);
}

/** The value written for a cell of `kind` (exceljs writes a Date as the day number of its UTC fields). */
export function xlsxCellValue(kind: XlsxKind, value: XlsxCell): string | number | Date | null {
  if (value === null || value === "") return null;
  switch (kind) {
    case "text":
      return escapeCell(String(value));
    case "money":
      // Only a real amount passes (rupees, at most two decimals), as the double nearest it.
      if (
        typeof value === "number"
          ? !Number.isFinite(value) || Math.round(value * 100) / 100 !== value
          : !AMOUNT.test(value as string)
      )
        throw wrongCell(kind, value);
      return Number(value);
    case "count": {
      const n = typeof value === "number" ? value : /^-?\d+$/.test(String(value)) ? Number(value) : NaN;
      if (!Number.isSafeInteger(n)) throw wrongCell(kind, value);
      return n;
    }
    case "date":
      if (value instanceof Date) return dayCell(istDayOf(value));
      if (typeof value !== "string" || !DAY.test(value)) throw wrongCell(kind, value);
      return dayCell(value);
    case "datetime":
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw wrongCell(kind, value);
      return istWallClockOf(value);
    case "month":
      if (typeof value !== "string" || !/^\d{4}-\d{2}(-\d{2})?$/.test(value)) throw wrongCell(kind, value);
      return dayCell(`${value.slice(0, 7)}-01`);
  }
}

/** About how many characters a cell shows, for its column's width. */
function shownLength(kind: XlsxKind, value: string | number | Date | null): number {
  if (value === null) return 0;
  switch (kind) {
    case "money":
      return formatInr(Math.round((value as number) * 100)).length;
    case "count":
      return (value as number).toLocaleString("en-IN").length;
    case "date":
      return 10;
    case "datetime":
      return 16;
    case "month":
      return 8;
    case "text":
      return Math.max(
        ...String(value)
          .split("\n")
          .map((line) => line.length),
      );
  }
}

function columnWidths(columns: readonly XlsxColumn[], rows: readonly (readonly XlsxCell[])[]): number[] {
  return columns.map((column, i) => {
    let longest = column.header.length;
    for (const row of rows) longest = Math.max(longest, shownLength(column.kind, row[i] ?? null));
    return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
  });
}

/** The rows' own style: shared too (a row's fresh {} would be looked up afresh for every row). */
const ROW_STYLE: Partial<ExcelJS.Style> = {};
// exceljs's types leave out Row.style, which its writer reads.
const shareRowStyle = (row: ExcelJS.Row) => ((row as unknown as { style: object }).style = ROW_STYLE);

function addRecord(worksheet: ExcelJS.Worksheet, columns: readonly XlsxColumn[], cells: readonly XlsxCell[]) {
  const row = worksheet.addRow(cells as unknown[]);
  shareRowStyle(row);
  for (let i = 0; i < columns.length; i++) row.getCell(i + 1).style = STYLES[columns[i].kind];
  row.commit();
}

function iteratorOf<T>(records: Iterable<T> | AsyncIterable<T>): AsyncIterator<T> | Iterator<T> {
  return Symbol.asyncIterator in records ? records[Symbol.asyncIterator]() : records[Symbol.iterator]();
}

async function writeSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, output: Writable, sheet: XlsxSheet) {
  const { columns } = sheet;
  const it = iteratorOf(sheet.records);
  let finished = false;
  const next = async (): Promise<XlsxCell[] | null> => {
    const step = await it.next();
    if (step.done) {
      finished = true;
      return null;
    }
    if (step.value.length !== columns.length)
      throw new TypeError(`A record of ${step.value.length} cells for ${columns.length} columns in "${sheet.name}"`);
    return columns.map((c, i) => xlsxCellValue(c.kind, step.value[i]));
  };
  try {
    const head: XlsxCell[][] = [];
    while (head.length < WIDTH_SAMPLE) {
      const cells = await next();
      if (!cells) break;
      head.push(cells);
    }
    const worksheet = workbook.addWorksheet(sheet.name.slice(0, 31), {
      views: [{ state: "frozen", xSplit: 0, ySplit: 1 }],
    });
    worksheet.columns = columnWidths(columns, head).map((width) => ({ width }));
    if (columns.length > 0)
      worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
    const header = worksheet.addRow(columns.map((c) => escapeCell(c.header)));
    shareRowStyle(header);
    for (let i = 1; i <= columns.length; i++) header.getCell(i).style = HEADER_STYLE;
    header.commit();
    for (const cells of head) addRecord(worksheet, columns, cells);
    let n = head.length;
    for (let cells = await next(); cells; cells = await next()) {
      addRecord(worksheet, columns, cells);
      if (++n % BATCH === 0) {
        // Let the zip catch up, and wait while the reader is behind.
        await new Promise((resolve) => setImmediate(resolve));
        if (output.writableNeedDrain) await once(output, "drain");
      }
    }
    worksheet.commit();
  } finally {
    if (!finished) await it.return?.();
  }
}

/**
 * Writes the sheets to `output` as one .xlsx file, row by row. Resolves once the file is
 * complete; rejects (and destroys `output`) if writing fails.
 */
export async function writeXlsx(output: Writable, sheets: readonly XlsxSheet[]): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output as never,
    useStyles: true,
    useSharedStrings: false,
  });
  for (const sheet of sheets) await writeSheet(workbook, output, sheet);
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
