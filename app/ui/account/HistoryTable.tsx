/** The account set-up History: who changed which section, field by field, old → new. */
import type { AccountHistoryEntry } from "~/services/account/history.server";
import { istDateTimeLabel } from "~/services/clients/dates";

export function HistoryTable({ entries }: { entries: AccountHistoryEntry[] }) {
  if (entries.length === 0) return <p>No account set-up changes yet.</p>;
  return (
    <table className="rate-table" aria-label="Account set-up history" data-testid="account-history">
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col">Who</th>
          <th scope="col">Section</th>
          <th scope="col">Change</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => (
          <tr key={e.id}>
            <td>{istDateTimeLabel(e.at)}</td>
            <td>{e.staff}</td>
            <td>
              {e.section} · {e.action}
            </td>
            <td>
              {e.changes.map((c) => (
                <div key={c.field}>
                  {c.field}: {c.old} → {c.next}
                </div>
              ))}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
