/** Parts of the client rate card screen (docs/product.md §2 "Courier-wise plan"): the uploaded card's list, the empty card's hint. */
import { Alert, Anchor } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ComponentProps, ReactNode } from "react";

import { istDateTimeLabel } from "~/services/clients/dates";
import { countOf } from "~/services/core/plural";
import { Group, Paper, Stack, Text, Title } from "~/ui/layout";
import { RateTable, type RateTableRow } from "~/ui/RateTable";

type Upload = { at: Date | string; file_name: string; row_count: number; uploaded_by: { name: string } | null };

/**
 * A card last changed by an upload, shown as one list of every row, as in the file. `table`:
 * the row edit props (the Operation column, the row being edited, its links).
 */
export function UploadedRateCard({
  uploaded,
  panelsHref,
  showAll,
  showAllLink,
  alerts,
  table,
}: {
  uploaded: { rows: RateTableRow[]; lastUpload: Upload | null };
  panelsHref: string;
  showAll: boolean;
  showAllLink: ReactNode;
  alerts: ReactNode;
  table: Pick<ComponentProps<typeof RateTable>, "operation" | "editing" | "editHref" | "rowLinks">;
}) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Uploaded rate card
        </Title>
        {uploaded.lastUpload ? (
          <Text size="sm" c="dimmed">
            {uploaded.lastUpload.file_name} · {countOf(uploaded.lastUpload.row_count, "row", "rows")} · uploaded{" "}
            {istDateTimeLabel(uploaded.lastUpload.at)}
            {uploaded.lastUpload.uploaded_by ? ` by ${uploaded.lastUpload.uploaded_by.name}` : ""}
          </Text>
        ) : null}
        <Text size="sm" data-testid="uploaded-explanation">
          This card was last changed by uploading a file, so it is shown as one list of every row, as in the file.{" "}
          <Anchor component={Link} size="sm" to={panelsHref}>
            Show it as slab panels
          </Anchor>
        </Text>
        <Group justify="flex-end">{showAllLink}</Group>
        {alerts}
        {uploaded.rows.length === 0 ? (
          <Text size="sm" c="dimmed">
            No {showAll ? "" : "active "}couriers on this rate card.
          </Text>
        ) : (
          <RateTable
            rows={uploaded.rows}
            caption="Uploaded rate card"
            identity="full"
            operation={table.operation}
            editing={table.editing}
            editHref={table.editHref}
            rowLinks={table.rowLinks}
          />
        )}
      </Stack>
    </Paper>
  );
}

/** A card with no rates: where to start (applying a segment's card, for a role that may: `applySegmentHref`). */
export function EmptyCardAlert({ applySegmentHref }: { applySegmentHref: string | null }) {
  return (
    <Alert color="blue" title="No rates on this card yet" data-testid="empty-card">
      {applySegmentHref ? (
        <>
          Start from a segment&apos;s rate card:{" "}
          <Anchor component={Link} to={applySegmentHref} size="sm">
            Apply segment
          </Anchor>
          , then adjust the prices you need.
        </>
      ) : (
        "A vp or avp can apply a segment's rate card to start it."
      )}
    </Alert>
  );
}
