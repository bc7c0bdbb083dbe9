/**
 * COD-minus-bill netting at release (decision 031), pure: a COD_MINUS_BILL seller's
 * bills are paid out of its COD. When a remittance is released, its seller's pending bills —
 * outstanding and due by the release day, the oldest due first (then the oldest bill) — are
 * netted against what the remittance still has to pay: each bill in full while the COD lasts,
 * the last one it reaches in part (its outstanding falls by what was left). The seller is paid
 * the rest. Bills not yet due wait for a later remittance. Amounts in paise.
 */
import type { Paise } from "../core/money";

export type OpenBill = { id: number; reference_id: string; due_date: string; outstanding: Paise };
export type BillNetting = { bill_id: number; reference_id: string; amount: Paise; outstanding_after: Paise };
export type NettingResult = { nettings: BillNetting[]; netted: Paise; paidOut: Paise; bills: OpenBill[] };

/** The order bills are netted in: due first, then the older bill. */
export function nettingOrder(bills: readonly OpenBill[]): OpenBill[] {
  return [...bills].sort((a, b) => (a.due_date < b.due_date ? -1 : a.due_date > b.due_date ? 1 : a.id - b.id));
}

/**
 * Nets `bills` (already pending: due by the release day) against `available` (what the
 * remittance still pays). Returns the nettings, what is paid out, and the bills as they are after.
 */
export function netBills(available: Paise, bills: readonly OpenBill[]): NettingResult {
  let left = Math.max(0, available);
  const nettings: BillNetting[] = [];
  const after = nettingOrder(bills).map((bill) => {
    const amount = Math.min(left, bill.outstanding);
    if (amount <= 0) return bill;
    left -= amount;
    nettings.push({
      bill_id: bill.id,
      reference_id: bill.reference_id,
      amount,
      outstanding_after: bill.outstanding - amount,
    });
    return { ...bill, outstanding: bill.outstanding - amount };
  });
  const netted = nettings.reduce((s, n) => s + n.amount, 0);
  return { nettings, netted, paidOut: available - netted, bills: after };
}
