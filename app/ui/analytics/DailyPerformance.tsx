/**
 * The Order Tracker's Daily Performance (docs/product.md §6, decision 030): the 15-minute snapshot
 * of placed and picked orders for today and the six days before, by Seller, AVP, BDM or TL,
 * searched, sorted and paged by the server, with its CSV and the avatar colours' legend.
 */
import { Button } from "@mantine/core";
import { Form, Link, useSubmit } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense } from "react";

import type { PerformanceRow, PerformanceSum } from "~/services/analytics/tracker.server";
import {
  droppingPreset,
  trackerCsvHrefs,
  trackerHref,
  type TrackerQuery,
  trackerSearch,
  type ViewOption,
} from "~/services/analytics/tracker-query";
import { DROPPING_FALL_PERCENT, DROPPING_MIN_LAST_WEEK } from "~/services/analytics/week-over-week";
import { dmy } from "~/services/core/ist-dates";
import { plural } from "~/services/core/plural";
import { SelectField, TextField } from "~/ui/fields";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { useHydrated } from "~/ui/useHydrated";

import { HIERARCHY_COLOURS, HIERARCHY_LEGEND } from "./hierarchy";
import { PerformanceGrid } from "./PerformanceGrid";
import { snapshotTimesLabel, viewSelectData } from "./tracker-labels";
import { Carry } from "./TrackerFilters";

/**
 * mantine-react-table is half of this page's script and most of its server render: the server
 * (and the browser while hydrating) draws the same grid as native cells (PerformanceGrid), and
 * once hydrated the browser loads MRT and swaps it in, the native grid standing in meanwhile.
 */
const PerformanceTable = lazy(() => import("./PerformanceTable").then((m) => ({ default: m.PerformanceTable })));

export type DailyPerformance = {
  rows: PerformanceRow[];
  total: number;
  sum: PerformanceSum;
  weeks: { thisWeek: { from: string; to: string }; lastWeek: { from: string; to: string } } | null;
  pages: number;
  page: number;
  days: string[] | null;
  updatedAt: Date | string | null;
  nextUpdateAt: Date | string | null;
};

/** The view selector and search: a GET form; with JavaScript a new view applies at once. */
function PerformanceSearchForm({ query, views }: { query: TrackerQuery; views: ViewOption[] }) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      role="search"
      aria-label="Daily Performance view and search"
      key={`p${trackerSearch(query)}`}
      onChange={(e) => {
        const t = e.target as HTMLElement;
        if (t.tagName === "SELECT") submit(e.currentTarget, { preventScrollReset: true });
      }}
    >
      <Carry query={query} keys={["period", "from", "to", "seller", "sort", "dir", "preset"]} />
      <Group align="flex-end" gap="sm">
        <SelectField name="view" label="Show by" defaultValue={query.view} data={viewSelectData(views)} w={200} />
        <TextField
          name="q"
          type="search"
          label="Search"
          placeholder="Email or name, then Enter"
          defaultValue={query.q}
          maxLength={100}
          leftSection={<IconSearch size={16} aria-hidden />}
          style={{ flex: 1, minWidth: 220 }}
        />
        <Button type="submit" variant="light">
          Search
        </Button>
        {query.q ? (
          <Button component={Link} to={trackerHref(query, { q: "", page: 1 }, "daily-performance")} variant="subtle">
            Clear
          </Button>
        ) : null}
      </Group>
    </Form>
  );
}

function AvatarLegend() {
  return (
    <Group gap="md" aria-label="Avatar colours" data-testid="avatar-legend">
      {HIERARCHY_LEGEND.map((l) => (
        <Group key={l.key} gap={6}>
          <span className={`hier-avatar ${HIERARCHY_COLOURS[l.key]}`} aria-hidden />
          <Text size="sm">{l.label}</Text>
        </Group>
      ))}
    </Group>
  );
}

/** The grid: native cells on the server and while hydrating, mantine-react-table once hydrated. */
function PerformanceRows({ performance, query }: { performance: DailyPerformance; query: TrackerQuery }) {
  const hydrated = useHydrated();
  if (!performance.days) return <Text c="dimmed">No snapshot yet.</Text>;
  const grid = <PerformanceGrid rows={performance.rows} days={performance.days} query={query} sum={performance.sum} />;
  return hydrated ? (
    <Suspense fallback={grid}>
      <PerformanceTable rows={performance.rows} days={performance.days} query={query} sum={performance.sum} />
    </Suspense>
  ) : (
    grid
  );
}

/**
 * Week on week in a sentence (decision 072: today left out, as the Dashboard leaves it out), and
 * the Dropping preset: a link that narrows the rows (and a link back to every row).
 */
function WeekOnWeek({ performance, query }: { performance: DailyPerformance; query: TrackerQuery }) {
  const weeks = performance.weeks;
  const rule = `down ${DROPPING_FALL_PERCENT}% or more week on week, with ${DROPPING_MIN_LAST_WEEK} or more orders last week`;
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Text size="sm" c="dimmed" data-testid="week-on-week" style={{ flex: 1, minWidth: 260 }}>
        {weeks
          ? `Week on week: placed orders ${dmy(weeks.thisWeek.from)} to ${dmy(weeks.thisWeek.to)} against ${dmy(weeks.lastWeek.from)} to ${dmy(weeks.lastWeek.to)}. Today is left out (it is not over), as on the Dashboard.`
          : null}
      </Text>
      {query.preset === "dropping" ? (
        <Text size="sm" data-testid="preset">
          <strong>Dropping</strong>: {rule}.{" "}
          <Link
            to={trackerHref(query, { preset: "", page: 1 }, "daily-performance")}
            className="action-link text-link"
            preventScrollReset
          >
            Show every row
          </Link>
        </Text>
      ) : (
        <Link
          to={trackerHref(query, droppingPreset(), "daily-performance")}
          className="action-link text-link"
          title={`Rows ${rule}`}
          preventScrollReset
        >
          Dropping: who is down {DROPPING_FALL_PERCENT}% or more
        </Link>
      )}
    </Group>
  );
}

export function DailyPerformancePanel({
  performance,
  query,
  views,
}: {
  performance: DailyPerformance;
  query: TrackerQuery;
  views: ViewOption[];
}) {
  return (
    <Paper withBorder p="md" id="daily-performance" data-testid="daily-performance">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h4">
              Daily Performance
            </Title>
            <Text size="sm" c="dimmed" data-testid="snapshot-times">
              {snapshotTimesLabel(performance)}
            </Text>
          </div>
          <Button
            component="a"
            href={trackerCsvHrefs(query).performance}
            download
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
          >
            Download CSV
          </Button>
        </Group>
        <PerformanceSearchForm query={query} views={views} />
        <WeekOnWeek performance={performance} query={query} />
        <AvatarLegend />
        <PerformanceRows performance={performance} query={query} />
        <Pager
          page={performance.page}
          pageCount={performance.pages}
          total={performance.total}
          noun={plural(performance.total, "row", "rows")}
          hrefFor={(p) => trackerHref(query, { page: p }, "daily-performance")}
        />
      </Stack>
    </Paper>
  );
}
