/**
 * The Released view's table (decision 066): plain markup (docs/tables.md, read-only records), one
 * row per release — COD Ref ID, seller, amount, approver, reason, time and the e-mail sent.
 */
import "../plain-table-extras.css";

import { Link } from "@remix-run/react";

import { dmy } from "~/services/core/ist-dates";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import type { ReleasedRow } from "~/services/money/released.server";

export const RELEASED_TABLE_LABEL = "Released COD remittances";
const HEADERS = ["COD Ref ID", "Seller Email", "Cycle", "Amount", "Approver", "Reason", "Released", "E-mail sent"];

export function ReleasedTable({ rows }: { rows: ReleasedRow[] }) {
  return (
    <div className="table-scroll" role="region" aria-label={`${RELEASED_TABLE_LABEL} table`} tabIndex={0}>
      <table className="plain-table" aria-label={RELEASED_TABLE_LABEL}>
        <thead>
          <tr>
            {HEADERS.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={HEADERS.length} className="empty-cell">
                No releases match.
              </td>
            </tr>
          ) : (
            rows.map((r) => (
              <tr key={r.id} data-testid="released-row" data-ref={r.pickrr_reference_id}>
                <td className="nowrap">{r.pickrr_reference_id}</td>
                <td className="wrap-anywhere">
                  <Link className="table-link" to={`/all-users/${r.client_id}/account-ledger?type=cleared`}>
                    {r.email}
                  </Link>
                </td>
                <td className="nowrap">
                  {dmy(r.start_date)} – {dmy(r.end_date)}
                </td>
                <td className="nowrap">{formatInr(rupeesToPaise(r.released_amount))}</td>
                <td className="wrap-anywhere">
                  {r.approver_email}
                  {r.released_by && r.released_by !== r.approver_email ? (
                    <div className="released-by">by {r.released_by}</div>
                  ) : null}
                </td>
                <td className="wrap-anywhere">{r.approver_reason}</td>
                <td className="nowrap">{r.released_at}</td>
                <td className="wrap-anywhere">
                  {r.mail}
                  {r.mail_to ? <div className="released-by">to {r.mail_to}</div> : null}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
