/**
 * Growth by seller, BDM, TL or AVP (`/dashboard/growth`, decision 072): the Dashboard's Total
 * Growth drilled down — each one's last-month and this-month picked orders per day and the growth
 * between them, for the viewer's own hierarchy, sortable, 25 a page, with its CSV. The view, sort
 * and page are in the URL (a link opens the same table); today's partial day is left out, as the
 * Dashboard's growth figure leaves it out (decision 070), and the page says so.
 */
import "~/ui/analytics/analytics.css";
import "~/ui/plain-table-extras.css";

import { Button, NativeSelect } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useSubmit } from "@remix-run/react";
import { IconArrowDown, IconArrowUp, IconDownload } from "@tabler/icons-react";

import { growthBy } from "~/services/analytics/dashboard.server";
import { formatGrowth } from "~/services/analytics/growth";
import {
  GROWTH_BY_PAGE_SIZE,
  type GrowthQuery,
  type GrowthRow,
  growthSearch,
  type GrowthSort,
  growthSortedBy,
  growthViews,
  parseGrowthQuery,
  sortGrowthRows,
} from "~/services/analytics/growth-by";
import { VIEW_LABELS } from "~/services/analytics/tracker-query";
import { requireStaff } from "~/services/auth/guard.server";
import { dmy, monthLabel, previousMonthStart } from "~/services/core/ist-dates";
import { countOf, plural } from "~/services/core/plural";
import { getAnalyticsDb } from "~/services/db/client.server";
import { formatAverage, formatCount } from "~/ui/analytics/format";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";

export const meta: MetaFunction = () => [{ title: "Growth by seller · Dashboard · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "dashboard.view" });
  const query = parseGrowthQuery(new URL(request.url).searchParams);
  const views = growthViews(staff.role);
  if (!views.includes(query.by))
    throw new Response(`Growth by ${VIEW_LABELS[query.by]} is not available to your role.`, { status: 403 });
  const data = await growthBy(getAnalyticsDb(), staff, query.by);
  const sorted = sortGrowthRows(data.rows, query.sort, query.dir);
  const pages = Math.max(1, Math.ceil(sorted.length / GROWTH_BY_PAGE_SIZE));
  const page = Math.min(query.page, pages);
  return {
    query: { ...query, page },
    views,
    today: data.today,
    days: data.days,
    total: data.total,
    count: sorted.length,
    pages,
    rows: sorted.slice((page - 1) * GROWTH_BY_PAGE_SIZE, page * GROWTH_BY_PAGE_SIZE),
  };
}

const href = (query: GrowthQuery, over: Partial<GrowthQuery> = {}) => `/dashboard/growth${growthSearch(query, over)}`;

function SortLink({ query, column, label }: { query: GrowthQuery; column: GrowthSort; label: string }) {
  const active = query.sort === column;
  return (
    <Link className="sort-link" to={href(query, growthSortedBy(query, column))} preventScrollReset>
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

const ariaSort = (query: GrowthQuery, column: GrowthSort) =>
  query.sort === column ? (query.dir === "asc" ? "ascending" : "descending") : undefined;

function growthCell(row: GrowthRow) {
  if (row.growth === null)
    return (
      <td className="num" title={row.noGrowth ?? undefined}>
        —<span className="visually-hidden"> ({row.noGrowth})</span>
      </td>
    );
  return <td className={`num ${row.growth < 0 ? "growth-down" : "growth-up"}`}>{formatGrowth(row.growth)}</td>;
}

function Cells({ row, grouped }: { row: GrowthRow; grouped: boolean }) {
  return (
    <>
      <td className="num">{formatAverage(row.lastAverage)}</td>
      <td className="num">{row.thisAverage === null ? "—" : formatAverage(row.thisAverage)}</td>
      {growthCell(row)}
      <td className="num">{formatCount(row.lastMonth)}</td>
      <td className="num">{formatCount(row.thisMonth)}</td>
      {grouped ? <td className="num">{formatCount(row.sellers)}</td> : null}
    </>
  );
}

export default function GrowthBy() {
  const { query, views, today, days, total, count, pages, rows } = useLoaderData<typeof loader>();
  const label = VIEW_LABELS[query.by];
  const thisMonth = monthLabel(today);
  const lastMonth = monthLabel(previousMonthStart(today));
  const grouped = query.by !== "seller";
  const submit = useSubmit();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Growth by {label}
        </Title>
        <Text c="dimmed" size="sm">
          <Link to="/dashboard" className="action-link text-link">
            Dashboard
          </Link>{" "}
          · Picked orders per day: {lastMonth} (all {days.lastMonthDays} days) against {thisMonth}.
        </Text>
        <Text size="sm" data-testid="partial-day">
          {days.wholeDays === 0
            ? `Today (${dmy(today)}) is the month's first day and is not over: this month has no whole day yet, so there is no growth figure until tomorrow (as on the Dashboard).`
            : `Today (${dmy(today)}) is left out because it is not over: ${thisMonth}'s average is its picked orders up to yesterday divided by its ${countOf(days.wholeDays, "whole day", "whole days")}, as the Dashboard's Total Growth does.`}
        </Text>
      </div>
      <Paper withBorder p="md" data-testid="growth-by">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Form
              method="get"
              aria-label="Growth by"
              key={growthSearch(query)}
              onChange={(e) => submit(e.currentTarget, { preventScrollReset: true })}
            >
              {query.sort !== "growth" || query.dir !== "asc" ? (
                <>
                  <input type="hidden" name="sort" value={query.sort} />
                  <input type="hidden" name="dir" value={query.dir} />
                </>
              ) : null}
              <Group gap="sm" align="flex-end">
                <NativeSelect
                  name="by"
                  label="Show by"
                  defaultValue={query.by}
                  data={views.map((v) => ({ value: v, label: VIEW_LABELS[v] }))}
                  w={200}
                />
                <Button type="submit" variant="light">
                  Show
                </Button>
              </Group>
            </Form>
            <Button
              component="a"
              href={`/dashboard/growth.csv${growthSearch(query, { page: 1 })}`}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download CSV
            </Button>
          </Group>
          <div className="table-scroll" tabIndex={0} role="region" aria-label="Growth table">
            <table className="plain-table" aria-label={`Growth by ${label}`}>
              <thead>
                <tr>
                  <th scope="col" aria-sort={ariaSort(query, "name") ?? ariaSort(query, "email")}>
                    <div className="sort-stack">
                      <SortLink query={query} column="name" label={label} />
                      <SortLink query={query} column="email" label="Email" />
                    </div>
                  </th>
                  <th scope="col" className="num" aria-sort={ariaSort(query, "last_month")}>
                    <SortLink query={query} column="last_month" label={`${lastMonth} per day`} />
                  </th>
                  <th scope="col" className="num" aria-sort={ariaSort(query, "this_month")}>
                    <SortLink query={query} column="this_month" label={`${thisMonth} per day`} />
                  </th>
                  <th scope="col" className="num" aria-sort={ariaSort(query, "growth")}>
                    <SortLink query={query} column="growth" label="Growth" />
                  </th>
                  <th scope="col" className="num">
                    {lastMonth} orders
                  </th>
                  <th scope="col" className="num">
                    {thisMonth} orders (to yesterday)
                  </th>
                  {grouped ? (
                    <th scope="col" className="num">
                      Sellers
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={grouped ? 7 : 6}>No {label.toLowerCase()} in your hierarchy.</td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.key}>
                      <td>
                        <div>{row.name}</div>
                        <div className="perf-email wrap-anywhere">{row.email}</div>
                      </td>
                      <Cells row={row} grouped={grouped} />
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot>
                <tr data-testid="growth-total">
                  <th scope="row">Total</th>
                  <Cells row={total} grouped={grouped} />
                </tr>
              </tfoot>
            </table>
          </div>
          <Pager
            page={query.page}
            pageCount={pages}
            total={count}
            noun={plural(count, "row", "rows")}
            hrefFor={(p) => href(query, { page: p })}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
