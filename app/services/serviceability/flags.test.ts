import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  laneFlags,
  laneServiceability,
  networkCarries,
  packFlags,
  type PincodeFlags,
  pricedLaneFlags,
  unpackFlags,
} from "./flags";

const ALL: PincodeFlags = {
  fm_pickup: true,
  lm_delivery: true,
  cod: true,
  prepaid: true,
  reverse_pickup: true,
  express: true,
  surface: true,
  extra_tat_days: 0,
};
const flagsArb = fc.record({
  fm_pickup: fc.boolean(),
  lm_delivery: fc.boolean(),
  cod: fc.boolean(),
  prepaid: fc.boolean(),
  reverse_pickup: fc.boolean(),
  express: fc.boolean(),
  surface: fc.boolean(),
  extra_tat_days: fc.integer({ min: 0, max: 15 }),
});

describe("packed flags", () => {
  it("round-trip every combination; 0 means no row", () => {
    fc.assert(
      fc.property(flagsArb, (f) => {
        expect(unpackFlags(packFlags(f))).toEqual(f);
      }),
    );
    expect(unpackFlags(0)).toBeNull();
    expect(
      packFlags({
        ...ALL,
        fm_pickup: false,
        lm_delivery: false,
        cod: false,
        prepaid: false,
        reverse_pickup: false,
        express: false,
        surface: false,
      }),
    ).not.toBe(0);
  });
  it("refuses extra days that do not fit", () => {
    expect(() => packFlags({ ...ALL, extra_tat_days: 16 })).toThrow(RangeError);
    expect(() => packFlags({ ...ALL, extra_tat_days: -1 })).toThrow(RangeError);
  });
});

describe("which network a service uses", () => {
  const airOnly = { is_air: true, has_surface: false };
  const surfaceOnly = { is_air: false, has_surface: true };
  const both = { is_air: true, has_surface: true };
  const expressOnlyPin = { ...ALL, surface: false };
  const surfaceOnlyPin = { ...ALL, express: false };

  it("air needs the express network, surface the surface one, mixed either", () => {
    expect(networkCarries(expressOnlyPin, "air")).toBe(true);
    expect(networkCarries(surfaceOnlyPin, "air")).toBe(false);
    expect(networkCarries(surfaceOnlyPin, "surface")).toBe(true);
    expect(networkCarries(expressOnlyPin, "mixed")).toBe(true);
    expect(networkCarries(null, "mixed")).toBe(false);
  });

  it("an air service cannot deliver where only the surface network reaches; heavy surface needs surface", () => {
    const lane = laneServiceability(airOnly, "express", ALL, surfaceOnlyPin);
    expect(lane.drop_serviceability).toEqual({ lm_delivery: false, cod: true, prepaid: true });
    expect(laneServiceability(surfaceOnly, "express", ALL, surfaceOnlyPin).drop_serviceability?.lm_delivery).toBe(true);
    expect(laneServiceability(both, "heavy_surface", ALL, expressOnlyPin).drop_serviceability?.lm_delivery).toBe(false);
  });

  it("keeps fm and reverse pickup apart, and passes the drop's extra days", () => {
    const lane = laneServiceability(both, "express", { ...ALL, fm_pickup: false }, { ...ALL, extra_tat_days: 2 });
    expect(lane.pickup_serviceability).toEqual({ fm_pickup: false, reverse_pickup: true });
    expect(lane.extra_tat_days).toBe(2);
    expect(laneServiceability(both, "express", null, null)).toEqual({
      pickup_serviceability: null,
      drop_serviceability: null,
      extra_tat_days: 0,
    });
  });

  it("lane flags: nothing without last mile at the destination or any pickup at the source", () => {
    expect(laneFlags(both, ALL, { ...ALL, lm_delivery: false })).toBeNull();
    expect(laneFlags(both, { ...ALL, fm_pickup: false, reverse_pickup: false }, ALL)).toBeNull();
    expect(laneFlags(airOnly, ALL, surfaceOnlyPin)).toBeNull();
    expect(laneFlags(both, ALL, { ...ALL, cod: false })).toEqual({
      has_express: true,
      has_surface: true,
      has_reverse: true,
      has_prepaid: true,
      has_cod: false,
    });
    expect(laneFlags(surfaceOnly, { ...ALL, fm_pickup: false }, ALL)).toEqual({
      has_express: false,
      has_surface: false,
      has_reverse: true,
      has_prepaid: false,
      has_cod: false,
    });
  });
});

describe("pricedLaneFlags", () => {
  const every = { has_express: true, has_surface: true, has_reverse: true, has_prepaid: true, has_cod: true };
  it("keeps forward options only with a FORWARD rate row and reverse only with a REVERSE one", () => {
    expect(pricedLaneFlags(every, { forward: true, reverse: true })).toEqual(every);
    expect(pricedLaneFlags(every, { forward: false, reverse: true })).toEqual({
      has_express: false,
      has_surface: false,
      has_reverse: true,
      has_prepaid: false,
      has_cod: false,
    });
    expect(pricedLaneFlags(every, { forward: true, reverse: false })).toEqual({ ...every, has_reverse: false });
  });
  it("is null when the client cannot be charged for anything the lane offers", () => {
    expect(pricedLaneFlags(every, { forward: false, reverse: false })).toBeNull();
    expect(pricedLaneFlags({ ...every, has_reverse: false }, { forward: false, reverse: true })).toBeNull();
    expect(pricedLaneFlags(null, { forward: true, reverse: true })).toBeNull();
  });
});
