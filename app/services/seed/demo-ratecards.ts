/**
 * Demo rate cards: the three segment cards over every courier service, and each client's
 * card derived from its segment for the services switched on for it. Pure planning (no
 * database); all randomness comes from the Prng handed in, so the seed stays deterministic.
 *
 * The shape of a plausible Indian e-commerce card:
 * - zone A (intra city) is cheapest, rising through B, C, D to E (up country);
 * - segment 0 is the cheapest card, 2 the dearest;
 * - air costs more than surface, heavier first slabs cost more but less per kg;
 * - reverse pickups cost more than forward; RTO is usually charged as forward, sometimes less;
 * - COD minimum ₹25–45 and 1.5–2.5 %, NDD and divisor per courier — and those four are equal
 *   across a courier's price types (the upload rule), because they are per-courier terms.
 */
import { type DeliveryType, type RateRowPrices, type Segment, ZONE_PRICE_FIELDS } from "../core/rate-fields";
import type { rateRows } from "../db/schema";
import { COURIER_SERVICES, type CourierServiceSpec } from "./demo-data";
import { type ClientPlan, dateBefore, DAY_MS } from "./people";
import type { Prng } from "./prng";

/** A rate row the planner writes: a service's prices in the rate-row columns (core/rate-fields.ts). */
export type PlannedRateRow = { courier_service_id: number } & RateRowPrices;

type ServiceProfile = {
  service: CourierServiceSpec;
  delivery_type: DeliveryType;
  firstSlab: number;
  secondSlab: number;
  /** Zone A price of the first slab and of each additional slab, in rupees (before segment). */
  base: number;
  add: number;
  hasReverse: boolean;
  reverseFactor: number;
  /** RTO is usually charged as forward; some couriers charge it a little less. */
  rtoFactor: number;
  divisor: number;
};

const ZONE_BASE_STEPS = [1, 1.18, 1.38, 1.55, 1.85];
const ZONE_ADD_STEPS = [1, 1.15, 1.32, 1.5, 1.75];
const SEGMENT_FACTOR: Record<Segment, number> = { 0: 1, 1: 1.1, 2: 1.22 };
const COD_PERCENTAGES = ["1.50", "1.75", "2.00", "2.25", "2.50"];

const hundredths = (n: number) => {
  const h = Math.round(n * 100);
  return `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`;
};
const wholeRupees = (n: number) => hundredths(Math.round(n));
const halfRupees = (n: number) => hundredths(Math.round(n * 2) / 2);

/** The traits of each service that hold on every card (slabs, reverse offered, divisor). */
export function planServiceProfiles(rng: Prng, services: readonly CourierServiceSpec[]): ServiceProfile[] {
  return services.map((service) => {
    const air = service.is_air && !service.has_surface;
    const express = service.is_air;
    const f = service.forward_first_slab;
    const secondSlab =
      f <= 1 ? 0.5 : f === 2 ? rng.pick([0.5, 1]) : f <= 5 ? 1 : f <= 10 ? rng.pick([1, 2]) : rng.pick([2, 5]);
    const modeFactor = air ? 1.35 : express ? 1.15 : 1;
    const courierFactor = rng.float(0.92, 1.12);
    return {
      service,
      delivery_type: express ? "express" : "surface",
      firstSlab: f,
      secondSlab,
      base: 27 * Math.pow(f / 0.5, 0.72) * modeFactor * courierFactor,
      add: 48 * Math.pow(f / 0.5, -0.3) * secondSlab * modeFactor * courierFactor,
      // Heavy freight rarely does reverse pickups.
      hasReverse: f < 10 && rng.chance(0.85),
      reverseFactor: rng.float(1.2, 1.35),
      rtoFactor: rng.chance(0.3) ? rng.float(0.85, 0.95) : 1,
      divisor: express ? 5000 : rng.pick([4000, 5000]),
    };
  });
}

type Terms = { cod_charge: string; cod_percentage: string; ndd_charge: string; divisor: number; surcharge: string };

function zonePrices(base: number, add: number, round: (n: number) => string) {
  return {
    zone_a_base: round(base * ZONE_BASE_STEPS[0]),
    zone_a_add: round(add * ZONE_ADD_STEPS[0]),
    zone_b_base: round(base * ZONE_BASE_STEPS[1]),
    zone_b_add: round(add * ZONE_ADD_STEPS[1]),
    zone_c_base: round(base * ZONE_BASE_STEPS[2]),
    zone_c_add: round(add * ZONE_ADD_STEPS[2]),
    zone_d_base: round(base * ZONE_BASE_STEPS[3]),
    zone_d_add: round(add * ZONE_ADD_STEPS[3]),
    zone_e_base: round(base * ZONE_BASE_STEPS[4]),
    zone_e_add: round(add * ZONE_ADD_STEPS[4]),
  };
}

/** One service's rows on a card: Forward, Forward RTO, and Reverse where offered. */
function serviceRows(
  p: ServiceProfile,
  factor: number,
  rtoFactor: number,
  terms: Terms,
  round: (n: number) => string,
): PlannedRateRow[] {
  const common = {
    courier_service_id: p.service.id,
    delivery_type: p.delivery_type,
    first_slab: hundredths(p.firstSlab),
    second_slab: hundredths(p.secondSlab),
    ...terms,
  };
  const rows: PlannedRateRow[] = [
    { ...common, shipment_type: "FORWARD", ...zonePrices(p.base * factor, p.add * factor, round) },
    {
      ...common,
      shipment_type: "FORWARD_RTO",
      ...zonePrices(p.base * factor * rtoFactor, p.add * factor * rtoFactor, round),
    },
  ];
  if (p.hasReverse) {
    const r = factor * p.reverseFactor;
    rows.push({ ...common, shipment_type: "REVERSE", ...zonePrices(p.base * r, p.add * r, round) });
  }
  return rows;
}

export type SegmentCard = { segment: Segment; rows: PlannedRateRow[]; terms: Map<number, Terms> };

/** Segment cards 0, 1, 2 over every service. */
export function planSegmentCards(rng: Prng, profiles: readonly ServiceProfile[]): SegmentCard[] {
  return ([0, 1, 2] as const).map((segment) => {
    const terms = new Map<number, Terms>();
    const rows = profiles.flatMap((p) => {
      const t: Terms = {
        // Dearer segments pay a little more for COD too, within ₹25–45 and 1.5–2.5 %.
        cod_charge: wholeRupees(25 + segment * 5 + rng.int(0, 10)),
        cod_percentage: COD_PERCENTAGES[Math.min(4, segment + rng.int(0, 2))],
        ndd_charge: p.delivery_type === "express" ? wholeRupees(rng.pick([20, 25, 30, 40, 50])) : "0.00",
        divisor: p.divisor,
        surcharge: rng.chance(0.2) ? wholeRupees(rng.pick([5, 10, 15])) : "0.00",
      };
      terms.set(p.service.id, t);
      return serviceRows(p, SEGMENT_FACTOR[segment], p.rtoFactor, t, wholeRupees);
    });
    return { segment, rows, terms };
  });
}

export type ClientCardInput = { segment: Segment; serviceIds: readonly number[]; uploaded: boolean };

/**
 * A client's card: its segment's prices for its services with a small per-client and
 * per-service variation; clients with an uploaded card have negotiated (lower) prices and
 * more often their own COD terms.
 */
export function planClientCard(
  rng: Prng,
  profiles: ReadonlyMap<number, ServiceProfile>,
  segments: readonly SegmentCard[],
  client: ClientCardInput,
): PlannedRateRow[] {
  const clientFactor =
    SEGMENT_FACTOR[client.segment] * rng.float(0.95, 1.06) * (client.uploaded ? rng.float(0.85, 0.95) : 1);
  const segmentTerms = segments[client.segment].terms;
  return client.serviceIds.flatMap((id) => {
    const p = profiles.get(id)!;
    const base = segmentTerms.get(id)!;
    const ownTerms = rng.chance(client.uploaded ? 0.6 : 0.25);
    const terms: Terms = ownTerms
      ? {
          ...base,
          cod_charge: wholeRupees(rng.int(25, 45)),
          cod_percentage: rng.pick(COD_PERCENTAGES),
        }
      : base;
    const rto = rng.chance(0.15) ? rng.float(0.85, 0.95) : p.rtoFactor;
    return serviceRows(p, clientFactor * rng.float(0.97, 1.03), rto, terms, halfRupees);
  });
}

/**
 * Reverse RTO rows (docs/product.md §4 REVERSE_RTO): a reverse pickup that cannot be delivered to the
 * seller goes back to the customer, priced at a share (`factorOf`, 0.85–1) of the reverse
 * rates, with the courier's terms unchanged (the upload rule). One row for each REVERSE row.
 * The seed draws the factors from a stream of their own, so these rows move no other draw;
 * segments use one factor per service, so segment 0 stays the cheapest.
 */
export function planReverseRtoRows(
  rows: readonly PlannedRateRow[],
  factorOf: (row: PlannedRateRow) => number,
  rounding: "whole" | "half",
): PlannedRateRow[] {
  const round = rounding === "whole" ? wholeRupees : halfRupees;
  return rows
    .filter((r) => r.shipment_type === "REVERSE")
    .map((r) => {
      const f = factorOf(r);
      const scaled = {} as Record<(typeof ZONE_PRICE_FIELDS)[number], string>;
      for (const k of ZONE_PRICE_FIELDS) scaled[k] = round(Number(r[k]) * f);
      return { ...r, shipment_type: "REVERSE_RTO" as const, ...scaled };
    });
}

/** The share of the reverse rates a Reverse RTO row costs. */
export const reverseRtoFactor = (rng: Prng) => rng.float(0.85, 1);

export type RateCardPlan = {
  segmentRows: (typeof rateRows.$inferInsert)[];
  clientCards: {
    email: string;
    rows: PlannedRateRow[];
    updatedAt: Date;
    upload: { at: Date; byEmail: string; fileName: string } | null;
  }[];
};

const SEGMENT_OF_TIN: Record<string, 0 | 1 | 2> = { Segment_1: 0, Segment_2: 1, Segment_3: 2 };

/**
 * Segment cards over every service, and for each client a card for its switched-on services
 * derived from its customer segment (business_data.tin_number Segment_1…3 → segment 0…2).
 * About 5 % of clients have uploaded a negotiated card, by their vp, after they joined.
 */
export function planRateCards(rng: Prng, clientPlans: readonly ClientPlan[], reference: Date): RateCardPlan {
  const profiles = planServiceProfiles(rng.fork("services"), COURIER_SERVICES);
  const segments = planSegmentCards(rng.fork("segments"), profiles);
  const profileById = new Map(profiles.map((p) => [p.service.id, p]));
  const segmentsUpdatedAt = new Date(reference.getTime() - 120 * DAY_MS);
  const clientRng = rng.fork("clients");
  // Reverse RTO rows come from a stream of their own, so they move no other draw: every
  // segment prices them; about a third of the clients have them.
  const reverseRto = rng.fork("reverse-rto");
  const segmentReverseRto = new Map(profiles.map((p) => [p.service.id, reverseRtoFactor(reverseRto)]));
  return {
    segmentRows: segments.flatMap((card) =>
      [
        ...card.rows,
        ...planReverseRtoRows(card.rows, (r) => segmentReverseRto.get(r.courier_service_id)!, "whole"),
      ].map((r) => ({
        ...r,
        client_id: null,
        segment: card.segment,
        updated_at: segmentsUpdatedAt,
      })),
    ),
    clientCards: clientPlans.map((c) => {
      const joined = c.row.date_joined as Date;
      const uploaded = clientRng.chance(0.05);
      const planned = planClientCard(clientRng, profileById, segments, {
        segment: SEGMENT_OF_TIN[c.row.business_data.tin_number ?? ""] ?? 1,
        serviceIds: c.services.map((s) => s.id),
        uploaded,
      });
      const rows = reverseRto.chance(0.35)
        ? [...planned, ...planReverseRtoRows(planned, () => reverseRtoFactor(reverseRto), "half")]
        : planned;
      const daysSinceJoined = Math.max(1, Math.floor((reference.getTime() - joined.getTime()) / DAY_MS));
      const upload = uploaded
        ? {
            at: dateBefore(clientRng, reference, 1, Math.max(1, daysSinceJoined - 1)),
            byEmail: c.chain.vp,
            fileName: `ratecard_${c.row.email.replace(/[^a-z0-9]+/gi, "_")}.csv`,
          }
        : null;
      return { email: c.row.email, rows, updatedAt: upload?.at ?? joined, upload };
    }),
  };
}
