/**
 * CSV, the one way: RFC 4180 written by csv-stringify and read by csv-parse (its companion),
 * with formula escaping on every export (docs/architecture.md §8) and its exact undoing on every read, so a
 * file a person downloads, edits in a spreadsheet and uploads comes back cell for cell.
 * Pure: routes stream it (csv-stream.server.ts), services verify uploads with it.
 */
import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";

// ---------------------------------------------------------------------------------------
// Formula escaping: a cell starting with = + - @ (or a tab or carriage return, which some
// spreadsheets skip before reading a formula, or a NUL) gets a leading single quote so a spreadsheet
// shows it as text. Cells that already start with quotes before such a character get one
// more, so the reader can undo exactly one quote and every string round-trips. In a CSV, a
// negative plain decimal ("-25.50") is a number to every spreadsheet, not a formula: writeCsv
// leaves it as it is, so amounts stay plain decimals (decision 064).
// ---------------------------------------------------------------------------------------

const NEEDS_ESCAPE = /^'*[=+\-@\t\r\0]/;
const ESCAPED = /^'+[=+\-@\t\r\0]/;
const NEGATIVE_DECIMAL = /^-\d+(\.\d+)?$/;

export function escapeCell(cell: string): string {
  return NEEDS_ESCAPE.test(cell) ? `'${cell}` : cell;
}

/** escapeCell, except a negative plain decimal, which a CSV carries as the number it is. */
export function escapeCsvCell(cell: string): string {
  return NEGATIVE_DECIMAL.test(cell) ? cell : escapeCell(cell);
}

export function unescapeCell(cell: string): string {
  return ESCAPED.test(cell) ? cell.slice(1) : cell;
}

/** Writes rows of cells as RFC 4180 CSV (CRLF line ends), escaping formula-like cells. */
export function writeCsv(records: readonly (readonly string[])[]): string {
  return stringify(
    records.map((r) => r.map(escapeCsvCell)),
    // Quote any cell holding a line break: with CRLF records csv-stringify would leave a lone LF bare.
    { record_delimiter: "windows", quoted_match: /[\r\n]/ },
  );
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly row: number,
  ) {
    super(message);
  }
}

/** What a person is told for each of csv-parse's syntax errors. */
const SYNTAX_MESSAGES: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: "a quoted cell is never closed.",
  INVALID_OPENING_QUOTE: "a quote inside an unquoted cell.",
  CSV_INVALID_CLOSING_QUOTE: "unexpected text after a quoted cell.",
};

/**
 * Reads RFC 4180 CSV: comma separated, fields optionally in double quotes with "" for a
 * quote, CRLF, LF or CR line ends, an optional UTF-8 BOM and final line end; a blank line is
 * a record of one empty cell and records may differ in length (the caller judges both).
 * Undoes the formula escaping. Throws CsvSyntaxError (with the 1-based record number) on a
 * stray quote.
 */
export function readCsv(text: string): string[][] {
  try {
    const records: string[][] = parse(text, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: false,
      record_delimiter: ["\r\n", "\n", "\r"],
    });
    return records.map((r) => r.map(unescapeCell));
  } catch (error) {
    const e = error as { code?: string; records?: number };
    if (e.code && typeof e.records === "number") {
      const row = e.records + 1;
      throw new CsvSyntaxError(`Row ${row}: ${SYNTAX_MESSAGES[e.code] ?? "the file is not valid CSV."}`, row);
    }
    throw error;
  }
}
