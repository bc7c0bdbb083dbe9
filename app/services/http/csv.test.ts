import { describe, expect, it } from "vitest";

import { CsvSyntaxError, escapeCell, readCsv, unescapeCell, writeCsv } from "./csv";

describe("csv", () => {
  it("escapes a leading NUL too, and reads it back", () => {
    expect(escapeCell("\0=cmd")).toBe("'\0=cmd");
    expect(unescapeCell("'\0=cmd")).toBe("\0=cmd");
  });

  it("escapes tab and carriage return at the start of a cell too, and reads them back", () => {
    expect(escapeCell("\tcmd")).toBe("'\tcmd");
    expect(escapeCell("\r=1")).toBe("'\r=1");
    expect(unescapeCell("'\tcmd")).toBe("\tcmd");
    expect(readCsv(writeCsv([["\tx", "\ry", "a\tb"]]))).toEqual([["\tx", "\ry", "a\tb"]]);
  });

  it("reads CRLF, LF and CR line ends in one file, and ragged rows", () => {
    expect(readCsv("a,b\r\nc\nd,e,f\rg")).toEqual([["a", "b"], ["c"], ["d", "e", "f"], ["g"]]);
  });

  it("names the record of a syntax error", () => {
    const error = (() => {
      try {
        readCsv('a,b\r\nc,d"e\r\n');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect(error).toMatchObject({ row: 2, message: "Row 2: a quote inside an unquoted cell." });
    expect(() => readCsv('a\r\n"b"c\r\n')).toThrow("Row 2: unexpected text after a quoted cell.");
  });
});
