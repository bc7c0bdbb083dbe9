/**
 * The Daily Performance grid's server HTML (issue 15): the same table mantine-react-table draws
 * after hydration (PerformanceTable.tsx), as native cells. MRT renders ~400 cells a page through
 * its cell components, Mantine Box style props and @tanstack/table-core: ~25 ms of server CPU
 * per page. Here a page costs a few ms, every sort link and heading is the same, and the browser
 * swaps in MRT once its code has arrived (the route keeps this table as the Suspense fallback).
 */
import { Link } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";
import { shortDayLabel } from "~/services/analytics/periods";
import type { PerformanceRow, Person } from "~/services/analytics/tracker.server";
import { sortedBy, trackerSearch, VIEW_LABELS, type PerformanceSort, type TrackerQuery } from "~/services/analytics/tracker-query";
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

export function Avatar({ person, level }: { person: Person; level: keyof typeof HIERARCHY_COLOURS }) {
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

/** A column heading that sorts by its column (a link: works without JavaScript). */
export function SortHeader({ query, column, label }: { query: TrackerQuery; column: PerformanceSort; label: string }) {
  const active = query.sort === column;
  return (
    <Link className="sort-link" to={`/order-tracker${trackerSearch(query, sortedBy(query, column))}#daily-performance`} preventScrollReset>
      {label}
      {active ? query.dir === "asc" ? <IconArrowUp size={12} aria-hidden /> : <IconArrowDown size={12} aria-hidden /> : null}
    </Link>
  );
}

export const ariaSort = (query: TrackerQuery, column: string) => (query.sort === column ? (query.dir === "asc" ? "ascending" : "descending") : undefined);

/** The first cell: the name, and the hierarchy avatars (sellers) or the count of sellers (groups). */
export function NameCell({ row, query }: { row: PerformanceRow; query: TrackerQuery }) {
  return (
    <div>
      <div>{row.name}</div>
      {query.view === "seller" ? (
        <div className="hier-avatars">
          <Avatar person={row.avp} level="avp" />
          <Avatar person={row.tl} level="tl" />
          <Avatar person={row.bdm} level="bdm" />
        </div>
      ) : (
        <div className="perf-sellers">
          {row.sellers} {row.sellers === 1 ? "seller" : "sellers"}
        </div>
      )}
    </div>
  );
}

export const emptyText = (query: TrackerQuery) => (query.q ? `No ${VIEW_LABELS[query.view].toLowerCase()} matches “${query.q}”.` : "Nothing to show yet.");

export function PerformanceGrid({ rows, days, query }: { rows: PerformanceRow[]; days: string[]; query: TrackerQuery }) {
  const viewLabel = VIEW_LABELS[query.view];
  const kinds = ["placed", "picked"] as const;
  return (
    <div className="perf-grid">
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Daily Performance table">
        <table className="plain-table perf-plain" aria-label="Daily Performance">
          <thead>
            <tr>
              <th rowSpan={2} scope="col" aria-sort={ariaSort(query, "name")}>
                <SortHeader query={query} column="name" label={viewLabel} />
              </th>
              <th rowSpan={2} scope="col" aria-sort={ariaSort(query, "email")}>
                <SortHeader query={query} column="email" label="Email" />
              </th>
              {days.map((day, i) => (
                <th key={day} colSpan={2} scope="colgroup" className="perf-day">
                  {dayHeading(day, i)}
                </th>
              ))}
            </tr>
            <tr>
              {days.flatMap((day, i) =>
                kinds.map((kind) => (
                  <th key={`${kind}_${i}`} scope="col" className="num" aria-sort={ariaSort(query, `${kind}_${i}`)}>
                    <SortHeader query={query} column={`${kind}_${i}` as PerformanceSort} label={kind === "placed" ? "Placed" : "Picked"} />
                  </th>
                )),
              )}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={2 + days.length * 2} className="perf-empty">
                  {emptyText(query)}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.key}>
                  <td>
                    <NameCell row={row} query={query} />
                  </td>
                  <td className="perf-email">
                    <span className="wrap-anywhere" title={row.email}>
                      {row.email}
                    </span>
                  </td>
                  {days.flatMap((_, i) =>
                    kinds.map((kind) => (
                      <td key={`${kind}_${i}`} className="num">
                        {formatCount(row[kind][i])}
                      </td>
                    )),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </div>
  );
}
