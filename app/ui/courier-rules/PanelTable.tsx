import { Alert } from "@mantine/core";
import type { ReactNode } from "react";

/** A panel's table, or its empty-state line. */
export function PanelTable({
  empty,
  minWidth,
  testId,
  label,
  head,
  children,
}: {
  empty: string | null;
  minWidth: number;
  testId: string;
  label: string;
  head: string[];
  children: ReactNode;
}) {
  if (empty) return <Alert color="gray">{empty}</Alert>;
  return (
    // Focusable, so a keyboard can scroll a wide table (axe: scrollable-region-focusable).
    <div className="table-scroll" tabIndex={0} role="region" aria-label={label}>
      <table className="plain-table" aria-label={label} data-testid={testId} style={{ minWidth }}>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h}>{h}</th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
