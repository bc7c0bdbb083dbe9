/**
 * The Order Tracker's custom range with @mantine/dates (issue 15), loaded only when the period
 * is Custom and JavaScript runs; its value goes into the form as `from` and `to` (YYYY-MM-DD),
 * the same fields the browser's own date inputs send without JavaScript.
 */
import "@mantine/dates/styles.css";
import { DatePickerInput } from "@mantine/dates";
import { useState } from "react";

const day = (iso: string) => (iso ? new Date(`${iso}T00:00:00`) : null);
const iso = (d: Date | null) => (d ? `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}` : "");

export default function RangePicker({ from, to, min, max, error }: { from: string; to: string; min: string; max: string; error: string | null }) {
  const [value, setValue] = useState<[Date | null, Date | null]>([day(from), day(to)]);
  return (
    <>
      <DatePickerInput
        type="range"
        label="Custom range"
        placeholder="Pick the first and last day"
        value={value}
        onChange={setValue}
        minDate={day(min) ?? undefined}
        maxDate={day(max) ?? undefined}
        valueFormat="DD-MM-YYYY"
        error={error ?? undefined}
        allowSingleDateInRange
        w={260}
      />
      <input type="hidden" name="from" value={iso(value[0])} />
      <input type="hidden" name="to" value={iso(value[1])} />
    </>
  );
}
