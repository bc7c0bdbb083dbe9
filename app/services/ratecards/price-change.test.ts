import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { MAX_MONEY_PAISE } from "../core/rate-fields";
import type { CardRow } from "./fields";
import {
  changeByPercent,
  fieldsOf,
  outOfBoundsLine,
  planPriceChange,
  planRowChanges,
  type PriceChangeRequest,
  scaleRounded,
  summarisePlan,
} from "./price-change";
import { priceChangeRequest, priceChangeValidator } from "./price-change-form";

/** Fixed seeds: a failure names the case, and the run is the same on every machine. */
const RUN = { seed: 74, numRuns: 2_000 } as const;

describe("rounding to the paisa (decision 074)", () => {
  it("rounds half away from zero, exactly", () => {
    expect(scaleRounded(1001, 1, 2)).toBe(501); // 500.5 → 501
    expect(scaleRounded(1003, 1, 2)).toBe(502); // 501.5 → 502
    expect(scaleRounded(-1001, 1, 2)).toBe(-501); // −500.5 → −501
    expect(scaleRounded(1000, 1, 3)).toBe(333);
    expect(scaleRounded(2000, 1, 3)).toBe(667);
    expect(changeByPercent(1000, 50)).toBe(1005); // ₹10.00 + 0.5 % = ₹10.05
    expect(changeByPercent(1001, 50)).toBe(1006); // ₹10.01 + 0.5 % = ₹10.06005 → ₹10.06
    expect(changeByPercent(3, 5000)).toBe(5); // 4.5 paise → 5
    expect(changeByPercent(3, -5000)).toBe(2); // 1.5 paise → 2
    // The largest money value times the largest factor stays exact (a double would not).
    expect(changeByPercent(MAX_MONEY_PAISE, 100_000)).toBe(10_999_999_999_989);
  });

  it("a rise of p %, then its exact inverse, comes back within one paisa of every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_MONEY_PAISE }), fc.integer({ min: 1, max: 100_000 }), (paise, p) => {
        const risen = changeByPercent(paise, p);
        const back = scaleRounded(risen, 10_000, 10_000 + p);
        expect(Math.abs(back - paise)).toBeLessThanOrEqual(1);
      }),
      RUN,
    );
  });

  it("a cut of p %, then its exact inverse, is within ½ + ½ ÷ (1 − p) paise (a cut loses what rounding drops)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 1, max: 9_000 }), (paise, p) => {
        const cut = changeByPercent(paise, -p);
        const back = scaleRounded(cut, 10_000, 10_000 - p);
        expect(Math.abs(back - paise)).toBeLessThanOrEqual(0.5 + 0.5 / (1 - p / 10_000));
      }),
      RUN,
    );
  });

  it("a percent change never moves an amount by more than the exact change plus half a paisa", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.integer({ min: -10_000, max: 100_000 }), (x, p) => {
        const exact = (x * (10_000 + p)) / 10_000;
        expect(Math.abs(changeByPercent(x, p) - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
      RUN,
    );
  });
});

let nextId = 1;
function row(over: Partial<CardRow> & Pick<CardRow, "courier_service_id" | "shipment_type">): CardRow {
  const id = nextId++;
  return {
    id,
    courier_name: `Courier ${over.courier_service_id}`,
    is_active: true,
    version: 1,
    delivery_type: "surface",
    first_slab: "0.50",
    second_slab: "0.50",
    zone_a_base: "30.00",
    zone_a_add: "28.00",
    zone_b_base: "35.00",
    zone_b_add: "33.00",
    zone_c_base: "40.00",
    zone_c_add: "38.00",
    zone_d_base: "45.00",
    zone_d_add: "43.00",
    zone_e_base: "60.00",
    zone_e_add: "58.00",
    cod_charge: "35.00",
    cod_percentage: "1.50",
    surcharge: "0.00",
    ndd_charge: "0.00",
    divisor: 5000,
    ...over,
  };
}

const request = (over: Partial<PriceChangeRequest>): PriceChangeRequest => ({
  by: "percent",
  amount: 1000,
  courierServiceIds: [1],
  zones: ["A"],
  columns: ["base"],
  tabs: ["forward"],
  ...over,
});

describe("the plan of a bulk change", () => {
  const fwd1 = row({ courier_service_id: 1, shipment_type: "FORWARD" });
  const rto1 = row({ courier_service_id: 1, shipment_type: "FORWARD_RTO", zone_a_base: "31.00" });
  const rev1 = row({ courier_service_id: 1, shipment_type: "REVERSE" });
  const fwd2 = row({ courier_service_id: 2, shipment_type: "FORWARD", version: 7 });
  const rows = [fwd1, rto1, rev1, fwd2];

  it("changes only the chosen couriers, tabs, zones and columns: row id, version, field, old, new", () => {
    const r = planPriceChange(rows, request({ tabs: ["forward", "rto"], zones: ["A", "C"], columns: ["base", "add"] }));
    expect(r.ok && r.plan.changes).toEqual([
      { rowId: fwd1.id, version: 1, field: "zone_a_base", old: "30.00", new: "33.00" },
      { rowId: fwd1.id, version: 1, field: "zone_a_add", old: "28.00", new: "30.80" },
      { rowId: fwd1.id, version: 1, field: "zone_c_base", old: "40.00", new: "44.00" },
      { rowId: fwd1.id, version: 1, field: "zone_c_add", old: "38.00", new: "41.80" },
      { rowId: rto1.id, version: 1, field: "zone_a_base", old: "31.00", new: "34.10" },
      { rowId: rto1.id, version: 1, field: "zone_a_add", old: "28.00", new: "30.80" },
      { rowId: rto1.id, version: 1, field: "zone_c_base", old: "40.00", new: "44.00" },
      { rowId: rto1.id, version: 1, field: "zone_c_add", old: "38.00", new: "41.80" },
    ]);
  });

  it("changes by rupees exactly, down as well as up, and leaves out values it would not change", () => {
    const zero = row({ courier_service_id: 3, shipment_type: "FORWARD", surcharge: "0.00" });
    const down = planPriceChange([zero, fwd2], request({ by: "rupees", amount: -250, courierServiceIds: [2, 3] }));
    expect(down.ok && down.plan.changes).toEqual([
      { rowId: zero.id, version: 1, field: "zone_a_base", old: "30.00", new: "27.50" },
      { rowId: fwd2.id, version: 7, field: "zone_a_base", old: "30.00", new: "27.50" },
    ]);
    // 0 % of a zero surcharge is still zero: no change planned.
    const pct = planPriceChange([zero], request({ courierServiceIds: [3], columns: ["surcharge"] }));
    expect(pct.ok && pct.plan.changes).toEqual([]);
  });

  it("sets COD terms on every row of a chosen courier, whatever tabs are chosen (they are per courier)", () => {
    const r = planPriceChange(rows, request({ columns: ["cod_charge", "cod_percentage"], zones: [] }));
    expect(r.ok && r.plan.changes.map((c) => [c.rowId, c.field, c.new])).toEqual([
      [fwd1.id, "cod_charge", "38.50"],
      [fwd1.id, "cod_percentage", "1.65"],
      [rto1.id, "cod_charge", "38.50"],
      [rto1.id, "cod_percentage", "1.65"],
      [rev1.id, "cod_charge", "38.50"],
      [rev1.id, "cod_percentage", "1.65"],
    ]);
  });

  it("refuses results below zero or above the field's limit, naming each with the field's message", () => {
    const below = planPriceChange(rows, request({ by: "rupees", amount: -3_001 }));
    expect(below.ok).toBe(false);
    if (below.ok) return;
    expect(below.outOfBounds.map(outOfBoundsLine)).toEqual([
      "Courier 1 · Forward (surface) · Zone A Base: 30.00 → -0.01 — * Enter valid number !",
    ]);
    // COD Percentage is a numeric(6,2) percent: at most 100.00.
    const above = planPriceChange(
      [row({ courier_service_id: 1, shipment_type: "FORWARD", cod_percentage: "60.00" })],
      request({ amount: 10_000, columns: ["cod_percentage"] }),
    );
    expect(!above.ok && above.outOfBounds.map((o) => [o.field, o.new, o.message])).toEqual([
      ["cod_percentage", "120.00", "* Enter valid number !"],
    ]);
  });

  it("summarises: rows, values and the largest change", () => {
    const r = planPriceChange(rows, request({ zones: ["A", "E"], columns: ["base"] }));
    if (!r.ok) throw new Error("refused");
    expect(summarisePlan(r.plan)).toEqual({
      rows: 1,
      values: 2,
      largest: { rowId: fwd1.id, version: 1, field: "zone_e_base", old: "60.00", new: "66.00", difference: "+6.00" },
    });
    const down = planPriceChange(rows, request({ by: "rupees", amount: -100 }));
    expect(down.ok && summarisePlan(down.plan).largest?.difference).toBe("-1.00");
    expect(summarisePlan({ changes: [] })).toEqual({ rows: 0, values: 0, largest: null });
  });

  it("groups a plan by row in the shape of every rate change (audit, e-mail, preview)", () => {
    const r = planPriceChange(rows, request({ columns: ["base", "add"] }));
    if (!r.ok) throw new Error("refused");
    expect(planRowChanges(r.plan, new Map(rows.map((x) => [x.id, x])))).toEqual([
      {
        rowId: fwd1.id,
        action: "update",
        courier_service_id: 1,
        courier: "Courier 1",
        shipment_type: "FORWARD",
        delivery_type: "surface",
        fields: [
          { field: "zone_a_base", old: "30.00", new: "33.00" },
          { field: "zone_a_add", old: "28.00", new: "30.80" },
        ],
      },
    ]);
  });

  it("names the fields of the chosen columns and zones in card order", () => {
    expect(fieldsOf(["surcharge", "add", "base"], ["E", "B"])).toEqual([
      "zone_b_base",
      "zone_b_add",
      "zone_e_base",
      "zone_e_add",
      "surcharge",
    ]);
  });
});

describe("the Change prices form", () => {
  const form = (entries: [string, string][]) => {
    const fd = new FormData();
    for (const [k, v] of entries) fd.append(k, v);
    return priceChangeValidator.validate(fd);
  };

  it("reads a request: signed amount in hundredths, repeated checkboxes, only known values", async () => {
    const r = await form([
      ["by", "percent"],
      ["sign", "down"],
      ["amount", " 2.5 "],
      ["courier", "4"],
      ["courier", "9"],
      ["zone", "E"],
      ["zone", "A"],
      ["zone", "Z"],
      ["column", "base"],
      ["shipment", "rto"],
    ]);
    expect(r.error).toBeUndefined();
    expect(priceChangeRequest(r.data!)).toEqual({
      by: "percent",
      amount: -250,
      courierServiceIds: [4, 9],
      zones: ["A", "E"],
      columns: ["base"],
      tabs: ["rto"],
    });
  });

  it("says every problem at once, with the spec's messages for the amount", async () => {
    const r = await form([
      ["by", "rupees"],
      ["amount", ""],
      ["column", "cod_percentage"],
    ]);
    expect(r.error?.fieldErrors).toEqual({
      amount: "Please fill!",
      courier: "Choose at least one courier.",
      column: "COD Percentage is a percent: change it by percent, not by rupees.",
      shipment: "Choose Forward, Reverse or RTO.",
    });
    const bad = await form([
      ["amount", "-5"],
      ["courier", "1"],
      ["column", "base"],
      ["shipment", "forward"],
    ]);
    expect(bad.error?.fieldErrors).toEqual({
      amount: "* Enter valid number !",
      zone: "Choose at least one zone for Zone Base or Zone Additional.",
    });
    const zero = await form([
      ["amount", "0.00"],
      ["courier", "1"],
      ["column", "surcharge"],
      ["shipment", "forward"],
    ]);
    expect(zero.error?.fieldErrors).toEqual({ amount: "Enter an amount above zero." });
  });
});
