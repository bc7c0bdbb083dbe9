/** Settings staff may change without a deploy. */
import { jsonb, pgTable, text } from "drizzle-orm/pg-core";

/** Key/value settings staff may change without a deploy (e.g. FINANCE_APPROVER_EMAILS). */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
});
