/**
 * The one rate table: courier rows with zone A–E base | additional prices and the COD,
 * surcharge, NDD and divisor columns. Used by client rate cards, segment rate cards and
 * plan rate cards. Editing (vp) is a plain form: the row's inputs belong to a form outside
 * the table through the `form` attribute, so it works without JavaScript.
 */
import { Button, TextInput } from "@mantine/core";
import type { ReactNode } from "react";
import { useField } from "remix-validated-form";

import type { RateField } from "~/services/core/rate-fields";
import { ZONE_COLUMNS } from "~/services/core/zones";
import { RATE_FIELD_LABELS } from "~/services/ratecards/fields";
import { Group } from "~/ui/layout";

import {
  EXTRA_COLUMNS,
  identityCells,
  type RateTableRow,
  type RowLink,
  rowsHtml,
  type RowsHtmlOptions,
  ZONE_KEYS,
} from "./rate-table-rows";
import { useRowLinkNavigation } from "./useRowLinkNavigation";

export type { RateTableRow } from "./rate-table-rows";

const zoneHeader = (z: (typeof ZONE_COLUMNS)[number]) => `${z.name} '${z.label}'`;

/**
 * Which columns tell rows apart besides the courier: none (one shipment and delivery type
 * per panel), the price type (the RTO tab holds Forward RTO and Reverse RTO rows), or the
 * full identity (the uploaded-card list, one table for the whole card).
 */
export type RateTableIdentity = "courier" | "price-type" | "full";

export type RateTableEditing = {
  rowId: number;
  formId: string;
  values: Partial<Record<RateField, string>>;
  errors: Partial<Record<RateField, string>>;
  cancelHref: string;
  /** Extra controls shown in the editing row's Operation cell (the Save button). */
  saveLabel?: string;
  /**
   * The edit form is a remix-validated-form: inputs report their field errors on blur and on
   * submit in the browser (instant validation), and the server's errors without JavaScript.
   */
  validated?: boolean;
  /**
   * A refusal of this row's edit (refused fields, someone else's change), shown in a row of its
   * own right under the inputs (decision 070): given the table's column count, it answers
   * a `NoticeRow` or nothing.
   */
  notice?: (columns: number) => ReactNode;
};

/** The id of the row being edited: a post that may be refused returns to it (`#rate-row-editing`). */
export const EDITING_ROW_ID = "rate-row-editing";

/** The id of a rate input of the row being edited ("Keep editing" leads to it). */
export const rateInputId = (field: RateField) => `rate-edit-${field}`;

function RateInputView({
  field,
  editing,
  row,
  label,
  error,
  inputProps,
}: {
  field: RateField;
  editing: RateTableEditing;
  row: RateTableRow;
  label: string;
  error?: string;
  inputProps?: Record<string, unknown>;
}) {
  return (
    <TextInput
      form={editing.formId}
      id={rateInputId(field)}
      name={field}
      aria-label={`${label} for ${row.courier_name}`}
      defaultValue={editing.values[field] ?? String(row[field])}
      error={error}
      inputMode="decimal"
      size="xs"
      w={field === "divisor" ? 72 : 76}
      styles={{ error: { whiteSpace: "normal", maxWidth: 90 } }}
      {...inputProps}
    />
  );
}

/** An input of a remix-validated-form: client-side errors as the person types, the server's otherwise. */
function ValidatedRateInput(props: { field: RateField; editing: RateTableEditing; row: RateTableRow; label: string }) {
  const { error, getInputProps } = useField(props.field, { formId: props.editing.formId });
  const { name: _name, defaultValue: _default, ...inputProps } = getInputProps();
  return <RateInputView {...props} error={error ?? props.editing.errors[props.field]} inputProps={inputProps} />;
}

function RateInput(props: { field: RateField; editing: RateTableEditing; row: RateTableRow; label: string }) {
  if (props.editing.validated) return <ValidatedRateInput {...props} />;
  return <RateInputView {...props} error={props.editing.errors[props.field]} />;
}

/** The row being edited: Mantine inputs that belong to the edit form, a Save button and Cancel. */
function EditingRow({ row, editing, opts }: { row: RateTableRow; editing: RateTableEditing; opts: RowsHtmlOptions }) {
  return (
    <tr
      data-testid="rate-row"
      data-courier={row.courier_name}
      data-shipment-type={opts.priceType ? row.shipment_type : undefined}
      data-editing
      id={EDITING_ROW_ID}
    >
      <td>
        {row.courier_name}
        {row.is_active ? null : <span className="rate-table-muted"> (inactive)</span>}
      </td>
      {identityCells(row, opts).map((text, i) => (
        <td key={i}>{text}</td>
      ))}
      {opts.operation ? (
        <td>
          <Group gap={6} wrap="nowrap">
            <Button type="submit" form={editing.formId} size="compact-xs">
              {editing.saveLabel ?? "Save"}
            </Button>
            <a className="rate-table-link" href={editing.cancelHref}>
              Cancel
            </a>
          </Group>
        </td>
      ) : null}
      {ZONE_KEYS.map((z) => (
        <td key={z}>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <RateInput
              field={`zone_${z}_base`}
              editing={editing}
              row={row}
              label={RATE_FIELD_LABELS[`zone_${z}_base`]}
            />
            <RateInput field={`zone_${z}_add`} editing={editing} row={row} label={RATE_FIELD_LABELS[`zone_${z}_add`]} />
          </Group>
        </td>
      ))}
      {EXTRA_COLUMNS.map((field) => (
        <td key={field}>
          <RateInput field={field} editing={editing} row={row} label={RATE_FIELD_LABELS[field]} />
        </td>
      ))}
    </tr>
  );
}

/**
 * Read-only rows as one HTML string (rate-table-rows.ts). `shifted` keeps the stripes in
 * step when the rows before the editing row are an odd number.
 */
function StaticRows({
  rows,
  opts,
  shifted,
}: {
  rows: readonly RateTableRow[];
  opts: RowsHtmlOptions;
  shifted?: boolean;
}) {
  if (rows.length === 0) return null;
  return (
    <tbody
      className={shifted ? "rate-rows-shifted" : undefined}
      dangerouslySetInnerHTML={{ __html: rowsHtml(rows, opts) }}
    />
  );
}

/** A row under the row being edited, across the whole table, holding a refusal of its edit. */
export function NoticeRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr className="rate-row-notice" data-testid="rate-row-notice">
      <td colSpan={columns}>
        <div className="rate-row-notice-body">{children}</div>
      </td>
    </tr>
  );
}

/** How many columns a row has (a notice row spans them all). */
function columnCount(opts: RowsHtmlOptions): number {
  return (
    1 +
    (opts.priceType ? 1 : 0) +
    (opts.full ? 3 : 0) +
    (opts.operation ? 1 : 0) +
    ZONE_KEYS.length +
    EXTRA_COLUMNS.length
  );
}

export function RateTable({
  rows,
  operation,
  editing,
  editHref,
  rowLinks,
  caption,
  identity = "courier",
}: {
  rows: RateTableRow[];
  /** Show the Operation column (vp only). */
  operation?: boolean;
  editing?: RateTableEditing | null;
  editHref?: (rowId: number) => string;
  /** Extra links for a row's Operation cell when it is not being edited (e.g. the weight slab edit). */
  rowLinks?: (row: RateTableRow) => RowLink[];
  caption: string;
  identity?: RateTableIdentity;
}) {
  const followLink = useRowLinkNavigation("a.rate-table-link", { keepScroll: true });
  const priceType = identity !== "courier";
  const full = identity === "full";
  const opts: RowsHtmlOptions = {
    priceType,
    full,
    operation: Boolean(operation),
    editingAnother: Boolean(editing),
    editHref,
    rowLinks,
  };
  const editIndex = editing ? rows.findIndex((r) => r.id === editing.rowId) : -1;
  return (
    // The click is delegated: each row's link is the keyboard path; this only follows it in the app.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <div
      className="rate-table-scroll"
      tabIndex={0}
      role="region"
      aria-label={caption}
      onClick={followLink}
      data-testid="rate-table"
    >
      <table className="rate-table" aria-label={caption}>
        <thead>
          <tr>
            <th>Courier</th>
            {priceType ? <th>Price Type</th> : null}
            {full ? (
              <>
                <th>Delivery Type</th>
                <th>Base Weight</th>
                <th>Additional Weight</th>
              </>
            ) : null}
            {operation ? <th>Operation</th> : null}
            {ZONE_COLUMNS.map((z) => (
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
        {editing && editIndex >= 0 ? (
          <>
            <StaticRows rows={rows.slice(0, editIndex)} opts={opts} />
            <tbody className={editIndex % 2 === 1 ? "rate-rows-shifted" : undefined}>
              <EditingRow row={rows[editIndex]} editing={editing} opts={opts} />
              {editing.notice?.(columnCount(opts))}
            </tbody>
            <StaticRows rows={rows.slice(editIndex + 1)} opts={opts} shifted={editIndex % 2 === 0} />
          </>
        ) : (
          <StaticRows rows={rows} opts={opts} />
        )}
      </table>
    </div>
  );
}
