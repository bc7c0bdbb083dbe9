/**
 * The Account Ledger's view (docs/product.md §2, §4 "Ledger view filters are pending (default),
 * cleared and future", §3 "Ledger entry", §9 ledger types cod and bill), pure.
 */
import { rupeesToPaise } from "../core/money";

export const LEDGER_VIEWS = ["pending", "cleared", "future"] as const;
export type LedgerView = (typeof LEDGER_VIEWS)[number];
export const LEDGER_VIEW_LABELS: Record<LedgerView, string> = {
  pending: "Pending",
  cleared: "Cleared",
  future: "Future",
};

/** The `type` URL parameter (the spec's live-user-account-ledger `type`); anything else is Pending. */
export function ledgerViewOf(raw: string | null): LedgerView {
  return (LEDGER_VIEWS as readonly string[]).includes(raw ?? "") ? (raw as LedgerView) : "pending";
}

/** What a week's cashback credits' ledger line adds to its bill reference (not a bill itself). */
export const CASHBACK_LINE_SUFFIX = "-CASHBACK";

/** A line a payment can be recorded against (decision 040): a real bill, not a cashback line, with something outstanding. */
export function isPayableBill(e: Pick<LedgerEntry, "type" | "reference_id" | "outstanding_amount">): boolean {
  return (
    e.type === "bill" &&
    !e.reference_id.endsWith(CASHBACK_LINE_SUFFIX) &&
    e.outstanding_amount !== null &&
    rupeesToPaise(e.outstanding_amount) > 0
  );
}

/** A ledger entry as the spec names its fields; amounts are rupee text with two decimals, or null where the type has none. */
export type LedgerEntry = {
  type: "cod" | "bill";
  reference_id: string;
  order_count: number;
  total_amount: string;
  collected_cod_amount: string | null;
  outstanding_amount: string;
  /** When it cleared (YYYY-MM-DD), or null while open. */
  clearance_date: string | null;
  cycle_due_date: string;
  remark: string | null;
  transaction_reference: string | null;
  freight_charge: string | null;
  entry_tax: string | null;
  kk_tax: string | null;
  service_tax: string | null;
  total_tax: string | null;
};

export const LEDGER_AMOUNT_FIELDS = [
  "total_amount",
  "collected_cod_amount",
  "outstanding_amount",
  "freight_charge",
  "entry_tax",
  "kk_tax",
  "service_tax",
  "total_tax",
] as const;
export type LedgerAmountField = (typeof LEDGER_AMOUNT_FIELDS)[number];

export const LEDGER_CSV_HEADER = [
  "type",
  "reference_id",
  "order_count",
  "total_amount",
  "collected_cod_amount",
  "outstanding_amount",
  "clearance_date",
  "cycle_due_date",
  "remark",
  "transaction_reference",
  "freight_charge",
  "entry_tax",
  "kk_tax",
  "service_tax",
  "total_tax",
] as const satisfies readonly (keyof LedgerEntry)[];
