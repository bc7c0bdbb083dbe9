/**
 * The one audit writer. Call it with the transaction that makes the change so the audit
 * row and the change commit or roll back together.
 */
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";
import type { AuditDetails, AuditEntity } from "./kinds";

export type AuditActor = { id: number | null; email: string; role: string };

/** One audit row: the entity's kind decides the shape of its old and new values (kinds.ts). */
export type AuditEntry<E extends AuditEntity = AuditEntity> = {
  clientId?: number | null;
  entity: E;
  entityId?: string | number | null;
  action: string;
  oldValue?: AuditDetails[E] | null;
  newValue?: AuditDetails[E] | null;
};

/** Accepts the database or a transaction (drizzle transactions share the query API). */
type Executor = Pick<Db, "insert">;

export async function writeAudit<E extends AuditEntity>(
  tx: Executor,
  actor: AuditActor,
  entry: AuditEntry<E>,
): Promise<void> {
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
