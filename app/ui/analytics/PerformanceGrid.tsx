/**
 * The Daily Performance grid's server HTML (decision 030): the same table mantine-react-table draws
 * after hydration (PerformanceTable.tsx), as native cells. MRT renders ~400 cells a page through
 * its cell components, Mantine Box style props and @tanstack/table-core: ~25 ms of server CPU
 * per page. Here a page costs a few ms, every sort link and heading is the same, and the browser
 * swaps in MRT once its code has arrived (the route keeps this table as the Suspense fallback).
 *
 * At 1280 px all seven days show (docs/tables.md "Wide tables", decision 069): a tl reads a seller
 * across the week, so the seller (name, e-mail wrapped under it, hierarchy) is one sticky column
 * and each day is two compact, right-aligned count columns.
 *
 * After the days, week on week (decision 072): this week's and last week's placed orders, the
 * change and the change in per cent, each sortable; a dropping row is marked; under the rows, the
 * view's total (every page).
 */
import "../plain-table-extras.css";

import { Link } from "@remix-run/react";
import { IconArrowDown, IconArrowUp } from "@tabler/icons-react";

import type { PerformanceRow, PerformanceSum, Person } from "~/services/analytics/tracker.server";
import {
  type PerformanceSort,
  sortedBy,
  type TrackerQuery,
  trackerSearch,
  VIEW_LABELS,
} from "~/services/analytics/tracker-query";
import { formatWeekChange, formatWeekPercent, isDropping, weekChange } from "~/services/analytics/week-over-week";
import { shortDayLabel } from "~/services/core/ist-dates";

import { escapeHtml as e } from "../html";
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

const avatarLabel = (person: NonNullable<Person>, level: keyof typeof HIERARCHY_COLOURS) =>
  `${level.toUpperCase()}: ${person.name} (${person.email})`;

export function Avatar({ person, level }: { person: Person; level: keyof typeof HIERARCHY_COLOURS }) {
  if (!person) return null;
  const label = avatarLabel(person, level);
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

/** A column heading that sorts by its column (a link filling its header cell: works without JavaScript). */
export function SortHeader({ query, column, label }: { query: TrackerQuery; column: PerformanceSort; label: string }) {
  const active = query.sort === column;
  return (
    <Link
      className="sort-link"
      to={`/order-tracker${trackerSearch(query, sortedBy(query, column))}#daily-performance`}
      preventScrollReset
    >
      {label}
      {active ? (
        query.dir === "asc" ? (
          <IconArrowUp size={12} aria-hidden />
        ) : (
          <IconArrowDown size={12} aria-hidden />
        )
      ) : null}
    </Link>
  );
}

export const ariaSort = (query: TrackerQuery, column: string) =>
  query.sort === column ? (query.dir === "asc" ? "ascending" : "descending") : undefined;

/** The identifying column is sorted when the rows are in order of name or of e-mail. */
export const idSort = (query: TrackerQuery) => ariaSort(query, "name") ?? ariaSort(query, "email");

/** The identifying column's heading: sorts by name or by e-mail, each a link filling its half of the cell. */
export function NameHeader({ query }: { query: TrackerQuery }) {
  return (
    <div className="sort-stack">
      <SortHeader query={query} column="name" label={VIEW_LABELS[query.view]} />
      <SortHeader query={query} column="email" label="Email" />
    </div>
  );
}

/** The identifying column's classes: sticky at the start of the scroll region (plain-table-extras.css). */
export const ID_CELL = "perf-id col-sticky-start";

/** The first cell: the name, the e-mail (wrapped, never cut), and the hierarchy avatars (sellers) or the count of sellers (groups). */
export function NameCell({ row, query }: { row: PerformanceRow; query: TrackerQuery }) {
  return (
    <div>
      <div>{row.name}</div>
      <div className="perf-email wrap-anywhere">{row.email}</div>
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

/** The week-on-week columns (decision 072): key, heading, and what a row's cell shows. */
export const WEEK_COLUMNS: { key: PerformanceSort; label: string; title: string }[] = [
  { key: "placed_week", label: "This wk", title: "Placed orders, the seven whole days to yesterday" },
  { key: "placed_week_before", label: "Last wk", title: "Placed orders, the seven days before those" },
  { key: "week_change", label: "Change", title: "This week less last week" },
  { key: "week_percent", label: "%", title: "The change as a share of last week" },
];

/** The four week-on-week cells' texts for two weeks' placed orders. */
export function weekCells(week: number, weekBefore: number): string[] {
  const c = weekChange({ thisWeek: week, lastWeek: weekBefore });
  return [
    formatCount(week),
    formatCount(weekBefore),
    formatWeekChange(c.change, formatCount),
    formatWeekPercent(c.percent),
  ];
}

/** A week's cells as HTML: the per cent red when the row is dropping, and said so for a screen reader. */
function weekCellsHtml(week: number, weekBefore: number): string {
  const [w, b, change, percent] = weekCells(week, weekBefore);
  const down = isDropping({ thisWeek: week, lastWeek: weekBefore });
  return (
    `<td class="num perf-week-start">${w}</td><td class="num">${b}</td><td class="num">${change}</td>` +
    `<td class="num${down ? " growth-down" : ""}">${percent}${down ? ` <span class="visually-hidden">(dropping)</span>` : ""}</td>`
  );
}

/** The total row: "Total", how many rows it adds up, each day's sums and the week's. */
/** What the total row adds up: "300 sellers", "1 TL". */
export function totalLabel(sum: PerformanceSum, query: TrackerQuery): string {
  const noun =
    query.view === "seller" ? ["seller", "sellers"] : [VIEW_LABELS[query.view], `${VIEW_LABELS[query.view]}s`];
  return `${formatCount(sum.rows)} ${sum.rows === 1 ? noun[0] : noun[1]}`;
}

export function totalRowHtml(sum: PerformanceSum, query: TrackerQuery, dayCount: number): string {
  let counts = "";
  for (let i = 0; i < dayCount; i++)
    counts += `<td class="num">${formatCount(sum.placed[i])}</td><td class="num">${formatCount(sum.picked[i])}</td>`;
  return `<tr class="perf-total"><th scope="row" class="${ID_CELL}">Total<div class="perf-sellers">${e(totalLabel(sum, query))}</div></th>${counts}${weekCellsHtml(sum.week, sum.weekBefore)}</tr>`;
}

export const emptyText = (query: TrackerQuery) =>
  query.q
    ? `No ${VIEW_LABELS[query.view].toLowerCase()} matches “${query.q}”${query.preset === "dropping" ? " among the dropping" : ""}.`
    : query.preset === "dropping"
      ? "No one is dropping: no row is down 30 % or more on 20 or more orders last week."
      : "Nothing to show yet.";

export function PerformanceGrid({
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
  const kinds = ["placed", "picked"] as const;
  return (
    <div className="perf-grid">
      <div className="table-scroll" tabIndex={0} role="region" aria-label="Daily Performance table">
        <table className="plain-table perf-plain" aria-label="Daily Performance">
          <thead>
            <tr>
              <th rowSpan={2} scope="col" className={ID_CELL} aria-sort={idSort(query)}>
                <NameHeader query={query} />
              </th>
              {days.map((day, i) => (
                <th key={day} colSpan={2} scope="colgroup" className="perf-day">
                  {dayHeading(day, i)}
                </th>
              ))}
              <th colSpan={WEEK_COLUMNS.length} scope="colgroup" className="perf-day perf-week-start">
                Week on week
              </th>
            </tr>
            <tr>
              {days.flatMap((day, i) =>
                kinds.map((kind) => (
                  <th key={`${kind}_${i}`} scope="col" className="num" aria-sort={ariaSort(query, `${kind}_${i}`)}>
                    <SortHeader
                      query={query}
                      column={`${kind}_${i}` as PerformanceSort}
                      label={kind === "placed" ? "Placed" : "Picked"}
                    />
                  </th>
                )),
              )}
              {WEEK_COLUMNS.map((c, i) => (
                <th
                  key={c.key}
                  scope="col"
                  className={i === 0 ? "num perf-week-start" : "num"}
                  aria-sort={ariaSort(query, c.key)}
                  title={c.title}
                >
                  <SortHeader query={query} column={c.key} label={c.label} />
                </th>
              ))}
            </tr>
          </thead>
          {rows.length === 0 ? (
            <tbody>
              <tr>
                <td colSpan={1 + days.length * 2 + WEEK_COLUMNS.length} className="perf-empty">
                  {emptyText(query)}
                </td>
              </tr>
            </tbody>
          ) : (
            // The rows as HTML text (html.ts, decision 012): ~550 elements a page, on every view of the tracker.
            <tbody
              dangerouslySetInnerHTML={{
                __html: rows.map((row) => performanceRowHtml(row, query.view === "seller", days.length)).join(""),
              }}
            />
          )}
          <tfoot dangerouslySetInnerHTML={{ __html: totalRowHtml(sum, query, days.length) }} />
        </table>
      </div>
    </div>
  );
}

function avatarHtml(person: Person, level: keyof typeof HIERARCHY_COLOURS): string {
  if (!person) return "";
  const label = e(avatarLabel(person, level));
  return `<span class="hier-avatar ${HIERARCHY_COLOURS[level]}" aria-label="${label}" title="${label}" role="img">${e(initials(person.name))}</span>`;
}

/** One row of the grid as NameCell and the count cells render it. */
export function performanceRowHtml(row: PerformanceRow, sellerView: boolean, dayCount: number): string {
  const under = sellerView
    ? `<div class="hier-avatars">${avatarHtml(row.avp, "avp")}${avatarHtml(row.tl, "tl")}${avatarHtml(row.bdm, "bdm")}</div>`
    : `<div class="perf-sellers">${row.sellers} ${row.sellers === 1 ? "seller" : "sellers"}</div>`;
  let counts = "";
  for (let i = 0; i < dayCount; i++)
    counts += `<td class="num">${formatCount(row.placed[i])}</td><td class="num">${formatCount(row.picked[i])}</td>`;
  counts += weekCellsHtml(row.week, row.weekBefore);
  return `<tr><td class="${ID_CELL}"><div><div>${e(row.name)}</div><div class="perf-email wrap-anywhere">${e(row.email)}</div>${under}</div></td>${counts}</tr>`;
}
