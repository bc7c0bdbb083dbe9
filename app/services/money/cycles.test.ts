import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { creditsForBill, planCycles, type UncutWeek } from "./cycles";

const week = (client_id: number, w: string, order_ids: number[], amount: number, extra = 0): UncutWeek => ({
  client_id,
  week: w,
  order_ids,
  amount,
  extra,
});

describe("planCycles (which cycle uncut orders go into)", () => {
  it("puts each seller's orders in the cycle of the week they happened in", () => {
    const plan = planCycles(
      [week(2, "2026-11-09", [5, 3], 1000, 20), week(1, "2026-11-16", [7], 250), week(2, "2026-11-16", [9], 100)],
      new Set(),
      "2026-11-16",
    );
    expect(plan).toEqual([
      { client_id: 1, start: "2026-11-16", order_ids: [7], amount: 250, extra: 0, late: 0 },
      { client_id: 2, start: "2026-11-09", order_ids: [3, 5], amount: 1000, extra: 20, late: 0 },
      { client_id: 2, start: "2026-11-16", order_ids: [9], amount: 100, extra: 0, late: 0 },
    ]);
  });

  it("sends orders of a week already cut to the seller's next cycle (the latest closed week), with that week's own orders", () => {
    const plan = planCycles(
      [week(2, "2026-11-02", [4], 300, 10), week(2, "2026-11-16", [9], 100, 5)],
      new Set(["2:2026-11-02"]),
      "2026-11-16",
    );
    expect(plan).toEqual([{ client_id: 2, start: "2026-11-16", order_ids: [4, 9], amount: 400, extra: 15, late: 1 }]);
  });

  it("lets late orders wait when the latest closed week is cut as well", () => {
    expect(
      planCycles([week(2, "2026-11-02", [4], 300)], new Set(["2:2026-11-02", "2:2026-11-16"]), "2026-11-16"),
    ).toEqual([]);
  });

  it("keeps every order exactly once and every paisa (property)", () => {
    const weeks = ["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16"];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            client: fc.integer({ min: 1, max: 4 }),
            w: fc.integer({ min: 0, max: 3 }),
            amount: fc.integer({ min: 0, max: 10_000_000 }),
            extra: fc.integer({ min: 0, max: 100_000 }),
          }),
          { maxLength: 40 },
        ),
        fc.array(fc.tuple(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 0, max: 3 })), { maxLength: 8 }),
        (orders, cutList) => {
          // One group per seller and week, as the database groups them.
          const groups = new Map<string, UncutWeek>();
          orders.forEach((o, i) => {
            const k = `${o.client}:${weeks[o.w]}`;
            const g = groups.get(k) ?? week(o.client, weeks[o.w], [], 0, 0);
            g.order_ids.push(i + 1);
            g.amount += o.amount;
            g.extra += o.extra;
            groups.set(k, g);
          });
          const cut = new Set(cutList.map(([c, w]) => `${c}:${weeks[w]}`));
          const plan = planCycles([...groups.values()], cut, weeks[3]);
          const placed = plan.flatMap((p) => p.order_ids);
          expect(new Set(placed).size).toBe(placed.length);
          for (const p of plan) {
            expect(cut.has(`${p.client_id}:${p.start}`)).toBe(false);
            const mine = p.order_ids.map((id) => orders[id - 1]);
            expect(mine.every((o) => o.client === p.client_id)).toBe(true);
            expect(p.amount).toBe(mine.reduce((s, o) => s + o.amount, 0));
            expect(p.extra).toBe(mine.reduce((s, o) => s + o.extra, 0));
          }
          // Left out only when both the order's week and the latest week are cut for its seller.
          orders.forEach((o, i) => {
            if (!placed.includes(i + 1))
              expect(cut.has(`${o.client}:${weeks[o.w]}`) && cut.has(`${o.client}:${weeks[3]}`)).toBe(true);
          });
        },
      ),
    );
  });
});

describe("creditsForBill (cashback credited on the next bill)", () => {
  const c = (order_id: number, bill_start: string, amount: number) => ({ order_id, bill_start, amount });
  it("takes every waiting credit that fits, oldest week first", () => {
    expect(creditsForBill(10_000, [c(3, "2026-11-16", 500), c(1, "2026-11-09", 700), c(2, "2026-11-16", 300)])).toEqual(
      { order_ids: [1, 2, 3], amount: 1500 },
    );
  });
  it("takes a credit that fills the bill exactly; one that would pass it waits for the next bill", () => {
    expect(creditsForBill(1000, [c(1, "2026-11-09", 600), c(2, "2026-11-09", 400)])).toEqual({
      order_ids: [1, 2],
      amount: 1000,
    });
    expect(creditsForBill(999, [c(1, "2026-11-09", 600), c(2, "2026-11-09", 400), c(3, "2026-11-16", 399)])).toEqual({
      order_ids: [1, 3],
      amount: 999,
    });
    expect(creditsForBill(0, [c(1, "2026-11-09", 1)])).toEqual({ order_ids: [], amount: 0 });
  });
  it("never takes more than the bill, and what it takes plus what waits is every credit (property)", () => {
    fc.assert(
      fc.property(
        fc.nat(100_000),
        fc.array(fc.record({ week: fc.integer({ min: 0, max: 5 }), amount: fc.integer({ min: 1, max: 50_000 }) }), {
          maxLength: 30,
        }),
        (total, list) => {
          const waiting = list.map((x, i) => c(i + 1, `2026-11-0${x.week + 1}`, x.amount));
          const r = creditsForBill(total, waiting);
          expect(r.amount).toBeLessThanOrEqual(total);
          expect(r.amount).toBe(
            waiting.filter((w) => r.order_ids.includes(w.order_id)).reduce((s, w) => s + w.amount, 0),
          );
          expect(new Set(r.order_ids).size).toBe(r.order_ids.length);
        },
      ),
    );
  });
});
