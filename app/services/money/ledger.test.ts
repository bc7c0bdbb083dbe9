import { describe, expect, it } from "vitest";

import { LEDGER_CSV_HEADER, ledgerViewOf } from "./ledger";

describe("ledger view", () => {
  it("is pending by default and for anything unknown; cleared and future when asked", () => {
    expect(ledgerViewOf(null)).toBe("pending");
    expect(ledgerViewOf("")).toBe("pending");
    expect(ledgerViewOf("PENDING")).toBe("pending");
    expect(ledgerViewOf("cleared")).toBe("cleared");
    expect(ledgerViewOf("future")).toBe("future");
  });
  it("the CSV has the spec's ledger entry fields", () => {
    expect([...LEDGER_CSV_HEADER].sort()).toEqual(
      [
        "total_amount",
        "type",
        "order_count",
        "clearance_date",
        "collected_cod_amount",
        "cycle_due_date",
        "outstanding_amount",
        "reference_id",
        "remark",
        "transaction_reference",
        "entry_tax",
        "freight_charge",
        "kk_tax",
        "service_tax",
        "total_tax",
      ].sort(),
    );
  });
});
