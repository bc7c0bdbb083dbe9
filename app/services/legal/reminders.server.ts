/**
 * Deadline reminders (decision 062): a scheduled job e-mails every seller that has not accepted a
 * mandatory document in force for it, three days and one day before the document's deadline
 * (reminders.ts `reminderDue`), through the outbox. A reminder is sent once per seller, document
 * and kind: the `legal_reminders` row and the e-mail are written in one transaction, the row's
 * primary key refuses a second one, and the job runs on one server at a time (an advisory lock),
 * as the other schedules do. Sellers legal exempted (Blocked Users) get none: they are never blocked.
 */
import { sql } from "drizzle-orm";

import { jobMs } from "../core/env.server";
import { startPeriodic } from "../core/periodic";
import type { Db, Executor } from "../db/client.server";
import { legalReminders } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { enqueueMail } from "../mail/outbox.server";
import { indiaDate } from "./documents";
import { DOC_NAME_LABELS, type DocName } from "./forms";
import { reminderDue, type ReminderKind, reminderMail } from "./reminders";
import { inForceDocsSql, SEGMENT_OF_C } from "./status.server";

/** The reminders' advisory lock key (two-int form, beside the Legal Status keeper's 7036/7037). */
const REMINDER_LOCK = 7062;

type Candidate = {
  document_id: number;
  client_id: number;
  seller_name: string;
  seller_email: string;
  doc_name: DocName;
  version: number;
  publish_at: string;
  deadline: string;
};

export type ReminderRun = { outcome: "busy" } | { outcome: "done"; sent: number };

/**
 * Sends, inside `tx`, the reminders due on `now`'s IST day that were not sent yet. The caller holds
 * the reminders' lock (or, as the seed, is alone); the primary key keeps a reminder single anyway.
 */
export async function remindDue(tx: Executor, now: Date): Promise<number> {
  const today = indiaDate(now);
  const candidates = (
    await tx.execute(sql`
      with docs as (${inForceDocsSql(today, false)}),
      due as (
        select id, doc_name, audience, version, publish_at, (publish_at + days) as deadline from docs
        where order_blocking = 'mandatory' and (publish_at + days) - ${today}::date between 1 and 3
      ),
      sellers as (
        select c.id, c.name, c.email, ${SEGMENT_OF_C} as segment from clients c
        where not coalesce((c.pickrr_config->>'disable_legal')::boolean, false)
      ),
      links as (
        select s.id as client_id, s.name, s.email, d.* from sellers s join due d on d.audience = 'segment:' || s.segment
        union all
        select s.id, s.name, s.email, d.* from sellers s join due d on d.audience = 'email:' || lower(s.email)
      )
      select l.id as document_id, l.client_id, l.name as seller_name, l.email as seller_email, l.doc_name, l.version,
        to_char(l.publish_at, 'YYYY-MM-DD') as publish_at, to_char(l.deadline, 'YYYY-MM-DD') as deadline
      from links l
      where not exists (select 1 from legal_acceptances a where a.document_id = l.id and a.client_id = l.client_id)
      order by l.id, l.client_id`)
  ).rows as Candidate[];
  const due = candidates.flatMap((c) => {
    const kind = reminderDue(c.deadline, today);
    return kind ? [{ ...c, kind }] : [];
  });
  if (due.length === 0) return 0;
  const inserted = await tx
    .insert(legalReminders)
    .values(
      due.map((d) => ({
        document_id: d.document_id,
        client_id: d.client_id,
        kind: d.kind,
        deadline: d.deadline,
        sent_at: now,
      })),
    )
    .onConflictDoNothing()
    .returning({
      document_id: legalReminders.document_id,
      client_id: legalReminders.client_id,
      kind: legalReminders.kind,
    });
  const fresh = new Set(inserted.map((r) => `${r.document_id}:${r.client_id}:${r.kind}`));
  let sent = 0;
  for (const d of due) {
    if (!fresh.has(`${d.document_id}:${d.client_id}:${d.kind}`)) continue;
    const mail = reminderMail({
      seller_name: d.seller_name,
      label: DOC_NAME_LABELS[d.doc_name],
      version: d.version,
      publish_at: d.publish_at,
      deadline: d.deadline,
      kind: d.kind as ReminderKind,
    });
    await enqueueMail(tx, { to: [d.seller_email], ...mail });
    sent++;
  }
  return sent;
}

/** One run of the job: on one server at a time (another running it answers "busy"). */
export async function sendLegalReminders(db: Db, now = new Date()): Promise<ReminderRun> {
  return transaction(db, async (tx) => {
    const [{ locked }] = (await tx.execute(sql`select pg_try_advisory_xact_lock(${REMINDER_LOCK}, 0) as locked`))
      .rows as { locked: boolean }[];
    if (!locked) return { outcome: "busy" as const };
    return { outcome: "done" as const, sent: await remindDue(tx, now) };
  });
}

/** Reminders sent per document and kind, for the Merchant Agreements list. */
export async function reminderCounts(
  db: Executor,
  ids: readonly number[],
): Promise<Map<number, Record<ReminderKind, number>>> {
  const counts = new Map<number, Record<ReminderKind, number>>();
  if (ids.length === 0) return counts;
  const rows = (
    await db.execute(sql`
      select document_id, kind, count(*)::int as n from legal_reminders
      where document_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      group by document_id, kind`)
  ).rows as { document_id: number; kind: ReminderKind; n: number }[];
  for (const r of rows) {
    const c = counts.get(r.document_id) ?? { "3d": 0, "1d": 0 };
    c[r.kind] = r.n;
    counts.set(r.document_id, c);
  }
  return counts;
}

/**
 * The job: every `everyMs` (and once at once) on every server; one of them sends what is due.
 * Returns a stop function.
 */
export function startLegalReminders(db: Db, log: (line: string) => void, everyMs = jobMs(15 * 60_000)): () => void {
  return startPeriodic(
    "legal-reminders",
    async () => {
      const r = await sendLegalReminders(db);
      if (r.outcome === "done" && r.sent > 0) log(`Legal reminders: ${r.sent} e-mails queued`);
    },
    "Sending legal deadline reminders failed; the next run sends what is due",
    everyMs,
  );
}
