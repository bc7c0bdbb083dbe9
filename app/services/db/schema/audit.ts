/** The audit log. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One audit writer for every change to money, rates, plans, rules, access or legal state. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staff_id: integer("staff_id"),
    staff_email: text("staff_email").notNull(),
    staff_role: text("staff_role").notNull(),
    client_id: integer("client_id"),
    entity: text("entity").notNull(),
    entity_id: text("entity_id"),
    action: text("action").notNull(),
    old_value: jsonb("old_value"),
    new_value: jsonb("new_value"),
  },
  (t) => [index("audit_log_client_idx").on(t.client_id, t.at), index("audit_log_entity_idx").on(t.entity, t.entity_id)],
);
