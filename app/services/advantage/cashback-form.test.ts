import fc from "fast-check";
import { describe, expect, it } from "vitest";

import {
  CASHBACK_BAD_PERCENTAGE,
  CASHBACK_EMPTY,
  CASHBACK_NEGATIVE,
  cashbackFormSchema,
  cashbackFormValues,
  checkCashbackAmount,
  defaultCashbackSettings,
  MAX_LIABILITY_REQUIRED,
  TAT_INVALID,
} from "./cashback-form";

const valid = () => ({ ...cashbackFormValues(defaultCashbackSettings()), max_tat_liability: "500", version: "0" });

function errorsOf(form: Record<string, string>) {
  const r = cashbackFormSchema.safeParse(form);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
}

describe("cashback settings form", () => {
  it("starts from the spec's defaults: assurance 85, 100 % cashback, TAT 2/3/4/5/8, no liability yet", () => {
    expect(cashbackFormValues(defaultCashbackSettings())).toMatchObject({
      assurance: "85",
      return_plan: "1",
      delivered_plan: "1",
      return_rto_kind: "percentage",
      return_rto_amount: "100.00",
      delivered_forward_amount: "100.00",
      tat_zoneA: "2",
      tat_zoneB: "3",
      tat_zoneC: "4",
      tat_zoneD: "5",
      tat_zoneE: "8",
      max_tat_liability: "",
    });
  });

  it("turns a valid form into the settings to save", () => {
    const r = cashbackFormSchema.parse({
      ...valid(),
      return_plan: "4",
      return_rto_kind: "value",
      return_rto_amount: "12.5",
      return_forward_amount: "40",
      delivered_plan: "2",
      delivered_forward_amount: "75.25",
      max_tat_liability: "1000",
      version: "3",
    });
    expect(r.version).toBe(3);
    expect(r.settings.return_cashback).toEqual({
      plan: 4,
      forward_percentage: "40.00",
      forward_value: null,
      rto_percentage: null,
      rto_value: "12.50",
    });
    expect(r.settings.delivered_cashback).toMatchObject({ plan: 2, forward_percentage: "75.25", forward_value: null });
    expect(r.settings.max_tat_liability).toBe("1000.00");
    expect(r.settings.tat_zoneE).toBe(8);
  });

  it("shows the spec's message for each invalid amount", () => {
    expect(errorsOf({ ...valid(), return_rto_amount: "" })).toEqual({ return_rto_amount: CASHBACK_EMPTY });
    expect(errorsOf({ ...valid(), return_rto_amount: "abc" })).toEqual({ return_rto_amount: CASHBACK_EMPTY });
    expect(errorsOf({ ...valid(), return_forward_kind: "value", return_forward_amount: "-5" })).toEqual({
      return_forward_amount: CASHBACK_NEGATIVE,
    });
    expect(errorsOf({ ...valid(), delivered_forward_amount: "100.5" })).toEqual({
      delivered_forward_amount: CASHBACK_BAD_PERCENTAGE,
    });
    expect(errorsOf({ ...valid(), max_tat_liability: "" })).toEqual({ max_tat_liability: MAX_LIABILITY_REQUIRED });
    expect(errorsOf({ ...valid(), max_tat_liability: "-1" })).toEqual({ max_tat_liability: MAX_LIABILITY_REQUIRED });
    expect(errorsOf({ ...valid(), tat_zoneC: "0" })).toEqual({ tat_zoneC: TAT_INVALID });
    // A value may exceed 100 (rupees); only a percentage may not.
    expect(errorsOf({ ...valid(), return_rto_kind: "value", return_rto_amount: "150" })).toEqual({});
    // "-0" is not negative.
    expect(checkCashbackAmount("value", "-0")).toEqual({ ok: true, value: "0.00" });
  });

  it("uses only the spec's cashback messages: more decimals are rounded to the paisa, an impossible value reads as empty", () => {
    const specMessages = new Set([CASHBACK_EMPTY, CASHBACK_NEGATIVE, CASHBACK_BAD_PERCENTAGE]);
    expect(checkCashbackAmount("value", "12.345")).toEqual({ ok: true, value: "12.35" });
    expect(checkCashbackAmount("value", "12.344")).toEqual({ ok: true, value: "12.34" });
    expect(checkCashbackAmount("value", "0.999")).toEqual({ ok: true, value: "1.00" });
    expect(checkCashbackAmount("percentage", "33.333")).toEqual({ ok: true, value: "33.33" });
    expect(checkCashbackAmount("percentage", "100.004")).toEqual({ ok: true, value: "100.00" });
    expect(checkCashbackAmount("percentage", "100.005")).toMatchObject({ ok: false, message: CASHBACK_BAD_PERCENTAGE });
    expect(checkCashbackAmount("value", "10000000000")).toMatchObject({ ok: false, message: CASHBACK_EMPTY });
    expect(errorsOf({ ...valid(), return_forward_kind: "value", return_forward_amount: "25.555" })).toEqual({});
    expect(
      cashbackFormSchema.parse({
        ...valid(),
        return_forward_kind: "value",
        return_forward_amount: "25.555",
        max_tat_liability: "99.999",
      }).settings,
    ).toMatchObject({
      return_cashback: { forward_value: "25.56" },
      max_tat_liability: "100.00",
    });
    fc.assert(
      fc.property(
        fc.constantFrom("value" as const, "percentage" as const),
        fc.string({ maxLength: 16 }),
        (kind, text) => {
          const r = checkCashbackAmount(kind, text);
          if (!r.ok) expect(specMessages.has(r.message)).toBe(true);
        },
      ),
    );
    fc.assert(
      fc.property(
        fc.constantFrom("value" as const, "percentage" as const),
        fc.double({ min: -1e6, max: 1e12, noNaN: true }),
        (kind, n) => {
          const r = checkCashbackAmount(kind, String(n));
          if (!r.ok) expect(specMessages.has(r.message)).toBe(true);
        },
      ),
    );
  });

  it("accepts exactly the percentages 0–100 with up to two decimals (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -20_000, max: 20_000 }), (h) => {
        const text = `${h < 0 ? "-" : ""}${Math.floor(Math.abs(h) / 100)}.${String(Math.abs(h) % 100).padStart(2, "0")}`;
        const r = checkCashbackAmount("percentage", text);
        if (h >= 0 && h <= 10_000) expect(r).toEqual({ ok: true, value: text });
        else expect(r).toMatchObject({ ok: false, message: h < 0 ? CASHBACK_NEGATIVE : CASHBACK_BAD_PERCENTAGE });
      }),
    );
  });
});
