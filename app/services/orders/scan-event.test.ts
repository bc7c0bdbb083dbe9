import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { beforePlacement, parseInstant, parseScanEvent } from "./scan-event";

const NOW = new Date("2026-11-27T12:00:00Z");
const good = {
  awb: "PK0000104729",
  event_id: "scan-1",
  status: "in_transit",
  location: "Delhi",
  at: "2026-11-27T10:00:00Z",
};

describe("a courier's scan event, judged alone", () => {
  it("reads a good event, trimmed, its location optional", () => {
    expect(parseScanEvent({ ...good, awb: " PK0000104729\n", location: undefined }, NOW)).toEqual({
      ok: true,
      event: { ...good, location: "", at: new Date("2026-11-27T10:00:00Z") },
    });
  });

  it("reads ISO 8601 instants with their offset, and nothing looser", () => {
    expect(parseInstant("2026-11-20T10:00:00Z")).toEqual(new Date("2026-11-20T10:00:00Z"));
    expect(parseInstant("2026-11-20T15:30:00.5+05:30")).toEqual(new Date("2026-11-20T10:00:00.500Z"));
    expect(parseInstant("2026-11-20t10:00z")).toEqual(new Date("2026-11-20T10:00:00Z"));
    expect(parseInstant("2028-02-29T00:00:00-0100")).toEqual(new Date("2028-02-29T01:00:00Z"));
    expect(parseInstant("0001-01-01T00:00:00Z")?.getUTCFullYear()).toBe(1);
    for (const bad of [
      "2026-11-20T10:00:00", // no offset: whose clock?
      "2026-02-29T00:00:00Z",
      "2026-02-31T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-11-20T24:00:00Z",
      "2026-11-20T10:00:60Z",
      "2026-11-20T10:00:00+24:00",
      "2026",
      "2026-11-20",
      "+275760-09-13T00:00:00Z",
      " 2026-11-20T10:00:00Z",
    ])
      expect(parseInstant(bad), bad).toBeNull();
  });

  it("refuses an event more than a day ahead of now, and one before its order", () => {
    expect(parseScanEvent({ ...good, at: "2026-11-28T12:00:00Z" }, NOW).ok).toBe(true);
    expect(parseScanEvent({ ...good, at: "2026-11-28T12:00:00.001Z" }, NOW)).toEqual({
      ok: false,
      status: 400,
      message: "at is more than a day in the future (2026-11-28T12:00:00.001Z; it is now 2026-11-27T12:00:00.000Z)",
    });
    const placed = new Date("2026-11-27T09:00:00Z");
    expect(beforePlacement(new Date("2026-11-27T09:00:00Z"), placed)).toBeNull();
    expect(beforePlacement(new Date("2026-11-27T08:59:59Z"), placed)).toBe(
      "at is before the order was placed (2026-11-27T09:00:00.000Z)",
    );
  });

  it("names every bad field at once", () => {
    expect(parseScanEvent({ awb: "", status: "teleported", at: 5 }, NOW)).toEqual({
      ok: false,
      status: 400,
      message:
        "awb is required; event_id is required; status must be one of placed, pickup_scheduled, picked_up, in_transit, " +
        "out_for_delivery, delivered, ndr, rto_initiated, rto_delivered, cancelled; " +
        "at must be a date and time in ISO 8601 with its time zone, e.g. 2026-11-20T10:00:00Z",
    });
    expect(parseScanEvent(null, NOW).ok).toBe(false);
    expect(parseScanEvent([good], NOW).ok).toBe(false);
  });

  it("refuses any text field holding a control character or an unpaired surrogate, and takes any other text", () => {
    const unit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(
        fc.constantFrom("awb", "event_id", "location"),
        fc.string({ unit, minLength: 1, maxLength: 30 }),
        (field, text) => {
          const verdict = parseScanEvent({ ...good, [field]: `x${text}x` }, NOW);
          const bad = /[\p{Cc}\p{Cs}]/u.test(text);
          expect(verdict.ok).toBe(!bad);
          if (!verdict.ok)
            expect(verdict.message).toMatch(new RegExp(`^${field} (must not contain control|is not valid Unicode)`));
        },
      ),
      { numRuns: 500 },
    );
  });
});
