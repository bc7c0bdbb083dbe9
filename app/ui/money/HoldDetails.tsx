/**
 * On Hold Details (docs/product.md §2 "Three 'On Hold Details' modals, one per customer type"): the
 * seller's hold analytics that its type's rule reads, and the verdict with the rule written out
 * with the numbers (money/hold.ts decides; this only shows).
 */
import "../small-table.css";
import "./money.css";

import { dmy } from "~/services/core/ist-dates";
import { formatInr } from "~/services/core/money";
import { type CustomerType, type HoldFigures, type HoldVerdict, VERDICT_LABELS } from "~/services/money/hold";
import { Paper, Stack, Text } from "~/ui/layout";

type Details = { remittance: { pickrr_reference_id: string }; figures: HoldFigures; verdict: HoldVerdict };

const money = (label: string, value: number) => [label, formatInr(value)] as const;

function figureRows(f: HoldFigures): (readonly [string, string])[] {
  const seller = [["Seller", f.seller_email] as const, ["Current date", dmy(f.current_date)] as const];
  const byType: Record<CustomerType, (readonly [string, string])[]> = {
    WALLET: [
      money("Future COD remittance", f.future_cod),
      ["Buffer", `${f.buffer_percent}%`],
      money("Wallet balance", f.wallet_balance),
    ],
    COD_MINUS_BILL: [
      money("Pending COD remittance", f.pending_cod),
      money("Future COD remittance", f.future_cod),
      money("Tentative COD remittance", f.tentative_cod),
      money("Pending bills", f.pending_bill),
      money("Future bills", f.future_bill),
      money("Tentative bills", f.tentative_bill),
      ["Buffer", `${f.buffer_percent}%`],
    ],
    SEPARATE_BILL: [
      ["Oldest pending bill date", f.oldest_pending_bill_date ? dmy(f.oldest_pending_bill_date) : "None"],
      ["Oldest pending bill", f.oldest_pending_bill_id ?? "None"],
      ["Credit days", String(f.credit_days)],
      money("Pending bills", f.pending_bill),
      money("Future bills", f.future_bill),
    ],
  };
  return [...seller, ...byType[f.seller_type]];
}

export function HoldDetailsPanel({ details }: { details: Details }) {
  const { figures, verdict } = details;
  return (
    <Stack gap="sm" data-testid="hold-details" data-verdict={verdict.clear ? "clear" : "keep"}>
      <Text size="sm">COD Ref ID {details.remittance.pickrr_reference_id}</Text>
      <table className="small-table small-table-unruled small-table-compact" aria-label="Hold analytics">
        <tbody>
          {figureRows(figures).map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="wrap-anywhere">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Paper
        withBorder
        p="sm"
        className={verdict.clear ? "hold-verdict hold-verdict-clear" : "hold-verdict hold-verdict-keep"}
      >
        <Text fw={700}>{verdict.clear ? VERDICT_LABELS.clear : VERDICT_LABELS.keep}</Text>
        <Text size="sm">{verdict.rule}</Text>
        <ul className="hold-checks">
          {verdict.checks.map((c) => (
            <li key={c.text} data-holds={c.holds ? "yes" : "no"}>
              {c.text}
            </li>
          ))}
        </ul>
      </Paper>
    </Stack>
  );
}
