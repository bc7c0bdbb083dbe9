/**
 * A courier service's package limits, edited by a vp on All Couriers (decision 071). The limits
 * are the service's, so the edit changes every client's quotes; it is audited on the client whose
 * page it was made from. The quote engine sees it on the next quote: an update of
 * courier_services moves the couriers stamp its cache is checked against (decision 008).
 */
import { and, eq, sql } from "drizzle-orm";

import { writeAudit } from "../audit/audit.server";
import type { CourierLimitsDetails } from "../audit/kinds";
import { can } from "../auth/permissions";
import { type Conflict, conflict, forbidden, notFound, type Result } from "../core/result";
import type { Db } from "../db/client.server";
import { clientCourierServices, courierServices } from "../db/schema";
import { transaction } from "../db/transaction.server";
import type { CourierSetupActor } from "./all-couriers.server";
import { type CourierLimitsInput, LIMITS_FORBIDDEN, LIMITS_NOT_FOUND, LIMITS_STALE } from "./courier-limits-form";

export type CourierLimits = CourierLimitsDetails;

export async function updateCourierLimits(
  db: Db,
  actor: CourierSetupActor,
  clientId: number,
  input: Pick<
    CourierLimitsInput,
    "courier_service_id" | "limits_version" | "max_dead_weight" | "max_chargeable_weight" | "max_side"
  >,
): Promise<
  Result<
    { changed: boolean; limits: CourierLimits },
    Conflict<CourierLimits> | ReturnType<typeof forbidden> | ReturnType<typeof notFound>
  >
> {
  if (!can(actor, "courier.limits")) return forbidden(LIMITS_FORBIDDEN);
  return transaction(db, async (tx) => {
    const [row] = await tx
      .select({
        courier_service: courierServices.name,
        max_dead_weight: courierServices.max_dead_weight,
        max_chargeable_weight: courierServices.max_chargeable_weight,
        max_side: courierServices.max_side,
        limits_version: courierServices.limits_version,
      })
      .from(courierServices)
      .innerJoin(clientCourierServices, eq(clientCourierServices.courier_service_id, courierServices.id))
      .where(and(eq(clientCourierServices.client_id, clientId), eq(courierServices.id, input.courier_service_id)))
      .for("update", { of: courierServices });
    if (!row) return notFound(LIMITS_NOT_FOUND);
    if (row.limits_version !== input.limits_version) return conflict(LIMITS_STALE, row);
    const same =
      Number(row.max_dead_weight) === Number(input.max_dead_weight) &&
      Number(row.max_chargeable_weight) === Number(input.max_chargeable_weight) &&
      Number(row.max_side) === Number(input.max_side);
    if (same) return { ok: true as const, changed: false, limits: row };
    const [updated] = await tx
      .update(courierServices)
      .set({
        max_dead_weight: input.max_dead_weight,
        max_chargeable_weight: input.max_chargeable_weight,
        max_side: input.max_side,
        limits_version: sql`${courierServices.limits_version} + 1`,
      })
      .where(eq(courierServices.id, input.courier_service_id))
      .returning({
        courier_service: courierServices.name,
        max_dead_weight: courierServices.max_dead_weight,
        max_chargeable_weight: courierServices.max_chargeable_weight,
        max_side: courierServices.max_side,
        limits_version: courierServices.limits_version,
      });
    await writeAudit(tx, actor, {
      clientId,
      entity: "courier_limits",
      entityId: input.courier_service_id,
      action: "update",
      oldValue: row,
      newValue: updated,
    });
    return { ok: true as const, changed: true, limits: updated };
  });
}
