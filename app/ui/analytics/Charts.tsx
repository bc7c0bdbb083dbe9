/**
 * The analytics charts (decision 030), in a module of their own that the pages load after they
 * have hydrated (React.lazy): @mantine/charts and recharts are most of these pages' script,
 * and the pages are complete without them (every number is in a server-rendered table).
 */
import "@mantine/charts/styles.css";
import "@mantine/core/styles/ColorSwatch.css";

import { BarChart, LineChart } from "@mantine/charts";
import { Brush } from "recharts";

import { formatCount } from "./format";

type Series = { name: string; label: string; color: string }[];

export function BarsChart({
  data,
  dataKey,
  series,
  brush = false,
}: {
  data: object[];
  dataKey: string;
  series: Series;
  brush?: boolean;
}) {
  return (
    <BarChart
      h={280}
      data={data as Record<string, unknown>[]}
      dataKey={dataKey}
      withLegend={series.length > 1}
      valueFormatter={formatCount}
      series={series}
    >
      {brush ? <Brush dataKey={dataKey} height={24} stroke="var(--mantine-color-blue-6)" /> : null}
    </BarChart>
  );
}

export function LinesChart({ data, dataKey, series }: { data: object[]; dataKey: string; series: Series }) {
  return (
    <LineChart
      h={280}
      data={data as Record<string, unknown>[]}
      dataKey={dataKey}
      withLegend
      valueFormatter={formatCount}
      series={series}
    />
  );
}
