/** The Pickrr Select editor's rows of fields: weight and invoice value ranges, and lanes chosen from a list. */
import { NativeSelect, TextInput } from "@mantine/core";

import { LANE_PLACES, LANE_ROWS, RANGE_ROWS } from "~/services/courier-setup/select-rule-form";
import { Group, Stack } from "~/ui/layout";

type Range = { min: string; max: string };
type Lane = { from: string; to: string };

export function RangeRows({
  title,
  prefix,
  rows,
  errorOf,
  onChange,
}: {
  title: string;
  prefix: string;
  rows: Range[];
  errorOf: (field: string) => string | undefined;
  onChange: (i: number, patch: Partial<Range>) => void;
}) {
  return (
    <fieldset className="choice-set">
      <legend>{title}</legend>
      <Stack gap={4}>
        {Array.from({ length: RANGE_ROWS }, (_, i) => (
          <Group key={i} gap="xs" align="start">
            {(["min", "max"] as const).map((end) => (
              <TextInput
                key={end}
                name={`${prefix}_${end}_${i}`}
                aria-label={`${title} ${i + 1} ${end === "min" ? "Min Value" : "Max Value"}`}
                placeholder={end === "min" ? "Min Value" : "Max Value"}
                inputMode="decimal"
                maxLength={12}
                value={rows[i]?.[end] ?? ""}
                onChange={(e) => onChange(i, { [end]: e.currentTarget.value })}
                error={errorOf(`${prefix}_${end}_${i}`)}
              />
            ))}
          </Group>
        ))}
      </Stack>
    </fieldset>
  );
}

const LANE_GROUPS = (["State", "Metro city"] as const).map((group) => ({
  group,
  items: LANE_PLACES.filter((p) => p.group === group).map((p) => ({ value: p.value, label: p.label })),
}));

/** A lane end's options: the places, and a stored value no longer among them (shown so it can be changed; saving it is refused). */
function laneOptions(end: "from" | "to", current: string) {
  const blank = { value: "", label: end === "from" ? "From: —" : "To: —" };
  const unknown =
    current && !LANE_PLACES.some((p) => p.value === current)
      ? [{ value: current, label: `${current} (not in the list)` }]
      : [];
  return [blank, ...unknown, ...LANE_GROUPS];
}

export function LaneRows({
  lanes,
  errors,
  onChange,
}: {
  lanes: Lane[];
  errors: Record<string, string>;
  onChange: (i: number, patch: Partial<Lane>) => void;
}) {
  return (
    <fieldset className="choice-set">
      <legend>Lane list (from → to: a state or a metro city)</legend>
      <Stack gap={4}>
        {Array.from({ length: LANE_ROWS }, (_, i) => (
          <Group key={i} gap="xs" align="start">
            {(["from", "to"] as const).map((end) => (
              <NativeSelect
                key={end}
                name={`lane_${end}_${i}`}
                aria-label={`Lane ${i + 1} ${end}`}
                value={lanes[i]?.[end] ?? ""}
                onChange={(e) => onChange(i, { [end]: e.currentTarget.value })}
                error={errors[`lane_${end}_${i}`]}
                data={laneOptions(end, lanes[i]?.[end] ?? "")}
              />
            ))}
          </Group>
        ))}
      </Stack>
    </fieldset>
  );
}
