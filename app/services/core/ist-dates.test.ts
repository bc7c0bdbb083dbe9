/** The console's calendar: IST days, day arithmetic across months, years and leap days, DD-MM-YYYY. */
import { describe, expect, it } from "vitest";

import {
  addDays,
  daysBetween,
  daysFrom,
  daysInMonth,
  dmy,
  fromIstWallClock,
  isIsoDay,
  istDayOf,
  istDmyTime,
  istWallClockOf,
  monthEnd,
  monthLabel,
  monthStart,
  previousMonthStart,
  shortDayLabel,
  weekdayOf,
} from "./ist-dates";

describe("IST days (docs/product.md §9)", () => {
  it("buckets a moment into its IST day around midnight", () => {
    expect(istDayOf(new Date("2026-01-01T18:29:59Z"))).toBe("2026-01-01");
    expect(istDayOf(new Date("2026-01-01T18:30:00Z"))).toBe("2026-01-02");
  });

  it("reads a moment on India's wall clock", () => {
    expect(istWallClockOf(new Date("2026-01-01T18:30:00Z")).toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(istWallClockOf(new Date("2026-06-30T06:15:00Z")).toISOString()).toBe("2026-06-30T11:45:00.000Z");
    // And back: India's midnight of 2 January is 18:30 UTC on the 1st.
    expect(fromIstWallClock(Date.parse("2026-01-02T00:00:00Z")).toISOString()).toBe("2026-01-01T18:30:00.000Z");
    expect(fromIstWallClock(new Date("2026-06-30T11:45:00Z")).toISOString()).toBe("2026-06-30T06:15:00.000Z");
    // On screen, DD-MM-YYYY HH:MM in India's time, the day turning at India's midnight.
    expect(istDmyTime(new Date("2026-01-01T18:29:00Z"))).toBe("01-01-2026 23:59");
    expect(istDmyTime(new Date("2026-01-01T18:30:00Z"))).toBe("02-01-2026 00:00");
  });

  it("accepts only real days written YYYY-MM-DD", () => {
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-02-30")).toBe(false);
    expect(isIsoDay("01-02-2026")).toBe(false);
  });

  it("moves and counts days across a month, a year and a leap day", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(daysBetween("2026-12-25", "2027-01-04")).toBe(10);
    expect(daysBetween("2027-01-04", "2026-12-25")).toBe(-10);
    expect(daysFrom("2026-12-30", "2027-01-01")).toEqual(["2026-12-30", "2026-12-31", "2027-01-01"]);
    expect(daysFrom("2027-01-01", "2026-12-30")).toEqual([]);
  });

  it("finds a month's first and last day, and the month before across a year", () => {
    expect(monthStart("2026-11-27")).toBe("2026-11-01");
    expect(monthEnd("2028-02-10")).toBe("2028-02-29");
    expect(daysInMonth("2026-02-10")).toBe(28);
    expect(previousMonthStart("2027-01-15")).toBe("2026-12-01");
  });

  it("writes days as the console shows them", () => {
    expect(dmy("2026-11-27")).toBe("27-11-2026");
    expect(monthLabel("2026-11-27")).toBe("Nov 2026");
    expect(shortDayLabel("2026-11-24")).toBe("24 Nov");
    expect(weekdayOf("2026-11-27")).toBe("Friday");
  });
});
