/**
 * The Account Ledger's view (docs/product.md §2, §4 "Ledger view filters are pending (default),
 * cleared and future", §3 "Ledger entry", §9 ledger types cod and bill), pure.
 */
import { formatInr, type Paise, paiseToRupeesString, rupeesToPaise } from "../core/money";

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
  /** A bill's cashback credited on it (decision 064; the cycle cutter's `cashback_amount`), null on cod and cashback lines. */
  cashback_amount: string | null;
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
  "cashback_amount",
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
  "cashback_amount",
] as const satisfies readonly (keyof LedgerEntry)[];

// ---------------------------------------------------------------------------------------
// Totals by direction (decision 064). Every ledger row is one of three kinds, and each kind
// adds to some of five directions; no total adds amounts of opposite sign. The page, its CSV
// head and the tests all use ledgerTotals, summed in paise.
// ---------------------------------------------------------------------------------------

/** A row's kind: a COD remittance cycle, a billing cycle, or a week's cashback credits (a `bill` line `…-CASHBACK`). */
export type LedgerRowKind = "cod" | "bill" | "cashback";

export function ledgerRowKind(e: Pick<LedgerEntry, "type" | "reference_id">): LedgerRowKind {
  if (e.type === "cod") return "cod";
  return e.reference_id.endsWith(CASHBACK_LINE_SUFFIX) ? "cashback" : "bill";
}

export const LEDGER_DIRECTIONS = [
  "cod_for_seller",
  "cod_remitted",
  "bills_charged",
  "payments_received",
  "cashback_credited",
] as const;
export type LedgerDirection = (typeof LEDGER_DIRECTIONS)[number];

/** How the page and the CSV head name each direction, and what it holds. */
export const LEDGER_DIRECTION_LABELS: Record<LedgerDirection, { label: string; note: string }> = {
  cod_for_seller: { label: "COD for the seller", note: "COD collected less COD charges: cod rows' Total Amount" },
  cod_remitted: { label: "COD remitted to the seller", note: "paid out, or netted against bills" },
  bills_charged: { label: "Bills charged to the seller", note: "freight and taxes: bill rows' Total Amount" },
  payments_received: { label: "Payments received", note: "paid on bills: transfers, wallet and COD netted" },
  cashback_credited: { label: "Cashback credited", note: "on bills, and credits waiting for a bill" },
};

/** Each direction's total in paise (never negative for well-formed rows), and the net: positive = payable to the seller. */
export type LedgerTotals = Record<LedgerDirection, Paise> & { net: Paise };

const paiseOf = (v: string | null) => (v === null ? 0 : rupeesToPaise(v));

/**
 * The totals by direction of a view's rows (decision 064):
 * - cod row: COD for the seller += total_amount; COD remitted += total_amount − outstanding_amount.
 * - bill row: bills charged += total_amount; cashback credited += cashback_amount; payments received
 *   += total_amount − cashback_amount − outstanding_amount.
 * - cashback line: while it waits for a bill (outstanding ≠ 0), cashback credited += its credits;
 *   once credited on a bill it adds nothing here (that bill's cashback_amount counts it).
 * net = COD for the seller − COD remitted − bills charged + payments received + cashback credited,
 * which is what the rows leave open: cod outstanding − bill outstanding + cashback waiting.
 */
export function ledgerTotals(
  entries: readonly Pick<
    LedgerEntry,
    "type" | "reference_id" | "total_amount" | "outstanding_amount" | "cashback_amount"
  >[],
): LedgerTotals {
  const t: LedgerTotals = {
    cod_for_seller: 0,
    cod_remitted: 0,
    bills_charged: 0,
    payments_received: 0,
    cashback_credited: 0,
    net: 0,
  };
  for (const e of entries) {
    const total = paiseOf(e.total_amount);
    const outstanding = paiseOf(e.outstanding_amount);
    switch (ledgerRowKind(e)) {
      case "cod":
        t.cod_for_seller += total;
        t.cod_remitted += total - outstanding;
        break;
      case "bill": {
        const cashback = paiseOf(e.cashback_amount);
        t.bills_charged += total;
        t.cashback_credited += cashback;
        t.payments_received += total - cashback - outstanding;
        break;
      }
      case "cashback":
        // The line's amounts are negative (a credit); outstanding is 0 once a bill took it.
        if (outstanding !== 0) t.cashback_credited += -total;
        break;
    }
  }
  t.net = t.cod_for_seller - t.cod_remitted - t.bills_charged + t.payments_received + t.cashback_credited;
  return t;
}

/** Which way the net goes, in words (the CSV head's label; its amount column carries the figure). */
export function netDirection(net: Paise): string {
  if (net > 0) return "Net payable to seller";
  if (net < 0) return "Net receivable from seller";
  return "Nothing payable either way";
}

/** The net line on the page: which way the net goes, and how much. */
export function netSentence(net: Paise): string {
  return net === 0 ? `${netDirection(0)} (net ${formatInr(0)})` : `${netDirection(net)} ${formatInr(Math.abs(net))}`;
}

/** The CSV head's first line; the table's header is on line LEDGER_CSV_TABLE_LINE (1-based) after a blank line. */
export const LEDGER_CSV_HEAD_HEADER = ["total", "amount", "label"] as const;
export const LEDGER_CSV_TABLE_LINE = LEDGER_DIRECTIONS.length + 4;

/**
 * The rows that head the ledger CSV (decision 064): `total,amount,label`, one row per direction
 * (amount a plain decimal), then `net` (signed: positive = payable to the seller) with which way it
 * goes in words, then a blank line. Always the same number of rows, so the table's header is always on
 * line LEDGER_CSV_TABLE_LINE.
 */
export function ledgerCsvHead(totals: LedgerTotals): string[][] {
  return [
    [...LEDGER_CSV_HEAD_HEADER],
    ...LEDGER_DIRECTIONS.map((d) => [d, paiseToRupeesString(totals[d]), LEDGER_DIRECTION_LABELS[d].label]),
    ["net", paiseToRupeesString(totals.net), netDirection(totals.net)],
    [""],
  ];
}

/** The ledger's CSV records, LEDGER_CSV_HEADER's columns: dates YYYY-MM-DD and amounts plain decimals as the service returns them, empty for none. */
export function ledgerCsvRecords(entries: readonly LedgerEntry[]): string[][] {
  return entries.map((e) => LEDGER_CSV_HEADER.map((f) => (e[f] === null ? "" : String(e[f]))));
}
