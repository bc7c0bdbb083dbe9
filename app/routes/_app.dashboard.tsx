/**
 * Dashboard (docs/product.md §2, §3, §4; decision 030): Total Growth and Growth from Old Accounts, the
 * Daily Average of picked orders per weekday (this month against last month) and the Month-wise
 * growth of total and old-account orders — for the clients the signed-in staff may see, from
 * the daily rollups. Charts draw in the browser; every number is also a server-rendered table.
 */
import "~/ui/analytics/analytics.css";
import "@mantine/core/styles/SimpleGrid.css";

import { SimpleGrid } from "@mantine/core";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { dashboardData } from "~/services/analytics/dashboard.server";
import type { GrowthFigure } from "~/services/analytics/growth";
import { growthViews } from "~/services/analytics/growth-by";
import { VIEW_LABELS } from "~/services/analytics/tracker-query";
import { requireStaff } from "~/services/auth/guard.server";
import { clientScopeFor } from "~/services/auth/roles";
import { dmy, monthLabel, previousMonthStart } from "~/services/core/ist-dates";
import { getAnalyticsDb } from "~/services/db/client.server";
import { BarsChart, ChartPanel, LinesChart } from "~/ui/analytics/ChartPanel";
import { formatAverage, formatCount } from "~/ui/analytics/format";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";

export const meta: MetaFunction = () => [{ title: "Dashboard · Shipping Console" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "dashboard.view" });
  const data = await dashboardData(getAnalyticsDb(), staff);
  return { ...data, scope: clientScopeFor(staff.role), growthViews: growthViews(staff.role) };
}

function GrowthCard({
  title,
  figure,
  explain,
  testId,
}: {
  title: string;
  figure: GrowthFigure;
  explain: string;
  testId: string;
}) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {title}
      </Text>
      <Text
        fz={figure.kind === "value" ? 32 : "md"}
        fw={700}
        data-testid={testId}
        className={figure.kind === "value" ? (figure.percent < 0 ? "growth-down" : "growth-up") : undefined}
      >
        {figure.label}
      </Text>
      <Text size="xs" c="dimmed">
        {explain}
      </Text>
    </Paper>
  );
}

export default function Dashboard() {
  const { today, weekdays, series, growth, scope, growthViews: views } = useLoaderData<typeof loader>();
  const thisMonth = monthLabel(today);
  const lastMonth = monthLabel(previousMonthStart(today));
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} size="h2">
            Dashboard
          </Title>
          <Text c="dimmed" size="sm">
            Picked orders of {scope === "all" ? "every client" : "your clients"}, up to today ({dmy(today)}, IST).{" "}
            <Link to="/order-tracker" className="action-link text-link">
              Daily numbers per seller: Order Tracker
            </Link>
          </Text>
        </div>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <GrowthCard
          title="Total Growth"
          figure={growth.total}
          testId="growth-total"
          explain={`${thisMonth}'s picked orders per whole day so far (today left out) against ${lastMonth}'s per day.`}
        />
        <GrowthCard
          title="Growth from Old Accounts"
          figure={growth.old}
          testId="growth-old"
          explain={`Orders per day of accounts whose first order is before ${thisMonth}, against ${lastMonth}'s per day.`}
        />
      </SimpleGrid>
      {/* The growth drilled down (decision 072): by each level of the viewer's hierarchy. */}
      <Text size="sm" data-testid="growth-by-links">
        Growth by:{" "}
        {views.map((v, i) => (
          <span key={v}>
            {i > 0 ? " · " : null}
            <Link to={`/dashboard/growth${v === "seller" ? "" : `?by=${v}`}`} className="action-link text-link">
              {VIEW_LABELS[v]}
            </Link>
          </span>
        ))}
      </Text>
      <ChartPanel
        title="Daily Average"
        description={`Picked orders per day, by weekday: ${lastMonth} against ${thisMonth} (whole days so far, today left out).`}
        testId="daily-average"
        rows={weekdays}
        rowKey={(r) => r.weekday}
        empty="No picked orders in these two months."
        columns={[
          { label: "Weekday", value: (r) => r.weekday },
          { label: lastMonth, value: (r) => formatAverage(r.last_month), numeric: true },
          { label: thisMonth, value: (r) => formatAverage(r.current_month), numeric: true },
        ]}
        chart={() => (
          <BarsChart
            data={weekdays}
            dataKey="short"
            series={[
              { name: "last_month", label: lastMonth, color: "gray.5" },
              { name: "current_month", label: thisMonth, color: "blue.6" },
            ]}
          />
        )}
      />
      <ChartPanel
        title="Month-wise growth"
        description="Picked orders per month: all accounts, and old accounts (first order before that month)."
        testId="monthly-growth"
        rows={series}
        rowKey={(r) => r.month}
        empty="No orders yet."
        columns={[
          { label: "Month", value: (r) => r.label },
          { label: "Total", value: (r) => formatCount(r.total), numeric: true },
          { label: "Old accounts", value: (r) => formatCount(r.old), numeric: true },
          { label: "New accounts", value: (r) => formatCount(r.new), numeric: true },
        ]}
        chart={() => (
          <LinesChart
            data={series}
            dataKey="label"
            series={[
              { name: "total", label: "Total", color: "blue.6" },
              { name: "old", label: "Old accounts", color: "teal.6" },
            ]}
          />
        )}
      />
    </Stack>
  );
}
