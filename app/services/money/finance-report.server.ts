/**
 * Finance Analytics (docs/product.md §2, §7 get-billing-analytics, §8; decision 031): a member of staff
 * asks for the Complete Financial Analysis of the clients in their scope; the page answers at
 * once and the report is built in the background and e-mailed with an .xlsx attachment: per seller,
 * per month, and the sellers of the scope without COD or billing on the last sheet (decision 065).
 *
 * - A request is a row in finance_report_jobs. Two requests by one person within a minute make
 *   one job (checked under a per-person advisory lock, so two servers agree).
 * - Any server runs the jobs: a job is claimed with FOR UPDATE SKIP LOCKED and a lease, so two
 *   workers never build or send it twice; a server that stops mid-job leaves a lease that runs
 *   out, and the job is taken again. A failure records why and is retried up to three times.
 */
import { PassThrough } from "node:stream";

import { and, desc, eq, gt, sql } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import { dmy, istDayOf } from "../core/ist-dates";
import type { StaffRole } from "../core/roles";
import { logServerError } from "../core/server-log";
import type { Db } from "../db/client.server";
import { clients, financeReportJobs, staff as staffTable } from "../db/schema";
import { afterCommit, transaction } from "../db/transaction.server";
import { writeXlsx, type XlsxColumn, type XlsxSheet } from "../http/xlsx.server";
import { CLOSED_DATABASE, enqueueMail } from "../mail/outbox.server";
import { financeReportMailText } from "./finance";

export { FINANCE_MESSAGES } from "./finance";

export const FINANCE_REQUEST_WINDOW_MS = 60_000;
const LEASE_MS = 10 * 60_000;
const MAX_ATTEMPTS = 3;
/** pg_advisory_xact_lock(key, staff id): one request at a time per person. */
const REQUEST_LOCK = 0x0f1a_0001;

const AMOUNT_COLUMNS = [
  { header: "cod_collected", kind: "money" },
  { header: "remitted", kind: "money" },
  { header: "held", kind: "money" },
  { header: "cod_pending", kind: "money" },
  { header: "bills", kind: "money" },
  { header: "outstanding", kind: "money" },
] as const satisfies readonly XlsxColumn[];

/** The report's sheets, their columns typed (decision 065): amounts ₹ numbers, months and days dates. */
export const FINANCE_SELLER_COLUMNS = [
  { header: "seller_email", kind: "text" },
  { header: "company_name", kind: "text" },
  { header: "customer_type", kind: "text" },
  ...AMOUNT_COLUMNS,
] as const satisfies readonly XlsxColumn[];
export const FINANCE_MONTH_COLUMNS = [
  { header: "month", kind: "month" },
  ...AMOUNT_COLUMNS,
] as const satisfies readonly XlsxColumn[];
export const FINANCE_WITHOUT_COLUMNS = [
  { header: "seller_email", kind: "text" },
  { header: "company_name", kind: "text" },
  { header: "customer_type", kind: "text" },
  { header: "date_joined", kind: "date" },
] as const satisfies readonly XlsxColumn[];
export const FINANCE_SHEET_NAMES = {
  sellers: "Per seller",
  months: "Per month",
  without: "Without COD or billing",
} as const;

/** Schedules the report; a second request within a minute is the same job. */
export async function requestFinanceReport(
  db: Db,
  viewer: Pick<Viewer, "id">,
  now = new Date(),
): Promise<{ jobId: number; repeated: boolean }> {
  return transaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REQUEST_LOCK}, ${viewer.id})`);
    const [recent] = await tx
      .select({ id: financeReportJobs.id })
      .from(financeReportJobs)
      .where(
        and(
          eq(financeReportJobs.staff_id, viewer.id),
          gt(financeReportJobs.requested_at, new Date(now.getTime() - FINANCE_REQUEST_WINDOW_MS)),
        ),
      )
      .orderBy(desc(financeReportJobs.id))
      .limit(1);
    if (recent) return { jobId: recent.id, repeated: true };
    const [job] = await tx
      .insert(financeReportJobs)
      .values({ staff_id: viewer.id, requested_at: now })
      .returning({ id: financeReportJobs.id });
    afterCommit(tx, runFinanceReportsSoon);
    return { jobId: job.id, repeated: false };
  });
}

/** The person's latest request, for the page. */
export async function latestFinanceReport(db: Db, staffId: number) {
  const [job] = await db
    .select({
      id: financeReportJobs.id,
      status: financeReportJobs.status,
      requested_at: financeReportJobs.requested_at,
      finished_at: financeReportJobs.finished_at,
    })
    .from(financeReportJobs)
    .where(eq(financeReportJobs.staff_id, staffId))
    .orderBy(desc(financeReportJobs.id))
    .limit(1);
  return job ?? null;
}

type Amounts = {
  cod_collected: string;
  remitted: string;
  held: string;
  cod_pending: string;
  bills: string;
  outstanding: string;
};

const COD_SUMS = sql`coalesce(sum(r.total_amount), 0)::text as cod_collected,
  coalesce(sum(r.total_amount - r.ecod_charges - r.pending_amount), 0)::text as remitted,
  coalesce(sum(r.pending_amount) filter (where r.current_action = 'HOLD'), 0)::text as held,
  coalesce(sum(r.pending_amount), 0)::text as cod_pending`;

type Seller = { email: string; company_name: string; customer_type: string };

/**
 * The report for a viewer's scope: per seller and per month (of the cycle's start), and every
 * seller of the scope without COD or billing (decision 065: the e-mail counts them all).
 */
export async function financeReportSheets(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
): Promise<{
  sellers: (Amounts & Seller)[];
  months: (Amounts & { month: string })[];
  without: (Seller & { date_joined: string })[];
}> {
  const scope = clientScopeCondition(viewer) ?? sql`true`;
  const everyone = (
    await db.execute(sql`
      select ${clients.email} as email, ${clients.company_name} as company_name,
        (r.client_id is not null or b.client_id is not null) as has_money,
        to_char(${clients.date_joined} at time zone 'Asia/Kolkata', 'YYYY-MM-DD') as date_joined,
        case when coalesce((${clients.pickrr_config}->>'has_wallet')::boolean, false) then 'WALLET'
             when coalesce((${clients.pickrr_config}->>'deduct_cod')::boolean, false) then 'COD_MINUS_BILL' else 'SEPARATE_BILL' end as customer_type,
        coalesce(r.cod_collected, '0.00') as cod_collected, coalesce(r.remitted, '0.00') as remitted, coalesce(r.held, '0.00') as held,
        coalesce(r.cod_pending, '0.00') as cod_pending, coalesce(b.bills, '0.00') as bills, coalesce(b.outstanding, '0.00') as outstanding
      from ${clients}
      left join (select r.client_id, ${COD_SUMS} from cod_remittances r group by r.client_id) r on r.client_id = ${clients.id}
      left join (select client_id, sum(total_amount)::text as bills, sum(outstanding_amount)::text as outstanding from billing_cycles group by client_id) b on b.client_id = ${clients.id}
      where ${scope}
      order by ${clients.email}`)
  ).rows as (Amounts & Seller & { has_money: boolean; date_joined: string })[];
  const sellers = everyone.filter((s) => s.has_money);
  const without = everyone
    .filter((s) => !s.has_money)
    .map(({ email, company_name, customer_type, date_joined }) => ({
      email,
      company_name,
      customer_type,
      date_joined,
    }));
  const months = (
    await db.execute(sql`
      with scoped as (select ${clients.id} as id from ${clients} where ${scope}),
      cod as (select to_char(r.start_date, 'YYYY-MM') as month, ${COD_SUMS} from cod_remittances r join scoped s on s.id = r.client_id group by 1),
      bill as (select to_char(start_date, 'YYYY-MM') as month, sum(total_amount)::text as bills, sum(outstanding_amount)::text as outstanding
               from billing_cycles b join scoped s on s.id = b.client_id group by 1)
      select coalesce(cod.month, bill.month) as month, coalesce(cod_collected, '0.00') as cod_collected, coalesce(remitted, '0.00') as remitted,
        coalesce(held, '0.00') as held, coalesce(cod_pending, '0.00') as cod_pending, coalesce(bills, '0.00') as bills, coalesce(outstanding, '0.00') as outstanding
      from cod full join bill on bill.month = cod.month order by 1`)
  ).rows as (Amounts & { month: string })[];
  return { sellers, months, without };
}

async function buildXlsx(sheets: readonly XlsxSheet[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve, reject) => {
    out.on("end", resolve);
    out.on("error", reject);
  });
  await writeXlsx(out, sheets);
  out.end();
  await done;
  return Buffer.concat(chunks);
}

export const FINANCE_REPORT_FILE = "complete-financial-analysis.xlsx";

/** Builds and mails one claimed job. */
async function runJob(db: Db, job: { id: number; staff_id: number }, now: Date) {
  const [person] = await db
    .select({ id: staffTable.id, email: staffTable.email, name: staffTable.name, role: staffTable.role })
    .from(staffTable)
    .where(eq(staffTable.id, job.staff_id));
  const viewer = { id: person.id, role: person.role as StaffRole };
  const { sellers, months, without } = await financeReportSheets(db, viewer);
  const amounts = (a: Amounts) => [a.cod_collected, a.remitted, a.held, a.cod_pending, a.bills, a.outstanding];
  const file = await buildXlsx([
    {
      name: FINANCE_SHEET_NAMES.sellers,
      columns: FINANCE_SELLER_COLUMNS,
      records: sellers.map((s) => [s.email, s.company_name, s.customer_type, ...amounts(s)]),
    },
    {
      name: FINANCE_SHEET_NAMES.months,
      columns: FINANCE_MONTH_COLUMNS,
      records: months.map((m) => [m.month, ...amounts(m)]),
    },
    {
      name: FINANCE_SHEET_NAMES.without,
      columns: FINANCE_WITHOUT_COLUMNS,
      records: without.map((s) => [s.email, s.company_name, s.customer_type, s.date_joined]),
    },
  ]);
  await transaction(db, async (tx) => {
    const [still] = await tx
      .update(financeReportJobs)
      .set({ status: "done", finished_at: now, lease_until: null, error: null, rows: sellers.length })
      .where(and(eq(financeReportJobs.id, job.id), eq(financeReportJobs.status, "running")))
      .returning({ id: financeReportJobs.id });
    if (!still) return; // another worker took it over after our lease ran out
    await enqueueMail(tx, {
      to: [person.email],
      subject: "Complete Financial Analysis",
      text: financeReportMailText({
        name: person.name,
        asOf: dmy(istDayOf(now)),
        withMoney: sellers.length,
        without: without.length,
      }),
      attachments: [
        {
          filename: FINANCE_REPORT_FILE,
          contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          content: file,
        },
      ],
    });
  });
}

/** Takes and runs every due job; returns how many it finished. Safe to run on several servers at once. */
export async function runFinanceReportJobs(db: Db, now = () => new Date()): Promise<number> {
  let finished = 0;
  for (;;) {
    const at = now();
    const [job] = await db
      .update(financeReportJobs)
      .set({
        status: "running",
        attempts: sql`${financeReportJobs.attempts} + 1`,
        lease_until: new Date(at.getTime() + LEASE_MS),
      })
      .where(
        eq(
          financeReportJobs.id,
          sql`(select id from ${financeReportJobs} where (status = 'queued' or (status = 'running' and lease_until < ${at.toISOString()}::timestamptz)) and attempts < ${MAX_ATTEMPTS}
               order by id limit 1 for update skip locked)`,
        ),
      )
      .returning({
        id: financeReportJobs.id,
        staff_id: financeReportJobs.staff_id,
        attempts: financeReportJobs.attempts,
      });
    if (!job) return finished;
    try {
      await runJob(db, job, at);
      finished++;
    } catch (error) {
      // drizzle wraps the database's answer ("Failed query: …"); its cause says why.
      const cause = (error as { cause?: { message?: string } })?.cause?.message;
      const reason = String(cause ?? (error as Error)?.message ?? error).slice(0, 500);
      await db
        .update(financeReportJobs)
        .set({
          status: job.attempts >= MAX_ATTEMPTS ? "failed" : "queued",
          error: reason,
          lease_until: null,
          finished_at: job.attempts >= MAX_ATTEMPTS ? at : null,
        })
        .where(eq(financeReportJobs.id, job.id));
      logServerError(error, `Finance report job ${job.id} failed`);
    }
  }
}

let running: Promise<number> | null = null;

/** Kicks the worker after a request commits (one run per process at a time). */
export function runFinanceReportsSoon(db: Db): void {
  setImmediate(() => void runFinanceReports(db));
}

/** Runs the queued jobs now (or joins the run under way); resolves with how many ran (the server's periodic run). */
export function runFinanceReports(db: Db): Promise<number> {
  running ??= runFinanceReportJobs(db)
    .catch((error) => {
      if (!CLOSED_DATABASE.test(String((error as Error)?.cause ?? error)))
        logServerError(error, "Finance report run failed");
      return 0;
    })
    .finally(() => {
      running = null;
    });
  return running;
}
