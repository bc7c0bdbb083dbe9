/**
 * Recording a seller's payment against a bill (decision 040): the form a finance approver posts
 * from the Account Ledger. Pure: what counts as an amount and a transaction reference.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { formatInr, type Paise, RUPEES_INPUT, rupeesToPaise } from "../core/money";

export const BILL_PAYMENT_MESSAGES = {
  amount: "Enter the amount paid: more than ₹0.00, at most two decimals.",
  reference: "Enter the payment's transaction reference.",
  referenceTooLong: "The transaction reference can be at most 100 characters.",
  tooMuch: (outstanding: Paise) => `The amount is more than the ${formatInr(outstanding)} outstanding on this bill.`,
  alreadyPaid: "This bill is already paid.",
  notFound: "This bill is not one of the client's bills.",
} as const;

export const TRANSACTION_REFERENCE_MAX = 100;
/** The amount field's length bound: 10 digits, the point and two decimals, with room for spaces. */
export const AMOUNT_INPUT_MAX = 16;

export const billPaymentSchema = z.object({
  bill: z.string().trim().min(1).max(40),
  amount: z
    .string()
    .trim()
    .max(AMOUNT_INPUT_MAX, BILL_PAYMENT_MESSAGES.amount)
    // One check (zod runs every refinement, so the parse must not see a malformed amount).
    .refine((v) => RUPEES_INPUT.test(v) && rupeesToPaise(v) > 0, BILL_PAYMENT_MESSAGES.amount)
    .transform((v) => rupeesToPaise(v)),
  transaction_reference: z
    .string()
    .trim()
    .min(1, BILL_PAYMENT_MESSAGES.reference)
    .max(TRANSACTION_REFERENCE_MAX, BILL_PAYMENT_MESSAGES.referenceTooLong),
});

export type BillPaymentInput = z.infer<typeof billPaymentSchema>;
export const billPaymentValidator = withZod(billPaymentSchema);
