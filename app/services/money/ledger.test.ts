import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { formatInr, paiseToRupeesString, rupeesToPaise } from "../core/money";
import {
  CASHBACK_LINE_SUFFIX,
  LEDGER_CSV_HEADER,
  LEDGER_CSV_TABLE_LINE,
  LEDGER_DIRECTIONS,
  ledgerCsvHead,
  ledgerTotals,
  ledgerViewOf,
  netSentence,
} from "./ledger";

describe("ledger view", () => {
  it("is pending by default and for anything unknown; cleared and future when asked", () => {
    expect(ledgerViewOf(null)).toBe("pending");
    expect(ledgerViewOf("")).toBe("pending");
    expect(ledgerViewOf("PENDING")).toBe("pending");
    expect(ledgerViewOf("cleared")).toBe("cleared");
    expect(ledgerViewOf("future")).toBe("future");
  });
  it("the CSV has the spec's ledger entry fields, and each bill's cashback (decision 064)", () => {
    expect([...LEDGER_CSV_HEADER].sort()).toEqual(
      [
        "cashback_amount",
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

/** A random ledger row as the service returns it: rupee text, cashback lines negative. */
const rupees = (paise: number) => paiseToRupeesString(paise);
const amount = fc.integer({ min: 0, max: 5_00_00_000_00 });
const codRow = fc.tuple(amount, fc.double({ min: 0, max: 1, noNaN: true })).map(([total, share]): Row => {
  const outstanding = Math.floor(total * share);
  return {
    type: "cod",
    reference_id: "COD0000120261026",
    total_amount: rupees(total),
    outstanding_amount: rupees(outstanding),
    cashback_amount: null,
  };
});
const billRow = fc
  .tuple(amount, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }))
  .map(([total, cb, share]): Row => {
    const cashback = Math.floor(total * cb * 0.2);
    const outstanding = Math.floor((total - cashback) * share);
    return {
      type: "bill",
      reference_id: "BILL0000120261026",
      total_amount: rupees(total),
      outstanding_amount: rupees(outstanding),
      cashback_amount: rupees(cashback),
    };
  });
const cashbackLine = fc.tuple(fc.integer({ min: 1, max: 50_000_00 }), fc.boolean()).map(([credit, waiting]): Row => ({
  type: "bill",
  reference_id: `BILL0000120261026${CASHBACK_LINE_SUFFIX}`,
  total_amount: rupees(-credit),
  outstanding_amount: rupees(waiting ? -credit : 0),
  cashback_amount: null,
}));
type Row = Parameters<typeof ledgerTotals>[0][number];
const ledgers = fc.array(fc.oneof(codRow, billRow, cashbackLine), { maxLength: 60 });

describe("ledger totals by direction (decision 064)", () => {
  it("worked example: the issue's Cleared tab no longer adds COD paid out and bills paid", () => {
    const t = ledgerTotals([
      {
        type: "cod",
        reference_id: "COD1",
        total_amount: "8756423.00",
        outstanding_amount: "0.00",
        cashback_amount: null,
      },
      {
        type: "bill",
        reference_id: "BILL1",
        total_amount: "5803699.61",
        outstanding_amount: "0.00",
        cashback_amount: "0.00",
      },
    ]);
    expect(t).toEqual({
      cod_for_seller: 875642300,
      cod_remitted: 875642300,
      bills_charged: 580369961,
      payments_received: 580369961,
      cashback_credited: 0,
      net: 0,
    });
    expect(netSentence(t.net)).toBe("Nothing payable either way (net ₹0.00)");
  });

  it("worked example: a pending COD, a part-paid bill with cashback on it, and a waiting cashback line", () => {
    const t = ledgerTotals([
      {
        type: "cod",
        reference_id: "COD1",
        total_amount: "1000.00",
        outstanding_amount: "1000.00",
        cashback_amount: null,
      },
      {
        type: "bill",
        reference_id: "BILL1",
        total_amount: "1500.00",
        outstanding_amount: "900.00",
        cashback_amount: "100.00",
      },
      {
        type: "bill",
        reference_id: `BILL2${CASHBACK_LINE_SUFFIX}`,
        total_amount: "-25.50",
        outstanding_amount: "-25.50",
        cashback_amount: null,
      },
      {
        type: "bill",
        reference_id: `BILL0${CASHBACK_LINE_SUFFIX}`,
        total_amount: "-10.00",
        outstanding_amount: "0.00",
        cashback_amount: null,
      },
    ]);
    expect(t).toEqual({
      cod_for_seller: 100000,
      cod_remitted: 0,
      bills_charged: 150000,
      payments_received: 50000,
      cashback_credited: 12550,
      net: 100000 - 150000 + 50000 + 12550,
    });
    expect(netSentence(t.net)).toBe("Net payable to seller ₹125.50");
    expect(netSentence(-12345678)).toBe("Net receivable from seller ₹1,23,456.78");
  });

  it("property (seeded, 2,000 random ledgers): no direction is negative; net = cod − remitted − charged + received + cashback = what the rows leave open", () => {
    fc.assert(
      fc.property(ledgers, (rows) => {
        const t = ledgerTotals(rows);
        for (const d of LEDGER_DIRECTIONS) expect(t[d]).toBeGreaterThanOrEqual(0);
        expect(t.net).toBe(
          t.cod_for_seller - t.cod_remitted - t.bills_charged + t.payments_received + t.cashback_credited,
        );
        // Independently: what is still open, from the outstanding amounts alone.
        let open = 0;
        for (const r of rows) {
          const o = rupeesToPaise(r.outstanding_amount);
          if (r.type === "cod") open += o;
          else open -= o; // a bill owes the provider; a waiting cashback line (negative) owes the seller
        }
        expect(t.net).toBe(open);
        // Every paisa of each kind lands in its directions.
        const sum = (pick: (r: Row) => boolean, f: (r: Row) => number) =>
          rows.filter(pick).reduce((s, r) => s + f(r), 0);
        const isCod = (r: Row) => r.type === "cod";
        const isBill = (r: Row) => r.type === "bill" && !r.reference_id.endsWith(CASHBACK_LINE_SUFFIX);
        expect(t.cod_for_seller).toBe(sum(isCod, (r) => rupeesToPaise(r.total_amount)));
        expect(t.bills_charged).toBe(sum(isBill, (r) => rupeesToPaise(r.total_amount)));
        expect(t.bills_charged).toBe(
          t.payments_received +
            sum(isBill, (r) => rupeesToPaise(r.cashback_amount!) + rupeesToPaise(r.outstanding_amount)),
        );
        const sentence = netSentence(t.net);
        if (t.net > 0) expect(sentence).toBe(`Net payable to seller ${formatInr(t.net)}`);
        else if (t.net < 0) expect(sentence).toBe(`Net receivable from seller ${formatInr(-t.net)}`);
        else expect(sentence).toMatch(/^Nothing payable either way/);
      }),
      { seed: 64, numRuns: 2000 },
    );
  });

  it("the CSV head: one row per direction and the net, plain decimals, then a blank line; the table starts on a fixed line", () => {
    const t = ledgerTotals([
      {
        type: "cod",
        reference_id: "COD1",
        total_amount: "1234567.50",
        outstanding_amount: "0.00",
        cashback_amount: null,
      },
      {
        type: "bill",
        reference_id: "BILL1",
        total_amount: "2000000.00",
        outstanding_amount: "2000000.00",
        cashback_amount: "0.00",
      },
    ]);
    const head = ledgerCsvHead(t);
    expect(head).toEqual([
      ["total", "amount", "label"],
      ["cod_for_seller", "1234567.50", "COD for the seller"],
      ["cod_remitted", "1234567.50", "COD remitted to the seller"],
      ["bills_charged", "2000000.00", "Bills charged to the seller"],
      ["payments_received", "0.00", "Payments received"],
      ["cashback_credited", "0.00", "Cashback credited"],
      ["net", "-2000000.00", "Net receivable from seller"],
      [""],
    ]);
    expect(head.length + 1).toBe(LEDGER_CSV_TABLE_LINE);
  });
});
