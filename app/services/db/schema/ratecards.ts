/** Rate cards: the rows of client and segment cards, and each accepted upload. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import type { AdvantagePlanName } from "../../core/plans";
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

/**
 * A rate change scheduled to take effect at a time (decision 075): the row changes it makes, in
 * the one shape every rate change has (ratecards/changes.ts RowChange: row id or key, and per
 * field the old value the scheduler saw and the new one), who scheduled it and when. The job
 * (ratecards/scheduled.server.ts) applies it once when due; a row edited in between is refused,
 * never overwritten. `kind` is the change's audit action ("update", "upload", "apply_segment" …),
 * so its audit rows and e-mail read as the immediate change's do.
 */
export const scheduledRateChanges = pgTable(
  "scheduled_rate_changes",
  {
    id: serial("id").primaryKey(),
    /** The client's courier-wise card, or (with `plan`) the client's card of that Advantage plan; null for a segment card. */
    client_id: integer("client_id").references(() => clients.id, { onDelete: "cascade" }),
    /** An Advantage plan's card of the client (plan_rate_rows), decision 075 amended by 076. */
    plan: text("plan").$type<AdvantagePlanName>(),
    /** A segment card (rate_rows of that segment), decision 076. */
    segment: integer("segment"),
    kind: text("kind").notNull(),
    mail_kind: text("mail_kind").notNull(),
    note: text("note"),
    /** The card-wide change's audit details (upload, apply_segment, rto_from_forward), or null. */
    details: jsonb("details"),
    changes: jsonb("changes").notNull(),
    effective_at: timestamp("effective_at", { withTimezone: true }).notNull(),
    status: text("status").$type<"pending" | "applied" | "cancelled">().notNull().default("pending"),
    scheduled_by: integer("scheduled_by").references(() => staff.id),
    scheduled_by_email: text("scheduled_by_email").notNull(),
    scheduled_by_role: text("scheduled_by_role").notNull(),
    scheduled_at: timestamp("scheduled_at", { withTimezone: true }).notNull().defaultNow(),
    /** When it was applied or cancelled, and by whom (the job: the scheduler). */
    closed_at: timestamp("closed_at", { withTimezone: true }),
    closed_by_email: text("closed_by_email"),
    /** Applied: how many row changes were applied and which were refused (with why). */
    outcome: jsonb("outcome"),
  },
  (t) => [
    check("scheduled_rate_changes_status", sql`${t.status} in ('pending', 'applied', 'cancelled')`),
    // One card: a client's (courier-wise, or a plan's with `plan`) or a segment's, never both.
    check(
      "scheduled_rate_changes_one_card",
      sql`(${t.client_id} is null) <> (${t.segment} is null) and (${t.plan} is null or ${t.client_id} is not null)`,
    ),
    // The job's "due now" and a quote's "due by then for this client" read only pending rows.
    index("scheduled_rate_changes_due_idx")
      .on(t.effective_at)
      .where(sql`${t.status} = 'pending'`),
    index("scheduled_rate_changes_segment_idx")
      .on(t.segment, t.effective_at)
      .where(sql`${t.status} = 'pending' and ${t.segment} is not null`),
    index("scheduled_rate_changes_client_idx")
      .on(t.client_id, t.effective_at)
      .where(sql`${t.status} = 'pending'`),
  ],
);
