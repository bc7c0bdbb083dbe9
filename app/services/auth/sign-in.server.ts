/**
 * Checks a sign-in attempt: rate limits (per IP and per account), the password, and that the
 * account holds the chosen role. Every attempt is recorded so limits hold across app servers.
 */
import { eq, lt, or, sql } from "drizzle-orm";

import { fail, type Failure } from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { signInAttempts, staff, staffSessions } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { dummyHash, verifyPassword } from "./password.server";

/**
 * The limit is fair to the real user (decision 019):
 * - per account and address first: after 10 failures from one address for one account, that
 *   pair waits a minute, then twice as long after each further failure (2, 4, 8 … minutes,
 *   at most an hour) until a success or a quiet day resets it;
 * - per account across addresses (a spread-out attack): the same back-off, except for an
 *   address this account signed in from successfully in the past week, so strangers cannot
 *   lock the real user out from their usual desk;
 * - per address across accounts: a much higher ceiling, so one office behind one NAT
 *   address is not blocked by a few colleagues' typos.
 */
export const MAX_FAILED_SIGN_INS_PER_MINUTE = 10;
export const MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE = 50;
export const FIRST_LOCK_MS = 60_000;
export const LONGEST_LOCK_MS = 60 * 60_000;
/** Failures older than this no longer count towards the back-off. */
export const BACK_OFF_MEMORY_MS = 24 * 60 * 60_000;
export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait a minute and try again.";
export const BAD_CREDENTIALS_MESSAGE = "Invalid email, role or password.";

/** The message for a refused attempt: when to try again, in whole minutes. */
export function rateLimitMessage(retryAfterMs: number): string {
  const minutes = Math.ceil(retryAfterMs / 60_000);
  return minutes <= 1
    ? RATE_LIMIT_MESSAGE
    : `Too many failed sign-in attempts. Please wait ${minutes} minutes and try again.`;
}

/** How long a key waits after `failures` failures in a row: none below the limit, then 1, 2, 4 … minutes. */
export function lockDurationMs(failures: number, limit = MAX_FAILED_SIGN_INS_PER_MINUTE): number {
  if (failures < limit) return 0;
  return Math.min(LONGEST_LOCK_MS, FIRST_LOCK_MS * 2 ** Math.min(failures - limit, 16));
}

export type SignInResult =
  | { ok: true; staff: { id: number; name: string; email: string; role: StaffRole } }
  /** 401: wrong credentials; 429: too many failed attempts (`rateLimited`). */
  | Failure<401 | 429, { rateLimited?: boolean }>;

export async function checkStaffCredentials(
  db: Db,
  input: { email: string; role: StaffRole; password: string },
  ip: string,
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const attempt = await reserveAttempt(db, email, ip, now);
  if ("retryAfterMs" in attempt) return fail(429, rateLimitMessage(attempt.retryAfterMs), { rateLimited: true });
  const attemptId = attempt.id;

  const [account] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`);
  // Always run one hash so an unknown email takes as long as a wrong password.
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? dummyHash());
  const ok = Boolean(account && account.password_hash && passwordOk && account.role === input.role);
  if (!ok || !account) return fail(401, BAD_CREDENTIALS_MESSAGE);
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
  return { ok: true, staff: { id: account.id, name: account.name, email: account.email, role: account.role } };
}

/**
 * Applies the three limits above and, when none holds the attempt back, records it as failed
 * until the password proves otherwise — in one transaction holding advisory locks on the
 * keys, so parallel attempts (on any number of app servers) cannot slip past a limit
 * together. Returns the attempt's id, or how long to wait.
 */
async function reserveAttempt(
  db: Db,
  email: string,
  ip: string,
  now: Date,
): Promise<{ id: number } | { retryAfterMs: number }> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  return transaction(db, async (tx) => {
    // Lock in a fixed order (by key text) so two requests never wait on each other in a cycle.
    for (const key of [`sign-in:ip:${ip}`, `sign-in:email:${email}`].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    const [counts] = (
      await tx.execute<{
        pairFailures: number;
        pairLast: number | null;
        accountFailures: number;
        accountLast: number | null;
        familiar: boolean;
        ipFailures: number;
      }>(sql`
        with pair_ok as (
          select max(at) as at from ${signInAttempts} where email = ${email} and ip = ${ip} and succeeded
        ), account_ok as (
          select max(at) as at from ${signInAttempts} where email = ${email} and succeeded
        ), pair as (
          select count(*)::int as n, max(at) as last from ${signInAttempts}
          where email = ${email} and ip = ${ip} and not succeeded and at > ${at(BACK_OFF_MEMORY_MS)}::timestamptz
            and at > coalesce((select at from pair_ok), '-infinity'::timestamptz)
        ), account as (
          select count(*)::int as n, max(at) as last from ${signInAttempts}
          where email = ${email} and not succeeded and at > ${at(BACK_OFF_MEMORY_MS)}::timestamptz
            and at > coalesce((select at from account_ok), '-infinity'::timestamptz)
        )
        select
          (select n from pair) as "pairFailures", (extract(epoch from (select last from pair)) * 1000)::float8 as "pairLast",
          (select n from account) as "accountFailures", (extract(epoch from (select last from account)) * 1000)::float8 as "accountLast",
          coalesce((select at from pair_ok) > ${at(AUTH_RECORDS_KEPT_MS)}::timestamptz, false) as familiar,
          (select count(*)::int from ${signInAttempts} where ip = ${ip} and not succeeded and at > ${at(60_000)}::timestamptz) as "ipFailures"`)
    ).rows;
    const waitFor = (failures: number, last: number | null) => {
      const lock = lockDurationMs(failures);
      return lock === 0 || last === null ? 0 : Number(last) + lock - now.getTime();
    };
    const waits = [waitFor(counts.pairFailures, counts.pairLast)];
    if (!counts.familiar) waits.push(waitFor(counts.accountFailures, counts.accountLast));
    if (counts.ipFailures >= MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE) waits.push(FIRST_LOCK_MS);
    const retryAfterMs = Math.max(0, ...waits);
    if (retryAfterMs > 0) return { retryAfterMs };
    const [row] = await tx
      .insert(signInAttempts)
      .values({ email, ip, succeeded: false, at: now })
      .returning({ id: signInAttempts.id });
    return { id: row.id };
  });
}

/** How long sign-in attempts and ended sessions are kept (the limit needs only a minute). */
export const AUTH_RECORDS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes old sign-in attempts and sessions that ended or expired long ago; returns the counts. */
export async function pruneAuthRecords(db: Db, now = new Date()): Promise<{ attempts: number; sessions: number }> {
  const before = new Date(now.getTime() - AUTH_RECORDS_KEPT_MS);
  const attempts = await db
    .delete(signInAttempts)
    .where(lt(signInAttempts.at, before))
    .returning({ id: signInAttempts.id });
  const sessions = await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.ended_at, before), lt(staffSessions.last_seen_at, before)))
    .returning({ id: staffSessions.id });
  return { attempts: attempts.length, sessions: sessions.length };
}
