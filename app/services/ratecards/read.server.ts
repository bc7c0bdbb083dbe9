/**
 * Reading rate cards (docs/product.md §2–§3, §7 fetch-user-courier-wise-ratecard,
 * fetch-segment-wise-ratecard, download-rate-card, download-segment-ratecard-csv): a
 * client's courier-wise card, the three segment cards, and both as the CSV the upload accepts.
 */
import { and, eq, inArray, type SQL, sql, type SQLWrapper } from "drizzle-orm";

import { isSegment, RATE_FIELDS, type Segment, SHIPMENT_TYPES } from "../core/rate-fields";
import type { Db, Executor } from "../db/client.server";
import { preparedSql } from "../db/prepared.server";
import { clientCourierServices, clients, courierServices, rateCardUploads, rateRows, staff } from "../db/schema";
import { writeRateCardCsv } from "./csv";
import { type CardRow, type RateTab, SEGMENT_NAMES, sortCardRows, TAB_OF_SHIPMENT_TYPE } from "./fields";
import { buildRateCardPanels, type RateCardPanels } from "./panels";

/**
 * The card's rows as one JSON text: PGlite decodes a wide result row by row in JavaScript
 * (≈ 70 µs per 24-column row), while one text value is a single copy and a native
 * JSON.parse — four times faster for a 200-row card, and no slower on PostgreSQL. Each row is
 * an array in CARD_ROW_FIELDS order, not an object (no key written per value): the big demo
 * card's Forward tab is 10.8 KB of text instead of 25.8 to build, copy between threads and
 * parse (the query alone 1.36 → 1.04 ms on PGlite; the whole read, paired, 1.66 → 1.61 ms).
 * Numeric columns are cast to text so the exact decimal strings ("32.00") survive.
 */
function cardRowFields(isActive: SQL): [keyof CardRow, SQLWrapper][] {
  const text = (c: SQLWrapper) => sql`${c}::text`;
  return [
    ["id", rateRows.id],
    ["courier_service_id", rateRows.courier_service_id],
    ["courier_name", courierServices.name],
    ["is_active", isActive],
    ["shipment_type", rateRows.shipment_type],
    ["delivery_type", rateRows.delivery_type],
    ["first_slab", text(rateRows.first_slab)],
    ["second_slab", text(rateRows.second_slab)],
    ...RATE_FIELDS.filter((f) => f !== "divisor").map((f): [keyof CardRow, SQLWrapper] => [f, text(rateRows[f])]),
    ["divisor", rateRows.divisor],
    ["version", rateRows.version],
  ];
}
/** The position of each value in a row's array. */
const CARD_ROW_FIELDS = cardRowFields(sql`false`).map(([name]) => name);

function cardRowsJson(isActive: SQL, from: SQL, where: SQL | undefined): SQL {
  const values = sql.join(
    cardRowFields(isActive).map(([, value]) => sql`${value}`),
    sql`, `,
  );
  return sql`select coalesce(json_agg(json_build_array(${values})), '[]')::text as rows ${from}${where ? sql` where ${where}` : sql``}`;
}

/** The rows of cardRowsJson's text, as objects, in sortCardRows order. */
function parseCardRows(text: string): CardRow[] {
  const rows = (JSON.parse(text) as unknown[][]).map((values) => {
    const row: Record<string, unknown> = {};
    for (let i = 0; i < CARD_ROW_FIELDS.length; i++) row[CARD_ROW_FIELDS[i]] = values[i];
    return row as CardRow;
  });
  return sortCardRows(rows);
}

async function readCardRows(db: Executor, query: SQL): Promise<CardRow[]> {
  const result = await db.execute(query);
  const [first] = result.rows as { rows: string }[];
  return parseCardRows(first.rows);
}

function clientCardRowsQuery(clientId: number | SQLWrapper, where?: SQL): SQL {
  const from = sql`from ${rateRows}
    inner join ${courierServices} on ${courierServices.id} = ${rateRows.courier_service_id}
    left join ${clientCourierServices} on ${clientCourierServices.client_id} = ${rateRows.client_id}
      and ${clientCourierServices.courier_service_id} = ${rateRows.courier_service_id}`;
  return cardRowsJson(
    sql`coalesce(${clientCourierServices.is_active}, false)`,
    from,
    and(eq(rateRows.client_id, clientId), where),
  );
}

/** A client's rows, the courier switched on or off per client_courier_services (off when not switched on at all). */
export async function clientCardRows(db: Executor, clientId: number, where?: SQL): Promise<CardRow[]> {
  return readCardRows(db, clientCardRowsQuery(clientId, where));
}

export async function segmentCardRows(db: Executor, segment: Segment): Promise<CardRow[]> {
  const from = sql`from ${rateRows} inner join ${courierServices} on ${courierServices.id} = ${rateRows.courier_service_id}`;
  return readCardRows(db, cardRowsJson(sql`true`, from, eq(rateRows.segment, segment)));
}

export type RateCardUpload = {
  id: number;
  at: Date;
  file_name: string;
  row_count: number;
  uploaded_by: { id: number; name: string; email: string } | null;
};

export type ClientRateCard = {
  clientId: number;
  /** The client's e-mail: the CSV's Seller Email. */
  sellerEmail: string;
  /** Every row (switched-off couriers too), in sortCardRows order. */
  rows: CardRow[];
  /** Tabs → delivery types → panels; only active couriers unless showAll. */
  panels: RateCardPanels;
  showAll: boolean;
  /** docs/product.md §2: when the client has an uploaded rate card list, that view replaces the tabs. */
  hasUploadedRateCard: boolean;
  lastUpload: RateCardUpload | null;
};

/** A client's courier-wise rate card, or null when there is no such client. */
export async function getClientRateCard(
  db: Db,
  clientId: number,
  opts: {
    showAll?: boolean;
    /**
     * Only the rows of this tab (what a page shows), unless the client has an uploaded card
     * (whose list view needs every row). `rows` and `panels` then hold that tab alone.
     */
    onlyTab?: RateTab;
  } = {},
): Promise<ClientRateCard | null> {
  if (!Number.isSafeInteger(clientId) || clientId <= 0) return null;
  // Built once per tab (decision 051): the client is a placeholder.
  const query = preparedSql(db, `client-rate-card:${opts.onlyTab ?? "all"}`, () => {
    const id = sql.placeholder("clientId");
    const tabFilter = opts.onlyTab
      ? sql`(${inArray(
          rateRows.shipment_type,
          SHIPMENT_TYPES.filter((t) => TAB_OF_SHIPMENT_TYPE[t] === opts.onlyTab),
        )}
          OR EXISTS (SELECT 1 FROM ${rateCardUploads} WHERE ${rateCardUploads.client_id} = ${id}))`
      : undefined;
    // One round trip: the client, its latest upload and its rows (a page view pays for each query).
    const lastUploadJson = sql`(select json_build_object('id', ${rateCardUploads.id}, 'at', ${rateCardUploads.at}, 'file_name', ${rateCardUploads.file_name},
        'row_count', ${rateCardUploads.row_count}, 'staff_id', ${staff.id}, 'staff_name', ${staff.name}, 'staff_email', ${staff.email})::text
      from ${rateCardUploads} left join ${staff} on ${staff.id} = ${rateCardUploads.uploaded_by}
      where ${rateCardUploads.client_id} = ${clients.id}
      order by ${rateCardUploads.at} desc, ${rateCardUploads.id} desc limit 1)`;
    return sql`select ${clients.email} as email, ${lastUploadJson} as last_upload, (${clientCardRowsQuery(id, tabFilter)}) as rows
        from ${clients} where ${clients.id} = ${id}`;
  });
  const result = await query.execute({ clientId });
  const [client] = result.rows as { email: string; last_upload: string | null; rows: string }[];
  if (!client) return null;
  const rows = parseCardRows(client.rows);
  const u = client.last_upload
    ? (JSON.parse(client.last_upload) as {
        id: number;
        at: string;
        file_name: string;
        row_count: number;
        staff_id: number | null;
        staff_name: string | null;
        staff_email: string | null;
      })
    : null;
  const showAll = opts.showAll ?? false;
  return {
    clientId,
    sellerEmail: client.email,
    rows,
    panels: buildRateCardPanels(rows, { showAll }),
    showAll,
    hasUploadedRateCard: !!u,
    lastUpload: u
      ? {
          id: u.id,
          at: new Date(u.at),
          file_name: u.file_name,
          row_count: u.row_count,
          uploaded_by: u.staff_id != null ? { id: u.staff_id, name: u.staff_name!, email: u.staff_email! } : null,
        }
      : null,
  };
}

export type SegmentRateCard = { segment: Segment; name: string; rows: CardRow[]; panels: RateCardPanels };

/** A segment's card over every courier service (all shown: segments have no switched-off couriers). */
export async function getSegmentRateCard(db: Db, segment: Segment): Promise<SegmentRateCard | null> {
  if (!isSegment(segment)) return null;
  const rows = await segmentCardRows(db, segment);
  return { segment, name: SEGMENT_NAMES[segment], rows, panels: buildRateCardPanels(rows, { showAll: true }) };
}

/** The client's card as the CSV the upload accepts (download → edit → upload round-trips). */
export async function clientRateCardCsv(db: Db, clientId: number): Promise<{ fileName: string; csv: string } | null> {
  const card = await getClientRateCard(db, clientId, { showAll: true });
  if (!card) return null;
  return {
    fileName: `ratecard_${card.sellerEmail.replace(/[^a-z0-9]+/gi, "_")}.csv`,
    csv: writeRateCardCsv({ sellerEmail: card.sellerEmail, rows: card.rows }),
  };
}

export async function segmentRateCardCsv(db: Db, segment: Segment): Promise<{ fileName: string; csv: string } | null> {
  const card = await getSegmentRateCard(db, segment);
  if (!card) return null;
  return {
    fileName: `segment_${segment}_ratecard.csv`,
    csv: writeRateCardCsv({ sellerEmail: card.name, rows: card.rows }),
  };
}
