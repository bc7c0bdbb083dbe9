/**
 * The Daily Performance grid (spec part 2 §2; issue 15): mantine-react-table in manual mode —
 * the server searches, sorts and pages (all in the URL), the table only draws the page. Column
 * headers are links, so sorting works without JavaScript; the grouped columns are one per day
 * (Today, Yesterday, then dates) with Placed and Picked under each.
 */
import "mantine-react-table/styles.css";
import { Text } from "@mantine/core";
import { Link } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef } from "mantine-react-table";
import { shortDayLabel } from "~/services/analytics/periods";
import type { PerformanceRow, Person } from "~/services/analytics/tracker.server";
import { sortedBy, trackerSearch, VIEW_LABELS, type PerformanceSort, type TrackerQuery } from "~/services/analytics/tracker-query";
import { serverDrivenTableOptions } from "../server-driven-table";
import { formatCount } from "./format";
import { HIERARCHY_COLOURS } from "./hierarchy";

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

function Avatar({ person, level }: { person: Person; level: keyof typeof HIERARCHY_COLOURS }) {
  if (!person) return null;
  const label = `${level.toUpperCase()}: ${person.name} (${person.email})`;
  return (
    // A native title, not a Mantine Tooltip: 75 tooltips a page cost the server ~2 ms to render.
    <span className={`hier-avatar ${HIERARCHY_COLOURS[level]}`} aria-label={label} title={label} role="img">
      {initials(person.name)}
    </span>
  );
}

export function dayHeading(day: string, index: number): string {
  if (index === 0) return `Today (${shortDayLabel(day)})`;
  if (index === 1) return `Yesterday (${shortDayLabel(day)})`;
  return shortDayLabel(day);
}

export function PerformanceTable({ rows, days, query }: { rows: PerformanceRow[]; days: string[]; query: TrackerQuery }) {
  const sortHeader = (key: PerformanceSort, label: string) => {
    const active = query.sort === key;
    return (
      <Link className="sort-link" to={`/order-tracker${trackerSearch(query, sortedBy(query, key))}#daily-performance`} preventScrollReset>
        {label}
        {active ? query.dir === "asc" ? <IconArrowUp size={12} aria-hidden /> : <IconArrowDown size={12} aria-hidden /> : null}
      </Link>
    );
  };
  const viewLabel = VIEW_LABELS[query.view];
  const columns: MRT_ColumnDef<PerformanceRow>[] = [
    {
      id: "name",
      header: viewLabel,
      Header: () => sortHeader("name", viewLabel),
      accessorFn: (r) => r.name,
      Cell: ({ row }) => (
        <div>
          <div>{row.original.name}</div>
          {query.view === "seller" ? (
            <div className="hier-avatars">
              <Avatar person={row.original.avp} level="avp" />
              <Avatar person={row.original.tl} level="tl" />
              <Avatar person={row.original.bdm} level="bdm" />
            </div>
          ) : (
            <Text size="xs" c="dimmed">
              {row.original.sellers} {row.original.sellers === 1 ? "seller" : "sellers"}
            </Text>
          )}
        </div>
      ),
    },
    {
      id: "email",
      header: "Email",
      Header: () => sortHeader("email", "Email"),
      accessorFn: (r) => r.email,
      Cell: ({ row }) => (
        <span className="wrap-anywhere" title={row.original.email}>
          {row.original.email}
        </span>
      ),
      mantineTableBodyCellProps: { className: "perf-email" },
    },
    ...days.map(
      (day, i): MRT_ColumnDef<PerformanceRow> => ({
        id: `day_${i}`,
        header: dayHeading(day, i),
        columns: (["placed", "picked"] as const).map(
          (kind): MRT_ColumnDef<PerformanceRow> => ({
            id: `${kind}_${i}`,
            header: kind === "placed" ? "Placed" : "Picked",
            Header: () => sortHeader(`${kind}_${i}` as PerformanceSort, kind === "placed" ? "Placed" : "Picked"),
            accessorFn: (r) => r[kind][i],
            Cell: ({ row }) => formatCount(row.original[kind][i]),
            mantineTableBodyCellProps: { className: "num" },
            mantineTableHeadCellProps: { className: "num" },
          }),
        ),
      }),
    ),
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
        "aria-sort": query.sort === column.id ? (query.dir === "asc" ? "ascending" : "descending") : undefined,
      }) as never,
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" p="md">
        {query.q ? `No ${viewLabel.toLowerCase()} matches “${query.q}”.` : "Nothing to show yet."}
      </Text>
    ),
  });
  return <MantineReactTable table={table} />;
}
