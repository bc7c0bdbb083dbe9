/** A client's account set-up history: each audited change, field by field (issue 18 "appears in the client's History"). */
import { and, desc, eq, inArray } from "drizzle-orm";
import { ACCOUNT_AUDIT_ENTITIES } from "../audit/kinds";
import type { Executor } from "../db/client.server";
import { auditLog } from "../db/schema";

export const ACCOUNT_ENTITY_LABELS: Record<(typeof ACCOUNT_AUDIT_ENTITIES)[number], string> = {
  kyc: "KYC Details",
  business_details: "Business Details",
  pickrr_config: "Pickrr Configuration",
  wallet_config: "Wallet Configuration",
  auth_token: "API token",
};

const ACTION_LABELS: Record<string, string> = { submit: "Submitted", update: "Updated", unlock_bank: "Bank details unlocked", reveal: "Revealed", rotate: "Rotated" };

export type AccountHistoryEntry = {
  id: number;
  at: string;
  staff: string;
  section: string;
  action: string;
  changes: { field: string; old: string; next: string }[];
};

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "boolean" ? (v ? "Yes" : "No") : String(v));

export async function accountHistory(db: Executor, clientId: number, limit = 30): Promise<AccountHistoryEntry[]> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...ACCOUNT_AUDIT_ENTITIES])))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => {
    const oldV = (r.old_value ?? {}) as Record<string, unknown>;
    const newV = (r.new_value ?? {}) as Record<string, unknown>;
    const fields = [...new Set([...Object.keys(oldV), ...Object.keys(newV)])];
    return {
      id: r.id,
      at: r.at.toISOString(),
      staff: `${r.staff_email} (${r.staff_role})`,
      section: ACCOUNT_ENTITY_LABELS[r.entity as keyof typeof ACCOUNT_ENTITY_LABELS] ?? r.entity,
      action: ACTION_LABELS[r.action] ?? r.action,
      changes: fields.map((f) => ({ field: f, old: show(oldV[f]), next: show(newV[f]) })),
    };
  });
}
