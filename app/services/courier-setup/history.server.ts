/**
 * The History view of the Courier Rules tab: the client's courier activations, selection type
 * changes and custom priority and Pickrr Select rule changes, newest first, each old → new as
 * the audit recorded them (JSON; long lists shortened for reading).
 */
import { and, desc, eq, inArray } from "drizzle-orm";
import { COURIER_SETUP_AUDIT_ENTITIES } from "../audit/kinds";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";

export type CourierRuleHistoryEntry = {
  id: number;
  at: string;
  who: string;
  what: string;
  old: string;
  next: string;
};

const ENTITY_LABELS: Record<string, string> = {
  courier_activation: "Courier",
  rule_type: "Selection type",
  custom_rule: "Custom priority rule",
  select_rule: "Pickrr Select rule",
};
const SHOWN_CHARS = 600;
const IST = new Intl.DateTimeFormat("en-IN", {
  timeZone: "Asia/Kolkata",
  dateStyle: "medium",
  timeStyle: "short",
});

/** A value as JSON, lists of more than 10 items shortened to their first 10 and a count. */
export function shortJson(value: unknown): string {
  if (value === null || value === undefined) return "—";
  const text = JSON.stringify(value, (_k, v: unknown) => (Array.isArray(v) && v.length > 10 ? [...v.slice(0, 10), `… ${v.length - 10} more`] : v));
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

export async function courierRuleHistory(db: Db, clientId: number, limit = 100): Promise<CourierRuleHistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...COURIER_SETUP_AUDIT_ENTITIES])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({
    id: r.id,
    at: IST.format(r.at),
    who: `${r.staff_email} (${r.staff_role})`,
    what: `${ENTITY_LABELS[r.entity] ?? r.entity} · ${r.action.replace(/_/g, " ")}`,
    old: shortJson(r.old_value),
    next: shortJson(r.new_value),
  }));
}
