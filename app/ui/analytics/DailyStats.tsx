/**
 * The Order Tracker's Daily Stats (decision 030): placed orders per day of the period as a bar
 * chart with a brush, over the same figures as a server-rendered table, with its CSV; or why the
 * period or seller chosen was refused.
 */
import { Alert, Button } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";

import type { DayRange } from "~/services/analytics/periods";
import type { TrackerQuery } from "~/services/analytics/tracker-query";
import { trackerCsvHrefs } from "~/services/analytics/tracker-query";
import { dmy } from "~/services/core/ist-dates";

import { BarsChart, ChartPanel } from "./ChartPanel";
import { formatCount } from "./format";
import { dailyStatsChart, dailyStatsDescription, type DayPlaced } from "./tracker-labels";

export function DailyStatsPanel({
  query,
  stats,
  range,
  refusal,
}: {
  query: TrackerQuery;
  stats: DayPlaced[] | null;
  range: DayRange | null;
  /** The range's or the seller's message when either was refused. */
  refusal: string | null;
}) {
  if (!stats || !range)
    return (
      <Alert color="yellow" title="Daily Stats" data-testid="daily-stats-refused">
        {refusal} Choose again above to see the chart.
      </Alert>
    );
  const chart = dailyStatsChart(stats);
  return (
    <ChartPanel
      title="Daily Stats"
      description={dailyStatsDescription(range, query.seller, chart.total)}
      testId="daily-stats"
      rows={chart.rows}
      rowKey={(r) => r.day}
      empty="No days in this period."
      actions={
        <Button
          component="a"
          href={trackerCsvHrefs(query).stats}
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
          data={chart.rows}
          dataKey="label"
          series={[{ name: "placed", label: "Placed", color: "blue.6" }]}
          brush={chart.rows.length > 7}
        />
      )}
    />
  );
}
