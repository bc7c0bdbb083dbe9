/**
 * Rows drawn as HTML text (html.ts), sent to the browser once (decision 098).
 *
 * A page whose table rows are HTML text built on the server used to send them twice in a
 * document: as markup, and as the loader data the browser hydrates from (every field of every
 * row, encoded by turbo-stream). The browser needs neither copy of the data: React keeps the
 * markup of an element whose HTML it is given. So a loader builds the rows' HTML itself and
 * returns it with `sentRows`: in a document request the HTML rides along for the server's
 * render only (a property the data encoder does not see) and the data says `html: null`; in a
 * data request (a client-side navigation, a revalidation) the HTML is the data. The table
 * (ScrollTable) takes the rows' HTML from the page it was hydrated on when the data has none.
 */
import { useState } from "react";

/** The HTML of a table's rows as a loader sends it: `html` null means "in the document's markup". */
export type SentRows = { html: string | null };

/** Where the server's render finds the HTML of a document request's rows (not enumerable: never encoded). */
const IN_MARKUP = Symbol.for("shipping-console.rows-in-markup");

/**
 * What the load context says of the request (scripts/server.ts): `documentRequest` is true for a
 * page loaded as a document, false or absent for Remix's data requests (`….data`) and wherever
 * nothing says (the dev server, a test calling a loader), which then get the HTML as data.
 */
export function isDocumentRequest(context: unknown): boolean {
  return (context as { documentRequest?: unknown } | null | undefined)?.documentRequest === true;
}

/** A loader's rows: the HTML as data, or (in a document request) for the server's render alone. */
export function sentRows(context: unknown, html: string): SentRows {
  // No rows: the table draws its empty state, the same in both.
  if (html === "" || !isDocumentRequest(context)) return { html };
  const sent: SentRows = { html: null };
  Object.defineProperty(sent, IN_MARKUP, { value: html, enumerable: false });
  return sent;
}

/**
 * The rows' HTML to render: the data's; on the server, a document's own; in the browser, null when
 * the rows are in the page's markup (the table then keeps or reads them).
 */
export function rowsHtmlOf(rows: SentRows): string | null {
  return rows.html ?? (rows as { [IN_MARKUP]?: string })[IN_MARKUP] ?? null;
}

/**
 * The HTML to give the `tbody` whose `id` is given (the same on the server and in the browser): the
 * data's, or — when the rows are in the page's markup — that markup, read from the page the first
 * time the calling component renders in the browser (hydrating, it is still there; were React to
 * render the page afresh after a hydration error, the same rows). Call it from a component that
 * stays mounted while its table may come and go (a loading state): the markup is read once.
 */
export function useSentRowsHtml(rows: SentRows | null, id: string): string {
  const html = rows ? rowsHtmlOf(rows) : "";
  const [inPage] = useState(() =>
    html === null && typeof document !== "undefined" ? (document.getElementById(id)?.innerHTML ?? "") : "",
  );
  return html ?? inPage;
}
