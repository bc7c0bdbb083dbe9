/**
 * The parts of the "Upload rate card" dialog (routes/_app.all-users.$id.rate-card.upload.tsx):
 * the verification errors and the preview of what the file changes.
 */
import { Alert, Box, Table } from "@mantine/core";
import { Stack, Text } from "~/ui/layout";
import type { UploadChange, UploadError } from "~/services/ratecards/csv";

/** One changed value of the preview. */
export type UploadPreviewChange = Pick<UploadChange, "row" | "courier" | "priceType" | "delivery_type" | "column" | "old" | "new">;

const DELIVERY_SHORT = { express: "Express", surface: "Surface" } as const;

/**
 * An error as a title (where in the file) and a body (what is wrong), saying the location
 * once (issue 12 #7): the checker's messages start with it ('Row 3, "Zone A": …'), so the
 * body drops that prefix; a message that reads as one sentence from its location keeps it
 * and goes without a title.
 */
export function errorParts(e: Pick<UploadError, "row" | "column" | "message">): { title?: string; body: string } {
  const location = [e.row != null ? `Row ${e.row}` : null, e.column ? `Column "${e.column}"` : null].filter(Boolean).join(", ");
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

/** Spec §8: the verification errors as a list of red alerts in a 180 px high area. */
export function UploadErrors({ errors }: { errors: UploadError[] }) {
  return (
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
            <Alert key={i} color="red" variant="light" p="xs" title={title} styles={ALERT_TITLE_STYLES} data-testid="upload-error">
              {body}
            </Alert>
          );
        })}
      </Stack>
    </Box>
  );
}

export function UploadPreview({ result }: { result: { changes: UploadPreviewChange[] } }) {
  return (
    <Box data-testid="upload-preview" role="region" aria-label="Changes in the file" tabIndex={0} style={{ maxHeight: 320, overflow: "auto" }}>
      {result.changes.length === 0 ? (
        <Text size="sm">No changes</Text>
      ) : (
        <Table withTableBorder verticalSpacing={4} horizontalSpacing="xs" fz="xs" stickyHeader>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Row</Table.Th>
              <Table.Th>Courier</Table.Th>
              <Table.Th>Price type</Table.Th>
              <Table.Th>Column</Table.Th>
              <Table.Th>Old</Table.Th>
              <Table.Th>New</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.changes.map((c) => (
              <Table.Tr key={`${c.row}-${c.column}`} data-testid="upload-change">
                <Table.Td>{c.row}</Table.Td>
                <Table.Td>{c.courier}</Table.Td>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {c.priceType} · {DELIVERY_SHORT[c.delivery_type]}
                </Table.Td>
                <Table.Td>{c.column}</Table.Td>
                <Table.Td c="dimmed">
                  <s>{c.old}</s>
                </Table.Td>
                <Table.Td fw={700}>{c.new}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Box>
  );
}
