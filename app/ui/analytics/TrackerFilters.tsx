/**
 * The Order Tracker's Daily Stats form (decision 030): period, custom range and seller, a GET form
 * that works without JavaScript. With JavaScript a period other than Custom applies at once, the
 * custom range shows only for Custom, and a large scope's seller e-mails are fetched when the
 * field is first focused.
 */
import { Button } from "@mantine/core";
import { type FetcherWithComponents, Form, useSubmit } from "@remix-run/react";
import { useState } from "react";

import { CUSTOM_RANGE_MAX_DAYS_BACK, type Period, PERIOD_LABELS, PERIODS } from "~/services/analytics/periods";
import { DEFAULT_TRACKER_QUERY, type TrackerQuery, trackerSearch } from "~/services/analytics/tracker-query";
import { addDays } from "~/services/core/ist-dates";
import { DateRangeFields } from "~/ui/DateRangeFields";
import { SelectField, TextField } from "~/ui/fields";
import { Group, Paper } from "~/ui/layout";
import { useHydrated } from "~/ui/useHydrated";

/** The other form's state, carried along so one form's submit keeps the whole view. */
export function Carry({ query, keys }: { query: TrackerQuery; keys: (keyof TrackerQuery)[] }) {
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

export function DailyStatsForm({
  query,
  today,
  rangeError,
  sellerError,
  emails,
  sellers,
}: {
  query: TrackerQuery;
  today: string;
  rangeError: string | null;
  sellerError: string | null;
  /** The scope's seller e-mails when few enough to come with the page; null: fetched on focus. */
  emails: string[] | null;
  /** Fetches a large scope's e-mails (`/order-tracker/sellers`) on the field's first focus. */
  sellers: FetcherWithComponents<{ emails: string[] }>;
}) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [period, setPeriod] = useState<Period>(query.period);
  const showRange = !hydrated || period === "custom";
  return (
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
        <Carry query={query} keys={["view", "q", "sort", "dir", "preset"]} />
        <Group align="flex-start" gap="sm">
          <SelectField
            name="period"
            label="Period"
            defaultValue={query.period}
            data={PERIODS.map((p) => ({ value: p, label: PERIOD_LABELS[p] }))}
            w={160}
          />
          {showRange ? <RangeFields query={query} today={today} error={rangeError} /> : null}
          <TextField
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
  );
}
