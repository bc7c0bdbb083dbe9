/** Native radio and checkbox groups of the rule forms: they post without JavaScript. */
import "@mantine/core/styles/InlineInput.css";
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/Radio.css";

import { Checkbox } from "@mantine/core";
import type { ReactNode } from "react";

import { Group, Text } from "~/ui/layout";

/** A group of radios or checkboxes with its legend and its message. */
export function ChoiceSet({ legend, error, children }: { legend: string; error?: string; children: ReactNode }) {
  return (
    <fieldset className="choice-set" aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      <Group gap="md">{children}</Group>
      {error && (
        <Text size="xs" c="red.8" role="alert">
          {error}
        </Text>
      )}
    </fieldset>
  );
}

/** Checkboxes of one field (`name` repeated per checked value), as a ChoiceSet. */
export function CheckboxSet({
  legend,
  name,
  options,
  checked,
  onChange,
  error,
}: {
  legend: string;
  name: string;
  options: readonly (string | { value: string; label: string })[];
  checked: readonly string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  return (
    <ChoiceSet legend={legend} error={error}>
      {options.map((o) => {
        const { value, label } = typeof o === "string" ? { value: o, label: o } : o;
        return (
          <Checkbox
            key={value}
            name={name}
            value={value}
            label={label}
            checked={checked.includes(value)}
            onChange={(e) =>
              onChange(e.currentTarget.checked ? [...checked, value] : checked.filter((x) => x !== value))
            }
          />
        );
      })}
    </ChoiceSet>
  );
}
