/**
 * Billing zone of a lane (pickup pincode → drop pincode).
 *
 * First match wins:
 *   A 'Intra City'  both ends in the same city
 *   B 'Within Zone' both ends in the same state
 *   E (special)     either end in a special zone (North-East, J&K, islands …)
 *   C 'Metros'      both ends in metro cities
 *   D 'ROI'         rest of India
 *
 * Which cities are metros and which areas are special zones is configuration data
 * (`~/services/geo/zone-config.ts`), already resolved into each pincode row's `city`,
 * `is_metro` and `is_special_zone`. This module only reads those fields, so it never
 * branches on a place name and moving a district into a metro needs no code change.
 */

import type { Zone } from "../core/zones";

/** The fields of a `pincodes` row that zoning needs. */
export type PincodeInfo = {
  pincode: number | string;
  city: string;
  state: string;
  is_metro: boolean;
  is_special_zone: boolean;
};

/** Case- and spacing-insensitive name key, so "Delhi NCR" and "delhi  ncr" are one city. */
export function nameKey(name: string): string {
  return name.trim().replace(/\s+/g, " ").toLowerCase();
}

/**
 * Same city. District names repeat across states (Aurangabad is in Bihar and in
 * Maharashtra), so two ordinary cities must also share a state. A metro city is one name
 * that spans states by configuration (Delhi NCR covers Delhi, Gurgaon and Noida), so two
 * metro ends with the same city name are the same city whatever their states.
 */
function sameCity(a: PincodeInfo, b: PincodeInfo): boolean {
  if (nameKey(a.city) !== nameKey(b.city)) return false;
  return (a.is_metro && b.is_metro) || sameState(a, b);
}

function sameState(a: PincodeInfo, b: PincodeInfo): boolean {
  return nameKey(a.state) === nameKey(b.state);
}

export function zoneOf(pickup: PincodeInfo, drop: PincodeInfo): Zone {
  if (sameCity(pickup, drop)) return "A";
  if (sameState(pickup, drop)) return "B";
  if (pickup.is_special_zone || drop.is_special_zone) return "E";
  if (pickup.is_metro && drop.is_metro) return "C";
  return "D";
}
