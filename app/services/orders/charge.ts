/**
 * What an order keeps of its quote (decision 023): the chosen courier's breakdown, frozen with its
 * total, and the ids derived from the order's number. One place for the seed and placement.
 */
import type { FrozenCharge } from "../db/schema/orders";
import type { RateListEntry } from "../quote/allocation";

/** The breakdown as charged, in paise; total = base × multiplier + additional × multiplier + COD charge + surcharge. */
export function frozenCharge(entry: RateListEntry, zone: string): FrozenCharge {
  const total =
    entry.base_price_multiplier * entry.base_price +
    entry.additional_price_multiplier * entry.additional_price +
    entry.cod_charge +
    entry.surcharge;
  return {
    courier: entry.courier,
    zone,
    divisor: entry.divisor,
    dead_weight: entry.dead_weight,
    volumetric_weight: entry.volumetric_weight,
    chargeable_weight: entry.chargeable_weight,
    base_weight: entry.base_weight,
    additional_weight: entry.additional_weight,
    base_price: entry.base_price,
    additional_price: entry.additional_price,
    base_price_multiplier: entry.base_price_multiplier,
    additional_price_multiplier: entry.additional_price_multiplier,
    cod_charge: entry.cod_charge,
    surcharge: entry.surcharge,
    total,
    rate_card: "client",
  };
}

export const padNumber = (n: number | bigint, width: number) => String(n).padStart(width, "0");

/** A courier tracking id's prefix: the first three letters of the courier's name. */
export const awbPrefix = (courier: string) =>
  courier
    .replace(/[^A-Za-z]/g, "")
    .slice(0, 3)
    .toUpperCase();
