/**
 * COD-minus-bill netting at release (decision 031; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): releasing a COD_MINUS_BILL seller's remittance nets its pending bills —
 * due by today, the oldest due first, the last one in part — in the release's transaction:
 * one bill_netting movement per bill, the bill's outstanding reduced, the seller paid COD −
 * netted; exactly once under concurrent releases; the Account Ledger shows it.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { Capability } from "~/services/auth/permissions";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import { rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { auditLog, billingCycles, codRemittances, mailOutbox, moneyMovements, staff } from "~/services/db/schema";
import { accountLedger } from "~/services/money/ledger.server";
import { releaseRemittances } from "~/services/money/remittances.server";

import { insertOpenBill } from "../support/bills";
import { openTestDb } from "../support/db";

let h: DbHandle;
let approver: { id: number; email: string; role: "vp"; capabilities: Capability[] };
const today = istDayOf(new Date());
const input = (ids: number[]) => ({ ids, approver_email: "approver2@demo.test", approver_reason: "Bills netted" });
const used = new Set<number>();

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  const [s] = await h.db.select().from(staff).where(eq(staff.email, "approver1@demo.test"));
  approver = { id: s.id, email: s.email, role: s.role as "vp", capabilities: ["finance-approver"] };
});
afterAll(async () => {
  await h?.close();
});

type BillSpec = { rupees: string; dueInDays: number };

/**
 * A seller made COD-minus-bill (or `type`), with `cod.length` held remittances owing those
 * amounts and, as its only open bills, `bills` (due `dueInDays` from today; negative = past).
 */
async function seller(cod: string[], bills: BillSpec[], type: "COD_MINUS_BILL" | "SEPARATE_BILL" = "COD_MINUS_BILL") {
  const candidates = (
    await h.db.execute(
      sql`select client_id from cod_remittances group by client_id having count(*) >= ${cod.length} order by client_id`,
    )
  ).rows as { client_id: number }[];
  const clientId = candidates.find((c) => !used.has(c.client_id))!.client_id;
  used.add(clientId);
  const flags =
    type === "COD_MINUS_BILL" ? { has_wallet: false, deduct_cod: true } : { has_wallet: false, deduct_cod: false };
  await h.db.execute(
    sql`update clients set pickrr_config = coalesce(pickrr_config, '{}'::jsonb) || ${JSON.stringify(flags)}::jsonb where id = ${clientId}`,
  );
  // Its own bills are settled; only the fixture's are open.
  await h.db.execute(sql`update billing_cycles set outstanding_amount = 0 where client_id = ${clientId}`);
  await h.db.execute(
    sql`update cod_remittances set current_action = null where client_id = ${clientId} and status <> 'RELEASED'`,
  );
  const mine = await h.db
    .select({ id: codRemittances.id })
    .from(codRemittances)
    .where(eq(codRemittances.client_id, clientId))
    .orderBy(codRemittances.start_date)
    .limit(cod.length);
  for (const [i, r] of mine.entries()) {
    await h.db
      .update(codRemittances)
      .set({
        status: "PENDING",
        current_action: "HOLD",
        pending_amount: cod[i],
        released_at: null,
        transaction_reference: null,
      })
      .where(eq(codRemittances.id, r.id));
  }
  const billIds: number[] = [];
  for (const [i, b] of bills.entries()) {
    const start = addDays("2020-01-06", 7 * i);
    billIds.push(
      await insertOpenBill(h.db, {
        clientId,
        reference: `BILLT${clientId}-${i}`,
        start,
        due: addDays(today, b.dueInDays),
        rupees: b.rupees,
      }),
    );
  }
  return { clientId, remittanceIds: mine.map((r) => r.id), billIds };
}

const billsOf = (ids: number[]) =>
  h.db.select().from(billingCycles).where(inArray(billingCycles.id, ids)).orderBy(billingCycles.id);
const movementsOf = (remittanceIds: number[]) =>
  h.db
    .select()
    .from(moneyMovements)
    .where(inArray(moneyMovements.remittance_id, remittanceIds))
    .orderBy(moneyMovements.id);

describe("netting a COD-minus-bill seller's bills at release", () => {
  it("a bill larger than the COD: ₹1,000.00 COD against a ₹1,500.00 bill pays ₹0.00 and leaves ₹500.00 outstanding; the ledger shows both", async () => {
    const s = await seller(["1000.00"], [{ rupees: "1500.00", dueInDays: -3 }]);
    const r = await releaseRemittances(h.db, approver, input(s.remittanceIds));
    expect(r).toMatchObject({ ok: true, released: [{ amount: "1000.00", netted: "1000.00", paid_out: "0.00" }] });
    const [bill] = await billsOf(s.billIds);
    expect(bill).toMatchObject({ outstanding_amount: "500.00", cleared_at: null });
    expect(bill.remark).toBe(
      `₹1,000.00 adjusted against COD ${(await h.db.select().from(codRemittances).where(eq(codRemittances.id, s.remittanceIds[0])))[0].pickrr_reference_id}; ₹500.00 outstanding`,
    );
    const moves = await movementsOf(s.remittanceIds);
    expect(moves.map((m) => [m.kind, m.amount, m.bill_id])).toEqual([
      ["cod_release", "0.00", null],
      ["bill_netting", "1000.00", s.billIds[0]],
    ]);
    // Ledger: the bill is still pending with ₹500.00; the remittance is cleared and says what was netted.
    const pending = await accountLedger(h.db, s.clientId, "pending");
    expect(pending.entries.find((e) => e.reference_id === bill.reference_id)).toMatchObject({
      type: "bill",
      outstanding_amount: "500.00",
      total_amount: "1500.00",
    });
    const cleared = await accountLedger(h.db, s.clientId, "cleared");
    const [rem] = await h.db.select().from(codRemittances).where(eq(codRemittances.id, s.remittanceIds[0]));
    expect(cleared.entries.find((e) => e.reference_id === rem.pickrr_reference_id)).toMatchObject({
      type: "cod",
      outstanding_amount: "0.00",
      clearance_date: today,
      remark: `Paid ₹0.00 after netting ₹1,000.00 of bills (${bill.reference_id})`,
    });
    // The audit: one row for the remittance, one for the bill.
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.client_id, s.clientId), inArray(auditLog.entity, ["cod_remittance", "billing_cycle"])));
    expect(audits.map((a) => a.entity).sort()).toEqual(["billing_cycle", "cod_remittance"]);
  });

  it("a bill smaller than the COD: ₹1,000.00 against ₹400.00 clears the bill and pays ₹600.00", async () => {
    const s = await seller(["1000.00"], [{ rupees: "400.00", dueInDays: 0 }]);
    const r = await releaseRemittances(h.db, approver, input(s.remittanceIds));
    expect(r).toMatchObject({ ok: true, released: [{ netted: "400.00", paid_out: "600.00" }] });
    const [bill] = await billsOf(s.billIds);
    expect(bill).toMatchObject({
      outstanding_amount: "0.00",
      transaction_reference: `REL${String(s.remittanceIds[0]).padStart(8, "0")}`,
    });
    expect(bill.cleared_at).not.toBeNull();
    expect((await movementsOf(s.remittanceIds)).map((m) => [m.kind, m.amount])).toEqual([
      ["cod_release", "600.00"],
      ["bill_netting", "400.00"],
    ]);
    const cleared = await accountLedger(h.db, s.clientId, "cleared");
    expect(cleared.entries.find((e) => e.reference_id === bill.reference_id)).toMatchObject({
      type: "bill",
      outstanding_amount: "0.00",
      clearance_date: today,
    });
    // The seller's e-mail says what was netted and what was paid.
    const [mail] = await h.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.subject} like ${"%" + (r.ok ? r.released[0].pickrr_reference_id : "") + "%"}`);
    expect(mail.text).toContain(`less ₹400.00 of your bills (${bill.reference_id} ₹400.00): ₹600.00 paid`);
  });

  it("a bill equal to the COD: ₹1,000.00 against ₹1,000.00 clears the bill and pays ₹0.00", async () => {
    const s = await seller(["1000.00"], [{ rupees: "1000.00", dueInDays: -10 }]);
    expect(await releaseRemittances(h.db, approver, input(s.remittanceIds))).toMatchObject({
      ok: true,
      released: [{ netted: "1000.00", paid_out: "0.00" }],
    });
    expect((await billsOf(s.billIds))[0].outstanding_amount).toBe("0.00");
  });

  it("several bills: the oldest due first, the last in part; a bill not yet due waits", async () => {
    const s = await seller(
      ["2000.00"],
      [
        { rupees: "900.00", dueInDays: -1 },
        { rupees: "700.00", dueInDays: -20 },
        { rupees: "800.00", dueInDays: -8 },
        { rupees: "300.00", dueInDays: 5 },
      ],
    );
    expect(await releaseRemittances(h.db, approver, input(s.remittanceIds))).toMatchObject({
      ok: true,
      released: [{ netted: "2000.00", paid_out: "0.00" }],
    });
    expect((await billsOf(s.billIds)).map((b) => b.outstanding_amount)).toEqual(["400.00", "0.00", "0.00", "300.00"]);
  });

  it("two releases of one seller at once, each posted 20 times: each remittance once, the bills netted once, no paisa lost", async () => {
    const s = await seller(
      ["1000.00", "1000.00"],
      [
        { rupees: "700.00", dueInDays: -14 },
        { rupees: "800.00", dueInDays: -7 },
      ],
    );
    const posts = Array.from({ length: 40 }, (_, i) =>
      releaseRemittances(h.db, approver, input([s.remittanceIds[i % 2]])),
    );
    const results = await Promise.all(posts);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect((await billsOf(s.billIds)).map((b) => b.outstanding_amount)).toEqual(["0.00", "0.00"]);
    const moves = await movementsOf(s.remittanceIds);
    expect(moves.filter((m) => m.kind === "cod_release")).toHaveLength(2);
    const paid = moves.filter((m) => m.kind === "cod_release").reduce((t, m) => t + rupeesToPaise(m.amount), 0);
    const netted = moves.filter((m) => m.kind === "bill_netting").reduce((t, m) => t + rupeesToPaise(m.amount), 0);
    expect(netted).toBe(1_500_00);
    expect(paid + netted).toBe(2_000_00);
  });

  it("a separately billed seller's bills are not netted: it is paid its COD", async () => {
    const s = await seller(["1000.00"], [{ rupees: "400.00", dueInDays: -3 }], "SEPARATE_BILL");
    expect(await releaseRemittances(h.db, approver, input(s.remittanceIds))).toMatchObject({
      ok: true,
      released: [{ netted: "0.00", paid_out: "1000.00" }],
    });
    expect((await billsOf(s.billIds))[0].outstanding_amount).toBe("400.00");
    expect((await movementsOf(s.remittanceIds)).map((m) => [m.kind, m.amount])).toEqual([["cod_release", "1000.00"]]);
  });
});
