import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { rupeesToPaise } from "../core/money";
import {
  codMinusBillVerdict,
  customerTypeOf,
  displayedAmount,
  holdDetailsTitle,
  type HoldFigures,
  holdVerdict,
  separateBillVerdict,
  walletVerdict,
} from "./hold";

const base: HoldFigures = {
  seller_type: "WALLET",
  seller_email: "s@x.in",
  pending_cod: 0,
  future_cod: 0,
  tentative_cod: 0,
  pending_bill: 0,
  future_bill: 0,
  tentative_bill: 0,
  buffer_percent: "0.00",
  wallet_balance: 0,
  oldest_pending_bill_date: null,
  oldest_pending_bill_id: null,
  credit_days: 0,
  current_date: "2026-11-24",
};
const f = (over: Partial<HoldFigures>): HoldFigures => ({ ...base, ...over });
const r = rupeesToPaise;

describe("customer type", () => {
  it("is WALLET with a wallet, else COD_MINUS_BILL or SEPARATE_BILL", () => {
    expect(customerTypeOf({ has_wallet: true, has_cod_minus_bill: true })).toBe("WALLET");
    expect(customerTypeOf({ has_wallet: false, has_cod_minus_bill: true })).toBe("COD_MINUS_BILL");
    expect(customerTypeOf({ has_wallet: false, has_cod_minus_bill: false })).toBe("SEPARATE_BILL");
  });
  it("names its On Hold Details dialog, one per type", () => {
    expect(holdDetailsTitle("WALLET")).toBe("On Hold Details · Wallet");
    expect(holdDetailsTitle("COD_MINUS_BILL")).toBe("On Hold Details · COD minus bill");
    expect(holdDetailsTitle("SEPARATE_BILL")).toBe("On Hold Details · Separate billing");
  });
});

describe("wallet verdict: cleared when (1 + buffer%) × future COD + wallet balance > 0", () => {
  it("clears on a worked example and says so with the numbers", () => {
    const v = walletVerdict(f({ future_cod: r("1000"), buffer_percent: "10.00", wallet_balance: r("-1000") }));
    expect(v.clear).toBe(true);
    expect(v.checks[0].text).toBe("(1 + 10.00%) × ₹1,000.00 + -₹1,000.00 = ₹100.00 > ₹0.00");
  });
  it("keeps holding when the left side is exactly 0 (the boundary)", () => {
    const v = walletVerdict(f({ future_cod: r("1000"), buffer_percent: "10.00", wallet_balance: r("-1100") }));
    expect(v.clear).toBe(false);
    expect(v.checks[0].text).toContain("= ₹0.00 is not > ₹0.00");
  });
  it("one paisa decides: −1 keeps holding, +1 clears", () => {
    expect(
      walletVerdict(f({ future_cod: r("1000"), buffer_percent: "10.00", wallet_balance: r("-1100.01") })).clear,
    ).toBe(false);
    expect(
      walletVerdict(f({ future_cod: r("1000"), buffer_percent: "10.00", wallet_balance: r("-1099.99") })).clear,
    ).toBe(true);
  });
  it("compares exactly where the shown product rounds (buffer 12.5 % of 1 paisa)", () => {
    // 1.125 paise + (−1.125) would be 0 exactly; 1 paisa × 1.125 = 1.125 > 1: clears although both show ₹0.01.
    expect(walletVerdict(f({ future_cod: 1, buffer_percent: "12.50", wallet_balance: -1 })).clear).toBe(true);
  });
  it("no future COD and no wallet money keeps holding", () => {
    expect(walletVerdict(f({})).clear).toBe(false);
  });
});

describe("COD-minus-bill verdict", () => {
  const cmb = (over: Partial<HoldFigures>) => codMinusBillVerdict(f({ seller_type: "COD_MINUS_BILL", ...over }));
  it("clears when both conditions hold", () => {
    const v = cmb({
      future_cod: r("500"),
      tentative_cod: r("300"),
      pending_cod: r("200"),
      buffer_percent: "5.00",
      pending_bill: r("100"),
      future_bill: r("50"),
      tentative_bill: r("25"),
    });
    expect(v.clear).toBe(true);
    expect(v.checks.map((c) => c.holds)).toEqual([true, true]);
    expect(v.checks[0].text).toContain("= ₹1,050.00 > ₹25.00 + ₹50.00 + ₹100.00 = ₹175.00");
    expect(v.checks[1].text).toBe("₹200.00 − ₹100.00 = ₹100.00 > ₹0.00");
  });
  it("keeps holding when the buffered COD equals the bills (first boundary)", () => {
    const v = cmb({ future_cod: r("1000"), buffer_percent: "10.00", pending_cod: r("100"), pending_bill: r("1210") });
    // (1.1) × 1100 = 1210 = bills; pending 100 − 1210 < 0 as well.
    expect(v.checks[0].holds).toBe(false);
    expect(v.clear).toBe(false);
    const only = cmb({
      future_cod: r("900"),
      pending_cod: r("200"),
      buffer_percent: "10.00",
      future_bill: r("1110"),
      pending_bill: r("100"),
    });
    expect(only.checks.map((c) => c.holds)).toEqual([false, true]);
    expect(only.clear).toBe(false);
  });
  it("keeps holding when pending COD equals the pending bill (second boundary)", () => {
    const v = cmb({ future_cod: r("5000"), pending_cod: r("300"), pending_bill: r("300") });
    expect(v.checks.map((c) => c.holds)).toEqual([true, false]);
    expect(v.clear).toBe(false);
    expect(v.checks[1].text).toBe("₹300.00 − ₹300.00 = ₹0.00 is not > ₹0.00");
    expect(cmb({ future_cod: r("5000"), pending_cod: r("300.01"), pending_bill: r("300") }).clear).toBe(true);
  });
});

describe("separate-bill verdict: cleared when oldest pending bill date > current date − credit days", () => {
  const sb = (over: Partial<HoldFigures>) =>
    separateBillVerdict(f({ seller_type: "SEPARATE_BILL", credit_days: 15, ...over }));
  it("clears with no pending bill", () => {
    expect(sb({}).clear).toBe(true);
  });
  it("keeps holding on the boundary day (equal dates) and clears the day after", () => {
    const edge = sb({ oldest_pending_bill_date: "2026-11-09" });
    expect(edge.clear).toBe(false);
    expect(edge.checks[0].text).toBe("09-11-2026 is not > 24-11-2026 − 15 days = 09-11-2026");
    expect(sb({ oldest_pending_bill_date: "2026-11-10" }).clear).toBe(true);
    expect(sb({ oldest_pending_bill_date: "2026-10-01" }).clear).toBe(false);
  });
  it("with no credit days any bill dated before today keeps holding", () => {
    expect(sb({ credit_days: 0, oldest_pending_bill_date: "2026-11-24" }).clear).toBe(false);
  });
  it("holdVerdict picks the rule of the seller's type", () => {
    expect(
      holdVerdict(f({ seller_type: "SEPARATE_BILL", credit_days: 15, oldest_pending_bill_date: "2026-11-09" })).rule,
    ).toMatch(/oldest pending bill/);
  });
});

describe("displayed amount", () => {
  it("is |total − ecod| to the paisa", () => {
    expect(displayedAmount(r("1234.56"), r("34.50"))).toBe(r("1200.06"));
    expect(displayedAmount(r("10"), r("12.25"))).toBe(r("2.25"));
  });
  it("paise sums never drift: the sum of shown amounts equals |Σtotal − Σecod| when every total ≥ its ecod", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 })), {
          maxLength: 60,
        }),
        (pairs) => {
          const rows = pairs.map(([a, b]) => [Math.max(a, b), Math.min(a, b)] as const);
          const shown = rows.reduce((s, [t, e]) => s + displayedAmount(t, e), 0);
          const totals = rows.reduce((s, [t]) => s + t, 0) - rows.reduce((s, [, e]) => s + e, 0);
          expect(shown).toBe(Math.abs(totals));
        },
      ),
    );
  });
});
