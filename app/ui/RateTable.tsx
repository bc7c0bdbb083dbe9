/**
 * The one rate table: courier rows with zone A–E base | additional prices and the COD,
 * surcharge, NDD and divisor columns. Used by client rate cards, segment rate cards and
 * plan rate cards. Editing (vp) is a plain form: the row's inputs belong to a form outside
 * the table through the `form` attribute, so it works without JavaScript.
 */
import { Anchor, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { RATE_FIELD_LABELS, ZONES, type CardRow, type RateField } from "~/services/ratecards/fields";

const ZONE_KEYS = ZONES.map((z) => z.key);
const zoneHeader = (z: (typeof ZONES)[number]) => `${z.name} '${z.label}'`;

const EXTRA_COLUMNS = ["cod_charge", "cod_percentage", "surcharge", "ndd_charge", "divisor"] as const;

export type RateTableRow = Pick<CardRow, "id" | "courier_name" | "is_active" | "version" | RateField>;

export type RateTableEditing = {
  rowId: number;
  formId: string;
  values: Partial<Record<RateField, string>>;
  errors: Partial<Record<RateField, string>>;
  cancelHref: string;
  /** Extra controls shown in the editing row's Operation cell (the Save button). */
  saveLabel?: string;
};

function Cell({ children }: { children: ReactNode }) {
  return <Table.Td style={{ whiteSpace: "nowrap", fontVariantNumeric: "tabular-nums" }}>{children}</Table.Td>;
}

function RateInput({ field, editing, row, label }: { field: RateField; editing: RateTableEditing; row: RateTableRow; label: string }) {
  const error = editing.errors[field];
  return (
    <TextInput
      form={editing.formId}
      name={field}
      aria-label={`${label} for ${row.courier_name}`}
      defaultValue={editing.values[field] ?? String(row[field])}
      error={error}
      inputMode="decimal"
      size="xs"
      w={field === "divisor" ? 72 : 76}
      styles={{ error: { whiteSpace: "normal", maxWidth: 90 } }}
    />
  );
}

export function RateTable({
  rows,
  operation,
  editing,
  editHref,
  rowLinks,
  caption,
}: {
  rows: RateTableRow[];
  /** Show the Operation column (vp only). */
  operation?: boolean;
  editing?: RateTableEditing | null;
  editHref?: (rowId: number) => string;
  /** Extra links for a row's Operation cell when it is not being edited (e.g. the weight slab edit). */
  rowLinks?: (row: RateTableRow) => { to: string; label: string; ariaLabel: string }[];
  caption: string;
}) {
  return (
    <div style={{ maxWidth: 1300, maxHeight: 500, overflow: "auto" }} tabIndex={0} role="region" aria-label={caption}>
      <Table striped withTableBorder withColumnBorders verticalSpacing={6} fz="sm" miw={1100} stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Courier</Table.Th>
            {operation ? <Table.Th>Operation</Table.Th> : null}
            {ZONES.map((z) => (
              <Table.Th key={z.key} style={{ whiteSpace: "nowrap" }}>
                {zoneHeader(z)}
                <Text size="xs" c="dimmed" fw={400}>
                  base | additional
                </Text>
              </Table.Th>
            ))}
            {EXTRA_COLUMNS.map((field) => (
              <Table.Th key={field} style={{ whiteSpace: "nowrap" }}>
                {RATE_FIELD_LABELS[field]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const isEditing = editing?.rowId === row.id;
            return (
              <Table.Tr key={row.id} data-testid="rate-row" data-courier={row.courier_name} data-editing={isEditing || undefined}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {row.courier_name}
                  {row.is_active ? null : (
                    <Text span size="xs" c="dimmed">
                      {" "}
                      (inactive)
                    </Text>
                  )}
                </Table.Td>
                {operation ? (
                  <Table.Td style={{ whiteSpace: "nowrap" }}>
                    {isEditing && editing ? (
                      <Group gap={6} wrap="nowrap">
                        <Button type="submit" form={editing.formId} size="compact-xs">
                          {editing.saveLabel ?? "Save"}
                        </Button>
                        <Anchor component={Link} to={editing.cancelHref} size="sm" preventScrollReset>
                          Cancel
                        </Anchor>
                      </Group>
                    ) : editing ? (
                      <Text span size="sm" c="dimmed" aria-disabled="true">
                        Edit
                      </Text>
                    ) : (
                      <Group gap={8} wrap="nowrap">
                        <Anchor component={Link} to={editHref?.(row.id) ?? "#"} size="sm" preventScrollReset aria-label={`Edit ${row.courier_name}`}>
                          Edit
                        </Anchor>
                        {rowLinks?.(row).map((l) => (
                          <Anchor key={l.to} component={Link} to={l.to} size="sm" preventScrollReset aria-label={l.ariaLabel}>
                            {l.label}
                          </Anchor>
                        ))}
                      </Group>
                    )}
                  </Table.Td>
                ) : null}
                {ZONE_KEYS.map((z) =>
                  isEditing && editing ? (
                    <Table.Td key={z}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <RateInput field={`zone_${z}_base`} editing={editing} row={row} label={RATE_FIELD_LABELS[`zone_${z}_base`]} />
                        <RateInput field={`zone_${z}_add`} editing={editing} row={row} label={RATE_FIELD_LABELS[`zone_${z}_add`]} />
                      </Group>
                    </Table.Td>
                  ) : (
                    <Cell key={z}>
                      {row[`zone_${z}_base`]} | {row[`zone_${z}_add`]}
                    </Cell>
                  ),
                )}
                {EXTRA_COLUMNS.map((field) =>
                  isEditing && editing ? (
                    <Table.Td key={field}>
                      <RateInput field={field} editing={editing} row={row} label={RATE_FIELD_LABELS[field]} />
                    </Table.Td>
                  ) : (
                    <Cell key={field}>{row[field]}</Cell>
                  ),
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </div>
  );
}
