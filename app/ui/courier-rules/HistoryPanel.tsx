import type { CourierRuleHistoryEntry } from "~/services/courier-setup/history.server";
import { Stack, Title } from "~/ui/layout";

import { PanelTable } from "./PanelTable";

/** The client's rule changes, newest first, old → new as the audit recorded them. */
export function HistoryPanel({ entries }: { entries: CourierRuleHistoryEntry[] }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        History
      </Title>
      <PanelTable
        empty={entries.length === 0 ? "No rule changes yet." : null}
        minWidth={900}
        testId="rule-history"
        label="Rule history"
        head={["When", "Who", "Change", "Old", "New"]}
      >
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{e.at}</td>
            <td>{e.who}</td>
            <td>{e.what}</td>
            <td>
              <code className="history-json">{e.old}</code>
            </td>
            <td>
              <code className="history-json">{e.next}</code>
            </td>
          </tr>
        ))}
      </PanelTable>
    </Stack>
  );
}
