/**
 * A `from`–`to` date range for a GET form (the Order Tracker's custom range, On Hold COD's
 * cycles): without JavaScript — and while the picker's code loads — the browser's own date
 * inputs; once React has hydrated, the @mantine/dates range picker (RangePicker.tsx), fetched
 * only then, so its script and stylesheet never hold up the page.
 */
import { lazy, Suspense } from "react";

import { TextField } from "~/ui/fields";
import { Group } from "~/ui/layout";

import { useHydrated } from "./useHydrated";

const RangePicker = lazy(() => import("./RangePicker"));

export type DateRangeFieldsProps = {
  from: string;
  to: string;
  min?: string;
  max?: string;
  error: string | null;
  /** The native fields' labels, and the picker's. */
  labels: { from: string; to: string; range: string };
  required?: boolean;
  /** Width of each native field. */
  width?: number;
};

export function DateRangeFields({ from, to, min, max, error, labels, required, width = 170 }: DateRangeFieldsProps) {
  const hydrated = useHydrated();
  // `key`: a new URL's range replaces what was typed (the fields are uncontrolled).
  const native = (
    <Group gap="xs" align="flex-end">
      <TextField
        type="date"
        name="from"
        label={labels.from}
        defaultValue={from}
        key={`f${from}`}
        min={min}
        max={max}
        error={error ?? undefined}
        required={required}
        w={width}
      />
      <TextField
        type="date"
        name="to"
        label={labels.to}
        defaultValue={to}
        key={`t${to}`}
        min={min}
        max={max}
        required={required}
        w={width}
      />
    </Group>
  );
  if (!hydrated) return native;
  return (
    <Suspense fallback={native}>
      <RangePicker key={`${from}/${to}`} label={labels.range} from={from} to={to} min={min} max={max} error={error} />
    </Suspense>
  );
}
