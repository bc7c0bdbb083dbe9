/**
 * On Hold COD's Released view (decision 066): the releases finance approvers made from the list,
 * read back from the remittances themselves — a release keeps its approver, reason, time, the
 * amount it released and the e-mail it sent the seller; nothing is deleted. Filtered by the day
 * released and by approver, newest first, 30 a page, within the viewer's clients; with the
 * totals of the filter and its Excel download.
 */
import { and, desc, eq, inArray, type SQL, sql } from "drizzle-orm";

import { clientScopeCondition, type Viewer } from "../clients/clients.server";
import type { Db } from "../db/client.server";
import { clients, codRemittances, mailOutbox, staff } from "../db/schema";
import type { XlsxCell, XlsxColumn } from "../http/xlsx.server";
import { MAX_ATTEMPTS } from "../mail/outbox.server";
import { financeApproverEmails } from "../settings/finance-approvers.server";
import {
  RELEASED_PAGE_SIZE,
  releasedAtLabel,
  type ReleasedView,
  releasedWindow,
  releaseMailLabel,
} from "./released-query";

function releasedConditions(viewer: Pick<Viewer, "id" | "role">, view: Omit<ReleasedView, "page">): SQL | undefined {
  const { start, end } = releasedWindow(view);
  const scope = clientScopeCondition(viewer);
  return and(
    // An approver's release: the payout day's own releases (no approver) are not On Hold COD's.
    sql`${codRemittances.approver_email} is not null`,
    sql`${codRemittances.released_at} >= ${start.toISOString()}::timestamptz`,
    sql`${codRemittances.released_at} < ${end.toISOString()}::timestamptz`,
    view.approver ? eq(codRemittances.approver_email, view.approver) : undefined,
    // The viewer's clients, as a semi-join (only a tl or a kam has a scope).
    scope ? sql`${codRemittances.client_id} in (select ${clients.id} from ${clients} where ${scope})` : undefined,
  );
}

const rowColumns = {
  id: codRemittances.id,
  pickrr_reference_id: codRemittances.pickrr_reference_id,
  client_id: codRemittances.client_id,
  // Scalar subqueries by primary key: as joins, the planner hashed every client for 30 rows (10 ms on 2,000 sellers).
  email: sql<string>`(select ${clients.email} from ${clients} where ${clients.id} = ${codRemittances.client_id})`,
  start_date: codRemittances.start_date,
  end_date: codRemittances.end_date,
  released_amount: sql<string>`coalesce(${codRemittances.released_amount}, 0)::text`,
  approver_email: sql<string>`${codRemittances.approver_email}`,
  approver_reason: sql<string>`coalesce(${codRemittances.approver_reason}, '')`,
  released_at: sql<string>`${codRemittances.released_at}::text`,
  released_by: sql<
    string | null
  >`(select ${staff.email} from ${staff} where ${staff.id} = ${codRemittances.released_by})`,
  transaction_reference: codRemittances.transaction_reference,
  mail_to: sql<string[] | null>`${mailOutbox.to}`,
  mail_sent_at: sql<string | null>`${mailOutbox.sent_at}::text`,
  mail_attempts: sql<number | null>`${mailOutbox.attempts}`,
  mail_error: mailOutbox.last_error,
};

type RawRow = Awaited<ReturnType<typeof readRows>>[number];

/** A release as the view shows it: the row, and what became of its e-mail. */
function shown(r: RawRow) {
  const mail =
    r.mail_attempts === null ? null : { sent_at: r.mail_sent_at, attempts: r.mail_attempts, last_error: r.mail_error };
  return {
    id: r.id,
    pickrr_reference_id: r.pickrr_reference_id,
    client_id: r.client_id,
    email: r.email,
    start_date: r.start_date,
    end_date: r.end_date,
    released_amount: r.released_amount,
    approver_email: r.approver_email,
    approver_reason: r.approver_reason,
    released_at: releasedAtLabel(r.released_at),
    released_by: r.released_by,
    transaction_reference: r.transaction_reference,
    mail_to: (r.mail_to ?? []).join(", "),
    mail: releaseMailLabel(mail, MAX_ATTEMPTS),
  };
}

export type ReleasedRow = ReturnType<typeof shown>;

const byNewest = [desc(codRemittances.released_at), desc(codRemittances.id)];

function readRows(db: Db, ids: SQL | number[]) {
  return db
    .select(rowColumns)
    .from(codRemittances)
    .leftJoin(mailOutbox, eq(mailOutbox.id, codRemittances.release_mail_id))
    .where(Array.isArray(ids) ? inArray(codRemittances.id, ids) : ids)
    .orderBy(...byNewest);
}

/** One page of releases (newest first) with the filter's totals: how many, and the amount released. */
export async function listReleased(db: Db, viewer: Pick<Viewer, "id" | "role">, view: ReleasedView) {
  const where = releasedConditions(viewer, view);
  const [{ total, amount }] = await db
    .select({
      total: sql<number>`count(*)::int`,
      amount: sql<string>`coalesce(sum(${codRemittances.released_amount}), 0)::numeric(14,2)::text`,
    })
    .from(codRemittances)
    .where(where);
  const pages = Math.max(1, Math.ceil(total / RELEASED_PAGE_SIZE));
  const page = Math.min(view.page, pages);
  // The page's ids from the released index first; only those rows meet their sellers and e-mails.
  const ids = (
    await db
      .select({ id: codRemittances.id })
      .from(codRemittances)
      .where(where)
      .orderBy(...byNewest)
      .limit(RELEASED_PAGE_SIZE)
      .offset((page - 1) * RELEASED_PAGE_SIZE)
  ).map((r) => r.id);
  const rows = ids.length === 0 ? [] : (await readRows(db, ids)).map(shown);
  return { rows, total, amount, page, pages };
}

/** The approvers to filter by: today's finance approvers, and the one chosen if no longer among them. */
export async function approverChoices(db: Db, chosen: string): Promise<string[]> {
  const list = await financeApproverEmails(db);
  return chosen && !list.includes(chosen) ? [...list, chosen] : list;
}

/** The Released download's columns, each typed (decision 065): amounts numbers, days and times real dates. */
export const RELEASED_DOWNLOAD_COLUMNS: readonly XlsxColumn[] = [
  { header: "pickrr_reference_id", kind: "text" },
  { header: "email", kind: "text" },
  { header: "start_date", kind: "date" },
  { header: "end_date", kind: "date" },
  { header: "released_amount", kind: "money" },
  { header: "approver_email", kind: "text" },
  { header: "approver_reason", kind: "text" },
  { header: "released_at", kind: "datetime" },
  { header: "released_by", kind: "text" },
  { header: "transaction_reference", kind: "text" },
  { header: "mail_to", kind: "text" },
  { header: "mail", kind: "text" },
];

/** Every release of the filter, newest first, as download records, read in pages of 1,000 as the file is written. */
export async function* releasedDownloadRecords(
  db: Db,
  viewer: Pick<Viewer, "id" | "role">,
  view: Omit<ReleasedView, "page">,
): AsyncGenerator<XlsxCell[]> {
  const where = releasedConditions(viewer, view);
  let after: { at: string; id: number } | null = null;
  for (;;) {
    const batch: { raw: RawRow; row: ReleasedRow }[] = (
      await readRows(
        db,
        and(
          where,
          after
            ? sql`(${codRemittances.released_at}, ${codRemittances.id}) < (${after.at}::timestamptz, ${after.id})`
            : undefined,
        )!,
      ).limit(1000)
    ).map((r) => ({ raw: r, row: shown(r) }));
    for (const { raw, row: r } of batch)
      yield [
        r.pickrr_reference_id,
        r.email,
        r.start_date,
        r.end_date,
        r.released_amount,
        r.approver_email,
        r.approver_reason,
        new Date(raw.released_at),
        r.released_by ?? "",
        r.transaction_reference ?? "",
        r.mail_to,
        r.mail,
      ];
    if (batch.length < 1000) return;
    const last: RawRow = batch[batch.length - 1].raw;
    after = { at: last.released_at, id: last.id };
  }
}
