/**
 * The rate card CSV: the download a person edits in a spreadsheet and uploads again
 * (docs/product.md §5, §7). One format for client and segment cards; the writer and the reader
 * are exact inverses, and verifyUpload enforces every upload rule of the spec before
 * anything is applied.
 *
 * Rows come in the order of sortCardRows (courier, then price type, then delivery type), so
 * the upload can be checked row by row against the card it was downloaded from.
 */
import {
  type DeliveryType,
  RATE_FIELDS,
  type RateField,
  type RateValues,
  type ShipmentType,
  ZONE_PRICE_LABELS,
} from "../core/rate-fields";
import { type Invalid, invalid, type Result } from "../core/result";
import { CsvSyntaxError, readCsv, writeCsv } from "../http/csv";
import { type CardRow, PER_COURIER_FIELDS, PRICE_TYPE_LABELS, sortCardRows } from "./fields";
import { formatKg, formatTwoDecimals, sameDecimal } from "./money";
import { normaliseRateValue } from "./row-form";

/** The CSV column of each price, in order after the six identity columns. */
export const CSV_PRICE_COLUMNS: Record<RateField, string> = {
  ...ZONE_PRICE_LABELS,
  cod_charge: "COD Minimum",
  cod_percentage: "COD Percent",
  surcharge: "Surcharge",
  ndd_charge: "NDD Charge",
  divisor: "Divisor",
};

/**
 * What names a row. A courier can have an express and a surface row of the same price type
 * and slabs, so "Delivery Type" is part of it: without it two such rows swapped in a
 * spreadsheet would verify, and each row's prices would land on the other.
 */
export const CSV_IDENTITY_COLUMNS = [
  "Seller Email",
  "Price Type",
  "Delivery Type",
  "Courier",
  "Base Weight",
  "Additional Weight",
] as const;

/** The "Delivery Type" cell (docs/product.md §3: delivery_type Express or Surface). */
export const CSV_DELIVERY_TYPES: Record<DeliveryType, string> = { express: "Express", surface: "Surface" };

export const CSV_COLUMNS: readonly string[] = [
  ...CSV_IDENTITY_COLUMNS,
  ...RATE_FIELDS.map((f) => CSV_PRICE_COLUMNS[f]),
];

/** The upload modal's instructions (docs/product.md §5), for the screen to list. */
export const UPLOAD_INSTRUCTIONS: readonly string[] = [
  "Do not add, remove, rename or reorder columns or rows.",
  "Do not change Seller Email, Price Type, Delivery Type, Courier, Base Weight or Additional Weight.",
  "Do not add or remove couriers.",
  "COD Percent, COD Minimum, NDD Charge and Divisor must be equal for a courier across price types.",
];

// ---------------------------------------------------------------------------------------
// The rate card file
// ---------------------------------------------------------------------------------------

export type CsvCard = {
  /** The client's e-mail, or a segment's name on segment cards. */
  sellerEmail: string;
  rows: readonly CardRow[];
};

function cellsOf(sellerEmail: string, row: CardRow): string[] {
  return [
    sellerEmail,
    PRICE_TYPE_LABELS[row.shipment_type],
    CSV_DELIVERY_TYPES[row.delivery_type],
    row.courier_name,
    formatKg(row.first_slab),
    formatKg(row.second_slab),
    ...RATE_FIELDS.map((f) => (f === "divisor" ? String(row.divisor) : formatTwoDecimals(row[f]))),
  ];
}

/** The whole card as CSV, every row (switched-off couriers too), in sortCardRows order. */
export function writeRateCardCsv(card: CsvCard): string {
  return writeCsv([CSV_COLUMNS, ...sortCardRows(card.rows).map((r) => cellsOf(card.sellerEmail, r))]);
}

export type UploadError = { row: number | null; column: string | null; message: string };

export type UploadChange = {
  /** The spreadsheet row (the header is row 1). */
  row: number;
  rowId: number;
  courier: string;
  courier_service_id: number;
  priceType: string;
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
  field: RateField;
  column: string;
  old: string;
  new: string;
};

export type UploadRow = {
  row: number;
  rowId: number;
  courier_service_id: number;
  courier: string;
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
  /** Normalised exact values ("32.50", divisor "5000"). */
  values: RateValues;
};

/** What a file that failed verification is answered with; the errors name each row and column. */
export const UPLOAD_NOT_VERIFIED =
  "The file did not pass verification. Correct these rows and verify again; nothing was changed.";

export type VerifyResult = Result<{ changes: UploadChange[]; rows: UploadRow[] }, Invalid<{ errors: UploadError[] }>>;

const notVerified = (errors: UploadError[]) => invalid(UPLOAD_NOT_VERIFIED, { errors });

/** More than this many errors is noise; the person fixes the first ones and verifies again. */
const MAX_ERRORS = 200;

const ROW_RULE = "do not add, remove or reorder rows";

function describeNumberRule(field: RateField): string {
  if (field === "divisor") return "a whole number above zero";
  if (field === "cod_percentage") return "a number from 0 to 100 with at most 2 decimals";
  return "a non-negative number with at most 2 decimals";
}

/**
 * Checks an uploaded file against the card it must have come from (docs/product.md §5): columns
 * unchanged in name and order; rows unchanged in count and order; Seller Email, Price Type,
 * Delivery Type, Courier, Base Weight and Additional Weight unchanged; no courier added or removed; COD
 * Percent, COD Minimum, NDD Charge and Divisor equal across price types for a courier;
 * every number valid. Errors name the spreadsheet row (header = row 1) and the column.
 */
export function verifyUpload(current: CsvCard, csvText: string): VerifyResult {
  const errors: UploadError[] = [];
  const fail = (row: number | null, column: string | null, message: string) => {
    if (errors.length < MAX_ERRORS) errors.push({ row, column, message });
  };

  let records: string[][];
  try {
    records = readCsv(csvText);
  } catch (e) {
    if (e instanceof CsvSyntaxError) return notVerified([{ row: e.row, column: null, message: e.message }]);
    throw e;
  }
  // Spreadsheets often leave blank lines at the end; they are not rows.
  while (records.length > 0 && records[records.length - 1].every((c) => c.trim() === "")) records.pop();
  if (records.length === 0) return notVerified([{ row: null, column: null, message: "The file is empty." }]);

  // Columns: same names, same order.
  const header = records[0].map((c) => c.trim());
  for (let i = 0; i < Math.max(header.length, CSV_COLUMNS.length); i++) {
    const want = CSV_COLUMNS[i];
    const got = header[i];
    if (want === undefined)
      fail(1, got, `Row 1: column ${i + 1} "${got}" is not part of the rate card; do not add columns.`);
    else if (got === undefined) fail(1, want, `Row 1: column ${i + 1} "${want}" is missing; do not remove columns.`);
    else if (got !== want)
      fail(1, want, `Row 1: column ${i + 1} must be "${want}" but is "${got}"; do not rename or reorder columns.`);
  }
  if (errors.length > 0) return notVerified(errors);

  const expected = sortCardRows(current.rows);
  const data = records.slice(1);
  const courierColumn = CSV_IDENTITY_COLUMNS.indexOf("Courier");

  // Couriers: none added, none removed.
  const cardCouriers = new Set(expected.map((r) => r.courier_name.trim().toLowerCase()));
  const fileCouriers = new Map<string, number>();
  data.forEach((cells, i) => {
    const name = (cells[courierColumn] ?? "").trim();
    if (!fileCouriers.has(name.toLowerCase())) fileCouriers.set(name.toLowerCase(), i + 2);
  });
  for (const [name, row] of fileCouriers) {
    if (!cardCouriers.has(name)) {
      const shown = data[row - 2][courierColumn]?.trim() ?? "";
      fail(row, "Courier", `Row ${row}, "Courier": "${shown}" is not in this rate card; do not add couriers.`);
    }
  }
  for (const r of expected) {
    const key = r.courier_name.trim().toLowerCase();
    if (!fileCouriers.has(key)) {
      fail(null, "Courier", `Courier "${r.courier_name}" is missing from the file; do not remove couriers.`);
      fileCouriers.set(key, -1); // report once
    }
  }

  if (data.length !== expected.length) {
    fail(null, null, `The file has ${data.length} rate rows but the rate card has ${expected.length}; ${ROW_RULE}.`);
    return notVerified(errors);
  }

  const rows: UploadRow[] = [];
  const changes: UploadChange[] = [];
  for (let i = 0; i < data.length; i++) {
    const cells = data[i];
    const card = expected[i];
    const rowNo = i + 2;
    if (cells.length !== CSV_COLUMNS.length) {
      fail(rowNo, null, `Row ${rowNo} has ${cells.length} cells but the rate card has ${CSV_COLUMNS.length} columns.`);
      continue;
    }
    const [email, priceType, deliveryType, courier, baseWeight, addWeight] = cells.map((c) => c.trim());
    const cardPriceType = PRICE_TYPE_LABELS[card.shipment_type];
    const cardDeliveryType = CSV_DELIVERY_TYPES[card.delivery_type];
    let identityOk = true;
    const mustStay = (column: string, want: string, got: string, same: boolean) => {
      if (same) return;
      identityOk = false;
      fail(
        rowNo,
        column,
        `Row ${rowNo}, "${column}": must stay "${want}" (found "${got}"); do not change it, and ${ROW_RULE}.`,
      );
    };
    mustStay(
      "Seller Email",
      current.sellerEmail,
      email,
      email.toLowerCase() === current.sellerEmail.trim().toLowerCase(),
    );
    mustStay("Price Type", cardPriceType, priceType, priceType.toLowerCase() === cardPriceType.toLowerCase());
    mustStay(
      "Delivery Type",
      cardDeliveryType,
      deliveryType,
      deliveryType.toLowerCase() === cardDeliveryType.toLowerCase(),
    );
    mustStay("Courier", card.courier_name, courier, courier.toLowerCase() === card.courier_name.trim().toLowerCase());
    mustStay("Base Weight", formatKg(card.first_slab), baseWeight, sameDecimal(baseWeight, card.first_slab));
    mustStay("Additional Weight", formatKg(card.second_slab), addWeight, sameDecimal(addWeight, card.second_slab));

    const values = {} as RateValues;
    let valuesOk = true;
    RATE_FIELDS.forEach((field, k) => {
      const column = CSV_PRICE_COLUMNS[field];
      const text = cells[CSV_IDENTITY_COLUMNS.length + k];
      const r = normaliseRateValue(field, text);
      if (!r.ok) {
        valuesOk = false;
        fail(
          rowNo,
          column,
          text.trim() === ""
            ? `Row ${rowNo}, "${column}": a value is required.`
            : `Row ${rowNo}, "${column}": "${text.trim()}" is not a valid number (${describeNumberRule(field)}).`,
        );
        return;
      }
      values[field] = r.value;
    });
    if (!identityOk || !valuesOk) continue;

    rows.push({
      row: rowNo,
      rowId: card.id,
      courier_service_id: card.courier_service_id,
      courier: card.courier_name,
      shipment_type: card.shipment_type,
      delivery_type: card.delivery_type,
      values,
    });
    for (const field of RATE_FIELDS) {
      const old = field === "divisor" ? String(card.divisor) : formatTwoDecimals(card[field]);
      if (values[field] !== old) {
        changes.push({
          row: rowNo,
          rowId: card.id,
          courier: card.courier_name,
          courier_service_id: card.courier_service_id,
          priceType: cardPriceType,
          shipment_type: card.shipment_type,
          delivery_type: card.delivery_type,
          field,
          column: CSV_PRICE_COLUMNS[field],
          old,
          new: values[field],
        });
      }
    }
  }

  // Per-courier terms: equal across price types.
  const byCourier = new Map<number, UploadRow[]>();
  for (const r of rows) {
    const list = byCourier.get(r.courier_service_id);
    if (list) list.push(r);
    else byCourier.set(r.courier_service_id, [r]);
  }
  for (const list of byCourier.values()) {
    if (list.length < 2) continue;
    for (const field of PER_COURIER_FIELDS) {
      const first = list[0].values[field];
      const odd = list.find((r) => r.values[field] !== first);
      if (!odd) continue;
      const column = CSV_PRICE_COLUMNS[field];
      const detail = list.map((r) => `row ${r.row}: ${r.values[field]}`).join(", ");
      fail(
        odd.row,
        column,
        `Row ${odd.row}, "${column}": must be equal for ${list[0].courier} across price types (${detail}). COD Percent, COD Minimum, NDD Charge and Divisor must be equal for a courier across price types.`,
      );
    }
  }

  if (errors.length > 0) return notVerified(errors);
  return { ok: true, changes, rows };
}
