/** Test fixtures for money: an open bill of one line. */
import { addDays } from "~/services/core/ist-dates";
import type { Executor } from "~/services/db/client.server";
import { billingCycles } from "~/services/db/schema";

/** Inserts an open bill of `rupees` (all freight, no tax) for the week starting `start`, due `due`; returns its id. */
export async function insertOpenBill(
  db: Executor,
  bill: { clientId: number; reference: string; start: string; due: string; rupees: string },
): Promise<number> {
  const [row] = await db
    .insert(billingCycles)
    .values({
      reference_id: bill.reference,
      client_id: bill.clientId,
      start_date: bill.start,
      end_date: addDays(bill.start, 6),
      due_date: bill.due,
      order_count: 1,
      freight_charge: bill.rupees,
      entry_tax: "0.00",
      kk_tax: "0.00",
      service_tax: "0.00",
      total_tax: "0.00",
      total_amount: bill.rupees,
      outstanding_amount: bill.rupees,
    })
    .returning({ id: billingCycles.id });
  return row!.id;
}
