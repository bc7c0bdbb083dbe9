/**
 * A payment recorded against a bill (decision 040; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): how a separately billed seller's invoice gets paid. Part then the rest:
 * the outstanding falls, the bill clears at zero and moves to the ledger's Cleared view, one
 * movement and one audit row per payment; too much, an unknown bill or a paid one changes
 * nothing; two payments racing for the same balance cannot both land; once a separately billed
 * seller's overdue bills are paid, its hold verdict clears.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { addDays, istDayOf } from "~/services/core/ist-dates";
import type { DbHandle } from "~/services/db/client.server";
import type { Db } from "~/services/db/client.server";
import { auditLog, billingCycles, moneyMovements, staff } from "~/services/db/schema";
import { BILL_PAYMENT_MESSAGES, billPaymentValidator } from "~/services/money/bill-payment";
import { recordBillPayment } from "~/services/money/bill-payment.server";
import { holdVerdict } from "~/services/money/hold";
import { accountLedger } from "~/services/money/ledger.server";
import { holdFigures } from "~/services/money/remittances.server";

import { insertOpenBill } from "../support/bills";
import { openTestDb } from "../support/db";

let h: DbHandle;
let approver: { id: number; email: string; role: string };
const today = istDayOf(new Date());

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [s] = await h.db.select().from(staff).where(eq(staff.email, "approver3@demo.test"));
  approver = { id: s.id, email: s.email, role: s.role };
});
afterAll(async () => {
  await h?.close();
});

let nextClient = 0;
/** A client made a separately billed seller (credit `creditDays`) whose only open bills are these (due `dueInDays` from today). */
async function separateSeller(bills: { rupees: string; dueInDays: number }[], creditDays = 7) {
  const clients = (await h.db.execute(sql`select id from clients order by id desc limit 20`)).rows as { id: number }[];
  const clientId = clients[nextClient++]!.id;
  await h.db.execute(
    sql`update clients set pickrr_config = coalesce(pickrr_config, '{}'::jsonb) || ${JSON.stringify({ has_wallet: false, deduct_cod: false, credit_period: creditDays })}::jsonb where id = ${clientId}`,
  );
  await h.db.execute(sql`update billing_cycles set outstanding_amount = 0 where client_id = ${clientId}`);
  const refs: string[] = [];
  for (const [i, b] of bills.entries()) {
    const start = addDays("2021-03-01", 7 * i);
    const reference = `BILLP${clientId}-${i}`;
    await insertOpenBill(h.db, { clientId, reference, start, due: addDays(today, b.dueInDays), rupees: b.rupees });
    refs.push(reference);
  }
  return { clientId, refs };
}

const billOf = async (clientId: number, reference: string) =>
  (
    await h.db
      .select()
      .from(billingCycles)
      .where(and(eq(billingCycles.client_id, clientId), eq(billingCycles.reference_id, reference)))
  )[0]!;
const pay = (clientId: number, billReference: string, amount: number, transactionReference = "UTR-1") =>
  recordBillPayment(h.db, approver, { clientId, billReference, amount, transactionReference });

describe("the payment form (billPaymentValidator, the one the action reads with)", () => {
  const fieldErrorsOf = async (fields: Record<string, string>) =>
    (await billPaymentValidator.validate(fields)).error?.fieldErrors;
  it("takes rupees with at most two decimals and a transaction reference of at most 100 characters", async () => {
    expect(await fieldErrorsOf({ bill: "B1", amount: "1,000", transaction_reference: "x" })).toEqual({
      amount: BILL_PAYMENT_MESSAGES.amount,
    });
    expect(await fieldErrorsOf({ bill: "B1", amount: "0.00", transaction_reference: "x" })).toMatchObject({
      amount: BILL_PAYMENT_MESSAGES.amount,
    });
    expect(await fieldErrorsOf({ bill: "B1", amount: "10.005", transaction_reference: "x" })).toMatchObject({
      amount: BILL_PAYMENT_MESSAGES.amount,
    });
    expect(await fieldErrorsOf({ bill: "B1", amount: "10.5", transaction_reference: "  " })).toMatchObject({
      transaction_reference: BILL_PAYMENT_MESSAGES.reference,
    });
    expect(await fieldErrorsOf({ bill: "B1", amount: "10.5", transaction_reference: "r".repeat(101) })).toMatchObject({
      transaction_reference: BILL_PAYMENT_MESSAGES.referenceTooLong,
    });
    expect(
      await billPaymentValidator.validate({ bill: " B1 ", amount: " 1500.25 ", transaction_reference: " UTR 42 " }),
    ).toMatchObject({ data: { bill: "B1", amount: 150025, transaction_reference: "UTR 42" } });
  });
});

describe("recording a payment against a bill", () => {
  it("part, then the rest: the bill clears and moves to Cleared; a movement and an audit row each; too much, unknown or paid changes nothing", async () => {
    const { clientId, refs } = await separateSeller([{ rupees: "1500.00", dueInDays: -20 }]);
    const [ref] = refs as [string];
    expect((await accountLedger(h.db, clientId, "pending")).entries.map((e) => e.reference_id)).toContain(ref);

    expect(await pay(clientId, ref, 150001)).toMatchObject({
      ok: false,
      status: 400,
      message: "The amount is more than the ₹1,500.00 outstanding on this bill.",
    });
    expect(await pay(clientId, "NO-SUCH-BILL", 100)).toMatchObject({
      ok: false,
      status: 404,
      message: BILL_PAYMENT_MESSAGES.notFound,
    });
    expect((await billOf(clientId, ref)).outstanding_amount).toBe("1500.00");

    expect(await pay(clientId, ref, 100000, "UTR-A")).toEqual({ ok: true, outstanding: 50000, cleared: false });
    expect(await billOf(clientId, ref)).toMatchObject({
      outstanding_amount: "500.00",
      cleared_at: null,
      transaction_reference: null,
      remark: "₹1,000.00 paid (UTR-A); ₹500.00 outstanding",
    });
    expect(await pay(clientId, ref, 50000, "UTR-B")).toEqual({ ok: true, outstanding: 0, cleared: true });
    const bill = await billOf(clientId, ref);
    expect(bill).toMatchObject({
      outstanding_amount: "0.00",
      transaction_reference: "UTR-B",
      remark: "₹1,000.00 paid (UTR-A); ₹500.00 outstanding; Paid: ₹500.00 (UTR-B)",
    });
    expect(bill.cleared_at).not.toBeNull();
    expect(await pay(clientId, ref, 100, "UTR-C")).toMatchObject({
      ok: false,
      status: 409,
      message: BILL_PAYMENT_MESSAGES.alreadyPaid,
    });

    const moves = await h.db
      .select()
      .from(moneyMovements)
      .where(eq(moneyMovements.bill_id, bill.id))
      .orderBy(moneyMovements.id);
    expect(moves.map((m) => [m.kind, m.amount, m.transaction_reference, m.staff_id])).toEqual([
      ["bill_payment", "1000.00", "UTR-A", approver.id],
      ["bill_payment", "500.00", "UTR-B", approver.id],
    ]);
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "billing_cycle"), eq(auditLog.entity_id, ref)))
      .orderBy(auditLog.id);
    expect(audits.map((a) => [a.action, a.staff_email, a.old_value, a.new_value])).toEqual([
      [
        "record_payment",
        approver.email,
        { outstanding_amount: "1500.00" },
        { outstanding_amount: "500.00", paid: "1000.00", transaction_reference: "UTR-A" },
      ],
      [
        "record_payment",
        approver.email,
        { outstanding_amount: "500.00" },
        { outstanding_amount: "0.00", paid: "500.00", transaction_reference: "UTR-B" },
      ],
    ]);

    expect((await accountLedger(h.db, clientId, "pending")).entries.map((e) => e.reference_id)).not.toContain(ref);
    const cleared = (await accountLedger(h.db, clientId, "cleared")).entries.find((e) => e.reference_id === ref);
    expect(cleared).toMatchObject({
      outstanding_amount: "0.00",
      transaction_reference: "UTR-B",
      clearance_date: today,
    });
  });

  it("two payments racing for the whole balance: exactly one lands", async () => {
    const { clientId, refs } = await separateSeller([{ rupees: "800.00", dueInDays: -2 }]);
    const [ref] = refs as [string];
    const results = await Promise.all([
      pay(clientId, ref, 80000, "UTR-X"),
      recordBillPayment(h.db as Db, approver, {
        clientId,
        billReference: ref,
        amount: 80000,
        transactionReference: "UTR-Y",
      }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({ status: 409 });
    expect((await billOf(clientId, ref)).outstanding_amount).toBe("0.00");
    const bill = await billOf(clientId, ref);
    expect(await h.db.select().from(moneyMovements).where(eq(moneyMovements.bill_id, bill.id))).toHaveLength(1);
  });

  it("a separately billed seller past its credit days is held until its overdue bill is paid", async () => {
    const { clientId, refs } = await separateSeller([{ rupees: "250.00", dueInDays: -40 }], 7);
    expect(holdVerdict(await holdFigures(h.db, clientId)).clear).toBe(false);
    expect(await pay(clientId, refs[0]!, 25000, "UTR-Z")).toMatchObject({ ok: true, cleared: true });
    expect(holdVerdict(await holdFigures(h.db, clientId)).clear).toBe(true);
  });
});
