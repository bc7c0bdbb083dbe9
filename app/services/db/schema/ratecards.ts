/** Rate cards: the rows of client and segment cards, and each accepted upload. */
import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { SEGMENTS } from "../../core/rate-fields";
import { clients } from "./clients";
import { rateRowChecks, rateRowColumns } from "./rate-row";
import { staff } from "./staff";

/**
 * One line of a rate card (docs/product.md §3), in the rate-row columns (rate-row.ts). A card is
 * owned by a client or by a segment (0, 1, 2), never both.
 */
export const rateRows = pgTable(
  "rate_rows",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    segment: integer("segment"),
    ...rateRowColumns(),
  },
  (t) => [
    check("rate_rows_one_owner", sql`(${t.client_id} is null) <> (${t.segment} is null)`),
    check("rate_rows_segment_range", sql`${t.segment} in ${sql.raw(`(${SEGMENTS.join(", ")})`)}`),
    ...rateRowChecks("rate_rows", t),
    // NULL owners never collide in a plain unique index, so each owner kind gets its own.
    // The client one also serves "all rows of client X" (it leads with client_id).
    uniqueIndex("rate_rows_client_key")
      .on(t.client_id, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.client_id} is not null`),
    uniqueIndex("rate_rows_segment_key")
      .on(t.segment, t.courier_service_id, t.shipment_type, t.delivery_type)
      .where(sql`${t.segment} is not null`),
  ],
);

/**
 * Each accepted rate card upload. A client with at least one has "an uploaded rate card
 * list" (docs/product.md §2), which switches the client's rate card screen to the uploaded-card view.
 */
export const rateCardUploads = pgTable(
  "rate_card_uploads",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    uploaded_by: integer("uploaded_by").references(() => staff.id),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    row_count: integer("row_count").notNull(),
    file_name: text("file_name").notNull(),
  },
  (t) => [index("rate_card_uploads_client_idx").on(t.client_id, t.at)],
);
