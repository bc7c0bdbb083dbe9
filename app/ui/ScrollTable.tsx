import { Table, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A list table as the legal screens draw it: a keyboard-scrollable region (wide tables scroll
 * with or without JavaScript), a header row, and a sentence when there are no rows.
 */
export function ScrollTable({ label, headers, empty, rows }: { label: string; headers: ReactNode[]; empty: string; rows: ReactNode[] }) {
  return (
    <div className="table-scroll" role="region" aria-label={`${label} table`} tabIndex={0}>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {headers.map((h, i) => (
              <Table.Th key={i}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={headers.length}>
                <Text c="dimmed" ta="center" py="lg">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
