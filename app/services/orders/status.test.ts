import { describe, expect, it } from "vitest";

import { deriveState, type ScanEvent } from "./status";

const at = (iso: string) => new Date(iso);
const ev = (status: ScanEvent["status"], iso: string, id: string): ScanEvent => ({
  status,
  at: at(iso),
  courier_event_id: id,
});

describe("order state from scan events", () => {
  const events = [
    ev("pickup_scheduled", "2026-11-01T05:00:00Z", "e1"),
    ev("picked_up", "2026-11-01T10:00:00Z", "e2"),
    ev("in_transit", "2026-11-02T01:00:00Z", "e3"),
    ev("out_for_delivery", "2026-11-03T03:00:00Z", "e4"),
    ev("delivered", "2026-11-03T09:30:00Z", "e5"),
  ];
  it("is placed with no events", () => {
    expect(deriveState([])).toEqual({ current_status: "placed", pickup_at: null, delivered_at: null, rto_at: null });
  });
  it("applies events by event time, whatever order they arrived in", () => {
    const want = {
      current_status: "delivered",
      pickup_at: at("2026-11-01T10:00:00Z"),
      delivered_at: at("2026-11-03T09:30:00Z"),
      rto_at: null,
    };
    expect(deriveState(events)).toEqual(want);
    expect(deriveState([...events].reverse())).toEqual(want);
    expect(deriveState([events[4], events[0], events[3], events[1], events[2]])).toEqual(want);
  });
  it("keeps a terminal state when a late scan with an earlier time arrives", () => {
    const late = ev("in_transit", "2026-11-02T12:00:00Z", "e9");
    expect(deriveState([...events, late]).current_status).toBe("delivered");
  });
  it("follows an NDR into RTO", () => {
    const rto = [
      ...events.slice(0, 4),
      ev("ndr", "2026-11-03T12:00:00Z", "n1"),
      ev("rto_initiated", "2026-11-05T08:00:00Z", "r1"),
      ev("rto_delivered", "2026-11-09T08:00:00Z", "r2"),
    ];
    expect(deriveState(rto)).toMatchObject({
      current_status: "rto_delivered",
      rto_at: at("2026-11-05T08:00:00Z"),
      delivered_at: null,
    });
  });
});
