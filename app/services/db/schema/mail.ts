/** The e-mail outbox. */
import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/**
 * The e-mail outbox: a message is written in the same transaction as the change it reports
 * and delivered after commit, with retries (app/services/mail/outbox.server.ts).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: serial("id").primaryKey(),
    to: jsonb("to").$type<string[]>().notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    /** Files sent with the message (Finance Analytics' .xlsx, decision 031), base64 in JSON. */
    attachments: jsonb("attachments").$type<{ filename: string; content_type: string; base64: string }[]>(),
    created_at: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    next_attempt_at: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp("sent_at", { withTimezone: true }),
    last_error: text("last_error"),
    delivered_ref: text("delivered_ref"),
  },
  (t) => [
    index("mail_outbox_due_idx")
      .on(t.next_attempt_at)
      .where(sql`${t.sent_at} is null`),
  ],
);
