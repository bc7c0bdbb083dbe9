/**
 * A Premium seller's cashback statement (decision 067), pure: which cycle the URL asks for, the
 * breach reason of a credited order, the remaining liability of a cycle, and which Account Ledger
 * view shows the line a credit went to — the same rule as money/ledger.server.ts's cashback lines
 * (Future while the credit's week is open, Pending once it closed, Cleared once a bill took it).
 */
import { addDays, isIsoDay } from "../core/ist-dates";
import { type Paise, rupeesToPaise } from "../core/money";
import { CASHBACK_LINE_SUFFIX, type LedgerView } from "./ledger";

/** Credited orders per page of a cycle. */
export const STATEMENT_PAGE_SIZE = 50;

/** The sentence a client without an activated Premium plan sees instead of a table. */
export const NOT_PREMIUM_SENTENCE =
  "This client is not on an activated Advantage Premium plan, so it earns no cashback and has no cashback statement.";

export type StatementQuery = { cycle: string | null; page: number };

/** `?cycle=YYYY-MM-DD` (a week's Monday, else the newest cycle) and `?page=` (1 and up). */
export function statementQueryOf(params: URLSearchParams): StatementQuery {
  const cycle = params.get("cycle");
  const page = Number(params.get("page"));
  return {
    cycle: cycle !== null && isIsoDay(cycle) ? cycle : null,
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

export function statementHref(clientId: number, q: { cycle?: string | null; page?: number }): string {
  const params = new URLSearchParams();
  if (q.cycle) params.set("cycle", q.cycle);
  if (q.page && q.page > 1) params.set("page", String(q.page));
  const search = params.toString();
  return `/all-users/${clientId}/cashback${search ? `?${search}` : ""}`;
}

/** The ledger line a week's credits show as (money/ledger.server.ts). */
export const ledgerLineOf = (billReference: string) => `${billReference}${CASHBACK_LINE_SUFFIX}`;

/** The ledger view that lists a credit's line on `today` (YYYY-MM-DD, IST). */
export function ledgerViewOfCredit(credit: { applied: boolean; bill_start: string }, today: string): LedgerView {
  if (credit.applied) return "cleared";
  return addDays(credit.bill_start, 6) <= today ? "pending" : "future";
}

/** Why an order earned cashback, from what the ingestion recorded (money/cashback.server.ts). */
export function breachReason(c: { outcome: string; zone: string; promised_days: number; actual_days: number }): string {
  const late = c.actual_days - c.promised_days;
  const against = `${c.actual_days} days against ${c.promised_days} promised for zone ${c.zone}`;
  return c.outcome === "rto"
    ? `Returned (RTO) after a first attempt ${late} ${late === 1 ? "day" : "days"} late: ${against}`
    : `Delivered ${late} ${late === 1 ? "day" : "days"} late: ${against}`;
}

/** What the max liability leaves for a cycle after its credits (never below nothing). */
export function remainingLiability(maxLiability: string, credited: string): Paise {
  return Math.max(0, rupeesToPaise(maxLiability) - rupeesToPaise(credited));
}
