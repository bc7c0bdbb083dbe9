import type { ReactNode } from "react";

import { rowsHtmlOf, type SentRows, useSentRowsHtml } from "./sent-rows";
import { useRowFormSubmit, useRowLinkNavigation } from "./useRowLinkNavigation";

/**
 * A list table as the legal and money screens draw it: a keyboard-scrollable region (wide
 * tables scroll with or without JavaScript), a header row, and a sentence when there are no
 * rows. Native table elements with the `plain-table` styles, and callers pass native `<tr>`
 * rows: a Mantine `Table.Td` costs ~15 µs of server render per cell (decision 012), which a
 * page of 30 rows pays hundreds of times over.
 */
export function ScrollTable({
  label,
  headers,
  empty,
  rows,
}: {
  label: string;
  headers: ReactNode[];
  empty: string;
  /**
   * The rows as elements, or (for many read-only rows) as HTML text, its links `a.row-link`
   * (html.ts), possibly sent in the document's markup alone (sent-rows.ts: `html` null).
   */
  rows: ReactNode[] | SentRows;
}) {
  const elements = "html" in rows ? [] : rows;
  // null: the rows are in the markup of the page this table was hydrated on.
  const html = "html" in rows ? rowsHtmlOf(rows) : "";
  const id = `rows-${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <div className="table-scroll" role="region" aria-label={`${label} table`} tabIndex={0}>
      <table className="plain-table" aria-label={label}>
        <thead>
          <tr>
            {headers.map((h, i) => (
              <th key={i} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        {"html" in rows && html !== "" ? (
          <HtmlRows rows={rows} id={id} />
        ) : (
          <tbody>
            {elements.length === 0 ? (
              <tr>
                <td
                  colSpan={headers.length}
                  style={{
                    textAlign: "center",
                    padding: "var(--mantine-spacing-lg) 0",
                    color: "var(--mantine-color-dimmed)",
                  }}
                >
                  {empty}
                </td>
              </tr>
            ) : (
              elements
            )}
          </tbody>
        )}
      </table>
    </div>
  );
}

/**
 * Rows given as HTML text; their `a.row-link` anchors navigate and `form.row-form` forms submit in
 * the app. `html` null (sent-rows.ts): the rows are the page's own markup, read from the page when
 * this table first renders in the browser — hydrating, it is that markup; were React to render the
 * page afresh instead (it does after a hydration error), the same rows. `id` names the table's rows
 * (from its label, the same on the server and in the browser).
 */
function HtmlRows({ rows, id }: { rows: SentRows; id: string }) {
  const followLink = useRowLinkNavigation("a.row-link");
  const submitForm = useRowFormSubmit("form.row-form");
  const html = useSentRowsHtml(rows, id);
  return (
    // Delegated: the rows' links and forms are the keyboard path; this only follows or submits them in the app.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <tbody id={id} onClick={followLink} onSubmit={submitForm} dangerouslySetInnerHTML={{ __html: html }} />
  );
}
