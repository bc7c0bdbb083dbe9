/**
 * A date range with @mantine/dates (decision 034), loaded only once JavaScript runs (see
 * DateRangeFields): its value goes into the form as `from` and `to` (YYYY-MM-DD), the same
 * fields the browser's own date inputs send without JavaScript.
 */
// The picker's dropdown is a Popover: without its styles the calendar is laid out at the end of the page.
import "@mantine/core/styles/Popover.css";
import "@mantine/dates/styles.css";

import { DatePickerInput } from "@mantine/dates";
import { useState } from "react";

const day = (iso: string) => (iso ? new Date(`${iso}T00:00:00`) : null);
const iso = (d: Date | null) =>
  d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}` : "";

export type RangePickerProps = {
  label: string;
  from: string;
  to: string;
  min?: string;
  max?: string;
  error: string | null;
  width?: number;
};

export default function RangePicker({ label, from, to, min, max, error, width = 260 }: RangePickerProps) {
  const [value, setValue] = useState<[Date | null, Date | null]>([day(from), day(to)]);
  return (
    <>
      <DatePickerInput
        type="range"
        label={label}
        placeholder="Pick the first and last day"
        value={value}
        onChange={setValue}
        minDate={min ? (day(min) ?? undefined) : undefined}
        maxDate={max ? (day(max) ?? undefined) : undefined}
        valueFormat="DD-MM-YYYY"
        error={error ?? undefined}
        allowSingleDateInRange
        w={width}
      />
      <input type="hidden" name="from" value={iso(value[0])} />
      <input type="hidden" name="to" value={iso(value[1])} />
    </>
  );
}
