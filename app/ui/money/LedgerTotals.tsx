/**
 * The Account Ledger's totals by direction and its net line (decision 064): one row per
 * direction — never a sum of amounts going opposite ways — and a sentence saying which way the
 * net goes. The figures are ledger.ts ledgerTotals', the same that head the CSV.
 */
import "../small-table.css";

import { formatInr } from "~/services/core/money";
import { LEDGER_DIRECTION_LABELS, LEDGER_DIRECTIONS, type LedgerTotals, netSentence } from "~/services/money/ledger";

import { Paper, Text } from "../layout";

export function LedgerTotalsPanel({ totals, viewLabel }: { totals: LedgerTotals; viewLabel: string }) {
  return (
    <Paper withBorder p="sm" data-testid="ledger-direction-totals">
      <table className="small-table small-table-compact" aria-label={`${viewLabel} totals by direction`}>
        <tbody>
          {LEDGER_DIRECTIONS.map((d) => (
            <tr key={d} data-direction={d}>
              <th scope="row">
                {LEDGER_DIRECTION_LABELS[d].label}{" "}
                <Text span size="xs" c="dimmed">
                  ({LEDGER_DIRECTION_LABELS[d].note})
                </Text>
              </th>
              <td className="nowrap" style={{ textAlign: "right" }}>
                {formatInr(totals[d])}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text mt="xs" fw={600} data-testid="ledger-net">
        {netSentence(totals.net)}
      </Text>
    </Paper>
  );
}
