import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { isSpecialZone, metroCityFor } from "~/services/geo/zone-config";

import { isZone } from "../core/zones";
import { type PincodeInfo, zoneOf } from "./zone";

/** A pincode row built the way the pincode table builds it: from the zone configuration. */
function place(pincode: number, state: string, district: string): PincodeInfo {
  const metro = metroCityFor(state, district);
  return {
    pincode,
    city: metro ?? district,
    state,
    is_metro: metro !== null,
    is_special_zone: isSpecialZone(state, district),
  };
}

const newDelhi = place(110001, "Delhi", "New Delhi");
const southDelhi = place(110017, "Delhi", "South Delhi");
const gurgaon = place(122001, "Haryana", "Gurgaon");
const ambala = place(133001, "Haryana", "Ambala");
const mumbai = place(400001, "Maharashtra", "Mumbai");
const pune = place(411001, "Maharashtra", "Pune");
const nagpur = place(440001, "Maharashtra", "Nagpur");
const bengaluru = place(560001, "Karnataka", "Bangalore");
const jaipur = place(302001, "Rajasthan", "Jaipur");
const guwahati = place(781001, "Assam", "Kamrup Metropolitan");
const dibrugarh = place(786001, "Assam", "Dibrugarh");
const leh = place(194101, "Jammu & Kashmir", "Leh");
const aurangabadBihar = place(824101, "Bihar", "Aurangabad");
const aurangabadMaharashtra = place(431001, "Maharashtra", "Aurangabad");

describe("zoneOf", () => {
  it("A: both ends in the same city, including a metro spanning states by configuration", () => {
    expect(zoneOf(newDelhi, southDelhi)).toBe("A");
    expect(zoneOf(newDelhi, gurgaon)).toBe("A");
    expect(zoneOf(mumbai, place(400601, "Maharashtra", "Thane"))).toBe("A");
    expect(zoneOf(nagpur, place(440010, "Maharashtra", "Nagpur"))).toBe("A");
  });

  it("A needs the same state for ordinary cities that share a name", () => {
    expect(aurangabadBihar.city).toBe(aurangabadMaharashtra.city);
    expect(zoneOf(aurangabadBihar, aurangabadMaharashtra)).toBe("D");
  });

  it("B: same state, different city", () => {
    expect(zoneOf(mumbai, nagpur)).toBe("B");
    expect(zoneOf(gurgaon, ambala)).toBe("B");
    // Both metros, but same state comes first.
    expect(zoneOf(mumbai, pune)).toBe("B");
  });

  it("E: either end in a special zone, unless the lane is within one city or state", () => {
    expect(zoneOf(newDelhi, guwahati)).toBe("E");
    expect(zoneOf(guwahati, jaipur)).toBe("E");
    expect(zoneOf(bengaluru, leh)).toBe("E");
    expect(zoneOf(guwahati, dibrugarh)).toBe("B");
    expect(zoneOf(guwahati, place(781005, "Assam", "Kamrup Metropolitan"))).toBe("A");
  });

  it("C: both ends metro, in different states", () => {
    expect(zoneOf(newDelhi, mumbai)).toBe("C");
    expect(zoneOf(gurgaon, bengaluru)).toBe("C");
  });

  it("D: rest of India", () => {
    expect(zoneOf(newDelhi, jaipur)).toBe("D");
    expect(zoneOf(nagpur, bengaluru)).toBe("D");
  });

  it("reads only the flags: a city made metro or special by data changes the zone, not code", () => {
    const jaipurAsMetro = { ...jaipur, is_metro: true };
    expect(zoneOf(newDelhi, jaipurAsMetro)).toBe("C");
    const jaipurAsSpecial = { ...jaipur, is_special_zone: true };
    expect(zoneOf(newDelhi, jaipurAsSpecial)).toBe("E");
  });

  it("compares names ignoring case and spacing", () => {
    expect(zoneOf(nagpur, { ...nagpur, city: " NAGPUR ", state: "maharashtra" })).toBe("A");
  });

  const info: fc.Arbitrary<PincodeInfo> = fc.record({
    pincode: fc.integer({ min: 110000, max: 855999 }),
    city: fc.constantFrom("Alpha", "Beta", "Gamma"),
    state: fc.constantFrom("North", "South"),
    is_metro: fc.boolean(),
    is_special_zone: fc.boolean(),
  });

  it("property: a lane and its reverse are in the same zone", () => {
    fc.assert(
      fc.property(info, info, (a, b) => {
        expect(zoneOf(a, b)).toBe(zoneOf(b, a));
      }),
    );
  });

  it("property: the first matching rule wins", () => {
    fc.assert(
      fc.property(info, info, (a, b) => {
        const zone = zoneOf(a, b);
        const sameState = a.state === b.state;
        const sameCity = a.city === b.city && (sameState || (a.is_metro && b.is_metro));
        const expected = sameCity
          ? "A"
          : sameState
            ? "B"
            : a.is_special_zone || b.is_special_zone
              ? "E"
              : a.is_metro && b.is_metro
                ? "C"
                : "D";
        expect(zone).toBe(expected);
        expect(isZone(zone)).toBe(true);
      }),
    );
  });
});
