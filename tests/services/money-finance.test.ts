/**
 * Finance Analytics on a real database (decision 031; PGlite, and PostgreSQL with TEST_DATABASE_URL):
 * a request within a minute of the last is the same job; several workers build and mail a job
 * once; the attached .xlsx opens and its totals equal the database's; the report keeps to the
 * requester's scope; a failing job records why and is retried.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { rupeesToPaise } from "~/services/core/money";
import type { DbHandle } from "~/services/db/client.server";
import { clients, financeReportJobs, mailOutbox, staff } from "~/services/db/schema";
import {
  FINANCE_REPORT_FILE,
  FINANCE_SELLER_HEADER,
  financeReportSheets,
  requestFinanceReport,
  runFinanceReportJobs,
} from "~/services/money/finance-report.server";

import { openTestDb } from "../support/db";

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
    const c = await requestFinanceReport(h.db, kam, new Date(t0.getTime() + 61_000));
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
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(file.base64, "base64") as unknown as ArrayBuffer);
    const sellers = (book.getWorksheet("Per seller")!.getSheetValues().slice(1) as unknown[][]).map(
      (r) => r.slice(1) as string[],
    );
    expect(sellers[0]).toEqual([...FINANCE_SELLER_HEADER]);
    const col = (n: (typeof FINANCE_SELLER_HEADER)[number]) => FINANCE_SELLER_HEADER.indexOf(n);
    const sum = (n: (typeof FINANCE_SELLER_HEADER)[number]) =>
      sellers.slice(1).reduce((s, r) => s + rupeesToPaise(r[col(n)]), 0);
    const [db] = (
      await h.db.execute(sql`select (select coalesce(sum(total_amount), 0) from cod_remittances)::text as cod,
          (select coalesce(sum(pending_amount) filter (where current_action = 'HOLD'), 0) from cod_remittances)::text as held,
          (select coalesce(sum(total_amount - ecod_charges - pending_amount), 0) from cod_remittances)::text as remitted,
          (select coalesce(sum(outstanding_amount), 0) from billing_cycles)::text as outstanding`)
    ).rows as { cod: string; held: string; remitted: string; outstanding: string }[];
    expect(sum("cod_collected")).toBe(rupeesToPaise(db.cod));
    expect(sum("held")).toBe(rupeesToPaise(db.held));
    expect(sum("remitted")).toBe(rupeesToPaise(db.remitted));
    expect(sum("outstanding")).toBe(rupeesToPaise(db.outstanding));
    const months = (book.getWorksheet("Per month")!.getSheetValues().slice(2) as unknown[][]).map(
      (r) => r.slice(1) as string[],
    );
    expect(months.reduce((s, r) => s + rupeesToPaise(r[1]), 0)).toBe(rupeesToPaise(db.cod));
  });

  it("keeps to the requester's scope", async () => {
    const tl = await person("tl@demo.test");
    const mine = new Set(
      (await h.db.select({ email: clients.email }).from(clients).where(eq(clients.tl_id, tl.id))).map((c) => c.email),
    );
    const { sellers } = await financeReportSheets(h.db, tl);
    expect(sellers.length).toBeGreaterThan(0);
    expect(sellers.every((s) => mine.has(s.email))).toBe(true);
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
