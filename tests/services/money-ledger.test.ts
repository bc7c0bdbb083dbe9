/**
 * The Account Ledger's totals by direction (decision 064; PGlite, and PostgreSQL with
 * TEST_DATABASE_URL): for a seeded seller — with a part-paid bill, cashback credited on a bill and
 * cashback credits still waiting added — each view's totals equal sums the test computes itself in
 * SQL from the money tables, the net is what is open, and the CSV route's head carries the same
 * figures before its table (ISO dates, plain decimal amounts).
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { loader as ledgerCsvLoader } from "~/routes/_app.all-users.$id.account-ledger[.csv]";
import { startSession } from "~/services/auth/session.server";
import { addDays, istDayOf } from "~/services/core/ist-dates";
import { paiseToRupeesString, rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { readCsv } from "~/services/http/csv";
import {
  LEDGER_CSV_HEADER,
  LEDGER_CSV_TABLE_LINE,
  LEDGER_DIRECTIONS,
  LEDGER_VIEWS,
  type LedgerDirection,
  type LedgerView,
  netDirection,
} from "~/services/money/ledger";
import { accountLedger } from "~/services/money/ledger.server";

import { openTestDb, useAsAppDb } from "../support/db";

let h: DbHandle;
let clientId: number;
const today = istDayOf(new Date());

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
  useAsAppDb(h);
  // A seller with a part-paid COD remittance, open bills and cleared bills: every kind of row. The
  // conditions are the ones the set-up below needs (a bill to part-pay, a cleared bill of more than
  // ₹100 to credit): the small book's bills depend on the hour it is seeded at.
  const [pick] = (
    await h.db.execute(sql`
      select c.client_id as id from cod_remittances c
      where c.status = 'PARTIAL'
        and exists (select 1 from billing_cycles b where b.client_id = c.client_id and b.outstanding_amount > 1)
        and exists (select 1 from billing_cycles b where b.client_id = c.client_id and b.outstanding_amount = 0 and b.total_amount > 100)
      order by c.client_id limit 1`)
  ).rows as { id: number }[];
  clientId = pick!.id;
  // A bill part paid (what was received is total − cashback − outstanding).
  await h.db.execute(sql`
    update billing_cycles set outstanding_amount = round(outstanding_amount / 3, 2)
    where id = (select id from billing_cycles where client_id = ${clientId} and outstanding_amount > 1 order by start_date limit 1)`);
  // Cashback credited on the seller's newest cleared bill, and on it its credits' line (Cleared).
  const [cleared] = (
    await h.db.execute(sql`
      select id, reference_id, start_date::text as start from billing_cycles
      where client_id = ${clientId} and outstanding_amount = 0 and total_amount > 100 order by start_date desc limit 1`)
  ).rows as { id: number; reference_id: string; start: string }[];
  await h.db.execute(sql`update billing_cycles set cashback_amount = 37.45 where id = ${cleared!.id}`);
  const credit = async (orderId: number, billStart: string, amount: string, appliedBillId: number | null) =>
    h.db.execute(sql`
      insert into cashback_credits (order_id, client_id, pickrr_order_id, outcome, bill_reference, bill_start, amount,
                                    computed_amount, promised_days, actual_days, explanation, applied_bill_id)
      values (${orderId}, ${clientId}, ${`PKLEDGER${orderId}`}, 'delivered', ${`BILLTEST${orderId}`}, ${billStart}::date,
              ${amount}, ${amount}, 3, 6, 'test', ${appliedBillId})`);
  await credit(990000001, addDays(cleared!.start, -7), "37.45", cleared!.id);
  await credit(990000002, addDays(today, -21), "12.30", null); // waiting, its week closed: Pending
  await credit(990000003, addDays(today, -1), "8.05", null); // waiting, its week may still be open
});
afterAll(async () => {
  useAsAppDb(undefined);
  await h?.close();
});

/** Each direction's total for a view, summed by the database from the money tables. */
async function sqlTotals(view: LedgerView): Promise<Record<LedgerDirection, number>> {
  const cod = {
    pending: sql`status <> 'RELEASED' and remittance_date <= ${today}::date`,
    future: sql`status <> 'RELEASED' and remittance_date > ${today}::date`,
    cleared: sql`status = 'RELEASED'`,
  }[view];
  const bill = {
    pending: sql`outstanding_amount > 0 and due_date <= ${today}::date`,
    future: sql`outstanding_amount > 0 and due_date > ${today}::date`,
    cleared: sql`outstanding_amount = 0`,
  }[view];
  const waiting = {
    pending: sql`bill_start + 6 <= ${today}::date`,
    future: sql`bill_start + 6 > ${today}::date`,
    cleared: sql`false`,
  }[view];
  const [r] = (
    await h.db.execute(sql`
      select
        (select coalesce(sum(total_amount - ecod_charges), 0) from cod_remittances where client_id = ${clientId} and ${cod})::text as cod_for_seller,
        (select coalesce(sum(total_amount - ecod_charges - pending_amount), 0) from cod_remittances where client_id = ${clientId} and ${cod})::text as cod_remitted,
        (select coalesce(sum(total_amount), 0) from billing_cycles where client_id = ${clientId} and ${bill})::text as bills_charged,
        (select coalesce(sum(total_amount - cashback_amount - outstanding_amount), 0) from billing_cycles where client_id = ${clientId} and ${bill})::text as payments_received,
        ((select coalesce(sum(cashback_amount), 0) from billing_cycles where client_id = ${clientId} and ${bill})
          + (select coalesce(sum(amount), 0) from cashback_credits where client_id = ${clientId} and applied_bill_id is null and ${waiting}))::text as cashback_credited`)
  ).rows as Record<LedgerDirection, string>[];
  return Object.fromEntries(LEDGER_DIRECTIONS.map((d) => [d, rupeesToPaise(r![d])])) as Record<LedgerDirection, number>;
}

async function csvOf(view: LedgerView): Promise<string[][]> {
  const [kam] = (await h.db.execute(sql`select id from staff where email = 'kam@demo.test'`)).rows as { id: number }[];
  const cookie = (await startSession(h.db, new Request("http://console.test/sign-in"), kam!.id)).split(";")[0]!;
  const res = (await ledgerCsvLoader({
    request: new Request(`http://console.test/all-users/${clientId}/account-ledger.csv?type=${view}`, {
      headers: { cookie },
    }),
    params: { id: String(clientId) },
    context: {},
  })) as Response;
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/csv");
  const text = await res.text();
  expect(text).not.toMatch(/(^|,)'-\d/m); // negative amounts are plain numbers in the file
  return readCsv(text);
}

describe("Account Ledger totals by direction", () => {
  it.each(LEDGER_VIEWS)("%s: each direction equals the database's own sum; the net is what is open", async (view) => {
    const ledger = await accountLedger(h.db, clientId, view);
    const expected = await sqlTotals(view);
    for (const d of LEDGER_DIRECTIONS) expect({ d, paise: ledger.totals[d] }).toEqual({ d, paise: expected[d] });
    const [open] = (
      await h.db.execute(sql`
        select ((select coalesce(sum(pending_amount), 0) from cod_remittances where client_id = ${clientId} and ${
          {
            pending: sql`status <> 'RELEASED' and remittance_date <= ${today}::date`,
            future: sql`status <> 'RELEASED' and remittance_date > ${today}::date`,
            cleared: sql`status = 'RELEASED'`,
          }[view]
        })
          - (select coalesce(sum(outstanding_amount), 0) from billing_cycles where client_id = ${clientId} and ${
            {
              pending: sql`outstanding_amount > 0 and due_date <= ${today}::date`,
              future: sql`outstanding_amount > 0 and due_date > ${today}::date`,
              cleared: sql`false`,
            }[view]
          })
          + (select coalesce(sum(amount), 0) from cashback_credits where client_id = ${clientId} and applied_bill_id is null and ${
            {
              pending: sql`bill_start + 6 <= ${today}::date`,
              future: sql`bill_start + 6 > ${today}::date`,
              cleared: sql`false`,
            }[view]
          }))::text as open`)
    ).rows as { open: string }[];
    expect(ledger.totals.net).toBe(rupeesToPaise(open!.open));
    if (view === "cleared") expect(ledger.totals.net).toBe(0);
  });

  it("the seller's ledger has every kind of figure (the test is not vacuous)", async () => {
    const pending = await sqlTotals("pending");
    const cleared = await sqlTotals("cleared");
    expect(pending.cod_for_seller).toBeGreaterThan(0);
    expect(pending.cod_remitted).toBeGreaterThan(0);
    expect(pending.bills_charged + (await sqlTotals("future")).bills_charged).toBeGreaterThan(0);
    expect(cleared.payments_received).toBeGreaterThan(0);
    expect(cleared.cashback_credited).toBe(3745);
    expect(pending.cashback_credited).toBeGreaterThanOrEqual(1230);
  });

  it.each(LEDGER_VIEWS)(
    "%s CSV: the head carries the same figures, then a blank line, then the table",
    async (view) => {
      const ledger = await accountLedger(h.db, clientId, view);
      const rows = await csvOf(view);
      const head = rows.slice(0, LEDGER_CSV_TABLE_LINE - 1);
      expect(head[0]).toEqual(["total", "amount", "label"]);
      const expected = await sqlTotals(view);
      for (const [i, d] of LEDGER_DIRECTIONS.entries()) {
        expect(head[i + 1]![0]).toBe(d);
        expect(head[i + 1]![1]).toBe(paiseToRupeesString(expected[d]));
      }
      expect(head[LEDGER_DIRECTIONS.length + 1]).toEqual([
        "net",
        paiseToRupeesString(ledger.totals.net),
        netDirection(ledger.totals.net),
      ]);
      expect(head.at(-1)).toEqual([""]);
      const table = rows.slice(LEDGER_CSV_TABLE_LINE - 1).filter((r) => !(r.length === 1 && r[0] === ""));
      expect(table[0]).toEqual([...LEDGER_CSV_HEADER]);
      expect(table.length - 1).toBe(ledger.entries.length);
      const col = (f: (typeof LEDGER_CSV_HEADER)[number]) => LEDGER_CSV_HEADER.indexOf(f);
      for (const r of table.slice(1)) {
        for (const f of ["clearance_date", "cycle_due_date"] as const)
          expect(r[col(f)]).toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
        for (const f of ["total_amount", "outstanding_amount", "collected_cod_amount", "cashback_amount"] as const)
          expect(r[col(f)]).toMatch(/^(-?\d+\.\d{2})?$/);
      }
    },
  );
});
