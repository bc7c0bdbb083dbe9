/**
 * Checks a sign-in attempt: rate limits (per account and address, per account, per address),
 * the password, and that the account holds the chosen role. Every attempt is recorded so the
 * limits hold across app servers; the password hashes one process runs at once are bounded
 * (hash-gate.server.ts).
 */
import { eq, lt, or, sql } from "drizzle-orm";

import { consoleMetrics } from "../core/metrics";
import { fail, type Failure } from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { signInAttempts, staff, staffSessions } from "../db/schema";
import { transaction } from "../db/transaction.server";
import { type HashGate, signInHashGate } from "./hash-gate.server";
import { scryptOnThread } from "./hash-thread.server";
import { dummyHash, verifyPassword } from "./password.server";

/**
 * The limit is fair to the real user (decisions 019 and 060):
 * - per account and address: after 10 failures from one address for one account, that pair
 *   waits a minute, then twice as long after each further failure (2, 4, 8 … minutes, at most
 *   an hour) until a success or a quiet day resets it. Only that address waits: the account
 *   signs in from any other. One address can so fail at most ~15 times an hour;
 * - per account across addresses (a spread-out attack): never a lock-out but a slow-down —
 *   from 20 failures in the last hour (more than one address can make) each attempt waits
 *   1, 2, 4 … seconds (at most 10) before its password is checked — and a hard stop only at
 *   100 failures in the last hour (ASVS 2.2.1), until the hour has slid below it. An address
 *   this account signed in from successfully in the past week skips both, so strangers
 *   cannot keep the real user from their usual desk;
 * - per address across accounts: a much higher ceiling, so one office behind one NAT
 *   address is not blocked by a few colleagues' typos.
 */
export const MAX_FAILED_SIGN_INS_PER_MINUTE = 10;
export const MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE = 50;
export const FIRST_LOCK_MS = 60_000;
export const LONGEST_LOCK_MS = 60 * 60_000;
/** Failures older than this no longer count towards the back-off. */
export const BACK_OFF_MEMORY_MS = 24 * 60 * 60_000;
/** The account-wide window: failures in the last hour, from every address. */
export const ACCOUNT_WINDOW_MS = 60 * 60_000;
/** Account-wide failures in the window before attempts are slowed down. */
export const ACCOUNT_SLOW_DOWN_AFTER = 20;
export const ACCOUNT_FIRST_DELAY_MS = 1_000;
export const ACCOUNT_LONGEST_DELAY_MS = 10_000;
/** Account-wide failures in the window at which a stranger's address is refused (ASVS: no fewer). */
export const ACCOUNT_FAILURES_PER_HOUR_CEILING = 100;
export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait a minute and try again.";
export const BAD_CREDENTIALS_MESSAGE = "Invalid email, role or password.";
/** The answer when this server is checking as many sign-ins as it may at once (hash-gate.server.ts). */
export const SIGN_IN_BUSY_MESSAGE = "Too many sign-ins are being checked right now. Please try again in a few seconds.";

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

/** How long an attempt is held before its check, after `failures` account-wide failures in the last hour. */
export function slowDownMs(failures: number): number {
  if (failures < ACCOUNT_SLOW_DOWN_AFTER) return 0;
  return Math.min(
    ACCOUNT_LONGEST_DELAY_MS,
    ACCOUNT_FIRST_DELAY_MS * 2 ** Math.min(failures - ACCOUNT_SLOW_DOWN_AFTER, 16),
  );
}

export type SignInResult =
  | { ok: true; staff: { id: number; name: string; email: string; role: StaffRole } }
  /** 401: wrong credentials; 429: too many failed attempts or too many checks at once, and when to retry. */
  | Failure<401 | 429, { rateLimited?: boolean; retryAfterMs?: number }>;

export type CheckOptions = {
  /** The bound on concurrent hashes; this process's own unless a test gives one. */
  gate?: HashGate;
  /** How the account-wide slow-down waits; a test records it instead. */
  sleep?: (ms: number) => Promise<void>;
};

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Checks a sign-in; a refused one is counted for `/metrics` by reason (decision 078). */
export async function checkStaffCredentials(
  db: Db,
  input: { email: string; role: StaffRole; password: string },
  ip: string,
  now = new Date(),
  options: CheckOptions = {},
): Promise<SignInResult> {
  const result = await checkCredentials(db, input, ip, now, options);
  if (!result.ok)
    consoleMetrics().signInFailures.inc({ reason: result.status === 429 ? "rate_limited" : "bad_credentials" });
  return result;
}

async function checkCredentials(
  db: Db,
  input: { email: string; role: StaffRole; password: string },
  ip: string,
  now: Date,
  { gate = signInHashGate, sleep = wait }: CheckOptions,
): Promise<SignInResult> {
  // A full queue refuses before any database work: a flood costs next to nothing.
  if (gate.full) return busy(gate.retryAfterMs());
  const email = input.email.trim().toLowerCase();
  const attempt = await reserveAttempt(db, email, ip, now);
  if ("retryAfterMs" in attempt)
    return fail(429, rateLimitMessage(attempt.retryAfterMs), {
      rateLimited: true,
      retryAfterMs: attempt.retryAfterMs,
    });
  if (attempt.slowDownMs > 0) await sleep(attempt.slowDownMs);

  const [account] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`);
  // Always run one hash so an unknown email takes as long as a wrong password.
  const checked = await gate.run(() =>
    verifyPassword(input.password, account?.password_hash ?? dummyHash(), scryptOnThread),
  );
  if (!checked.ok) {
    // Not checked, so not a failure: the person's next try must not count it against them.
    await db.delete(signInAttempts).where(eq(signInAttempts.id, attempt.id));
    return busy(checked.retryAfterMs);
  }
  const ok = Boolean(account && account.password_hash && checked.value && account.role === input.role);
  if (!ok || !account) return fail(401, BAD_CREDENTIALS_MESSAGE);
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attempt.id));
  return { ok: true, staff: { id: account.id, name: account.name, email: account.email, role: account.role } };
}

function busy(retryAfterMs: number): SignInResult {
  return fail(429, SIGN_IN_BUSY_MESSAGE, { rateLimited: true, retryAfterMs });
}

/**
 * Applies the limits above and, when none holds the attempt back, records it as failed until
 * the password proves otherwise — in one transaction holding advisory locks on the keys, so
 * parallel attempts (on any number of app servers) cannot slip past a limit together. Returns
 * the attempt's id and how long to slow it down, or how long to wait.
 */
async function reserveAttempt(
  db: Db,
  email: string,
  ip: string,
  now: Date,
): Promise<{ id: number; slowDownMs: number } | { retryAfterMs: number }> {
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
        hourFailures: number;
        ceilingFailureAt: number | null;
        familiar: boolean;
        ipFailures: number;
      }>(sql`
        with pair_ok as (
          select max(at) as at from ${signInAttempts} where email = ${email} and ip = ${ip} and succeeded
        ), pair as (
          select count(*)::int as n, max(at) as last from ${signInAttempts}
          where email = ${email} and ip = ${ip} and not succeeded and at > ${at(BACK_OFF_MEMORY_MS)}::timestamptz
            and at > coalesce((select at from pair_ok), '-infinity'::timestamptz)
        ), hour as (
          select at from ${signInAttempts}
          where email = ${email} and not succeeded and at > ${at(ACCOUNT_WINDOW_MS)}::timestamptz
        )
        select
          (select n from pair) as "pairFailures", (extract(epoch from (select last from pair)) * 1000)::float8 as "pairLast",
          (select count(*)::int from hour) as "hourFailures",
          (extract(epoch from (select at from hour order by at desc offset ${sql.raw(String(ACCOUNT_FAILURES_PER_HOUR_CEILING - 1))} limit 1)) * 1000)::float8 as "ceilingFailureAt",
          coalesce((select at from pair_ok) > ${at(AUTH_RECORDS_KEPT_MS)}::timestamptz, false) as familiar,
          (select count(*)::int from ${signInAttempts} where ip = ${ip} and not succeeded and at > ${at(60_000)}::timestamptz) as "ipFailures"`)
    ).rows;
    const pairLock = lockDurationMs(counts.pairFailures);
    const waits = [pairLock === 0 || counts.pairLast === null ? 0 : Number(counts.pairLast) + pairLock - now.getTime()];
    // The hard stop lasts until the oldest of the last 100 failures leaves the hour.
    if (!counts.familiar && counts.ceilingFailureAt !== null)
      waits.push(Number(counts.ceilingFailureAt) + ACCOUNT_WINDOW_MS - now.getTime());
    if (counts.ipFailures >= MAX_FAILED_SIGN_INS_PER_IP_PER_MINUTE) waits.push(FIRST_LOCK_MS);
    const retryAfterMs = Math.max(0, ...waits);
    if (retryAfterMs > 0) return { retryAfterMs };
    const [row] = await tx
      .insert(signInAttempts)
      .values({ email, ip, succeeded: false, at: now })
      .returning({ id: signInAttempts.id });
    return { id: row.id, slowDownMs: counts.familiar ? 0 : slowDownMs(counts.hourFailures) };
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
