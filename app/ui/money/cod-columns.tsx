/**
 * The On Hold COD table's columns, once, for both of its renderings (decision 031):
 * the plain table the server sends and the page shows until mantine-react-table has loaded
 * (CodPlainTable here), and the mantine-react-table one (CodTable.tsx, loaded lazily after
 * hydration). Both read and change one selection (CodList.tsx).
 *
 * The cells' links are plain anchors (`a.row-link`), followed in the app by the click handler the
 * page puts around the table (useRowLinkNavigation; `data-keep-scroll` as `preventScrollReset`):
 * three Remix `<Link>`s a row, each a router lookup on the server, were a large part of the
 * page's render (decision 081). Without JavaScript they are ordinary links, as before.
 */
import "../plain-table-extras.css";

import type { ReactNode } from "react";

import { dmy } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { CUSTOMER_TYPE_LABELS, customerTypeOf } from "~/services/money/hold";
import type { HeldRemittance } from "~/services/money/remittances.server";

export type CodColumn = {
  id: string;
  header: string;
  size: number;
  className?: string;
  testId?: string;
  cell: (r: HeldRemittance) => ReactNode;
};

const inr = (rupees: string) => formatInr(rupeesToPaise(rupees));

/** An e-mail that, when it must wrap, breaks before the "@" first: name over domain, not three ragged lines. */
function EmailWrapped({ email }: { email: string }) {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}

/**
 * The columns in the wide-table order (docs/tables.md "Wide tables", decision 069): the COD Ref ID
 * sticky at the start, then what the page is for — Status, Recommended Action and Release — so they
 * are on screen at 1280 px; the seller and the figures after them, amounts right-aligned.
 */
export function codColumns(listHref: string, canRelease: boolean): CodColumn[] {
  return [
    {
      id: "ref",
      header: "COD Ref ID",
      size: 130,
      className: "nowrap col-sticky-start",
      cell: (r) => r.pickrr_reference_id,
    },
    { id: "status", header: "Status", size: 80, testId: "cod-status", cell: (r) => r.status },
    {
      id: "hold",
      header: "Recommended Action",
      size: 100,
      cell: (r) => (
        <a
          className="table-link row-link"
          href={`${listHref}&hold=${r.id}`}
          data-keep-scroll
          aria-label={`Hold COD ${r.pickrr_reference_id}`}
        >
          Hold COD
        </a>
      ),
    },
    ...(canRelease
      ? [
          {
            id: "release",
            header: "Release",
            size: 70,
            cell: (r: HeldRemittance) => (
              <a
                className="table-link row-link"
                href={`${listHref}&release=1&ids=${r.id}`}
                data-keep-scroll
                aria-label={`Release ${r.pickrr_reference_id}`}
              >
                Release
              </a>
            ),
          },
        ]
      : []),
    {
      id: "email",
      header: "Seller Email",
      size: 200,
      className: "wrap-anywhere cod-email",
      testId: "cod-email",
      cell: (r) => (
        <a className="table-link row-link" href={`/all-users/${r.client_id}/account-ledger`} title="Account Ledger">
          <EmailWrapped email={r.email} />
        </a>
      ),
    },
    {
      id: "type",
      header: "Customer Type",
      size: 100,
      testId: "cod-type",
      cell: (r) => CUSTOMER_TYPE_LABELS[customerTypeOf(r)],
    },
    { id: "orders", header: "Orders", size: 60, className: "num", cell: (r) => r.order_count },
    { id: "start", header: "Start Date", size: 100, className: "nowrap", cell: (r) => dmy(r.start_date) },
    {
      id: "amount",
      header: "Amount",
      size: 100,
      className: "nowrap num",
      testId: "cod-amount",
      cell: (r) => inr(r.amount),
    },
    {
      id: "pending",
      header: "Pending",
      size: 100,
      className: "nowrap num",
      testId: "cod-pending",
      cell: (r) => inr(r.pending_amount),
    },
  ];
}

/** The heading's classes: a column's placement and alignment, not its cells' wrapping. */
export const headClass = (c: CodColumn) =>
  c.className
    ?.split(" ")
    .filter((k) => k === "num" || k.startsWith("col-sticky"))
    .join(" ") || undefined;

export const COD_EMPTY = "No held COD remittances match.";
export const COD_TABLE_LABEL = "Held COD remittances";

export type CodSelection = {
  canRelease: boolean;
  selected: number[];
  onSelect: (ids: number[]) => void;
  selectForm: string;
};

/** The table as the server sends it: plain rows, native checkboxes of the selection form. */
export function CodPlainTable({
  rows,
  columns,
  canRelease,
  selected,
  onSelect,
  selectForm,
}: { rows: HeldRemittance[]; columns: CodColumn[] } & CodSelection) {
  const colSpan = columns.length + (canRelease ? 1 : 0);
  return (
    // Native cells with the plain-table styles (as All Users): 30 rows × 10 cells through Mantine's
    // Table components were most of the page's server time on a full page.
    <div className="table-scroll" role="region" aria-label={`${COD_TABLE_LABEL} table`} tabIndex={0}>
      <table className="plain-table" aria-label={COD_TABLE_LABEL}>
        <thead>
          <tr>
            {canRelease ? <th>Select</th> : null}
            {columns.map((c) => (
              <th key={c.id} className={headClass(c)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={colSpan} className="empty-cell">
                {COD_EMPTY}
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} data-testid="cod-row" data-ref={r.pickrr_reference_id}>
                {canRelease ? (
                  <td>
                    <input
                      type="checkbox"
                      form={selectForm}
                      name="ids"
                      value={r.id}
                      aria-label={`Select ${r.pickrr_reference_id}`}
                      checked={selected.includes(r.id)}
                      onChange={(e) =>
                        onSelect(e.currentTarget.checked ? [...selected, r.id] : selected.filter((id) => id !== r.id))
                      }
                    />
                  </td>
                ) : null}
                {columns.map((c) => (
                  <td key={c.id} className={c.className} data-testid={c.testId}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
