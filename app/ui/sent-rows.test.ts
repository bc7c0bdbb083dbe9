import { describe, expect, it } from "vitest";

import { isDocumentRequest, rowsHtmlOf, sentRows } from "./sent-rows";

const html = `<tr><td>PO00000001</td></tr>`;

describe("rows sent once", () => {
  it("in a document request, the HTML is for the server's render only: the data says null", () => {
    const sent = sentRows({ documentRequest: true }, html);
    expect(sent.html).toBeNull();
    // What an encoder of the loader's data sees (turbo-stream reads Object.keys, as JSON does).
    expect(Object.keys(sent)).toEqual(["html"]);
    expect(JSON.stringify(sent)).toBe(`{"html":null}`);
    expect(rowsHtmlOf(sent)).toBe(html);
    // The browser's copy of the data (decoded): the rows are the page's markup.
    expect(rowsHtmlOf(JSON.parse(JSON.stringify(sent)))).toBeNull();
  });

  it("in a data request, or where nothing says, the HTML is the data", () => {
    for (const context of [{ documentRequest: false }, {}, undefined, null, { documentRequest: "true" }]) {
      expect(isDocumentRequest(context)).toBe(false);
      const sent = sentRows(context, html);
      expect(JSON.parse(JSON.stringify(sent))).toEqual({ html });
      expect(rowsHtmlOf(sent)).toBe(html);
    }
  });

  it("no rows are the same in both (the table's empty state)", () => {
    expect(JSON.stringify(sentRows({ documentRequest: true }, ""))).toBe(`{"html":""}`);
    expect(rowsHtmlOf(sentRows({ documentRequest: true }, ""))).toBe("");
  });
});
