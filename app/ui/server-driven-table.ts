/**
 * mantine-react-table in manual mode, as the Order Tracker's Daily Performance and On Hold COD
 * use it: the server searches, sorts and pages (all in the URL), the table only draws the page —
 * no toolbars, menus, client sorting or paging. The module importing mantine-react-table is
 * loaded lazily (React.lazy), so it is never in a page's first-load script: the Order Tracker
 * renders it on the server and hydrates it once its code has arrived; On Hold COD sends a plain
 * table and swaps it in after hydration (money/CodList.tsx). Links and native form controls
 * work before that, and without JavaScript.
 */
import type { MRT_RowData, MRT_TableOptions } from "mantine-react-table";

export function serverDrivenTableOptions<T extends MRT_RowData>(label: string, paperClass: string) {
  return {
    manualSorting: true,
    manualPagination: true,
    manualFiltering: true,
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enablePagination: false,
    enableTopToolbar: false,
    enableBottomToolbar: false,
    enableDensityToggle: false,
    enableFullScreenToggle: false,
    enableHiding: false,
    layoutMode: "semantic",
    mantinePaperProps: { withBorder: false, shadow: "none", className: paperClass },
    mantineTableContainerProps: {
      className: "table-scroll",
      tabIndex: 0,
      role: "region",
      "aria-label": `${label} table`,
    } as never,
  } satisfies Partial<MRT_TableOptions<T>>;
}
