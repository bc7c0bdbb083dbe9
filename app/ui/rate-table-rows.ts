/**
 * The read-only rows of the rate table (RateTable.tsx) as HTML text.
 *
 * A card's read-only rows are most of its page (a 200-row card has 2,600 cells) and they
 * have no state and no event handlers of their own: their links are plain anchors that the
 * table's one click handler turns into client-side navigations. Building them as a string
 * costs a tenth of rendering them as React elements, on the server and in the browser alike
 * (docs/decisions/012-rate-rows-as-html.md). Every value is escaped here.
 */
import type { RateField } from "~/services/core/rate-fields";
import { ZONE_COLUMNS } from "~/services/core/zones";
import { type CardRow, DELIVERY_TYPE_LABELS, PRICE_TYPE_LABELS } from "~/services/ratecards/fields";
import { formatKg } from "~/services/ratecards/money";

import { escapeHtml } from "./html";

/** What a table row needs; the identity fields only where a column shows them. */
export type RateTableRow = Pick<CardRow, "id" | "courier_name" | "is_active" | "version" | RateField> &
  Partial<Pick<CardRow, "shipment_type" | "delivery_type" | "first_slab" | "second_slab">>;

export type RowLink = { to: string; label: string; ariaLabel: string };

export type RowsHtmlOptions = {
  /** A Price Type column (the RTO tab, the uploaded-card list). */
  priceType: boolean;
  /** Delivery Type, Base Weight and Additional Weight columns (the uploaded-card list). */
  full: boolean;
  /** The Operation column (vp). */
  operation: boolean;
  /** Another row is being edited: Edit is shown disabled, with no links. */
  editingAnother: boolean;
  editHref?: (rowId: number) => string;
  rowLinks?: (row: RateTableRow) => RowLink[];
};

export const ZONE_KEYS = ZONE_COLUMNS.map((z) => z.key);
export const EXTRA_COLUMNS = ["cod_charge", "cod_percentage", "surcharge", "ndd_charge", "divisor"] as const;

/** What a person reads to tell a row apart ("Forward RTO", "Reverse RTO · Surface"). */
function rowLabel(row: Pick<RateTableRow, "shipment_type" | "delivery_type">): string {
  return [
    row.shipment_type ? PRICE_TYPE_LABELS[row.shipment_type] : null,
    row.delivery_type ? DELIVERY_TYPE_LABELS[row.delivery_type] : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

/** The courier, with the price type (and delivery type in the full list) where rows share a courier. */
function rowWho(row: RateTableRow, opts: Pick<RowsHtmlOptions, "priceType" | "full">): string {
  const label = opts.priceType ? rowLabel(opts.full ? row : { shipment_type: row.shipment_type }) : "";
  return label ? `${row.courier_name} (${label})` : row.courier_name;
}

/** The texts of the identity cells after the courier: Price Type; Delivery Type and the slabs. */
export function identityCells(row: RateTableRow, opts: Pick<RowsHtmlOptions, "priceType" | "full">): string[] {
  const cells: string[] = [];
  if (opts.priceType) cells.push(row.shipment_type ? PRICE_TYPE_LABELS[row.shipment_type] : "");
  if (opts.full) {
    cells.push(row.delivery_type ? DELIVERY_TYPE_LABELS[row.delivery_type] : "");
    cells.push(row.first_slab ? `${formatKg(row.first_slab)} KG` : "");
    cells.push(row.second_slab ? `${formatKg(row.second_slab)} KG` : "");
  }
  return cells;
}

function operationCellHtml(row: RateTableRow, opts: RowsHtmlOptions): string {
  if (opts.editingAnother) return `<td><span class="rate-table-muted" aria-disabled="true">Edit</span></td>`;
  const links = [
    { to: opts.editHref?.(row.id) ?? "#", label: "Edit", ariaLabel: `Edit ${rowWho(row, opts)}` },
    ...(opts.rowLinks?.(row) ?? []),
  ];
  const anchors = links.map(
    (l) =>
      `<a class="rate-table-link" href="${escapeHtml(l.to)}" aria-label="${escapeHtml(l.ariaLabel)}">${escapeHtml(l.label)}</a>`,
  );
  return `<td><span class="rate-table-ops">${anchors.join("")}</span></td>`;
}

/** One read-only row. */
export function rowHtml(row: RateTableRow, opts: RowsHtmlOptions): string {
  const courier = escapeHtml(row.courier_name);
  let html = `<tr data-testid="rate-row" data-courier="${courier}"`;
  if (opts.priceType && row.shipment_type) html += ` data-shipment-type="${escapeHtml(row.shipment_type)}"`;
  html += `><td>${courier}${row.is_active ? "" : `<span class="rate-table-muted"> (inactive)</span>`}</td>`;
  for (const cell of identityCells(row, opts)) html += `<td>${escapeHtml(cell)}</td>`;
  if (opts.operation) html += operationCellHtml(row, opts);
  for (const z of ZONE_KEYS)
    html += `<td>${escapeHtml(row[`zone_${z}_base`])} | ${escapeHtml(row[`zone_${z}_add`])}</td>`;
  for (const f of EXTRA_COLUMNS) html += `<td>${escapeHtml(row[f])}</td>`;
  return `${html}</tr>`;
}

export function rowsHtml(rows: readonly RateTableRow[], opts: RowsHtmlOptions): string {
  let html = "";
  for (const row of rows) html += rowHtml(row, opts);
  return html;
}
