/**
 * The parts of the "Upload rate card" dialog (routes/_app.all-users.$id.rate-card.upload.tsx):
 * the verification errors and the preview of what the file changes.
 */
import "./small-table.css";

import { Alert, Box } from "@mantine/core";

import type { UploadChange, UploadError } from "~/services/ratecards/csv";
import { Stack, Text } from "~/ui/layout";

import { EffectiveFromField } from "./ScheduledRateChanges";

/** One changed value of the preview. */
export type UploadPreviewChange = Pick<
  UploadChange,
  "row" | "courier" | "priceType" | "delivery_type" | "column" | "old" | "new"
>;

const DELIVERY_SHORT = { express: "Express", surface: "Surface" } as const;

/**
 * An error as a title (where in the file) and a body (what is wrong), saying the location
 * once: the checker's messages start with it ('Row 3, "Zone A": …'), so the
 * body drops that prefix; a message that reads as one sentence from its location keeps it
 * and goes without a title.
 */
export function errorParts(e: Pick<UploadError, "row" | "column" | "message">): { title?: string; body: string } {
  const location = [e.row != null ? `Row ${e.row}` : null, e.column ? `Column "${e.column}"` : null]
    .filter(Boolean)
    .join(", ");
  if (!location) return { body: e.message };
  const prefix = /^Row \d+(?:, "[^"]*")?: /.exec(e.message);
  if (prefix) {
    const rest = e.message.slice(prefix[0].length);
    return { title: location, body: rest.charAt(0).toUpperCase() + rest.slice(1) };
  }
  if (/^Row \d+\b/.test(e.message)) return { body: e.message };
  return { title: location, body: e.message };
}

/** Mantine's light red title (red-6 on red-light) fails WCAG AA contrast; red-9 passes. */
const ALERT_TITLE_STYLES = { title: { color: "var(--mantine-color-red-9)" } };

/** docs/product.md §8: the verification errors as a list of red alerts in a 180 px high area. */
export function UploadErrors({ summary, errors }: { summary: string | null; errors: UploadError[] }) {
  // The summary heads the rows, not an alert of its own (each row is one): one problem is one alert (decision 070).
  return (
    <>
      {summary ? (
        <Text size="sm" c="red.9" data-testid="upload-summary">
          {summary}
        </Text>
      ) : null}
      <Box
        data-testid="upload-errors"
        role="region"
        aria-label="Verification errors"
        tabIndex={0}
        style={{ height: 180, overflowY: "auto", flexShrink: 0 }}
      >
        <Stack gap={6}>
          {errors.map((e, i) => {
            const { title, body } = errorParts(e);
            return (
              <Alert
                key={i}
                color="red"
                variant="light"
                p="xs"
                title={title}
                styles={ALERT_TITLE_STYLES}
                data-testid="upload-error"
              >
                {body}
              </Alert>
            );
          })}
        </Stack>
      </Box>
    </>
  );
}

export function UploadPreview({ result }: { result: { changes: UploadPreviewChange[] } }) {
  return (
    <Box
      data-testid="upload-preview"
      role="region"
      aria-label="Changes in the file"
      tabIndex={0}
      style={{ maxHeight: 320, overflow: "auto" }}
    >
      {result.changes.length === 0 ? (
        <Text size="sm">No changes</Text>
      ) : (
        <table
          className="small-table small-table-bordered small-table-compact small-table-xs small-table-sticky"
          aria-label="Changes in the file"
        >
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Courier</th>
              <th scope="col">Price type</th>
              <th scope="col">Column</th>
              <th scope="col">Old</th>
              <th scope="col">New</th>
            </tr>
          </thead>
          <tbody>
            {result.changes.map((c) => (
              <tr key={`${c.row}-${c.column}`} data-testid="upload-change">
                <td>{c.row}</td>
                <td>{c.courier}</td>
                <td className="nowrap">
                  {c.priceType} · {DELIVERY_SHORT[c.delivery_type]}
                </td>
                <td>{c.column}</td>
                <td className="cell-dimmed">
                  <s>{c.old}</s>
                </td>
                <td className="cell-strong">{c.new}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Box>
  );
}

/** The upload's Submit fields: the verified text travelling back, its name, the card token, and "Effective from" (decision 075). */
export function UploadSubmitFields({
  result,
  effectiveFromError,
}: {
  result: { fileName: string; cardToken: string; csvText: string };
  /** Submit's refusal of the time chosen (the preview is shown again). */
  effectiveFromError?: string | null;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="submit" />
      <input type="hidden" name="fileName" value={result.fileName} />
      <input type="hidden" name="cardToken" value={result.cardToken} />
      <textarea name="csvText" hidden readOnly defaultValue={result.csvText} />
      <EffectiveFromField error={effectiveFromError} />
    </>
  );
}
