/**
 * Rows built as HTML text (decision 012): read-only rows that repeat many times on a page —
 * a rate card's, an order search's — cost a tenth as much built as one string as rendered as
 * React elements, on the server and in the browser alike. Every value goes through escapeHtml.
 */
const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" };
const SPECIAL = /[&<>"']/;

/** Text safe inside an element or a double-quoted attribute value. */
export function escapeHtml(value: string | number): string {
  const text = String(value);
  // Most values are prices ("30.00"): test once before building a new string.
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ESCAPES[c]) : text;
}
