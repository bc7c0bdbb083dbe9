import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { netBills, type OpenBill } from "./netting";

const bill = (id: number, due_date: string, rupees: number): OpenBill => ({
  id,
  reference_id: `BILL${id}`,
  due_date,
  outstanding: rupees * 100,
});

describe("netting a COD-minus-bill seller's pending bills at release", () => {
  it("a bill larger than the COD: all the COD goes to the bill, nothing is paid out, the bill keeps the rest", () => {
    const r = netBills(1_000_00, [bill(1, "2026-11-15", 1_500)]);
    expect(r).toEqual({
      nettings: [{ bill_id: 1, reference_id: "BILL1", amount: 1_000_00, outstanding_after: 500_00 }],
      netted: 1_000_00,
      paidOut: 0,
      bills: [bill(1, "2026-11-15", 500)],
    });
  });

  it("a bill smaller than the COD: the bill is cleared and the seller is paid the rest", () => {
    const r = netBills(1_000_00, [bill(1, "2026-11-15", 400)]);
    expect(r).toMatchObject({
      nettings: [{ bill_id: 1, amount: 400_00, outstanding_after: 0 }],
      netted: 400_00,
      paidOut: 600_00,
    });
  });

  it("a bill equal to the COD: the bill is cleared and nothing is paid out", () => {
    expect(netBills(1_000_00, [bill(1, "2026-11-15", 1_000)])).toMatchObject({
      nettings: [{ amount: 1_000_00, outstanding_after: 0 }],
      netted: 1_000_00,
      paidOut: 0,
    });
  });

  it("several bills: the oldest due first, each in full while the COD lasts, the last one reached in part", () => {
    const r = netBills(2_000_00, [bill(7, "2026-11-22", 900), bill(3, "2026-11-08", 700), bill(5, "2026-11-15", 800)]);
    expect(r.nettings).toEqual([
      { bill_id: 3, reference_id: "BILL3", amount: 700_00, outstanding_after: 0 },
      { bill_id: 5, reference_id: "BILL5", amount: 800_00, outstanding_after: 0 },
      { bill_id: 7, reference_id: "BILL7", amount: 500_00, outstanding_after: 400_00 },
    ]);
    expect(r.paidOut).toBe(0);
    // Same due day: the older bill (smaller id) first.
    expect(
      netBills(100_00, [bill(9, "2026-11-15", 100), bill(4, "2026-11-15", 100)]).nettings.map((n) => n.bill_id),
    ).toEqual([4]);
  });

  it("nothing to net against: no COD left (a remittance paid out in full before) or no bills", () => {
    expect(netBills(0, [bill(1, "2026-11-15", 100)])).toMatchObject({ nettings: [], paidOut: 0 });
    expect(netBills(-5_00, [bill(1, "2026-11-15", 100)])).toMatchObject({ nettings: [], paidOut: -5_00 });
    expect(netBills(250_00, [])).toMatchObject({ nettings: [], paidOut: 250_00 });
  });

  it("paise never drift: paid out + netted = the COD, each bill falls by its netting, never below nothing (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50_000_000 }),
        fc.array(
          fc.record({ due: fc.integer({ min: 1, max: 28 }), outstanding: fc.integer({ min: 1, max: 20_000_000 }) }),
          { maxLength: 12 },
        ),
        (cod, raw) => {
          const bills = raw.map((b, i) => ({
            id: i + 1,
            reference_id: `B${i}`,
            due_date: `2026-11-${String(b.due).padStart(2, "0")}`,
            outstanding: b.outstanding,
          }));
          const r = netBills(cod, bills);
          expect(r.paidOut + r.netted).toBe(cod);
          expect(r.paidOut).toBeGreaterThanOrEqual(0);
          for (const b of r.bills) {
            const was = bills.find((x) => x.id === b.id)!;
            const n = r.nettings.find((x) => x.bill_id === b.id)?.amount ?? 0;
            expect(b.outstanding).toBe(was.outstanding - n);
            expect(b.outstanding).toBeGreaterThanOrEqual(0);
          }
          // Either the COD is used up or every bill is cleared.
          expect(r.paidOut === 0 || r.bills.every((b) => b.outstanding === 0)).toBe(true);
        },
      ),
    );
  });
});
