/**
 * The one audit writer. Call it with the transaction that makes the change so the audit
 * row and the change commit or roll back together.
 */
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";

export type AuditActor = { id: number | null; email: string; role: string };

export type AuditEntry = {
  clientId?: number | null;
  entity: string;
  entityId?: string | number | null;
  action: string;
  oldValue?: unknown;
  newValue?: unknown;
};

/** Accepts the database or a transaction (drizzle transactions share the query API). */
type Executor = Pick<Db, "insert">;

export async function writeAudit(tx: Executor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    staff_id: actor.id,
    staff_email: actor.email,
    staff_role: actor.role,
    client_id: entry.clientId ?? null,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    action: entry.action,
    old_value: entry.oldValue ?? null,
    new_value: entry.newValue ?? null,
  });
}
