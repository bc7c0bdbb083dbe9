/**
 * The transactional outbox for e-mail: a change and the e-mail about it are written in the
 * same transaction (so a committed change always gets its e-mail and a rolled-back one never
 * does); delivery happens after commit, off the request's critical path, with retries.
 * Sending never blocks or fails a save.
 */
import { eq, sql } from "drizzle-orm";

import { logLine } from "../core/log";
import { errorLine, logServerError } from "../core/server-log";
import type { Db, Executor } from "../db/client.server";
import { mailOutbox } from "../db/schema";
import { afterCommit } from "../db/transaction.server";
import { deliver, type MailMessage } from "./mailer.server";

export const MAX_ATTEMPTS = 8;

/**
 * Queue a message inside the caller's transaction; delivery starts once it commits (see
 * db/transaction.server.ts), so no caller sends mail itself. Empty recipient lists are dropped.
 * Answers the message's id (null when dropped), for a record that names the e-mail it sent.
 */
export async function enqueueMail(tx: Executor, message: MailMessage): Promise<number | null> {
  const to = [...new Set(message.to.map((t) => t.trim().toLowerCase()).filter(Boolean))];
  if (to.length === 0) return null;
  const attachments =
    message.attachments?.map((a) => ({
      filename: a.filename,
      content_type: a.contentType,
      base64: a.content.toString("base64"),
    })) ?? null;
  const [row] = await tx
    .insert(mailOutbox)
    .values({ to, subject: message.subject, text: message.text, html: message.html ?? null, attachments })
    .returning({ id: mailOutbox.id });
  afterCommit(tx, deliverSoon);
  return row.id;
}

/** Backoff: 30 s, 1 min, 2 min, 4 min … capped at 1 h. */
export function nextAttemptDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 60 * 60 * 1000);
}

let running: Promise<number> | null = null;

/**
 * Delivers every due message once. Safe to call often: concurrent calls in one process
 * share one run, and rows are claimed with FOR UPDATE SKIP LOCKED on PostgreSQL so
 * several app servers never send the same message twice.
 */
export function deliverDueMail(db: Db, now = new Date()): Promise<number> {
  running ??= deliverDue(db, now).finally(() => {
    running = null;
  });
  return running;
}

/** How long a claimed message is reserved for the sender that claimed it. */
const LEASE_MS = 5 * 60 * 1000;

async function deliverDue(db: Db, now: Date): Promise<number> {
  let sent = 0;
  for (;;) {
    // Claim one due message with a short lease (a short transaction: no network I/O inside,
    // so the embedded single-connection database is never held while we talk to SMTP).
    const [row] = await db
      .update(mailOutbox)
      .set({ next_attempt_at: new Date(now.getTime() + LEASE_MS) })
      .where(
        eq(
          mailOutbox.id,
          sql`(select id from ${mailOutbox} where ${mailOutbox.sent_at} is null and ${mailOutbox.next_attempt_at} <= ${now.toISOString()}::timestamptz and ${mailOutbox.attempts} < ${MAX_ATTEMPTS} order by id limit 1 for update skip locked)`,
        ),
      )
      .returning();
    if (!row) return sent;
    let ref: string;
    try {
      const attachments = row.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.content_type,
        content: Buffer.from(a.base64, "base64"),
      }));
      ref = await deliver(
        { to: row.to, subject: row.subject, text: row.text, html: row.html ?? undefined, attachments },
        row.id,
      );
    } catch (error) {
      const attempts = row.attempts + 1;
      const why = errorLine(error);
      logLine("error", `Mail ${row.id} failed (attempt ${attempts})`, { error: why });
      await db
        .update(mailOutbox)
        .set({
          attempts,
          last_error: why.slice(0, 500),
          next_attempt_at: new Date(now.getTime() + nextAttemptDelayMs(attempts)),
        })
        .where(eq(mailOutbox.id, row.id));
      continue;
    }
    try {
      await db
        .update(mailOutbox)
        .set({ sent_at: new Date(), attempts: row.attempts + 1, delivered_ref: ref, last_error: null })
        .where(eq(mailOutbox.id, row.id));
      sent++;
    } catch (error) {
      // Delivered, not recorded: once its lease ends the message is due again and goes out a
      // second time (at least once, never lost). This round stops: the database is not answering.
      logLine(
        "error",
        `Mail ${row.id} was delivered but could not be marked as sent: it goes out again after its lease`,
        {
          error: errorLine(error),
        },
      );
      return sent;
    }
  }
}

/** Deliveries kicked after a commit and not finished yet (mailDeliverySettled). */
const kicked = new Set<Promise<void>>();

/** Kick delivery after a commit without making the request wait for it. */
export function deliverSoon(db: Db): void {
  const kick = new Promise<void>((resolve) => {
    setImmediate(() => {
      deliverDueMail(db)
        .catch((error) => {
          // A database closed meanwhile (shutting down, a test's database) has nothing to deliver.
          if (!CLOSED_DATABASE.test(String((error as Error)?.cause ?? error)))
            logServerError(error, "Mail delivery run failed");
        })
        .finally(resolve);
    });
  });
  kicked.add(kick);
  void kick.finally(() => kicked.delete(kick));
}

/**
 * Resolves once every delivery kicked so far has finished, or after `withinMs`: what closes a
 * database first waits for it (a test's database; the server's drains its jobs the same way), so
 * that no delivery is cut between sending a message and marking it sent.
 */
export async function mailDeliverySettled(withinMs = 5_000): Promise<void> {
  const until = Date.now() + withinMs;
  while ((kicked.size > 0 || running) && Date.now() < until) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...kicked, running]),
      new Promise((resolve) => (timer = setTimeout(resolve, Math.max(0, until - Date.now())))),
    ]);
    clearTimeout(timer);
  }
}

/** The error of a database closed meanwhile (shutting down, a test's database): background work then has nothing to do. */
export const CLOSED_DATABASE = /PGlite is closed|Cannot use a pool after calling end/;

/** E-mails not sent yet (`/metrics`' outbox depth, decision 078): read through the outbox's due index. */
export async function outboxDepth(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sent_at} is null`);
  return Number(row?.n ?? 0);
}
