import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { TransportMode } from "../core/transport";
import { ZONE_TAT_DAYS, ZONES } from "../core/zones";
import { addDays, estimateDelivery, istDate, pickupDate, turnaroundDays } from "./delivery-date";

/** An instant given as India wall-clock time. */
const ist = (wallClock: string) => new Date(`${wallClock}+05:30`);

describe("turnaroundDays", () => {
  it("starts from the advantage plan's 2, 3, 4, 5 and 8 days for zones A to E", () => {
    expect(ZONES.map((z) => ZONE_TAT_DAYS[z])).toEqual([2, 3, 4, 5, 8]);
    expect(ZONES.map((z) => turnaroundDays(z, "mixed"))).toEqual([2, 3, 4, 5, 8]);
  });

  it("takes a day off for air and adds one for surface", () => {
    expect(turnaroundDays("D", "air")).toBe(4);
    expect(turnaroundDays("D", "surface")).toBe(6);
    expect(turnaroundDays("E", "air")).toBe(7);
  });

  it("adds the courier's adjustment and never goes under one day", () => {
    expect(turnaroundDays("C", "mixed", 2)).toBe(6);
    expect(turnaroundDays("C", "surface", -1)).toBe(4);
    expect(turnaroundDays("A", "air", -1)).toBe(1);
    expect(turnaroundDays("A", "air", -5)).toBe(1);
  });

  it("refuses fractional adjustments", () => {
    expect(() => turnaroundDays("A", "air", 0.5)).toThrow(RangeError);
  });

  it("property: at least one day, and air ≤ mixed ≤ surface", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: -10, max: 10 }), (zone, adjust) => {
        const [air, mixed, surface] = (["air", "mixed", "surface"] as TransportMode[]).map((m) =>
          turnaroundDays(zone, m, adjust),
        );
        expect(air).toBeGreaterThanOrEqual(1);
        expect(air).toBeLessThanOrEqual(mixed);
        expect(mixed).toBeLessThanOrEqual(surface);
      }),
    );
  });
});

describe("pickupDate", () => {
  it("is today before the 15:00 cut-off on the India clock", () => {
    expect(pickupDate(ist("2024-03-10T00:00:00"))).toBe("2024-03-10");
    expect(pickupDate(ist("2024-03-10T14:59:59.999"))).toBe("2024-03-10");
  });

  it("is tomorrow at and after the cut-off", () => {
    expect(pickupDate(ist("2024-03-10T15:00:00"))).toBe("2024-03-11");
    expect(pickupDate(ist("2024-03-10T23:59:59"))).toBe("2024-03-11");
  });

  it("uses India time, not the server's UTC date", () => {
    // 20:00 UTC on the 9th is 01:30 on the 10th in India.
    expect(pickupDate(new Date("2024-03-09T20:00:00Z"))).toBe("2024-03-10");
    // 09:30 UTC is exactly 15:00 in India.
    expect(pickupDate(new Date("2024-03-10T09:29:59Z"))).toBe("2024-03-10");
    expect(pickupDate(new Date("2024-03-10T09:30:00Z"))).toBe("2024-03-11");
  });

  it("rolls over months and years, including leap days", () => {
    expect(pickupDate(ist("2024-02-28T16:00:00"))).toBe("2024-02-29");
    expect(pickupDate(ist("2023-02-28T16:00:00"))).toBe("2023-03-01");
    expect(pickupDate(ist("2024-12-31T15:30:00"))).toBe("2025-01-01");
  });

  it("agrees with the Asia/Kolkata time zone database", () => {
    const kolkata = new Intl.DateTimeFormat("en-CA", {
      timeZone: "Asia/Kolkata",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        expect(istDate(new Date(ms))).toBe(kolkata.format(new Date(ms)));
      }),
    );
  });
});

describe("addDays", () => {
  it("adds calendar days", () => {
    expect(addDays("2024-01-30", 2)).toBe("2024-02-01");
    expect(addDays("2024-03-01", -1)).toBe("2024-02-29");
    expect(() => addDays("30/01/2024", 1)).toThrow(RangeError);
  });
});

describe("estimateDelivery", () => {
  it("is the pickup date plus the turnaround, as YYYY-MM-DD", () => {
    expect(estimateDelivery({ now: ist("2024-03-10T10:00:00"), zone: "D", mode: "air" })).toEqual({
      pickup_date: "2024-03-10",
      tat_days: 4,
      edd_stamp: "2024-03-14",
    });
    expect(estimateDelivery({ now: ist("2024-03-10T15:00:00"), zone: "E", mode: "surface", adjustDays: 1 })).toEqual({
      pickup_date: "2024-03-11",
      tat_days: 10,
      edd_stamp: "2024-03-21",
    });
  });

  it("refuses an invalid order time", () => {
    expect(() => estimateDelivery({ now: new Date("nope"), zone: "A", mode: "mixed" })).toThrow(RangeError);
  });
});
