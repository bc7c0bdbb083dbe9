/**
 * Legal documents published to sellers and the sellers' acceptances (decision 028, docs/product.md §3
 * "Legal document"). The PDF itself is a stored_files row (decision 021).
 */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { clients } from "./clients";
import { storedFiles } from "./files";
import { staff } from "./staff";

export const legalDocuments = pgTable(
  "legal_documents",
  {
    id: serial("id").primaryKey(),
    /** agreement, privacy_policy, other. */
    doc_name: text("doc_name").notNull(),
    /** broadcast (every seller of the segment) or specific (one seller by e-mail). */
    doc_type: text("doc_type").notNull(),
    /** The customer segment '1' … '3'. */
    segment: text("segment").notNull(),
    /** The addressed seller's e-mail (specific only), lower case. */
    email: text("email"),
    /** The addressed seller (specific only), resolved from the e-mail at publishing. */
    client_id: integer("client_id").references(() => clients.id),
    /** Who a version replaces: `segment:2` or `email:someone@example.com` with the doc_name. */
    audience: text("audience").notNull(),
    description: text("description").notNull(),
    /** In force from this date (India). */
    publish_at: date("publish_at", { mode: "string" }).notNull(),
    /** mandatory or optional. */
    order_blocking: text("order_blocking").notNull(),
    /** The acceptance period (mandatory only); expiry = publish_at + days. */
    days: integer("days"),
    /** 1, 2, … per doc_name and audience; older versions stay readable. */
    version: integer("version").notNull(),
    file_id: integer("file_id")
      .notNull()
      .references(() => storedFiles.id),
    file_name: text("file_name").notNull(),
    created_by: integer("created_by").references(() => staff.id),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Withdrawn by legal (decision 061): never in force again, the audience's previous version is
     * in force from that moment; the row and its PDF stay readable, with who, when and why.
     */
    withdrawn_at: timestamp("withdrawn_at", { withTimezone: true }),
    withdrawn_by: text("withdrawn_by"),
    withdrawn_reason: text("withdrawn_reason"),
  },
  (t) => [
    uniqueIndex("legal_documents_version_idx").on(t.doc_name, t.audience, t.version),
    index("legal_documents_audience_idx").on(t.audience, t.publish_at),
    check(
      "legal_documents_days_check",
      sql`(${t.order_blocking} = 'mandatory') = (${t.days} is not null) and (${t.days} is null or ${t.days} >= 1)`,
    ),
    check(
      "legal_documents_withdrawn_check",
      sql`(${t.withdrawn_at} is null) = (${t.withdrawn_by} is null) and (${t.withdrawn_at} is null) = (${t.withdrawn_reason} is null)`,
    ),
  ],
);

/**
 * The deadline reminders sent (decision 062): one row per document, seller and kind ('3d' three
 * days before the deadline, '1d' one day before), written with the e-mail in one transaction, so
 * a reminder goes out once whatever runs the job (the primary key is the backstop).
 */
export const legalReminders = pgTable(
  "legal_reminders",
  {
    document_id: integer("document_id")
      .notNull()
      .references(() => legalDocuments.id),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** The deadline the reminder named (the document's expiry date). */
    deadline: date("deadline", { mode: "string" }).notNull(),
    sent_at: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.document_id, t.client_id, t.kind] }),
    check("legal_reminders_kind_check", sql`${t.kind} in ('3d', '1d')`),
  ],
);

export const legalAcceptances = pgTable(
  "legal_acceptances",
  {
    document_id: integer("document_id")
      .notNull()
      .references(() => legalDocuments.id),
    client_id: integer("client_id")
      .notNull()
      .references(() => clients.id),
    /** The document's version at acceptance (a document row is one version; kept for the record). */
    version: integer("version").notNull(),
    accepted_by: text("accepted_by").notNull(),
    ip: text("ip"),
    accepted_at: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.document_id, t.client_id] }), index("legal_acceptances_client_idx").on(t.client_id)],
);

/**
 * Each seller's Legal Status as the writes that change it left it (decision 036): what the
 * Legal Status page shows, searches, sorts and filters by, so a page reads this table alone (an
 * index read). Computed by the page's rules (legal/status.server.ts) when publishing,
 * accepting, a client's segment or e-mail changing, by the keeper on the IST day a document
 * comes into force, and by `npm run legal:rebuild-status`. Every client has a row: a trigger on
 * `clients` (migration 0018) adds one, marked stale, for a new client, marks it stale when its
 * e-mail or segment changes, and copies a new name or company name.
 */
export const legalSellerStatus = pgTable(
  "legal_seller_status",
  {
    client_id: integer("client_id")
      .primaryKey()
      .references(() => clients.id, { onDelete: "cascade" }),
    /** The client as the page shows and searches it (name and company copied by the trigger too). */
    name: text("name").notNull(),
    email: text("email").notNull(),
    company_name: text("company_name").notNull(),
    /** The customer segment '1' … '3' (business_data.tin_number), null when none. */
    segment: text("segment"),
    /**
     * What the search matches: name and e-mail, lower case, on two lines (a search has no line
     * break, so `search LIKE lower('%q%')` is `name ILIKE '%q%' OR email ILIKE '%q%'`, which
     * PostgreSQL evaluates by lower-casing both sides too) — one LIKE a row instead of two ILIKEs.
     */
    search: text("search").generatedAlwaysAs(sql`lower(name || chr(10) || email)`),
    /** Documents in force for the seller, and how many of them it accepted. */
    in_force: integer("in_force").notNull(),
    accepted: integer("accepted").notNull(),
    /** '1' every document in force accepted, '0' one or more not, null when none is in force. */
    status: text("status"),
    /** The documents in force, oldest id first, with the acceptance time (ISO, UTC) or null. */
    docs: jsonb("docs")
      .$type<{ id: number; doc_name: string; version: number; accepted_at: string | null }[]>()
      .notNull(),
    /**
     * The IST days the row holds for: [valid_from, valid_until) — the newest publish date of the
     * seller's documents on or before the day it was computed, and the next one after it (null:
     * no such document). Outside them a document came into force (or the reader is in the past).
     */
    valid_from: date("valid_from", { mode: "string" }),
    valid_until: date("valid_until", { mode: "string" }),
    /** Not computed since the client was added or its e-mail or segment changed outside the services. */
    stale: boolean("stale").notNull().default(false),
    refreshed_at: timestamp("refreshed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("legal_seller_status_page_idx").on(t.status, t.name, t.client_id),
    index("legal_seller_status_name_idx").on(t.name, t.client_id),
    index("legal_seller_status_valid_until_idx").on(t.valid_until),
    index("legal_seller_status_valid_from_idx").on(t.valid_from),
    index("legal_seller_status_stale_idx")
      .on(t.stale)
      .where(sql`${t.stale}`),
  ],
);
