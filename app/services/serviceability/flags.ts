/**
 * Serviceability flags of a courier at a pincode, packed into one small integer for the
 * in-memory cache, and the rules that turn them into "can this service carry this lane".
 * Pure: no I/O, unit-tested.
 *
 * A courier (brand) row says what its network does at a pincode; a courier *service* uses
 * the part of it that matches its mode: an air-only service needs the express network at both
 * ends, a surface-only service the surface network, a service that does both (Speed Post)
 * either. Heavy surface shipments always need the surface network.
 */
import { type DeliveryMode, type TransportMode, transportModeFor } from "../core/transport";

export type PincodeFlags = {
  fm_pickup: boolean;
  lm_delivery: boolean;
  cod: boolean;
  prepaid: boolean;
  reverse_pickup: boolean;
  express: boolean;
  surface: boolean;
  extra_tat_days: number;
};

const BIT = {
  present: 1,
  fm_pickup: 2,
  lm_delivery: 4,
  cod: 8,
  prepaid: 16,
  reverse_pickup: 32,
  express: 64,
  surface: 128,
} as const;
const EXTRA_SHIFT = 8;
const MAX_EXTRA_DAYS = 15;

/** 0 means "no row": the courier does not serve the pincode at all. */
export function packFlags(f: PincodeFlags): number {
  if (!Number.isInteger(f.extra_tat_days) || f.extra_tat_days < 0 || f.extra_tat_days > MAX_EXTRA_DAYS) {
    throw new RangeError(`extra_tat_days must be 0–${MAX_EXTRA_DAYS}: ${f.extra_tat_days}`);
  }
  let packed: number = BIT.present;
  for (const key of ["fm_pickup", "lm_delivery", "cod", "prepaid", "reverse_pickup", "express", "surface"] as const) {
    if (f[key]) packed |= BIT[key];
  }
  return packed | (f.extra_tat_days << EXTRA_SHIFT);
}

export function unpackFlags(packed: number): PincodeFlags | null {
  if (!(packed & BIT.present)) return null;
  return {
    fm_pickup: (packed & BIT.fm_pickup) !== 0,
    lm_delivery: (packed & BIT.lm_delivery) !== 0,
    cod: (packed & BIT.cod) !== 0,
    prepaid: (packed & BIT.prepaid) !== 0,
    reverse_pickup: (packed & BIT.reverse_pickup) !== 0,
    express: (packed & BIT.express) !== 0,
    surface: (packed & BIT.surface) !== 0,
    extra_tat_days: packed >> EXTRA_SHIFT,
  };
}

/** Whether the courier's network at a pincode carries a service travelling in this mode. */
export function networkCarries(flags: PincodeFlags | null, mode: TransportMode): boolean {
  if (!flags) return false;
  if (mode === "air") return flags.express;
  if (mode === "surface") return flags.surface;
  return flags.express || flags.surface;
}

export type ServiceModes = { is_air: boolean; has_surface: boolean };

/**
 * The engine's view of a service at both ends of a lane (CourierCandidate's pickup and drop
 * serviceability), for a delivery mode: pickup needs first mile (or reverse pickup) on the
 * service's network there; delivery needs last mile on its network at the drop.
 */
export function laneServiceability(
  service: ServiceModes,
  deliveryMode: DeliveryMode,
  atPickup: PincodeFlags | null,
  atDrop: PincodeFlags | null,
) {
  const mode = transportModeFor(service, deliveryMode);
  const pickupNetwork = networkCarries(atPickup, mode);
  const dropNetwork = networkCarries(atDrop, mode);
  return {
    pickup_serviceability: atPickup
      ? { fm_pickup: pickupNetwork && atPickup.fm_pickup, reverse_pickup: pickupNetwork && atPickup.reverse_pickup }
      : null,
    drop_serviceability: atDrop
      ? { lm_delivery: dropNetwork && atDrop.lm_delivery, cod: atDrop.cod, prepaid: atDrop.prepaid }
      : null,
    /** The drop's extra last-mile days for this courier. */
    extra_tat_days: atDrop?.extra_tat_days ?? 0,
  };
}

/** Per-mode flags of a lane for one service, as the pincode check and the pincode list show them. */
export type LaneFlags = {
  has_express: boolean;
  has_surface: boolean;
  has_reverse: boolean;
  has_prepaid: boolean;
  has_cod: boolean;
};

/**
 * Can the service carry the lane at all (first mile at the source and last mile at the
 * destination on its own network), and with which options. Null when it cannot.
 * - express: an air-linked service over the express network at both ends;
 * - surface: a surface service over the surface network at both ends;
 * - reverse: reverse pickup at the source (the customer) delivered to the destination;
 * - prepaid / cod: collection at the destination.
 */
export function laneFlags(
  service: ServiceModes,
  atSource: PincodeFlags | null,
  atDestination: PincodeFlags | null,
): LaneFlags | null {
  if (!atSource || !atDestination || !atDestination.lm_delivery) return null;
  const express = service.is_air && atSource.express && atDestination.express;
  const surface = service.has_surface && atSource.surface && atDestination.surface;
  if (!express && !surface) return null;
  const forward = atSource.fm_pickup;
  const reverse = atSource.reverse_pickup;
  if (!forward && !reverse) return null;
  return {
    has_express: express && forward,
    has_surface: surface && forward,
    has_reverse: reverse,
    has_prepaid: forward && atDestination.prepaid,
    has_cod: forward && atDestination.cod,
  };
}

/** Which shipment types the client's rate card prices for a service (any delivery type). */
export type PricedShipmentTypes = { forward: boolean; reverse: boolean };

/**
 * A lane's options narrowed to what the client can actually be charged for: the forward
 * options (express, surface, prepaid, COD) need a FORWARD rate row for the service, reverse
 * needs a REVERSE one. Null when nothing is left, so a switched-on courier without rates never
 * counts as "can ship to".
 */
export function pricedLaneFlags(flags: LaneFlags | null, priced: PricedShipmentTypes): LaneFlags | null {
  if (!flags) return null;
  const narrowed: LaneFlags = {
    has_express: priced.forward && flags.has_express,
    has_surface: priced.forward && flags.has_surface,
    has_reverse: priced.reverse && flags.has_reverse,
    has_prepaid: priced.forward && flags.has_prepaid,
    has_cod: priced.forward && flags.has_cod,
  };
  return narrowed.has_express ||
    narrowed.has_surface ||
    narrowed.has_reverse ||
    narrowed.has_prepaid ||
    narrowed.has_cod
    ? narrowed
    : null;
}
