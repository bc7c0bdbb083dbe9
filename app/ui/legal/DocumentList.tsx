/**
 * Merchant Agreements' table (docs/product.md §2.14; decisions 028, 061, 062): each published
 * version with its audience, dates, acceptances and PDF, and under Status what it is today — in
 * force, scheduled, superseded by the version in force, or withdrawn (who, when, why) — with the
 * deadline reminders sent for it and, for legal, the link to withdraw it (a page of its own, so
 * the confirmation works without JavaScript).
 */
import "./legal-list.css";

import { Anchor } from "@mantine/core";
import { Link } from "@remix-run/react";

import { dmy, istDmyTime } from "~/services/core/ist-dates";
import { DOC_NAME_LABELS, DOC_TYPE_LABELS, ORDER_BLOCKING_LABELS } from "~/services/legal/forms";
import type { LegalDocumentRow } from "~/services/legal/list.server";
import { ScrollTable } from "~/ui/ScrollTable";

const HEADERS = [
  "Document",
  "Target Users",
  "Segment",
  "Order Blocking",
  "Publish Date",
  "Expiry Date",
  "Version",
  "Accepted",
  "PDF",
  "Status",
];

/** DD-MM-YYYY HH:MM in India's time. */
export function istDateTime(iso: string): string {
  return `${istDmyTime(new Date(iso))} IST`;
}

const live = (r: LegalDocumentRow) => r.state.state === "in_force" || r.state.state === "scheduled";

function StateCell({ row, canWithdraw }: { row: LegalDocumentRow; canWithdraw: boolean }) {
  const s = row.state;
  const label =
    s.state === "in_force"
      ? "In force"
      : s.state === "scheduled"
        ? `Scheduled: in force from ${dmy(s.from)}`
        : s.state === "superseded"
          ? `Superseded by v${s.by_version} on ${dmy(s.on)}`
          : "Withdrawn";
  const sent = row.reminders["3d"] + row.reminders["1d"];
  return (
    <td data-testid="legal-doc-state">
      <span className={`legal-state legal-state-${s.state}`}>{label}</span>
      {row.withdrawn ? (
        <span className="legal-state-detail">
          {istDateTime(row.withdrawn.at)} by {row.withdrawn.by}: {row.withdrawn.reason}
        </span>
      ) : null}
      {row.order_blocking === "mandatory" ? (
        <span className="legal-state-detail" data-testid="legal-doc-reminders">
          {sent === 0
            ? "No reminders sent"
            : `Reminders sent: ${row.reminders["3d"].toLocaleString("en-IN")} (3 days before), ${row.reminders["1d"].toLocaleString("en-IN")} (1 day before)`}
        </span>
      ) : null}
      {canWithdraw && !row.withdrawn ? (
        <Anchor component={Link} to={`/merchant-agreements/${row.id}/withdraw`} size="sm">
          Withdraw<span className="visually-hidden">{` ${DOC_NAME_LABELS[row.doc_name]} v${row.version}`}</span>
        </Anchor>
      ) : null}
    </td>
  );
}

export function DocumentList({ rows, canWithdraw }: { rows: LegalDocumentRow[]; canWithdraw: boolean }) {
  return (
    <div className="legal-list">
      <ScrollTable
        label="Legal documents"
        headers={HEADERS}
        empty="No documents yet. Add the first one."
        rows={rows.map((r) => (
          <tr key={r.id} data-testid="legal-doc-row" data-state={r.state.state}>
            <td>
              <b>{DOC_NAME_LABELS[r.doc_name]}</b>
              <div className="account-note legal-wrap">{r.description}</div>
            </td>
            <td className="legal-wrap-narrow">
              {r.doc_type === "specific" ? `${DOC_TYPE_LABELS.specific}: ${r.email}` : DOC_TYPE_LABELS.broadcast}
            </td>
            <td>{r.segment}</td>
            <td>
              <span className={r.order_blocking === "mandatory" ? "legal-mandatory" : undefined}>
                {ORDER_BLOCKING_LABELS[r.order_blocking]}
              </span>
            </td>
            <td className="nowrap">{dmy(r.publish_at)}</td>
            <td className="nowrap">{r.expiry_date ? dmy(r.expiry_date) : "—"}</td>
            <td>v{r.version}</td>
            <td className="nowrap">
              {live(r)
                ? `${r.accepted.toLocaleString("en-IN")} / ${r.audience_size.toLocaleString("en-IN")}`
                : `${r.accepted.toLocaleString("en-IN")} accepted`}
            </td>
            <td className="legal-wrap-narrow">
              <Anchor href={`/merchant-agreements/${r.id}/document.pdf`} target="_blank" rel="noopener" size="sm">
                {r.file_name}
              </Anchor>
            </td>
            <StateCell row={r} canWithdraw={canWithdraw} />
          </tr>
        ))}
      />
    </div>
  );
}
