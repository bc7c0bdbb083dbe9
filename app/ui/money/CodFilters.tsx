/**
 * On Hold COD's search (decision 031): a GET form — search by COD Ref ID, AWB No or Seller Email
 * over a range of cycle start dates — with the two downloads of the view, and the date presets
 * as links. Works without JavaScript; every view is a URL (services/money/cod-query.ts). Its
 * fields and buttons are the plain ones of app/ui/fields.tsx (decision 081): Mantine's markup
 * without Mantine's per-component render cost, on a page loaded all day.
 */
import { Form } from "@remix-run/react";
import { IconDownload, IconSearch } from "@tabler/icons-react";

import { TEXT_LIMITS } from "~/services/core/text-input";
import {
  COD_SEARCH_LABELS,
  COD_SEARCH_MODES,
  codDownloadHrefs,
  type CodView,
  presetLinks,
} from "~/services/money/cod-query";
import { DateRangeFields } from "~/ui/DateRangeFields";
import { PlainButton, SelectField, TextField } from "~/ui/fields";
import { Group, Paper } from "~/ui/layout";

import { DatePresetLinks } from "./DatePresetLinks";

export function CodFilters({
  view,
  today,
  refused = null,
}: {
  view: CodView;
  today: string;
  /** Why the URL's view was refused, shown by its field (the form as typed). */
  refused?: { field: "range" | "q"; message: string } | null;
}) {
  const downloads = codDownloadHrefs(view);
  return (
    <Paper withBorder p="sm">
      <Form method="get" role="search" aria-label="Search held COD">
        <Group align="flex-end" gap="sm">
          <SelectField
            name="by"
            label="Search by"
            defaultValue={view.by}
            key={`by${view.by}`}
            data={COD_SEARCH_MODES.map((m) => ({ value: m, label: COD_SEARCH_LABELS[m] }))}
            w={150}
          />
          <TextField
            name="q"
            type="search"
            label="Search"
            placeholder="COD Ref ID, AWB No or Seller Email"
            defaultValue={view.q}
            key={`q${view.q}`}
            maxLength={TEXT_LIMITS.search}
            error={refused?.field === "q" ? refused.message : undefined}
            leftSection={<IconSearch size={16} aria-hidden />}
            style={{ flex: 1, minWidth: 220 }}
          />
          <DateRangeFields
            from={view.from}
            to={view.to}
            max={today}
            error={refused?.field === "range" ? refused.message : null}
            labels={{ from: "From", to: "To", range: "Cycles starting" }}
            required
          />
          <PlainButton type="submit" variant="light">
            Search
          </PlainButton>
          <PlainButton href={downloads.xlsx} download leftSection={<IconDownload size={16} aria-hidden />}>
            Excel Download
          </PlainButton>
          <PlainButton
            variant="default"
            href={downloads.csv}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            cod-status.csv
          </PlainButton>
        </Group>
      </Form>
      <DatePresetLinks links={presetLinks(view, today)} />
    </Paper>
  );
}
