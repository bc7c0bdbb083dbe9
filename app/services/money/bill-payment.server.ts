/**
 * A seller's payment recorded against one of its bills by a finance approver (decision 040):
 * how a separately billed seller's invoice gets paid (COD-minus-bill sellers' bills are netted
 * at release, wallet sellers' taken from the wallet when cut). Under the bill's row lock: the
 * outstanding amount falls by the payment (never below zero), the bill is cleared at zero (its
 * clearance date and transaction reference set, so the ledger moves it to Cleared and the
 * separate-bill hold verdict no longer counts it), one `bill_payment` movement and one audit row.
 */
import { and, eq, sql } from "drizzle-orm";

import { type AuditActor, writeAudit } from "../audit/audit.server";
import { formatInr, type Paise, paiseToRupeesString, rupeesToPaise } from "../core/money";
import { fail, invalid, notFound, type Result } from "../core/result";
import type { Db } from "../db/client.server";
import { billingCycles, moneyMovements } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { BILL_PAYMENT_MESSAGES } from "./bill-payment";

export async function recordBillPayment(
  db: Db,
  actor: AuditActor,
  input: { clientId: number; billReference: string; amount: Paise; transactionReference: string },
  now = new Date(),
): Promise<Result<{ outstanding: Paise; cleared: boolean }>> {
  return transaction(db, async (tx) => {
    const [bill] = await tx
      .select({ id: billingCycles.id, outstanding: billingCycles.outstanding_amount, remark: billingCycles.remark })
      .from(billingCycles)
      .where(and(eq(billingCycles.client_id, input.clientId), eq(billingCycles.reference_id, input.billReference)))
      .for("update");
    if (!bill) return notFound(BILL_PAYMENT_MESSAGES.notFound);
    const before = rupeesToPaise(bill.outstanding);
    if (before === 0) return fail(409, BILL_PAYMENT_MESSAGES.alreadyPaid);
    if (input.amount > before) {
      const message = BILL_PAYMENT_MESSAGES.tooMuch(before);
      return invalid(message, { fieldErrors: { amount: message } });
    }
    const after = before - input.amount;
    const note =
      after === 0
        ? `Paid: ${formatInr(input.amount)} (${input.transactionReference})`
        : `${formatInr(input.amount)} paid (${input.transactionReference}); ${formatInr(after)} outstanding`;
    await tx
      .update(billingCycles)
      .set({
        outstanding_amount: sql`${billingCycles.outstanding_amount} - ${paiseToRupeesString(input.amount)}::numeric`,
        ...(after === 0 ? { cleared_at: now, transaction_reference: input.transactionReference } : {}),
        remark: bill.remark ? `${bill.remark}; ${note}` : note,
      })
      .where(eq(billingCycles.id, bill.id));
    await tx.insert(moneyMovements).values({
      client_id: input.clientId,
      kind: "bill_payment",
      bill_id: bill.id,
      amount: paiseToRupeesString(input.amount),
      transaction_reference: input.transactionReference,
      staff_id: actor.id,
      at: now,
    });
    await writeAudit(tx, actor, {
      clientId: input.clientId,
      entity: "billing_cycle",
      entityId: input.billReference,
      action: "record_payment",
      oldValue: { outstanding_amount: paiseToRupeesString(before) },
      newValue: {
        outstanding_amount: paiseToRupeesString(after),
        paid: paiseToRupeesString(input.amount),
        transaction_reference: input.transactionReference,
      },
    });
    return { ok: true, outstanding: after, cleared: after === 0 };
  });
}
