/**
 * The cycles' calendar (decision 031), pure. A COD remittance cycle is the IST week (Monday to
 * Sunday) in which its orders were delivered, paid out 8 days after its Sunday; a billing cycle is
 * the week in which its orders were picked up, billed on its Sunday and due by the seller's
 * customer type: at once from the wallet, a week later when netted against COD, after the credit
 * days when billed separately.
 */
import { addDays } from "../core/ist-dates";
import type { Paise } from "../core/money";
import type { CustomerType } from "./hold";

/** The Monday of `day`'s week. */
export function weekStart(day: string): string {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((weekday + 6) % 7));
}

/** Paid out 8 days after the cycle's Sunday (the Monday of the week after next): the last closed cycle is always still to come. */
export const REMITTANCE_DELAY_DAYS = 8;
export const COD_MINUS_BILL_DUE_DAYS = 7;

export function cycleOf(day: string): { start: string; end: string } {
  const start = weekStart(day);
  return { start, end: addDays(start, 6) };
}

export function remittanceDate(cycleEnd: string): string {
  return addDays(cycleEnd, REMITTANCE_DELAY_DAYS);
}

export function billDueDate(cycleEnd: string, type: CustomerType, creditDays: number): string {
  if (type === "WALLET") return cycleEnd;
  if (type === "COD_MINUS_BILL") return addDays(cycleEnd, COD_MINUS_BILL_DUE_DAYS);
  return addDays(cycleEnd, creditDays);
}

/** GST on freight (IGST 18 %), in hundredths of a percent. */
export const SERVICE_TAX_PERCENT = "18";

/** "COD" + client + the cycle's Monday: one reference per seller and cycle. */
export function remittanceReference(clientId: number, start: string): string {
  return `COD${String(clientId).padStart(5, "0")}${start.replace(/-/g, "")}`;
}

export function billReference(clientId: number, start: string): string {
  return `BILL${String(clientId).padStart(5, "0")}${start.replace(/-/g, "")}`;
}

/** The orders of one seller and one week not yet in a cycle: COD delivered, or picked up (freight). */
export type UncutWeek = { client_id: number; week: string; order_ids: number[]; amount: Paise; extra: Paise };
/** A cycle to cut: its week (Monday), its orders and their sums in paise; `late` counts orders from an earlier, already cut week. */
export type PlannedCycle = {
  client_id: number;
  start: string;
  order_ids: number[];
  amount: Paise;
  extra: Paise;
  late: number;
};

/**
 * Which cycle each seller's uncut orders go into (decision 031): the cycle of the week they
 * happened in; when that seller's cycle of that week is already cut (a delivery or pick-up
 * reported after the cut), the seller's next cycle — the latest closed week's — and when that
 * one is cut too, they wait for the next cut. `cut` holds `client:monday` of every existing
 * cycle; weeks are at most `latest` (the last closed week's Monday). Pure.
 */
export function planCycles(weeks: readonly UncutWeek[], cut: ReadonlySet<string>, latest: string): PlannedCycle[] {
  const key = (client: number, start: string) => `${client}:${start}`;
  const planned = new Map<string, PlannedCycle>();
  for (const w of weeks) {
    const late = cut.has(key(w.client_id, w.week));
    const start = late ? latest : w.week;
    if (cut.has(key(w.client_id, start))) continue;
    const k = key(w.client_id, start);
    const p = planned.get(k) ?? { client_id: w.client_id, start, order_ids: [], amount: 0, extra: 0, late: 0 };
    p.order_ids.push(...w.order_ids);
    p.amount += w.amount;
    p.extra += w.extra;
    if (late) p.late += w.order_ids.length;
    planned.set(k, p);
  }
  return [...planned.values()]
    .map((p) => ({ ...p, order_ids: [...p.order_ids].sort((a, b) => a - b) }))
    .sort((a, b) => a.client_id - b.client_id || (a.start < b.start ? -1 : a.start > b.start ? 1 : 0));
}

/** A cashback credit waiting for a bill (money/cashback.server.ts), in the order it was earned. */
export type WaitingCredit = { order_id: number; bill_start: string; amount: Paise };

/**
 * Which waiting cashback credits a bill of `total` takes (decision 031): whole credits, oldest
 * week first (then by order), while their sum stays within the bill; a credit that does not fit
 * waits for the seller's next bill (a credit is never split, and never makes a bill negative).
 * Pure.
 */
export function creditsForBill(
  total: Paise,
  waiting: readonly WaitingCredit[],
): { order_ids: number[]; amount: Paise } {
  const sorted = [...waiting].sort((a, b) =>
    a.bill_start < b.bill_start ? -1 : a.bill_start > b.bill_start ? 1 : a.order_id - b.order_id,
  );
  const order_ids: number[] = [];
  let amount = 0;
  for (const c of sorted) {
    if (c.amount <= 0 || amount + c.amount > total) continue;
    order_ids.push(c.order_id);
    amount += c.amount;
  }
  return { order_ids, amount };
}
