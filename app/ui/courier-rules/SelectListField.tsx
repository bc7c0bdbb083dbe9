/**
 * One product or pincode list of the Pickrr Select editor: its text and a one-column CSV file
 * (which replaces the text). A stored list longer than INLINE_LIST_MAX shows as a summary with
 * a CSV download and Keep / Replace / Clear (decision 033).
 */
import { Radio, Textarea } from "@mantine/core";

import { plural } from "~/services/core/plural";
import {
  type ListField,
  type ListMode,
  type ListSummary,
  MAX_LIST_ENTRIES,
} from "~/services/courier-setup/select-rule-form";
import { Group, Stack, Text } from "~/ui/layout";

const MODES: [ListMode, string][] = [
  ["keep", "Keep it"],
  ["replace", "Replace it with the list below"],
  ["clear", "Clear it"],
];

type ListProps = {
  field: ListField;
  fileField: string;
  label: string;
  text: string;
  /** The long stored list's summary, when there is one. */
  summary: ListSummary | undefined;
  mode: ListMode;
  error: string | undefined;
  hydrated: boolean;
  download: string;
  onText: (text: string) => void;
  onMode: (mode: ListMode) => void;
  onFileChosen: (chosen: boolean) => void;
};

function ListEntry({ field, fileField, label, text, summary, error, onText, onFileChosen }: ListProps) {
  return (
    <>
      <Textarea
        name={field}
        label={summary ? `New ${label.toLowerCase()}` : label}
        description={field === "product_list" ? "Product names, comma-separated" : "6-digit pincodes, comma-separated"}
        autosize
        minRows={2}
        maxRows={6}
        value={text}
        onChange={(e) => onText(e.currentTarget.value)}
        error={summary ? undefined : error}
      />
      <label className="file-field">
        <Text size="sm" span>
          or upload a one-column CSV ({label.toLowerCase()}, up to {MAX_LIST_ENTRIES.toLocaleString("en-IN")}{" "}
          entries):{" "}
        </Text>
        <input
          type="file"
          name={fileField}
          accept=".csv,text/csv"
          onChange={(e) => onFileChosen(Boolean(e.currentTarget.files?.length))}
        />
      </label>
    </>
  );
}

export function SelectListField(props: ListProps) {
  const { field, label, summary, mode, error, hydrated, download, onMode } = props;
  if (!summary)
    return (
      <Stack gap={4}>
        <ListEntry {...props} />
      </Stack>
    );
  // With JavaScript the new list's fields show only once 'Replace it' is chosen; without, always.
  const entry = !hydrated || mode === "replace";
  return (
    <fieldset className="choice-set" data-testid={`${field}-summary`}>
      <legend>{label}</legend>
      <Stack gap={4}>
        <Text size="sm">
          {summary.count.toLocaleString("en-IN")} {plural(summary.count, "entry", "entries")} stored:{" "}
          {summary.head.join(", ")} …{" "}
          <a href={download} download>
            Download the whole {label.toLowerCase()} (CSV)
          </a>
        </Text>
        {error && (
          <Text c="red.8" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group gap="md">
          {MODES.map(([m, text]) => (
            <Radio
              key={m}
              name={`${field}_mode`}
              value={m}
              label={text}
              aria-label={`${label}: ${text}`}
              checked={mode === m}
              onChange={() => onMode(m)}
            />
          ))}
        </Group>
        {entry && <ListEntry {...props} />}
      </Stack>
    </fieldset>
  );
}
