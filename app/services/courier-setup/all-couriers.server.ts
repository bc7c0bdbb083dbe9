/**
 * The All Couriers tab's data and its one action, one function per spec call (docs/product.md §7):
 *
 *   GET  /rule-engine/fetch-active-bl-user-courier-list/  → fetchActiveBlUserCourierList
 *   POST /rule-engine/activate-bl-user-courier/           → activateBlUserCourier
 *
 * fm_count / lm_count and each courier's serviceable pincode count are counted by PostgreSQL
 * over courier_serviceability (never the rows in JS), and kept in memory under the table's
 * `data_versions` stamp (decision 008): any change to serviceability gives a new stamp.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { can } from "../auth/permissions";
import { BoundedMap } from "../core/bounded-map";
import { forbidden, notFound, type Result } from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db, Executor } from "../db/client.server";
import { clientCourierServices, couriers, courierServices, rateRows } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { enqueueMail } from "../mail/outbox.server";
import { hierarchyEmails } from "../ratecards/notify.server";
import {
  countCouriers,
  type CourierCounts,
  type CourierEntry,
  type CourierFilter,
  filterCouriers,
  groupCouriers,
  type RateSummary,
  type ServiceRow,
} from "./all-couriers";

export type CourierSetupActor = AuditActor & { id: number; role: StaffRole };

export type AllCouriersData = {
  fm_count: number;
  lm_count: number;
  counts: CourierCounts;
  courier_list: CourierEntry[];
};

/**
 * Serviceability counts per stamp: per brand (lm pincodes: one entry per courier brand of the
 * database, dropped with the stamp), and fm/lm unions per set of brands, at most MAX_UNIONS of
 * them, the least recently used going first (decision 084).
 */
type CountCache = {
  stamp: string;
  byBrand: Map<number, number>;
  unions: BoundedMap<string, { fm: number; lm: number }>;
};
const countCaches = new WeakMap<object, CountCache>();
export const MAX_UNIONS = 2000;

/** For tests: the union counts kept for `db` (keys: the active brand ids, sorted, comma-separated). */
export const cachedUnionCounts = (db: Db) => countCaches.get(db)?.unions;

async function serviceabilityCounts(db: Db, brandIds: readonly number[], activeBrandIds: readonly number[]) {
  const stamp = await db.execute<{ v: string | null }>(
    sql`select version::text as v from data_versions where name = 'serviceability'`,
  );
  const version = stamp.rows[0]?.v ?? "0";
  let cache = countCaches.get(db);
  if (!cache || cache.stamp !== version) {
    cache = { stamp: version, byBrand: new Map(), unions: new BoundedMap(MAX_UNIONS) };
    countCaches.set(db, cache);
  }
  const missing = brandIds.filter((id) => !cache.byBrand.has(id));
  if (missing.length > 0) {
    const rows = await db.execute<{ courier_id: number; n: number }>(sql`
      select courier_id, count(*)::int as n from courier_serviceability
      where lm_delivery and courier_id in ${sql.raw(`(${missing.map(Number).join(",")})`)} group by courier_id`);
    for (const id of missing) cache.byBrand.set(id, 0);
    for (const r of rows.rows) cache.byBrand.set(Number(r.courier_id), Number(r.n));
  }
  const key = [...activeBrandIds].sort((a, b) => a - b).join(",");
  let union = cache.unions.get(key);
  if (!union) {
    if (activeBrandIds.length === 0) union = { fm: 0, lm: 0 };
    else {
      // One pass over the active brands' rows, grouped by pincode: a pincode counts once.
      const rows = await db.execute<{ fm: number; lm: number }>(sql`
        select count(*) filter (where fm)::int as fm, count(*) filter (where lm)::int as lm from (
          select bool_or(fm_pickup) as fm, bool_or(lm_delivery) as lm from courier_serviceability
          where courier_id in ${sql.raw(`(${activeBrandIds.map(Number).join(",")})`)} group by pincode) p`);
      union = {
        fm: Number(rows.rows[0]?.fm ?? 0),
        lm: Number(rows.rows[0]?.lm ?? 0),
      };
    }
    cache.unions.set(key, union);
  }
  return { byBrand: cache.byBrand, union };
}

/** The client's courier services with their brand and forward rate summaries, by name. */
async function clientServices(db: Executor, clientId: number): Promise<ServiceRow[]> {
  const [services, rates] = await Promise.all([
    db
      .select({
        courier_service_id: courierServices.id,
        name: courierServices.name,
        brand_id: couriers.id,
        brand: couriers.name,
        has_surface: courierServices.has_surface,
        is_active: clientCourierServices.is_active,
        forward_first_slab: courierServices.forward_first_slab,
        max_dead_weight: courierServices.max_dead_weight,
        max_chargeable_weight: courierServices.max_chargeable_weight,
        max_side: courierServices.max_side,
        limits_version: courierServices.limits_version,
      })
      .from(clientCourierServices)
      .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
      .innerJoin(couriers, eq(couriers.id, courierServices.courier_id))
      .where(eq(clientCourierServices.client_id, clientId))
      .orderBy(asc(courierServices.name)),
    // Only the summary's columns (13 of a rate row's 25): PGlite decodes every value it returns.
    db
      .select({
        courier_service_id: rateRows.courier_service_id,
        shipment_type: rateRows.shipment_type,
        delivery_type: rateRows.delivery_type,
        first_slab: rateRows.first_slab,
        zone_a_base: rateRows.zone_a_base,
        zone_b_base: rateRows.zone_b_base,
        zone_c_base: rateRows.zone_c_base,
        zone_d_base: rateRows.zone_d_base,
        zone_e_base: rateRows.zone_e_base,
        cod_charge: rateRows.cod_charge,
        cod_percentage: rateRows.cod_percentage,
        ndd_charge: rateRows.ndd_charge,
        surcharge: rateRows.surcharge,
      })
      .from(rateRows)
      .where(and(eq(rateRows.client_id, clientId), eq(rateRows.shipment_type, "FORWARD")))
      .orderBy(asc(rateRows.delivery_type)),
  ]);
  const ratesOf = new Map<number, RateSummary[]>();
  for (const r of rates) {
    const summary: RateSummary = {
      shipment_type: r.shipment_type,
      delivery_type: r.delivery_type,
      first_slab: r.first_slab,
      zone_base: {
        A: r.zone_a_base,
        B: r.zone_b_base,
        C: r.zone_c_base,
        D: r.zone_d_base,
        E: r.zone_e_base,
      },
      cod_charge: r.cod_charge,
      cod_percentage: r.cod_percentage,
      ndd_charge: r.ndd_charge,
      surcharge: r.surcharge,
    };
    ratesOf.set(r.courier_service_id, [...(ratesOf.get(r.courier_service_id) ?? []), summary]);
  }
  return services.map((s) => ({
    ...s,
    rates: ratesOf.get(s.courier_service_id) ?? [],
  }));
}

/** The All Couriers tab: figures over every courier of the client, the list filtered as the URL says. */
export async function fetchActiveBlUserCourierList(
  db: Db,
  clientId: number,
  view: { filter: CourierFilter; q: string },
): Promise<AllCouriersData> {
  const services = await clientServices(db, clientId);
  const brandIds = [...new Set(services.map((s) => s.brand_id))];
  const activeBrandIds = [...new Set(services.filter((s) => s.is_active).map((s) => s.brand_id))];
  const { byBrand, union } = await serviceabilityCounts(db, brandIds, activeBrandIds);
  const all = groupCouriers(services, byBrand);
  return {
    fm_count: union.fm,
    lm_count: union.lm,
    counts: countCouriers(all),
    courier_list: filterCouriers(all, view.filter, view.q),
  };
}

export const COURIER_TOGGLE_FORBIDDEN = "Only a vp can activate or deactivate couriers.";
export const COURIER_NOT_FOUND = "This courier is not one of the client's couriers.";

/**
 * Switches every service of one courier brand on or off for the client (vp), with its audit
 * row and the e-mail to the client's hierarchy in the same transaction. The quote engine sees
 * it on the next quote: its cache stamp includes the client's on/off switches.
 */
export async function activateBlUserCourier(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; courierId: number; isActivate: boolean },
): Promise<Result<{ changed: boolean; courier: string }>> {
  if (!can(actor, "courier.toggle")) return forbidden(COURIER_TOGGLE_FORBIDDEN);
  return transaction(db, async (tx) => {
    const services = await tx
      .select({
        id: courierServices.id,
        brand: couriers.name,
        is_active: clientCourierServices.is_active,
      })
      .from(clientCourierServices)
      .innerJoin(courierServices, eq(courierServices.id, clientCourierServices.courier_service_id))
      .innerJoin(couriers, eq(couriers.id, courierServices.courier_id))
      .where(and(eq(clientCourierServices.client_id, input.clientId), eq(couriers.id, input.courierId)))
      .orderBy(asc(courierServices.id))
      .for("update");
    if (services.length === 0) return notFound(COURIER_NOT_FOUND);
    const courier = services[0].brand;
    const ids = services.map((s) => s.id);
    const wasActive = services.some((s) => s.is_active);
    if (services.every((s) => s.is_active === input.isActivate)) return { ok: true as const, changed: false, courier };
    await tx
      .update(clientCourierServices)
      .set({ is_active: input.isActivate })
      .where(
        and(
          eq(clientCourierServices.client_id, input.clientId),
          inArray(clientCourierServices.courier_service_id, ids),
        ),
      );
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "courier_activation",
      entityId: input.courierId,
      action: input.isActivate ? "activate" : "deactivate",
      oldValue: { courier, courier_id_list: ids, is_active: wasActive },
      newValue: { courier, courier_id_list: ids, is_active: input.isActivate },
    });
    const { client, to } = await hierarchyEmails(tx, input.clientId);
    if (client) {
      const verb = input.isActivate ? "activated" : "deactivated";
      await enqueueMail(tx, {
        to,
        subject: `Courier ${verb}: ${client.company_name}`,
        text: `${courier} was ${verb} for ${client.company_name} (${client.name}, ${client.email}) by ${actor.email} (${actor.role}).\nCourier ids: ${ids.join(
          ", ",
        )}.`,
      });
    }
    return { ok: true as const, changed: true, courier };
  });
}
