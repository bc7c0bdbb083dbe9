/**
 * On Hold COD's table (decision 031): the server sends a plain table whose checkboxes
 * are native members of the selection form, so it works at once and without JavaScript; once
 * React has hydrated, mantine-react-table (CodTable.tsx, fetched only then) takes its place with
 * the same columns and the same selection — a click made before it arrives is kept.
 */
import { lazy, Suspense, useState } from "react";

import type { HeldRemittance } from "~/services/money/remittances.server";

import { useHydrated } from "../useHydrated";
import { codColumns, CodPlainTable } from "./cod-columns";

const CodTable = lazy(() => import("./CodTable").then((m) => ({ default: m.CodTable })));

export type CodListProps = {
  rows: HeldRemittance[];
  canRelease: boolean;
  /** Rows chosen in the URL (`?release=1&ids=…`), selected at first. */
  initiallySelected: number[];
  /** The list's URL (filters and page), to which a row's links add `hold` or `release`. */
  listHref: string;
  /** The GET form the checkboxes belong to. */
  selectForm: string;
};

export function CodList({ rows, canRelease, initiallySelected, listHref, selectForm }: CodListProps) {
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(initiallySelected);
  const columns = codColumns(listHref, canRelease);
  const props = { rows, columns, canRelease, selected, onSelect: setSelected, selectForm };
  const plain = <CodPlainTable {...props} />;
  if (!hydrated) return plain;
  return (
    <Suspense fallback={plain}>
      <CodTable {...props} />
    </Suspense>
  );
}
