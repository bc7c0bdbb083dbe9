import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { rupeesToPaise } from "../core/money";
import { ZONES } from "../core/zones";
import {
  type CashbackInput,
  type CashbackSettings,
  computeCashback,
  type DeliveredCashbackPlan,
  partialAmount,
  type ReturnCashbackPlan,
} from "./cashback";

function settings(patch: Partial<CashbackSettings> = {}): CashbackSettings {
  return {
    assurance: 85,
    return_cashback: {
      plan: 1,
      forward_percentage: "100.00",
      forward_value: null,
      rto_percentage: "100.00",
      rto_value: null,
    },
    delivered_cashback: {
      plan: 1,
      forward_percentage: "100.00",
      forward_value: null,
      rto_percentage: "100.00",
      rto_value: null,
    },
    tat_zoneA: 2,
    tat_zoneB: 3,
    tat_zoneC: 4,
    tat_zoneD: 5,
    tat_zoneE: 8,
    max_tat_liability: "1000.00",
    ...patch,
  };
}

const late = (s: CashbackSettings, outcome: "delivered" | "rto", extra: Partial<CashbackInput> = {}) =>
  computeCashback({
    settings: s,
    zone: "C",
    actualDays: 6,
    outcome,
    forwardFreight: "80.00",
    rtoFreight: "60.00",
    ...extra,
  });

describe("cashback engine: each plan", () => {
  it("delivered plan 1 pays the full forward freight", () => {
    const r = late(settings(), "delivered");
    expect(r).toMatchObject({ breached: true, promisedDays: 4, rupees: "80.00", paise: 8000, capped: false });
  });

  it("delivered plan 2 pays a percentage or a value of the forward freight", () => {
    const pct = settings({
      delivered_cashback: {
        plan: 2,
        forward_percentage: "37.50",
        forward_value: null,
        rto_percentage: "100.00",
        rto_value: null,
      },
    });
    expect(late(pct, "delivered").rupees).toBe("30.00");
    const val = settings({
      delivered_cashback: {
        plan: 2,
        forward_percentage: null,
        forward_value: "25.50",
        rto_percentage: "100.00",
        rto_value: null,
      },
    });
    expect(late(val, "delivered").rupees).toBe("25.50");
    // A value above the freight refunds at most the freight.
    const big = settings({
      delivered_cashback: {
        plan: 2,
        forward_percentage: null,
        forward_value: "500.00",
        rto_percentage: "100.00",
        rto_value: null,
      },
    });
    expect(late(big, "delivered").rupees).toBe("80.00");
  });

  it("return plans 1–4 on an RTO after a late first attempt", () => {
    const ret = (plan: ReturnCashbackPlan, p: Partial<CashbackSettings["return_cashback"]> = {}) =>
      late(
        settings({
          return_cashback: {
            plan,
            forward_percentage: "100.00",
            forward_value: null,
            rto_percentage: "100.00",
            rto_value: null,
            ...p,
          },
        }),
        "rto",
      ).rupees;
    expect(ret(1)).toBe("60.00");
    expect(ret(2)).toBe("140.00");
    expect(ret(3, { rto_percentage: "50.00" })).toBe("30.00");
    expect(ret(3, { rto_percentage: null, rto_value: "12.34" })).toBe("12.34");
    expect(ret(4, { rto_percentage: "50.00", forward_percentage: "25.00" })).toBe("50.00");
    expect(ret(4, { rto_percentage: null, rto_value: "10.00", forward_percentage: null, forward_value: "5.00" })).toBe(
      "15.00",
    );
  });

  it("rounds a percentage half-up to the paisa", () => {
    // 33.33 % of ₹0.15 = 4.9995 paise → 5 paise.
    expect(partialAmount(15, "33.33", null)).toBe(5);
    // 12.5 % of ₹0.04 = 0.5 paise → 1 paisa.
    expect(partialAmount(4, "12.50", null)).toBe(1);
  });
});

describe("cashback engine: the cap and kept promises", () => {
  it("never pays more than max_tat_liability and says so", () => {
    const r = late(
      settings({
        max_tat_liability: "50.00",
        return_cashback: {
          plan: 2,
          forward_percentage: "100.00",
          forward_value: null,
          rto_percentage: "100.00",
          rto_value: null,
        },
      }),
      "rto",
    );
    expect(r).toMatchObject({ rupees: "50.00", uncappedPaise: 14000, capped: true });
    expect(late(settings({ max_tat_liability: "0.00" }), "delivered").paise).toBe(0);
  });

  it("pays nothing when the promise was kept, on the promised day too", () => {
    for (const zone of ZONES) {
      const s = settings();
      const days = { A: 2, B: 3, C: 4, D: 5, E: 8 }[zone];
      const kept = computeCashback({
        settings: s,
        zone,
        actualDays: days,
        outcome: "delivered",
        forwardFreight: 90,
        rtoFreight: 90,
      });
      expect(kept).toMatchObject({ paise: 0, breached: false, promisedDays: days });
      const broken = computeCashback({
        settings: s,
        zone,
        actualDays: days + 1,
        outcome: "delivered",
        forwardFreight: 90,
        rtoFreight: 90,
      });
      expect(broken.paise).toBe(9000);
    }
  });

  it("uses the shipment's own promise when given, instead of the zone's TAT", () => {
    expect(late(settings(), "delivered", { promisedTatDays: 6 }).paise).toBe(0);
    expect(late(settings(), "delivered", { promisedTatDays: 5 }).paise).toBe(8000);
  });

  it("refuses impossible input instead of guessing", () => {
    expect(() => late(settings(), "delivered", { forwardFreight: "-1" })).toThrow(RangeError);
    expect(() => late(settings(), "delivered", { actualDays: 1.5 })).toThrow(RangeError);
    expect(() => partialAmount(100, "100.01", null)).toThrow(RangeError);
    expect(() => partialAmount(100, null, null)).toThrow(RangeError);
  });
});

// ---- property tests ----

const money = fc
  .integer({ min: 0, max: 5_000_000 })
  .map((p) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, "0")}`);
const percentage = fc
  .integer({ min: 0, max: 10_000 })
  .map((h) => `${Math.floor(h / 100)}.${String(h % 100).padStart(2, "0")}`);
const side = fc.oneof(
  percentage.map((p) => ({ percentage: p, value: null as string | null })),
  money.map((v) => ({ percentage: null as string | null, value: v })),
);
const choice = <P extends number>(plans: readonly P[]) =>
  fc.record({ plan: fc.constantFrom(...plans), forward: side, rto: side }).map(({ plan, forward, rto }) => ({
    plan,
    forward_percentage: forward.percentage,
    forward_value: forward.value,
    rto_percentage: rto.percentage,
    rto_value: rto.value,
  }));
const tat = fc.integer({ min: 1, max: 15 });
const settingsArb: fc.Arbitrary<CashbackSettings> = fc.record({
  assurance: fc.constantFrom(85 as const, 90 as const, 95 as const),
  return_cashback: choice<ReturnCashbackPlan>([1, 2, 3, 4]),
  delivered_cashback: choice<DeliveredCashbackPlan>([1, 2]),
  tat_zoneA: tat,
  tat_zoneB: tat,
  tat_zoneC: tat,
  tat_zoneD: tat,
  tat_zoneE: tat,
  max_tat_liability: money,
});
const inputArb: fc.Arbitrary<CashbackInput> = fc.record({
  settings: settingsArb,
  zone: fc.constantFrom(...ZONES),
  actualDays: fc.integer({ min: 0, max: 30 }),
  outcome: fc.constantFrom("delivered" as const, "rto" as const),
  forwardFreight: money,
  rtoFreight: money,
});

describe("cashback engine: properties", () => {
  it("is a whole, non-negative number of paise, never above the cap", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCashback(input);
        expect(Number.isSafeInteger(r.paise)).toBe(true);
        expect(r.paise).toBeGreaterThanOrEqual(0);
        expect(r.paise).toBeLessThanOrEqual(rupeesToPaise(input.settings.max_tat_liability));
        expect(r.rupees).toMatch(/^\d+\.\d{2}$/);
        expect(rupeesToPaise(r.rupees)).toBe(r.paise);
      }),
      { numRuns: 2000 },
    );
  });

  it("is zero exactly when the promise was kept (or nothing was owed)", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCashback(input);
        const promised = input.settings[`tat_zone${input.zone}`];
        if (input.actualDays <= promised) expect(r.paise).toBe(0);
        else expect(r.breached).toBe(true);
      }),
    );
  });

  it("never pays more than the freight the plan refunds", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const r = computeCashback(input);
        const f = rupeesToPaise(input.forwardFreight);
        const rto = rupeesToPaise(input.rtoFreight);
        const refundable =
          input.outcome === "delivered"
            ? f
            : input.settings.return_cashback.plan === 1 || input.settings.return_cashback.plan === 3
              ? rto
              : f + rto;
        expect(r.uncappedPaise).toBeLessThanOrEqual(refundable);
      }),
    );
  });

  it("a delivered breach never depends on RTO freight or the delivered plan's RTO side (decision 009)", () => {
    fc.assert(
      fc.property(inputArb, money, fc.integer({ min: 0, max: 10_000 }), (input, otherRto, hundredths) => {
        const d = { ...input, outcome: "delivered" as const };
        const rtoSide = {
          rto_percentage: `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`,
          rto_value: null,
        };
        const changed = {
          ...d,
          rtoFreight: otherRto,
          settings: { ...d.settings, delivered_cashback: { ...d.settings.delivered_cashback, ...rtoSide } },
        };
        expect(computeCashback(changed).paise).toBe(computeCashback(d).paise);
      }),
    );
  });

  it("a partial plan never pays more than the matching full plan", () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const s = input.settings;
        const full = computeCashback({
          ...input,
          settings: {
            ...s,
            return_cashback: { ...s.return_cashback, plan: 2 },
            delivered_cashback: { ...s.delivered_cashback, plan: 1 },
          },
        });
        const partial = computeCashback({
          ...input,
          settings: {
            ...s,
            return_cashback: { ...s.return_cashback, plan: 4 },
            delivered_cashback: { ...s.delivered_cashback, plan: 2 },
          },
        });
        expect(partial.paise).toBeLessThanOrEqual(full.paise);
      }),
    );
  });

  it("a percentage side pays that share of the freight, half-up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (freight, hundredths) => {
          const pct = `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
          const got = partialAmount(freight, pct, null);
          // got is the nearest paisa to freight × hundredths / 10,000.
          expect(Math.abs(got * 10_000 - freight * hundredths)).toBeLessThanOrEqual(5_000);
          expect(got).toBeLessThanOrEqual(freight);
        },
      ),
    );
  });
});
