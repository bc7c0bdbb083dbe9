/**
 * The one rate table: courier rows with zone A–E base | additional prices and the COD,
 * surcharge, NDD and divisor columns. Used by client rate cards, segment rate cards and
 * plan rate cards. Editing (vp) is a plain form: the row's inputs belong to a form outside
 * the table through the `form` attribute, so it works without JavaScript.
 */
import { Button, Group, TextInput } from "@mantine/core";
import { Link } from "@remix-run/react";
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
  // Plain table markup with classes from app.css: the read-only rows are most of a card
  // (hundreds on a big one), and Mantine's Table/Anchor components tripled the HTML and the
  // server render time. Only the row being edited uses Mantine inputs.
  return (
    <div className="rate-table-scroll" tabIndex={0} role="region" aria-label={caption}>
      <table className="rate-table">
        <thead>
          <tr>
            <th>Courier</th>
            {operation ? <th>Operation</th> : null}
            {ZONES.map((z) => (
              <th key={z.key}>
                {zoneHeader(z)}
                <span className="rate-table-sub">base | additional</span>
              </th>
            ))}
            {EXTRA_COLUMNS.map((field) => (
              <th key={field}>{RATE_FIELD_LABELS[field]}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const isEditing = editing?.rowId === row.id;
            return (
              <tr key={row.id} data-testid="rate-row" data-courier={row.courier_name} data-editing={isEditing || undefined}>
                <td>
                  {row.courier_name}
                  {row.is_active ? null : <span className="rate-table-muted"> (inactive)</span>}
                </td>
                {operation ? (
                  <td>
                    {isEditing && editing ? (
                      <Group gap={6} wrap="nowrap">
                        <Button type="submit" form={editing.formId} size="compact-xs">
                          {editing.saveLabel ?? "Save"}
                        </Button>
                        <Link className="rate-table-link" to={editing.cancelHref} preventScrollReset>
                          Cancel
                        </Link>
                      </Group>
                    ) : editing ? (
                      <span className="rate-table-muted" aria-disabled="true">
                        Edit
                      </span>
                    ) : (
                      <span className="rate-table-ops">
                        <Link className="rate-table-link" to={editHref?.(row.id) ?? "#"} preventScrollReset aria-label={`Edit ${row.courier_name}`}>
                          Edit
                        </Link>
                        {rowLinks?.(row).map((l) => (
                          <Link key={l.to} className="rate-table-link" to={l.to} preventScrollReset aria-label={l.ariaLabel}>
                            {l.label}
                          </Link>
                        ))}
                      </span>
                    )}
                  </td>
                ) : null}
                {ZONE_KEYS.map((z) =>
                  isEditing && editing ? (
                    <td key={z}>
                      <Group gap={4} wrap="nowrap" align="flex-start">
                        <RateInput field={`zone_${z}_base`} editing={editing} row={row} label={RATE_FIELD_LABELS[`zone_${z}_base`]} />
                        <RateInput field={`zone_${z}_add`} editing={editing} row={row} label={RATE_FIELD_LABELS[`zone_${z}_add`]} />
                      </Group>
                    </td>
                  ) : (
                    <td key={z} className="num">
                      {row[`zone_${z}_base`]} | {row[`zone_${z}_add`]}
                    </td>
                  ),
                )}
                {EXTRA_COLUMNS.map((field) =>
                  isEditing && editing ? (
                    <td key={field}>
                      <RateInput field={field} editing={editing} row={row} label={RATE_FIELD_LABELS[field]} />
                    </td>
                  ) : (
                    <td key={field} className="num">
                      {row[field]}
                    </td>
                  ),
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
