/**
 * A chart with its numbers as a table (decision 030): the chart is drawn in the browser once React
 * has hydrated; the table is server-rendered, so without JavaScript (and for screen readers) the
 * page holds every number. With JavaScript the table folds away under "Show the numbers".
 */
import "../plain-table-extras.css";

import { lazy, type ReactNode, Suspense } from "react";

import { Paper, Stack, Text, Title } from "~/ui/layout";

import { useHydrated } from "../useHydrated";

export type ChartTableColumn<Row> = { label: string; value: (row: Row) => ReactNode; numeric?: boolean };

export function ChartPanel<Row>({
  title,
  description,
  chart,
  rows,
  columns,
  rowKey,
  empty,
  actions,
  testId,
}: {
  title: string;
  description?: ReactNode;
  /** Drawn only in the browser after hydration. */
  chart: () => ReactNode;
  rows: readonly Row[];
  columns: readonly ChartTableColumn<Row>[];
  rowKey: (row: Row) => string;
  empty: string;
  actions?: ReactNode;
  testId?: string;
}) {
  const hydrated = useHydrated();
  // Native cells (a Mantine Table.Td costs ~15 µs of server render each; 30 days × 3 columns).
  const table = (
    <table className="plain-table" data-testid={testId ? `${testId}-table` : undefined}>
      <caption className="visually-hidden">{title}</caption>
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.label} scope="col" className={c.numeric ? "num" : undefined}>
              {c.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c, i) =>
              i === 0 ? (
                <th key={c.label} scope="row">
                  {c.value(row)}
                </th>
              ) : (
                <td key={c.label} className={c.numeric ? "num" : undefined}>
                  {c.value(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        <div className="chart-head">
          <div>
            <Title order={2} size="h4">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </div>
          {actions}
        </div>
        {rows.length === 0 ? (
          <Text c="dimmed">{empty}</Text>
        ) : hydrated ? (
          <>
            {/* Not aria-hidden: the Daily Stats brush is keyboard-operable (arrow keys move its ends). */}
            <div
              className="chart-box"
              role="figure"
              aria-label={`${title}: chart (its numbers are under "Show the numbers")`}
            >
              <Suspense fallback={<Text c="dimmed">Drawing the chart…</Text>}>{chart()}</Suspense>
            </div>
            <details>
              <summary>Show the numbers</summary>
              {table}
            </details>
          </>
        ) : (
          table
        )}
      </Stack>
    </Paper>
  );
}

/** The charts' code arrives after hydration (see Charts.tsx). */
export const BarsChart = lazy(() => import("./Charts").then((m) => ({ default: m.BarsChart })));
export const LinesChart = lazy(() => import("./Charts").then((m) => ({ default: m.LinesChart })));
