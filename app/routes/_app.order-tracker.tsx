/**
 * Order Tracker (docs/product.md §2, §3, §4, §5, §6, §9; decision 030): Daily Stats — placed orders per
 * day for a period (Last 7 days by default, Last 30 days, Last Month, or a custom range of at
 * most 90 days back) and one seller or all in scope, as a bar chart with a brush and a CSV — and
 * Daily Performance, the 15-minute snapshot of placed and picked orders for today and the six
 * days before, by Seller, AVP, BDM or TL, searched, sorted and paged by the server. Every
 * control's state is in the URL; both forms are GET forms that work without JavaScript.
 */
import "~/ui/analytics/analytics.css";

import { Alert, Button, NativeSelect, TextInput } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useFetcher, useLoaderData, useSubmit } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";

import { CUSTOM_RANGE_MAX_DAYS_BACK, type Period, PERIOD_LABELS, PERIODS } from "~/services/analytics/periods";
import { dailyPerformance, dailyStats, sellerEmails } from "~/services/analytics/tracker.server";
import { readTrackerRequest } from "~/services/analytics/tracker-page.server";
import {
  DEFAULT_TRACKER_QUERY,
  type TrackerQuery,
  trackerSearch,
  viewOptions,
} from "~/services/analytics/tracker-query";
import { requireStaff } from "~/services/auth/guard.server";
import { istDateTimeLabel } from "~/services/clients/dates";
import { addDays, dmy, shortDayLabel } from "~/services/core/ist-dates";
import { getDb } from "~/services/db/client.server";
import { BarsChart, ChartPanel } from "~/ui/analytics/ChartPanel";
import { formatCount } from "~/ui/analytics/format";
import { HIERARCHY_COLOURS, HIERARCHY_LEGEND } from "~/ui/analytics/hierarchy";
import { PerformanceGrid } from "~/ui/analytics/PerformanceGrid";
import { DateRangeFields } from "~/ui/DateRangeFields";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { Pager } from "~/ui/Pager";
import { useHydrated } from "~/ui/useHydrated";

/**
 * mantine-react-table is half of this page's script and most of its server render: the server
 * (and the browser while hydrating) draws the same grid as native cells (PerformanceGrid), and
 * once hydrated the browser loads MRT and swaps it in, the native grid standing in meanwhile.
 */
const PerformanceTable = lazy(() =>
  import("~/ui/analytics/PerformanceTable").then((m) => ({ default: m.PerformanceTable })),
);

const INLINE_SELLER_EMAILS = 200;

export const meta: MetaFunction = () => [{ title: "Order Tracker · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "orders.track" });
  const db = getDb();
  const req = await readTrackerRequest(db, staff, request);
  const [emails, stats, performance] = await Promise.all([
    // One more than we would inline tells whether the scope is small (a vp's 2,500 are not read here).
    sellerEmails(db, staff, INLINE_SELLER_EMAILS + 1),
    req.range.ok && req.seller.ok ? dailyStats(db, staff, req.range.range, req.seller.clientId) : null,
    dailyPerformance(db, staff, req.query),
  ]);
  return {
    query: req.query,
    today: req.today,
    range: req.range.ok ? req.range.range : null,
    rangeError: req.range.ok ? null : req.range.message,
    sellerError: req.seller.ok ? null : req.seller.message,
    // A small scope's e-mails come with the page (a datalist works without JavaScript); a large
    // one's (a vp's 2,500) are fetched when the field is first focused, not rendered every time.
    emails: emails.length <= INLINE_SELLER_EMAILS ? emails : null,
    stats,
    performance,
    views: viewOptions(staff.role),
  };
}

/** The other form's state, carried along so one form's submit keeps the whole view. */
function Carry({ query, keys }: { query: TrackerQuery; keys: (keyof TrackerQuery)[] }) {
  return (
    <>
      {keys.map((k) => {
        const v = query[k];
        if (v === "" || v === DEFAULT_TRACKER_QUERY[k]) return null;
        return <input key={k} type="hidden" name={k} value={String(v)} />;
      })}
    </>
  );
}

/** @mantine/dates arrives only when someone chooses Custom (DateRangeFields). */
function RangeFields({ query, today, error }: { query: TrackerQuery; today: string; error: string | null }) {
  return (
    <DateRangeFields
      from={query.from}
      to={query.to}
      min={addDays(today, -CUSTOM_RANGE_MAX_DAYS_BACK)}
      max={today}
      error={error}
      labels={{ from: "From (Custom)", to: "To (Custom)", range: "Custom range" }}
    />
  );
}

export default function OrderTracker() {
  const { query, today, range, rangeError, sellerError, emails, stats, performance, views } =
    useLoaderData<typeof loader>();
  const submit = useSubmit();
  const sellers = useFetcher<{ emails: string[] }>();
  const hydrated = useHydrated();
  const [period, setPeriod] = useState<Period>(query.period);
  const showRange = !hydrated || period === "custom";
  const statsHref = `/order-tracker/daily-stats.csv${trackerSearch(query)}`;
  const performanceHref = `/order-tracker/daily-performance.csv${trackerSearch(query, { page: 1 })}`;
  const chartData = (stats ?? []).map((s) => ({ ...s, label: shortDayLabel(s.day) }));
  const totalPlaced = (stats ?? []).reduce((n, s) => n + s.placed, 0);
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          Order Tracker
        </Title>
        <Text c="dimmed" size="sm">
          Placed and picked orders of your sellers, by IST day.{" "}
          <Link to="/dashboard" className="action-link text-link">
            Growth: Dashboard
          </Link>
        </Text>
      </div>

      <Paper withBorder p="sm">
        <Form
          method="get"
          aria-label="Daily Stats period and seller"
          key={trackerSearch(query)}
          onChange={(e) => {
            const t = e.target as HTMLSelectElement;
            if (t.name === "period") {
              setPeriod(t.value as Period);
              if (t.value !== "custom") submit(e.currentTarget, { preventScrollReset: true });
            }
          }}
        >
          <Carry query={query} keys={["view", "q", "sort", "dir"]} />
          <Group align="flex-start" gap="sm">
            <NativeSelect
              name="period"
              label="Period"
              defaultValue={query.period}
              data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
              w={160}
            />
            {showRange ? <RangeFields query={query} today={today} error={rangeError} /> : null}
            <TextInput
              name="seller"
              type="email"
              label="Seller email"
              placeholder="All sellers"
              list="tracker-seller-emails"
              defaultValue={query.seller}
              error={sellerError ?? undefined}
              maxLength={254}
              autoComplete="off"
              w={280}
              onFocus={() =>
                emails === null && sellers.state === "idle" && !sellers.data && sellers.load("/order-tracker/sellers")
              }
            />
            <datalist id="tracker-seller-emails">
              {(emails ?? sellers.data?.emails ?? []).map((e) => (
                <option key={e} value={e} />
              ))}
            </datalist>
            <Button type="submit" variant="light" mt={25}>
              Apply
            </Button>
          </Group>
        </Form>
      </Paper>

      {stats && range ? (
        <ChartPanel
          title="Daily Stats"
          description={`Placed orders per day, ${dmy(range.from)} to ${dmy(range.to)}${query.seller ? ` for ${query.seller}` : ""}: ${formatCount(totalPlaced)} in all.`}
          testId="daily-stats"
          rows={chartData}
          rowKey={(r) => r.day}
          empty="No days in this period."
          actions={
            <Button
              component="a"
              href={statsHref}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              CSV
            </Button>
          }
          columns={[
            { label: "Date", value: (r) => dmy(r.day) },
            { label: "Placed", value: (r) => formatCount(r.placed), numeric: true },
          ]}
          chart={() => (
            <BarsChart
              data={chartData}
              dataKey="label"
              series={[{ name: "placed", label: "Placed", color: "blue.6" }]}
              brush={chartData.length > 7}
            />
          )}
        />
      ) : (
        <Alert color="yellow" title="Daily Stats" data-testid="daily-stats-refused">
          {rangeError ?? sellerError} Choose again above to see the chart.
        </Alert>
      )}

      <Paper withBorder p="md" id="daily-performance" data-testid="daily-performance">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h4">
                Daily Performance
              </Title>
              <Text size="sm" c="dimmed" data-testid="snapshot-times">
                {performance.updatedAt
                  ? `Last Updated at ${istDateTimeLabel(performance.updatedAt)} · Next Updated at ${istDateTimeLabel(performance.nextUpdateAt!)}`
                  : "Not computed yet: the first update runs within a minute of the server starting."}
              </Text>
            </div>
            <Button
              component="a"
              href={performanceHref}
              download
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download CSV
            </Button>
          </Group>
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
            <Carry query={query} keys={["period", "from", "to", "seller"]} />
            <Group align="flex-end" gap="sm">
              <NativeSelect
                name="view"
                label="Show by"
                defaultValue={query.view}
                data={views.map((v) => ({
                  value: v.value,
                  label: v.disabled ? `${v.label} (not for your role)` : v.label,
                  disabled: v.disabled,
                }))}
                w={200}
              />
              <TextInput
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
                <Button
                  component={Link}
                  to={`/order-tracker${trackerSearch(query, { q: "", page: 1 })}#daily-performance`}
                  variant="subtle"
                >
                  Clear
                </Button>
              ) : null}
            </Group>
          </Form>
          <Group gap="md" aria-label="Avatar colours" data-testid="avatar-legend">
            {HIERARCHY_LEGEND.map((l) => (
              <Group key={l.key} gap={6}>
                <span className={`hier-avatar ${HIERARCHY_COLOURS[l.key]}`} aria-hidden />
                <Text size="sm">{l.label}</Text>
              </Group>
            ))}
          </Group>
          {performance.days ? (
            hydrated ? (
              <Suspense fallback={<PerformanceGrid rows={performance.rows} days={performance.days} query={query} />}>
                <PerformanceTable rows={performance.rows} days={performance.days} query={query} />
              </Suspense>
            ) : (
              <PerformanceGrid rows={performance.rows} days={performance.days} query={query} />
            )
          ) : (
            <Text c="dimmed">No snapshot yet.</Text>
          )}
          <Pager
            page={performance.page}
            pageCount={performance.pages}
            total={performance.total}
            noun={performance.total === 1 ? "row" : "rows"}
            hrefFor={(p) => `/order-tracker${trackerSearch(query, { page: p })}#daily-performance`}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
