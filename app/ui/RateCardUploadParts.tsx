/**
 * The parts of the "Upload rate card" dialog (routes/_app.all-users.$id.rate-card.upload.tsx):
 * the verification errors and the preview of what the file changes.
 */
import { Alert, Box, Stack, Table, Text } from "@mantine/core";
import type { UploadChange, UploadError } from "~/services/ratecards/csv";

/** One changed value of the preview. */
export type UploadPreviewChange = Pick<UploadChange, "row" | "courier" | "priceType" | "delivery_type" | "column" | "old" | "new">;

const DELIVERY_SHORT = { express: "Express", surface: "Surface" } as const;

function errorTitle(e: UploadError): string | undefined {
  const parts = [e.row != null ? `Row ${e.row}` : null, e.column ? `Column "${e.column}"` : null].filter(Boolean);
  return parts.length ? parts.join(", ") : undefined;
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
        {errors.map((e, i) => (
          <Alert key={i} color="red" variant="light" p="xs" title={errorTitle(e)} styles={ALERT_TITLE_STYLES} data-testid="upload-error">
            {e.message}
          </Alert>
        ))}
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
