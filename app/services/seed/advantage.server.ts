/**
 * Demo data for Pickrr Advantage, in three set-based statements (no rows travel from Node):
 *
 * - Each plan's default rate card: every segment-0 row of the services of national couriers
 *   (the couriers that take part in Advantage), at a plan premium — Basic +8 %, Premium
 *   +15 % — rounded to half rupees. COD terms, slabs and divisors are the segment's.
 * - Offers: a deterministic share of clients (by id) is offered Basic, Premium or both; some
 *   sellers have activated one of them.
 * - Cashback settings for the clients with Premium offered, varying plans and liabilities.
 *
 * Deterministic: it depends only on the rows the main seed wrote (ids are assigned in seed
 * order), so the same seed gives the same plans.
 */
import { sql } from "drizzle-orm";

import type { AdvantagePlanName } from "../core/plans";
import { ZONE_PRICE_FIELDS } from "../core/rate-fields";
import { ZONE_TAT_DAYS } from "../core/zones";
import type { Db } from "../db/client.server";
import type { AreaSeeder } from "./seeder";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Which seeded clients are offered a plan, and which sellers activated one (by client id). */
const BASIC_EVERY = 6;
const PREMIUM_EVERY = 9;
const PREMIUM_ACTIVE_EVERY = 18;
const BASIC_ACTIVE_EVERY = 30;
/**
 * The assured delivery days to zone D (the rest of India, where most of the demo's lanes go) that
 * the sellers on an active Premium plan bought: three, against the standard five. The seed's
 * journeys take three to six days from pickup, so some of their deliveries are late and credit
 * cashback on any day the seed is made (with five, only a delivery after a failed attempt could be,
 * and a small book could hold none).
 */
const PREMIUM_ZONE_D_TAT = 3;
/** Days before the reference date an active Premium plan was activated, at least (30 more at most). */
const PREMIUM_ACTIVE_DAYS = 150;

/**
 * The plans the seed offers a client and the one it activates, from the client's id alone —
 * the same rule as the insert below (a service test checks they agree), so browser tests can
 * pick clients with no plan without reading the database.
 */
export function seededPlanOffers(clientId: number): { offered: AdvantagePlanName[]; active: AdvantagePlanName | null } {
  const offered: AdvantagePlanName[] = [];
  if (clientId % BASIC_EVERY === 0) offered.push("advantage_basic");
  if (clientId % PREMIUM_EVERY === 0) offered.push("advantage_premium");
  const active =
    offered.includes("advantage_premium") && clientId % PREMIUM_ACTIVE_EVERY === 0
      ? "advantage_premium"
      : offered.includes("advantage_basic") &&
          clientId % BASIC_ACTIVE_EVERY === 0 &&
          clientId % PREMIUM_ACTIVE_EVERY !== 0
        ? "advantage_basic"
        : null;
  return { offered, active };
}

const PRICE_COLUMNS = [...ZONE_PRICE_FIELDS, "surcharge"] as const;

export async function seedAdvantage(
  tx: Tx,
  referenceDate: Date,
): Promise<{ planRows: number; offers: number; cashback: number }> {
  const marked = PRICE_COLUMNS.map((c) => `round(r.${c} * p.factor * 2) / 2`).join(", ");
  const plain = PRICE_COLUMNS.join(", ");
  const planRows = await tx.execute(
    sql.raw(`
    insert into plan_rate_rows (plan, client_id, courier_service_id, shipment_type, delivery_type, first_slab, second_slab,
      ${plain}, cod_charge, cod_percentage, ndd_charge, divisor)
    select p.plan, null, r.courier_service_id, r.shipment_type, r.delivery_type, r.first_slab, r.second_slab,
      ${marked}, r.cod_charge, r.cod_percentage, r.ndd_charge, r.divisor
    from rate_rows r
    join courier_services s on s.id = r.courier_service_id
    join couriers c on c.id = s.courier_id
    cross join (values ('advantage_basic', 1.08), ('advantage_premium', 1.15)) as p(plan, factor)
    where r.segment = 0 and c.coverage = 'national'
    returning id`),
  );

  // Offered a few days to a few months before the reference date; activated a week later. An
  // active Premium plan was activated ~5–6 months before it: before the order book's 180 days
  // from any later day, so every delivery of the book counts for its cashback and the seed's
  // late ones credit some (with a shorter plan, a small book could hold no late delivery of a
  // Premium seller since its activation, depending on the day and hour the seed is made).
  const at = referenceDate.toISOString();
  const offers = await tx.execute(sql`
    insert into client_advantage_plans (client_id, plan, offered_at, offered_by, activated_at)
    select c.id, p.plan,
      ${at}::timestamptz - make_interval(days => 7 + l.days),
      c.vp_id,
      case
        when p.plan = 'advantage_premium' and c.id % ${PREMIUM_ACTIVE_EVERY} = 0 then ${at}::timestamptz - make_interval(days => l.days)
        when p.plan = 'advantage_basic' and c.id % ${BASIC_ACTIVE_EVERY} = 0 and c.id % ${PREMIUM_ACTIVE_EVERY} <> 0 then ${at}::timestamptz - make_interval(days => l.days)
      end
    from clients c
    cross join (values ('advantage_basic'), ('advantage_premium')) as p(plan)
    cross join lateral (select case when p.plan = 'advantage_premium' and c.id % ${PREMIUM_ACTIVE_EVERY} = 0
      then ${PREMIUM_ACTIVE_DAYS} + (c.id * 37) % 30 else (c.id * 37) % 120 end as days) l
    where (p.plan = 'advantage_basic' and c.id % ${BASIC_EVERY} = 0) or (p.plan = 'advantage_premium' and c.id % ${PREMIUM_EVERY} = 0)
    returning client_id`);

  const cashback = await tx.execute(sql`
    insert into cashback_settings (client_id, plan, assurance, return_plan, return_forward_percentage, return_rto_percentage,
      delivered_plan, delivered_forward_percentage, delivered_rto_percentage,
      "tat_zoneA", "tat_zoneB", "tat_zoneC", "tat_zoneD", "tat_zoneE", max_tat_liability, updated_at, updated_by)
    select o.client_id, o.plan, 85, 1 + o.client_id % 4, case when o.client_id % 4 = 3 then 50 else 100 end,
      case when o.client_id % 4 >= 2 then 60 + (o.client_id % 5) * 10 else 100 end,
      1 + o.client_id % 2, case when o.client_id % 2 = 1 then 50 else 100 end, 100,
      ${ZONE_TAT_DAYS.A}, ${ZONE_TAT_DAYS.B}, ${ZONE_TAT_DAYS.C},
      case when o.activated_at is not null then ${PREMIUM_ZONE_D_TAT}::int else ${ZONE_TAT_DAYS.D}::int end, ${ZONE_TAT_DAYS.E},
      (array[250, 500, 1000])[1 + o.client_id % 3], o.offered_at, o.offered_by
    from client_advantage_plans o
    where o.plan = 'advantage_premium'
    returning client_id`);

  const count = (r: unknown) => (r as { rows: unknown[] }).rows.length;
  return { planRows: count(planRows), offers: count(offers), cashback: count(cashback) };
}

export const advantageSeeder: AreaSeeder = {
  name: "advantage",
  seed: ({ tx, referenceDate }) => seedAdvantage(tx, referenceDate),
};
