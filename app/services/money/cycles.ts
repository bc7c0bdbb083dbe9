/**
 * The cycles' calendar (decision 031), pure. A COD remittance cycle is the IST week (Monday to
 * Sunday) in which its orders were delivered, paid out 8 days after its Sunday; a billing cycle is
 * the week in which its orders were picked up, billed on its Sunday and due by the seller's
 * customer type: at once from the wallet, a week later when netted against COD, after the credit
 * days when billed separately.
 */
import { addDays } from "../analytics/periods";
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
