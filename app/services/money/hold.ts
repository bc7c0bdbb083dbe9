/**
 * The three COD hold verdicts (docs/product.md §9 "COD hold conditions", decision 031), pure.
 *
 * Each spec inequality is the condition under which the hold is CLEARED (the remittance may be
 * released). When it is false — including when both sides are equal — the verdict is KEEP
 * HOLDING (decision 031). Amounts are integer paise; (1 + buffer%) × X is compared exactly
 * (X × (10000 + hundredths) against the other side × 10000, in bigints), so no rounding ever
 * decides a boundary; only the figures shown are rounded to the paisa.
 */
import { addDays, dmy } from "../core/ist-dates";
import { formatInr, type Paise, percentOfPaise, percentToHundredths } from "../core/money";

export const CUSTOMER_TYPES = ["WALLET", "COD_MINUS_BILL", "SEPARATE_BILL"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

export const CUSTOMER_TYPE_LABELS: Record<CustomerType, string> = {
  WALLET: "Wallet",
  COD_MINUS_BILL: "COD minus bill",
  SEPARATE_BILL: "Separate billing",
};

/** The title of a seller's On Hold Details dialog: one per customer type (docs/product.md §2). */
export function holdDetailsTitle(type: CustomerType): string {
  return `On Hold Details · ${CUSTOMER_TYPE_LABELS[type]}`;
}

/** A seller's type from its configuration flags: a wallet wins, then COD-minus-bill (deduct_cod). */
export function customerTypeOf(flags: { has_wallet: boolean; has_cod_minus_bill: boolean }): CustomerType {
  if (flags.has_wallet) return "WALLET";
  return flags.has_cod_minus_bill ? "COD_MINUS_BILL" : "SEPARATE_BILL";
}

/** The spec's hold analytics (docs/product.md §3), amounts in paise, dates YYYY-MM-DD (IST). */
export type HoldFigures = {
  seller_type: CustomerType;
  seller_email: string;
  pending_cod: Paise;
  future_cod: Paise;
  tentative_cod: Paise;
  pending_bill: Paise;
  future_bill: Paise;
  tentative_bill: Paise;
  /** Percent as decimal text, e.g. "10.00". */
  buffer_percent: string;
  wallet_balance: Paise;
  oldest_pending_bill_date: string | null;
  oldest_pending_bill_id: string | null;
  credit_days: number;
  current_date: string;
};

export type HoldVerdict = {
  /** True: the condition holds, the hold may be cleared. False: keep holding. */
  clear: boolean;
  /** The rule in words. */
  rule: string;
  /** Each condition with the seller's numbers. */
  checks: { text: string; holds: boolean }[];
};

export const VERDICT_LABELS = { clear: "Hold can be cleared", keep: "Keep holding" } as const;

/** (1 + percent%) × amount compared exactly: sign of (1 + p%) × a − b. */
function compareBuffered(amount: Paise, percent: string, other: Paise): number {
  const lhs = BigInt(amount) * BigInt(10_000 + percentToHundredths(percent));
  const rhs = BigInt(other) * 10_000n;
  return lhs > rhs ? 1 : lhs < rhs ? -1 : 0;
}

/** (1 + percent%) × amount, rounded half-up to the paisa, for display only. */
export function buffered(amount: Paise, percent: string): Paise {
  return amount + percentOfPaise(amount, percent);
}

const gt = (holds: boolean) => (holds ? ">" : "is not >");

export function walletVerdict(f: HoldFigures): HoldVerdict {
  // (1 + b%) × future + wallet > 0  ⇔  (1 + b%) × future > −wallet
  const holds = compareBuffered(f.future_cod, f.buffer_percent, -f.wallet_balance) > 0;
  const left = buffered(f.future_cod, f.buffer_percent) + f.wallet_balance;
  return {
    clear: holds,
    rule: "Cleared when (1 + buffer %) × future COD + wallet balance > 0.",
    checks: [
      {
        holds,
        text: `(1 + ${f.buffer_percent}%) × ${formatInr(f.future_cod)} + ${formatInr(f.wallet_balance)} = ${formatInr(left)} ${gt(holds)} ₹0.00`,
      },
    ],
  };
}

export function codMinusBillVerdict(f: HoldFigures): HoldVerdict {
  const cod = f.future_cod + f.tentative_cod + f.pending_cod;
  const bills = f.tentative_bill + f.future_bill + f.pending_bill;
  const first = compareBuffered(cod, f.buffer_percent, bills) > 0;
  const net = f.pending_cod - f.pending_bill;
  const second = net > 0;
  return {
    clear: first && second,
    rule: "Cleared when (1 + buffer %) × (future + tentative + pending COD) > (tentative + future + pending bills), and pending COD − pending bill > 0.",
    checks: [
      {
        holds: first,
        text: `(1 + ${f.buffer_percent}%) × (${formatInr(f.future_cod)} + ${formatInr(f.tentative_cod)} + ${formatInr(f.pending_cod)}) = ${formatInr(buffered(cod, f.buffer_percent))} ${gt(first)} ${formatInr(f.tentative_bill)} + ${formatInr(f.future_bill)} + ${formatInr(f.pending_bill)} = ${formatInr(bills)}`,
      },
      {
        holds: second,
        text: `${formatInr(f.pending_cod)} − ${formatInr(f.pending_bill)} = ${formatInr(net)} ${gt(second)} ₹0.00`,
      },
    ],
  };
}

export function separateBillVerdict(f: HoldFigures): HoldVerdict {
  const limit = addDays(f.current_date, -f.credit_days);
  const rule = "Cleared when the oldest pending bill date > current date − credit days.";
  if (f.oldest_pending_bill_date === null) {
    return { clear: true, rule, checks: [{ holds: true, text: "No pending bill: nothing is overdue." }] };
  }
  const holds = f.oldest_pending_bill_date > limit;
  return {
    clear: holds,
    rule,
    checks: [
      {
        holds,
        text: `${dmy(f.oldest_pending_bill_date)} ${gt(holds)} ${dmy(f.current_date)} − ${f.credit_days} days = ${dmy(limit)}`,
      },
    ],
  };
}

export function holdVerdict(f: HoldFigures): HoldVerdict {
  switch (f.seller_type) {
    case "WALLET":
      return walletVerdict(f);
    case "COD_MINUS_BILL":
      return codMinusBillVerdict(f);
    case "SEPARATE_BILL":
      return separateBillVerdict(f);
  }
}

/** The amount the list shows (docs/product.md §9): |total_amount − ecod_charges|. */
export function displayedAmount(total: Paise, ecod: Paise): Paise {
  return Math.abs(total - ecod);
}
