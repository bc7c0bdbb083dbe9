/**
 * An Advantage plan's card rows (`plan_rate_rows`, decision 009): the plan's defaults or a
 * client's own copy, the card as the shared row edit sees it, and the first edit's copy of the
 * defaults — used by the plan tab's edits and by a scheduled plan change when it takes effect
 * (scheduled.server.ts here, decision 076). It lives with the rate cards, which the advantage
 * area builds on, so that the scheduler needs nothing of advantage/.
 */
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { type AdvantagePlanName, PLAN_LABELS, PLAN_TYPE_OF } from "../core/plans";
import type { Executor, Tx } from "../db/client.server";
import { courierServices, planRateRows } from "../db/schema";
import { type CardRow, sortCardRows } from "./fields";
import type { EditableCard } from "./row-edit.server";

function planCardColumns() {
  return {
    id: planRateRows.id,
    courier_service_id: planRateRows.courier_service_id,
    courier_name: courierServices.name,
    // A plan card lists every courier that takes part in the plan.
    is_active: sql<boolean>`true`,
    shipment_type: planRateRows.shipment_type,
    delivery_type: planRateRows.delivery_type,
    first_slab: planRateRows.first_slab,
    second_slab: planRateRows.second_slab,
    zone_a_base: planRateRows.zone_a_base,
    zone_a_add: planRateRows.zone_a_add,
    zone_b_base: planRateRows.zone_b_base,
    zone_b_add: planRateRows.zone_b_add,
    zone_c_base: planRateRows.zone_c_base,
    zone_c_add: planRateRows.zone_c_add,
    zone_d_base: planRateRows.zone_d_base,
    zone_d_add: planRateRows.zone_d_add,
    zone_e_base: planRateRows.zone_e_base,
    zone_e_add: planRateRows.zone_e_add,
    cod_charge: planRateRows.cod_charge,
    cod_percentage: planRateRows.cod_percentage,
    surcharge: planRateRows.surcharge,
    ndd_charge: planRateRows.ndd_charge,
    divisor: planRateRows.divisor,
    version: planRateRows.version,
  };
}

/** The plan's default rows (clientId null) or a client's own copy. */
export async function planRows(
  db: Executor,
  plan: AdvantagePlanName,
  clientId: number | null,
  where?: SQL,
): Promise<CardRow[]> {
  const rows = await db
    .select(planCardColumns())
    .from(planRateRows)
    .innerJoin(courierServices, eq(courierServices.id, planRateRows.courier_service_id))
    .where(
      and(
        eq(planRateRows.plan, plan),
        clientId === null ? isNull(planRateRows.client_id) : eq(planRateRows.client_id, clientId),
        where,
      ),
    );
  return sortCardRows(rows);
}

export async function hasOwnPlanRows(db: Executor, plan: AdvantagePlanName, clientId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: planRateRows.id })
    .from(planRateRows)
    .where(and(eq(planRateRows.plan, plan), eq(planRateRows.client_id, clientId)))
    .limit(1);
  return !!row;
}

/** A client's copy of a plan card, for the shared row edit (same checks, COD terms, audit and e-mail as a client card). */
export function planCard(plan: AdvantagePlanName, clientId: number): EditableCard {
  return {
    clientId,
    table: planRateRows,
    rows: (tx, where) => planRows(tx, plan, clientId, where),
    audit: { entity: "plan_rate_row", context: { plan } },
    mail: { kind: "plan_rate", note: `Pickrr Advantage ${PLAN_LABELS[PLAN_TYPE_OF[plan]]} plan.` },
  };
}

/** First edit: the plan's default rows become the client's own (exclusive) copy, audited once. */
export async function copyPlanDefaults(
  tx: Tx,
  actor: AuditActor,
  plan: AdvantagePlanName,
  clientId: number,
): Promise<number> {
  const copied = await tx.execute(sql`
    insert into ${planRateRows} (plan, client_id, courier_service_id, shipment_type, delivery_type, first_slab, second_slab,
      zone_a_base, zone_a_add, zone_b_base, zone_b_add, zone_c_base, zone_c_add, zone_d_base, zone_d_add, zone_e_base, zone_e_add,
      cod_charge, cod_percentage, surcharge, ndd_charge, divisor)
    select plan, ${clientId}, courier_service_id, shipment_type, delivery_type, first_slab, second_slab,
      zone_a_base, zone_a_add, zone_b_base, zone_b_add, zone_c_base, zone_c_add, zone_d_base, zone_d_add, zone_e_base, zone_e_add,
      cod_charge, cod_percentage, surcharge, ndd_charge, divisor
    from ${planRateRows} where plan = ${plan} and client_id is null
    returning id`);
  const rows = (copied as unknown as { rows: unknown[] }).rows.length;
  await writeAudit(tx, actor, {
    clientId,
    entity: "plan_rate_card",
    entityId: plan,
    action: "copy_defaults",
    oldValue: { plan, plan_type: "default", apply_default: true },
    newValue: { plan, plan_type: "exclusive", apply_default: false, rows },
  });
  return rows;
}
