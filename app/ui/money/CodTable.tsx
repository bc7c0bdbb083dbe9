/**
 * The held COD remittances of one page with mantine-react-table in manual mode
 * (server-driven-table.ts), loaded lazily once the page has hydrated (CodList.tsx); until then,
 * and without JavaScript, the page shows the plain table the server sent. Finance approvers get
 * row selection: each checkbox is still a native `ids` checkbox of the route's GET selection
 * form (`form=`), driven by the selection the plain table used too, and a select-all.
 */
// Mantine's Table, which mantine-react-table draws with: only here (decision 056).
import "@mantine/core/styles/Table.css";
import "mantine-react-table/styles.css";
import "@mantine/core/styles/Checkbox.css";
// Hovering a row's checkbox shows its tooltip.
import "@mantine/core/styles/Tooltip.css";

import {
  MantineReactTable,
  type MRT_ColumnDef,
  type MRT_RowSelectionState,
  type MRT_Updater,
  useMantineReactTable,
} from "mantine-react-table";

import type { HeldRemittance } from "~/services/money/remittances.server";
import { Text } from "~/ui/layout";

import { serverDrivenTableOptions } from "../server-driven-table";
import { COD_EMPTY, COD_TABLE_LABEL, type CodColumn, type CodSelection, headClass } from "./cod-columns";

export function CodTable({
  rows,
  columns,
  canRelease,
  selected,
  onSelect,
  selectForm,
}: { rows: HeldRemittance[]; columns: CodColumn[] } & CodSelection) {
  const rowSelection: MRT_RowSelectionState = Object.fromEntries(selected.map((id) => [String(id), true]));
  const onRowSelectionChange = (updater: MRT_Updater<MRT_RowSelectionState>) => {
    const next = typeof updater === "function" ? updater(rowSelection) : updater;
    onSelect(rows.map((r) => r.id).filter((id) => next[String(id)]));
  };
  const table = useMantineReactTable({
    ...serverDrivenTableOptions<HeldRemittance>(COD_TABLE_LABEL, "cod-grid"),
    columns: columns.map((c): MRT_ColumnDef<HeldRemittance> => ({
      id: c.id,
      header: c.header,
      size: c.size,
      Cell: ({ row }) => c.cell(row.original),
      mantineTableHeadCellProps: { className: headClass(c) },
      mantineTableBodyCellProps: { className: c.className, "data-testid": c.testId } as never,
    })),
    data: rows,
    getRowId: (r) => String(r.id),
    enableRowSelection: canRelease,
    enableSelectAll: canRelease,
    state: { density: "xs", rowSelection },
    onRowSelectionChange,
    mantineSelectCheckboxProps: ({ row }) => ({
      form: selectForm,
      name: "ids",
      value: String(row.original.id),
      "aria-label": `Select ${row.original.pickrr_reference_id}`,
    }),
    mantineSelectAllCheckboxProps: { "aria-label": "Select every row on this page" },
    displayColumnDefOptions: { "mrt-row-select": { header: "Select", size: 40 } },
    mantineTableProps: { striped: true, "aria-label": COD_TABLE_LABEL } as never,
    mantineTableBodyRowProps: ({ row }) =>
      ({ "data-testid": "cod-row", "data-ref": row.original.pickrr_reference_id }) as never,
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" ta="center" py="lg">
        {COD_EMPTY}
      </Text>
    ),
  });
  return <MantineReactTable table={table} />;
}
