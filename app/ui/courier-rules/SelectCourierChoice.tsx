/** The Pickrr Select editor's courier selection: how the rule chooses, its priority list and its blacklist. */
import { NativeSelect, Radio } from "@mantine/core";

import { ZONE_TAT_DAYS } from "~/services/core/zones";
import { PRIORITY_ROWS, SELECTION_TYPES, type SelectRuleValues } from "~/services/courier-setup/select-rule-form";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";

import { CheckboxSet, ChoiceSet } from "./ChoiceSets";

const selectionLabel = (v: string) =>
  v === "priority" ? "priority list" : v === "advantage" ? "advantage (standard '_0', promise '_85')" : v;

export function SelectCourierChoice({
  values,
  set,
  names,
  errors,
  errorOf,
}: {
  values: SelectRuleValues;
  set: (patch: Partial<SelectRuleValues>) => void;
  /** The client's courier services and brands, as the priority list and blacklist offer them. */
  names: string[];
  errors: Record<string, string>;
  errorOf: (field: string) => string | undefined;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={3} size="h5">
          Courier selection
        </Title>
        <ChoiceSet legend="Selection type" error={errors.selection}>
          {SELECTION_TYPES.map((v) => (
            <Radio
              key={v}
              name="selection"
              value={v}
              label={selectionLabel(v)}
              checked={values.selection === v}
              onChange={() => set({ selection: v })}
            />
          ))}
        </ChoiceSet>
        <Text size="xs" c="dimmed">
          advantage: the cheapest courier whose delivery estimate keeps the advantage plan&apos;s promise for the zone
          (A {ZONE_TAT_DAYS.A}, B {ZONE_TAT_DAYS.B}, C {ZONE_TAT_DAYS.C}, D {ZONE_TAT_DAYS.D}, E {ZONE_TAT_DAYS.E}{" "}
          days); when none does, the fastest.
        </Text>
        <fieldset className="choice-set">
          <legend>Priority list (for priority selection; 1 is tried first)</legend>
          <Group gap="xs" align="start">
            {Array.from({ length: PRIORITY_ROWS }, (_, i) => (
              <NativeSelect
                key={i}
                name={`priority_${i}`}
                aria-label={`Priority ${i + 1}`}
                value={values.priority_list[i] ?? ""}
                onChange={(e) =>
                  set({ priority_list: values.priority_list.map((p, j) => (j === i ? e.currentTarget.value : p)) })
                }
                error={errorOf(`priority_${i}`)}
                data={[
                  { value: "", label: `${i + 1}: —` },
                  ...names.map((n) => ({ value: n, label: `${i + 1}: ${n}` })),
                ]}
              />
            ))}
          </Group>
        </fieldset>
        <CheckboxSet
          legend="Blacklist (never chosen by this rule)"
          name="bl_parent"
          options={names}
          checked={values.bl_list}
          onChange={(bl_list) => set({ bl_list })}
          error={errors.bl_parent}
        />
      </Stack>
    </Paper>
  );
}
