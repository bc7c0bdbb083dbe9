/** Quotes kept as they were made, for the merchant and for staff to share (decision 073). */
import { sql } from "drizzle-orm";
import { check, date, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

import { clients } from "./clients";
import { staff } from "./staff";

/**
 * A Rate Calculator quote as it was made: the calculator's input and the whole result (every
 * courier's price and EDD, the chargeable-weight working, the rate-card version), so the quote's
 * page and PDF read only this row and never change when the rates do. `document` is
 * quote/saved-quote.ts's SavedQuoteDocument (its `format` says which shape).
 */
export const savedQuotes = pgTable(
  "saved_quotes",
  {
    id: serial("id").primaryKey(),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    created_by: integer("created_by").references(() => staff.id, { onDelete: "set null" }),
    created_by_email: text("created_by_email").notNull(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The calculator's fields as submitted (the Rate Calculator's query), to quote again at today's rates. */
    input: jsonb("input").$type<Record<string, string>>().notNull(),
    document: jsonb("document").$type<Record<string, unknown>>().notNull(),
    /** The client's rate-card version the prices come from (ratecards/version.server.ts). */
    rate_card_version: integer("rate_card_version").notNull(),
    /** Last day (IST) the prices hold. */
    valid_until: date("valid_until", { mode: "string" }).notNull(),
  },
  (t) => [
    index("saved_quotes_client_idx").on(t.client_id, t.id),
    check("saved_quotes_rate_card_version_positive", sql`${t.rate_card_version} > 0`),
  ],
);
