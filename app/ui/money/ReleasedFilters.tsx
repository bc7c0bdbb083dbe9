/**
 * The Released view's filter (decision 066): a GET form — the days released and the approver —
 * with the view's Excel download, and the date presets as links. Works without JavaScript; every
 * view is a URL (services/money/released-query.ts).
 */
import { Button, NativeSelect } from "@mantine/core";
import { Form } from "@remix-run/react";
import { IconDownload } from "@tabler/icons-react";

import { releasedDownloadHref, releasedPresetLinks, type ReleasedView } from "~/services/money/released-query";
import { DateRangeFields } from "~/ui/DateRangeFields";
import { Group, Paper } from "~/ui/layout";

import { DatePresetLinks } from "./DatePresetLinks";

export function ReleasedFilters({
  view,
  today,
  approvers,
  refused = null,
}: {
  view: ReleasedView;
  today: string;
  approvers: string[];
  /** Why the URL's view was refused, shown by its field (the form as typed). */
  refused?: { field: "range" | "approver"; message: string } | null;
}) {
  return (
    <Paper withBorder p="sm">
      <Form method="get" role="search" aria-label="Filter released COD">
        <Group align="flex-end" gap="sm">
          <DateRangeFields
            from={view.from}
            to={view.to}
            max={today}
            error={refused?.field === "range" ? refused.message : null}
            labels={{ from: "Released from", to: "Released to", range: "Released" }}
            required
          />
          <NativeSelect
            name="approver"
            label="Approver"
            defaultValue={view.approver}
            key={`approver${view.approver}`}
            data={[{ value: "", label: "Any approver" }, ...approvers.map((a) => ({ value: a, label: a }))]}
            w={240}
            error={refused?.field === "approver" ? refused.message : undefined}
          />
          <Button type="submit" variant="light">
            Filter
          </Button>
          <Button
            component="a"
            href={releasedDownloadHref(view)}
            download
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Excel Download
          </Button>
        </Group>
      </Form>
      <DatePresetLinks links={releasedPresetLinks(view, today)} />
    </Paper>
  );
}
