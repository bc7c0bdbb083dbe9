import { describe, expect, it } from "vitest";

import {
  breachReason,
  ledgerLineOf,
  ledgerViewOfCredit,
  remainingLiability,
  statementHref,
  statementQueryOf,
} from "./cashback-statement";

describe("cashback statement (decision 067)", () => {
  it("reads the cycle and page from the URL, ignoring what is not a day or a page", () => {
    expect(statementQueryOf(new URLSearchParams("cycle=2026-11-16&page=3"))).toEqual({ cycle: "2026-11-16", page: 3 });
    expect(statementQueryOf(new URLSearchParams("cycle=2026-02-30&page=0"))).toEqual({ cycle: null, page: 1 });
    expect(statementQueryOf(new URLSearchParams("cycle=<b>&page=1.5"))).toEqual({ cycle: null, page: 1 });
    expect(statementHref(18, { cycle: "2026-11-16", page: 2 })).toBe("/all-users/18/cashback?cycle=2026-11-16&page=2");
    expect(statementHref(18, { cycle: null, page: 1 })).toBe("/all-users/18/cashback");
  });

  it("names the ledger view a credit's line is in, as the ledger does", () => {
    // The week of Monday 16-11-2026 closes on Sunday 22-11-2026.
    expect(ledgerViewOfCredit({ applied: false, bill_start: "2026-11-16" }, "2026-11-21")).toBe("future");
    expect(ledgerViewOfCredit({ applied: false, bill_start: "2026-11-16" }, "2026-11-22")).toBe("pending");
    expect(ledgerViewOfCredit({ applied: true, bill_start: "2026-11-16" }, "2026-11-21")).toBe("cleared");
    expect(ledgerLineOf("BILL0001820261116")).toBe("BILL0001820261116-CASHBACK");
  });

  it("says why an order breached and what the max liability leaves", () => {
    expect(breachReason({ outcome: "delivered", zone: "A", promised_days: 2, actual_days: 3 })).toBe(
      "Delivered 1 day late: 3 days against 2 promised for zone A",
    );
    expect(breachReason({ outcome: "rto", zone: "C", promised_days: 4, actual_days: 7 })).toBe(
      "Returned (RTO) after a first attempt 3 days late: 7 days against 4 promised for zone C",
    );
    expect(remainingLiability("500.00", "120.50")).toBe(37_950);
    expect(remainingLiability("250.00", "250.00")).toBe(0);
    expect(remainingLiability("0.00", "0.00")).toBe(0);
  });
});
