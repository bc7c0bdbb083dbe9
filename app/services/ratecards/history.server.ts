/** The audit history of a client's rate changes: its card and its Advantage plans (docs/product.md §2.5 "History", §2.6). */
import { and, count, desc, eq, inArray } from "drizzle-orm";

import { RATE_AUDIT_ENTITIES, ROW_ENTITIES } from "../audit/kinds";
import { isPlanName } from "../core/plans";
import { type DeliveryType, type ShipmentType } from "../core/rate-fields";
import type { Db } from "../db/client.server";
import { auditLog } from "../db/schema";
import type { DescribedEntry } from "./describe";

/** Keys of a row entry that name the row rather than a changed field. */
const CONTEXT_KEYS = new Set(["plan", "courier", "courier_service_id", "shipment_type", "delivery_type"]);

/** One entry of the history; what it says to a reader is describe.ts's (and advantage/describe.ts's). */
export type RateHistoryEntry = DescribedEntry & {
  id: number;
  at: Date;
  staff: { id: number | null; email: string; role: string };
  entityId: string | null;
};

/** The audit history of a client's rate changes, newest first, paginated. */
export async function rateChangeHistory(
  db: Db,
  clientId: number,
  opts: { page?: number; perPage?: number } = {},
): Promise<{ entries: RateHistoryEntry[]; total: number; page: number; pageCount: number; perPage: number }> {
  const perPage = Math.min(100, Math.max(1, Math.floor(opts.perPage ?? 20)));
  const where = and(eq(auditLog.client_id, clientId), inArray(auditLog.entity, [...RATE_AUDIT_ENTITIES]));
  const [{ total }] = await db.select({ total: count() }).from(auditLog).where(where);
  const pageCount = Math.max(1, Math.ceil(total / perPage));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), pageCount);
  const rows = await db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(perPage)
    .offset((page - 1) * perPage);
  const entries = rows.map((r): RateHistoryEntry => {
    const oldV = (r.old_value ?? null) as Record<string, unknown> | null;
    const newV = (r.new_value ?? null) as Record<string, unknown> | null;
    const ctx = newV ?? oldV ?? {};
    const isRow = ROW_ENTITIES.has(r.entity);
    const plan =
      r.entity === "plan_rate_row"
        ? ctx.plan
        : r.entity === "rate_row" || r.entity === "rate_card"
          ? null
          : r.entity_id;
    const keys = isRow
      ? [...new Set([...Object.keys(oldV ?? {}), ...Object.keys(newV ?? {})])].filter((k) => !CONTEXT_KEYS.has(k))
      : [];
    return {
      id: r.id,
      at: r.at,
      staff: { id: r.staff_id, email: r.staff_email, role: r.staff_role },
      entity: r.entity,
      entityId: r.entity_id,
      action: r.action,
      plan: isPlanName(plan) ? plan : null,
      courier: isRow ? ((ctx.courier as string) ?? null) : null,
      shipment_type: isRow ? ((ctx.shipment_type as ShipmentType) ?? null) : null,
      delivery_type: isRow ? ((ctx.delivery_type as DeliveryType) ?? null) : null,
      changes: keys.map((k) => ({ field: k, old: oldV?.[k] ?? null, new: newV?.[k] ?? null })),
      details: isRow ? null : newV,
    };
  });
  return { entries, total, page, pageCount, perPage };
}
