/**
 * The Daily Performance grid (docs/product.md §2; decision 030): mantine-react-table in manual mode —
 * the server searches, sorts and pages (all in the URL), the table only draws the page. Column
 * headers are links, so sorting works without JavaScript; the grouped columns are one per day
 * (Today, Yesterday, then dates) with Placed and Picked under each.
 */
// Mantine's Table, which mantine-react-table draws with: only here (decision 056).
import "@mantine/core/styles/Table.css";
import "mantine-react-table/styles.css";
import "../plain-table-extras.css";

import { MantineReactTable, type MRT_ColumnDef, useMantineReactTable } from "mantine-react-table";

import type { PerformanceRow, PerformanceSum } from "~/services/analytics/tracker.server";
import { type PerformanceSort, type TrackerQuery, VIEW_LABELS } from "~/services/analytics/tracker-query";
import { isDropping } from "~/services/analytics/week-over-week";
import { Text } from "~/ui/layout";

import { serverDrivenTableOptions } from "../server-driven-table";
import { formatCount } from "./format";
import {
  ariaSort,
  dayHeading,
  emptyText,
  ID_CELL,
  idSort,
  NameCell,
  NameHeader,
  SortHeader,
  totalLabel,
  WEEK_COLUMNS,
  weekCells,
} from "./PerformanceGrid";

export function PerformanceTable({
  rows,
  days,
  query,
  sum,
}: {
  rows: PerformanceRow[];
  days: string[];
  query: TrackerQuery;
  sum: PerformanceSum;
}) {
  const sortHeader = (key: PerformanceSort, label: string) => <SortHeader query={query} column={key} label={label} />;
  const viewLabel = VIEW_LABELS[query.view];
  const columns: MRT_ColumnDef<PerformanceRow>[] = [
    {
      id: "name",
      header: viewLabel,
      Header: () => <NameHeader query={query} />,
      accessorFn: (r) => r.name,
      Cell: ({ row }) => <NameCell row={row.original} query={query} />,
      Footer: () => (
        <>
          Total<div className="perf-sellers">{totalLabel(sum, query)}</div>
        </>
      ),
      mantineTableFooterCellProps: { className: ID_CELL, scope: "row" } as never,
      // Sizes as the plain grid's CSS has them (analytics.css): all seven days at 1280 px (decision 069).
      size: 200,
      minSize: 180,
      mantineTableHeadCellProps: { className: ID_CELL },
      mantineTableBodyCellProps: { className: ID_CELL },
    },
    ...days.map((day, i): MRT_ColumnDef<PerformanceRow> => ({
      id: `day_${i}`,
      header: dayHeading(day, i),
      mantineTableHeadCellProps: { className: "perf-day" },
      columns: (["placed", "picked"] as const).map((kind): MRT_ColumnDef<PerformanceRow> => ({
        id: `${kind}_${i}`,
        header: kind === "placed" ? "Placed" : "Picked",
        Header: () => sortHeader(`${kind}_${i}` as PerformanceSort, kind === "placed" ? "Placed" : "Picked"),
        accessorFn: (r) => r[kind][i],
        size: 44,
        minSize: 36,
        Cell: ({ row }) => formatCount(row.original[kind][i]),
        Footer: () => formatCount(sum[kind][i]),
        mantineTableBodyCellProps: { className: "num" },
        mantineTableHeadCellProps: { className: "num" },
        mantineTableFooterCellProps: { className: "num" },
      })),
    })),
    {
      id: "week",
      header: "Week on week",
      mantineTableHeadCellProps: { className: "perf-day perf-week-start" },
      columns: WEEK_COLUMNS.map((c, at): MRT_ColumnDef<PerformanceRow> => {
        const className = at === 0 ? "num perf-week-start" : "num";
        return {
          id: c.key,
          header: c.label,
          Header: () => sortHeader(c.key, c.label),
          accessorFn: (r) => weekCells(r.week, r.weekBefore)[at],
          size: 48,
          minSize: 36,
          Cell: ({ row }) => {
            const text = weekCells(row.original.week, row.original.weekBefore)[at];
            if (at !== 3 || !isDropping({ thisWeek: row.original.week, lastWeek: row.original.weekBefore }))
              return text;
            return (
              <>
                {text} <span className="visually-hidden">(dropping)</span>
              </>
            );
          },
          Footer: () => weekCells(sum.week, sum.weekBefore)[at],
          mantineTableBodyCellProps: ({ row }) => ({
            className:
              at === 3 && isDropping({ thisWeek: row.original.week, lastWeek: row.original.weekBefore })
                ? `${className} growth-down`
                : className,
          }),
          mantineTableHeadCellProps: { className, title: c.title } as never,
          mantineTableFooterCellProps: { className },
        };
      }),
    },
  ];
  const table = useMantineReactTable({
    columns,
    data: rows,
    getRowId: (r) => r.key,
    ...serverDrivenTableOptions<PerformanceRow>("Daily Performance", "perf-grid"),
    initialState: { density: "xs" },
    mantineTableProps: { striped: true, withColumnBorders: true, "aria-label": "Daily Performance" } as never,
    mantineTableHeadCellProps: ({ column }) =>
      ({
        "aria-sort": column.id === "name" ? idSort(query) : ariaSort(query, column.id),
      }) as never,
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" p="md">
        {emptyText(query)}
      </Text>
    ),
  });
  return <MantineReactTable table={table} />;
}
