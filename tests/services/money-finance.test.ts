/**
 * Finance Analytics on a real database (decision 031; PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * a request within a minute of the last is the same job; several workers build and mail a job
 * once; the attached .xlsx opens, its amounts ₹ numbers whose sums equal the database's (decision 065);
 * the e-mail counts every seller of a tl's hierarchy and the last sheet lists those without money
 * rows; the report keeps to the requester's scope; a failing job records why and is retried.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { clients, financeReportJobs, mailOutbox, staff } from "~/services/db/schema";
import { XLSX_FORMATS } from "~/services/http/xlsx.server";
import {
  FINANCE_MONTH_COLUMNS,
  FINANCE_REPORT_FILE,
  FINANCE_SELLER_COLUMNS,
  FINANCE_SHEET_NAMES,
  FINANCE_WITHOUT_COLUMNS,
  financeReportSheets,
  requestFinanceReport,
  runFinanceReportJobs,
} from "~/services/money/finance-report.server";

import { openTestDb } from "../support/db";
import { asRead, columnSumPaise, workbookOf } from "../support/xlsx";

let h: DbHandle;
const person = async (email: string) => {
  const [s] = await h.db.select().from(staff).where(eq(staff.email, email));
  return { id: s.id, email: s.email, role: s.role as "vp" | "tl" | "kam" };
};

async function settled(jobId: number) {
  await expect
    .poll(
      async () =>
        (
          await h.db
            .select({ status: financeReportJobs.status })
            .from(financeReportJobs)
            .where(eq(financeReportJobs.id, jobId))
        )[0].status,
      { timeout: 20_000 },
    )
    .toMatch(/done|failed/);
}

async function attachmentOf(email: string) {
  const rows = await h.db
    .select()
    .from(mailOutbox)
    .where(
      sql`${mailOutbox.to} @> ${JSON.stringify([email])}::jsonb and ${mailOutbox.subject} = 'Complete Financial Analysis'`,
    )
    .orderBy(desc(mailOutbox.id));
  return rows;
}

const bookOf = (base64: string) => workbookOf(Buffer.from(base64, "base64"));

beforeAll(async () => {
  h = await openTestDb({ seeded: true });
});
afterAll(async () => {
  await h?.close();
});

describe("Finance Analytics", () => {
  it("two requests within a minute are one job; a request a minute later is another", async () => {
    const kam = await person("kam@demo.test");
    const t0 = new Date();
    const [a, b] = await Promise.all([
      requestFinanceReport(h.db, kam, t0),
      requestFinanceReport(h.db, kam, new Date(t0.getTime() + 30_000)),
    ]);
    expect(a.jobId).toBe(b.jobId);
    expect([a.repeated, b.repeated].sort()).toEqual([false, true]);
    // A minute after the later of the two (either may take the lock first and be the job's request time).
    const c = await requestFinanceReport(h.db, kam, new Date(t0.getTime() + 30_000 + 61_000));
    expect(c.repeated).toBe(false);
    expect(c.jobId).not.toBe(a.jobId);
    await settled(a.jobId);
    await settled(c.jobId);
  });

  it("runs a job once across workers and mails an .xlsx whose totals equal the database's", async () => {
    const vp = await person("vp@demo.test");
    const before = (await attachmentOf(vp.email)).length;
    const { jobId } = await requestFinanceReport(h.db, vp);
    await Promise.all([runFinanceReportJobs(h.db), runFinanceReportJobs(h.db), runFinanceReportJobs(h.db)]);
    await settled(jobId);
    const [job] = await h.db.select().from(financeReportJobs).where(eq(financeReportJobs.id, jobId));
    expect(job).toMatchObject({ status: "done", attempts: 1, error: null });
    const mails = await attachmentOf(vp.email);
    expect(mails.length - before).toBe(1);
    const [file] = mails[0].attachments!;
    expect(file.filename).toBe(FINANCE_REPORT_FILE);
    const book = await bookOf(file.base64);
    expect(book.worksheets.map((w) => w.name)).toEqual(Object.values(FINANCE_SHEET_NAMES));
    const perSeller = book.getWorksheet(FINANCE_SHEET_NAMES.sellers)!;
    expect((perSeller.getRow(1).values as unknown[]).slice(1)).toEqual(FINANCE_SELLER_COLUMNS.map((c) => c.header));
    expect(perSeller.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    const perMonth = book.getWorksheet(FINANCE_SHEET_NAMES.months)!;
    // Every amount is a ₹ number; every month a date cell (its first day).
    for (const [ws, columns] of [
      [perSeller, FINANCE_SELLER_COLUMNS],
      [perMonth, FINANCE_MONTH_COLUMNS],
    ] as const)
      for (let r = 2; r <= ws.rowCount; r++)
        columns.forEach((c, i) => {
          const cell = ws.getRow(r).getCell(i + 1);
          if (c.kind === "money")
            expect(cell).toMatchObject({ type: ExcelJS.ValueType.Number, numFmt: asRead(XLSX_FORMATS.money) });
          if (c.kind === "month") expect((cell.value as Date).toISOString()).toMatch(/^\d{4}-\d{2}-01T00:00:00.000Z$/);
        });
    const [db] = (
      await h.db.execute(sql`select (select coalesce(sum(total_amount), 0) from cod_remittances)::text as cod_collected,
          (select coalesce(sum(pending_amount) filter (where current_action = 'HOLD'), 0) from cod_remittances)::text as held,
          (select coalesce(sum(total_amount - ecod_charges - pending_amount), 0) from cod_remittances)::text as remitted,
          (select coalesce(sum(pending_amount), 0) from cod_remittances)::text as cod_pending,
          (select coalesce(sum(total_amount), 0) from billing_cycles)::text as bills,
          (select coalesce(sum(outstanding_amount), 0) from billing_cycles)::text as outstanding`)
    ).rows as Record<string, string>[];
    // SUM of each amount column, on either sheet, is the database's figure.
    for (const name of ["cod_collected", "remitted", "held", "cod_pending", "bills", "outstanding"]) {
      expect(columnSumPaise(perSeller, FINANCE_SELLER_COLUMNS, name)).toBe(rupeesToPaise(db[name]));
      expect(columnSumPaise(perMonth, FINANCE_MONTH_COLUMNS, name)).toBe(rupeesToPaise(db[name]));
    }
  });

  it("counts every seller of a tl's hierarchy in the e-mail and lists those without money rows last", async () => {
    const tl = await person("tl@demo.test");
    // Two sellers of the tl's with no COD and no bills; one joined at 01:30 IST on 1 December.
    await h.db.insert(clients).values(
      [
        ["quiet.one@finance.test", new Date("2026-11-30T20:00:00Z")],
        ["quiet.two@finance.test", new Date("2026-11-02T06:00:00Z")],
      ].map(([email, joined]) => ({
        name: "Quiet Seller",
        email: email as string,
        company_name: "Quiet Co",
        phone_number: "9800000000",
        date_joined: joined as Date,
        business_data: {} as never,
        pickrr_config: {} as never,
        tl_id: tl.id,
      })),
    );
    const hierarchy = (
      await h.db.execute(sql`select c.email, exists (select 1 from cod_remittances r where r.client_id = c.id)
          or exists (select 1 from billing_cycles b where b.client_id = c.id) as has_money
        from clients c where c.tl_id = ${tl.id}`)
    ).rows as { email: string; has_money: boolean }[];
    const withMoney = hierarchy.filter((c) => c.has_money).map((c) => c.email);
    const without = hierarchy.filter((c) => !c.has_money).map((c) => c.email);
    expect(withMoney.length).toBeGreaterThan(0);
    expect(without).toEqual(expect.arrayContaining(["quiet.one@finance.test", "quiet.two@finance.test"]));

    const { jobId } = await requestFinanceReport(h.db, tl);
    await runFinanceReportJobs(h.db);
    await settled(jobId);
    const [mail] = await attachmentOf(tl.email);
    expect(mail.text).toContain(
      `${hierarchy.length} sellers in your scope; ${withMoney.length} with COD or billing in the period, ${without.length} without (listed on the last sheet).`,
    );
    const book = await bookOf(mail.attachments![0].base64);
    const emailsOf = (ws: ExcelJS.Worksheet) =>
      (ws.getColumn(1).values as unknown[]).slice(2).filter((v): v is string => typeof v === "string");
    expect(emailsOf(book.getWorksheet(FINANCE_SHEET_NAMES.sellers)!).sort()).toEqual(withMoney.sort());
    const last = book.worksheets[book.worksheets.length - 1];
    expect(last.name).toBe(FINANCE_SHEET_NAMES.without);
    expect((last.getRow(1).values as unknown[]).slice(1)).toEqual(FINANCE_WITHOUT_COLUMNS.map((c) => c.header));
    expect(emailsOf(last).sort()).toEqual(without.sort());
    const quiet = last.getColumn(1).values.indexOf("quiet.one@finance.test");
    expect(last.getRow(quiet).getCell(4)).toMatchObject({ type: ExcelJS.ValueType.Date, numFmt: XLSX_FORMATS.date });
    expect((last.getRow(quiet).getCell(4).value as Date).toISOString()).toBe("2026-12-01T00:00:00.000Z");
  });

  it("keeps to the requester's scope", async () => {
    const tl = await person("tl@demo.test");
    const mine = new Set(
      (await h.db.select({ email: clients.email }).from(clients).where(eq(clients.tl_id, tl.id))).map((c) => c.email),
    );
    const { sellers, without } = await financeReportSheets(h.db, tl);
    expect(sellers.length).toBeGreaterThan(0);
    expect([...sellers, ...without].every((s) => mine.has(s.email))).toBe(true);
    expect(sellers.length + without.length).toBe(mine.size);
  });

  it("a failing job records why and is queued again, then fails for good after three attempts", async () => {
    const bdm = await person("bdm@demo.test");
    await h.db.execute(sql`alter table billing_cycles rename to billing_cycles_away`);
    try {
      const { jobId } = await requestFinanceReport(h.db, bdm);
      // This worker and the one the request kicked share the attempts; wait for the last.
      for (let i = 0; i < 4; i++) await runFinanceReportJobs(h.db);
      await settled(jobId);
      const [job] = await h.db
        .select()
        .from(financeReportJobs)
        .where(and(eq(financeReportJobs.id, jobId)));
      expect(job.status).toBe("failed");
      expect(job.attempts).toBe(3);
      expect(job.error).toMatch(/billing_cycles/);
    } finally {
      await h.db.execute(sql`alter table billing_cycles_away rename to billing_cycles`);
    }
    expect((await attachmentOf(bdm.email)).length).toBe(0);
  });
});
