import { describe, expect, it } from "vitest";

import { istDmyTime, startOfIstDay } from "../core/ist-dates";
import type { RowChange } from "./changes";
import {
  EFFECTIVE_FROM_INVALID,
  EFFECTIVE_FROM_PAST,
  istDateTimeInput,
  overlayRowChanges,
  parseEffectiveFrom,
  pendingHeadline,
  rowChangeRefusal,
  type ScheduledRowLike,
} from "./scheduled";

const now = new Date("2026-11-27T12:00:00Z"); // 17:30 in India

describe("Effective from (India time)", () => {
  it("reads empty as now, a later wall-clock time as that moment in India, and refuses the past or nonsense", () => {
    expect(parseEffectiveFrom("", now)).toEqual({ ok: true, at: null });
    expect(parseEffectiveFrom(undefined, now)).toEqual({ ok: true, at: null });
    expect(parseEffectiveFrom("2026-12-01T00:00", now)).toEqual({
      ok: true,
      at: new Date("2026-11-30T18:30:00Z"),
    });
    expect(parseEffectiveFrom("2026-11-27T17:30", now)).toMatchObject({ ok: false, message: EFFECTIVE_FROM_PAST });
    expect(parseEffectiveFrom("2026-11-27T17:31", now)).toMatchObject({ ok: true });
    for (const bad of ["2026-02-30T10:00", "2026-12-01T24:00", "01-12-2026 00:00", "2026-12-01"])
      expect(parseEffectiveFrom(bad, now)).toMatchObject({ ok: false, message: EFFECTIVE_FROM_INVALID });
  });

  it("shows a moment as DD-MM-YYYY HH:MM in India, and back into the input", () => {
    const at = new Date("2026-11-30T18:30:00Z");
    expect(istDmyTime(at)).toBe("01-12-2026 00:00");
    expect(istDateTimeInput(at)).toBe("2026-12-01T00:00");
    expect(startOfIstDay("2026-12-01")).toEqual(at);
    expect(pendingHeadline(3, "01-12-2026 00:00")).toBe("3 changes take effect on 01-12-2026 00:00");
    expect(pendingHeadline(1, "01-12-2026 00:00")).toBe("1 change takes effect on 01-12-2026 00:00");
  });
});

const row = (id: number, courier_service_id: number, zoneA: string): ScheduledRowLike => ({
  id,
  courier_service_id,
  shipment_type: "FORWARD",
  delivery_type: "EXPRESS" as ScheduledRowLike["delivery_type"],
  first_slab: "0.50",
  second_slab: "0.50",
  zone_a_base: zoneA,
  zone_a_add: "10.00",
  zone_b_base: "30.00",
  zone_b_add: "12.00",
  zone_c_base: "40.00",
  zone_c_add: "14.00",
  zone_d_base: "50.00",
  zone_d_add: "16.00",
  zone_e_base: "60.00",
  zone_e_add: "18.00",
  cod_charge: "30.00",
  cod_percentage: "1.50",
  surcharge: "0.00",
  ndd_charge: "0.00",
  divisor: 5000,
});

const update = (r: ScheduledRowLike, old: string, next: string): RowChange => ({
  rowId: r.id,
  action: "update",
  courier_service_id: r.courier_service_id,
  courier: `Courier ${r.courier_service_id}`,
  shipment_type: r.shipment_type,
  delivery_type: r.delivery_type,
  fields: [{ field: "zone_a_base", old, new: next }],
});

describe("the conflict rule and the overlay", () => {
  const a = row(1, 10, "20.00");
  const b = row(2, 11, "25.00");

  it("applies an update only where the row still holds the value seen", () => {
    expect(rowChangeRefusal(a, update(a, "20.00", "22.00"))).toBeNull();
    expect(rowChangeRefusal(a, update(a, "19.00", "22.00"))).toBe(
      "the row was edited after the change was scheduled (Zone A Base is 20.00, was 19.00)",
    );
    expect(rowChangeRefusal(undefined, update(a, "20.00", "22.00"))).toBe(
      "the row was removed after the change was scheduled",
    );
  });

  it("lays changes over the rows in order, skipping refused ones, without touching the input", () => {
    const rows = [a, b];
    const out = overlayRowChanges(rows, [update(a, "20.00", "22.00"), update(b, "99.00", "1.00")], () =>
      row(0, 0, "0"),
    );
    expect(out.map((r) => r.zone_a_base)).toEqual(["22.00", "25.00"]);
    expect(rows.map((r) => r.zone_a_base)).toEqual(["20.00", "25.00"]);
    // A second change on the same row sees the first one's value.
    const chained = overlayRowChanges(rows, [update(a, "20.00", "22.00"), update(a, "22.00", "23.00")], () =>
      row(0, 0, "0"),
    );
    expect(chained[0].zone_a_base).toBe("23.00");
  });

  it("adds a row only where none has its key, and removes one only as it was seen", () => {
    const add: RowChange = {
      rowId: 0,
      action: "create",
      courier_service_id: 12,
      courier: "Courier 12",
      shipment_type: "FORWARD",
      delivery_type: a.delivery_type,
      fields: [{ field: "zone_a_base", old: null, new: "31.00" }],
    };
    const added = overlayRowChanges([a, b], [add], (c) => row(0, c.courier_service_id, "0.00"));
    expect(added).toHaveLength(3);
    expect(added[2]).toMatchObject({ id: 0, courier_service_id: 12, zone_a_base: "31.00" });
    expect(rowChangeRefusal(row(5, 12, "1.00"), add)).toBe(
      "a row for this courier and price type was added after the change was scheduled",
    );

    const remove: RowChange = {
      ...update(b, "25.00", "25.00"),
      action: "delete",
      fields: [{ field: "zone_a_base", old: "25.00", new: null }],
    };
    expect(overlayRowChanges([a, b], [remove], () => a).map((r) => r.id)).toEqual([1]);
    const stale: RowChange = { ...remove, fields: [{ field: "zone_a_base", old: "24.00", new: null }] };
    expect(overlayRowChanges([a, b], [stale], () => a).map((r) => r.id)).toEqual([1, 2]);
  });
});
