/**
 * Checks a sign-in attempt: rate limits (per IP and per account), the password, and that the
 * account holds the chosen role. Every attempt is recorded so limits hold across app servers.
 */
import { eq, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { signInAttempts, staff, staffSessions } from "../db/schema";
import type { StaffRole } from "../core/roles";
import { DUMMY_HASH, verifyPassword } from "./password.server";

export const MAX_FAILED_SIGN_INS_PER_MINUTE = 10;
export const RATE_LIMIT_MESSAGE = "Too many failed sign-in attempts. Please wait a minute and try again.";
export const BAD_CREDENTIALS_MESSAGE = "Invalid email, role or password.";

export type SignInResult =
  | { ok: true; staff: { id: number; name: string; email: string; role: StaffRole } }
  | { ok: false; message: string; rateLimited?: boolean };

export async function checkStaffCredentials(
  db: Db,
  input: { email: string; role: StaffRole; password: string },
  ip: string,
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const attemptId = await reserveAttempt(db, email, ip, now);
  if (attemptId === null) return { ok: false, message: RATE_LIMIT_MESSAGE, rateLimited: true };

  const [account] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`);
  // Always run one hash so an unknown email takes as long as a wrong password.
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? DUMMY_HASH);
  const ok = Boolean(account && account.password_hash && passwordOk && account.role === input.role);
  if (!ok || !account) return { ok: false, message: BAD_CREDENTIALS_MESSAGE };
  await db.update(signInAttempts).set({ succeeded: true }).where(eq(signInAttempts.id, attemptId));
  return { ok: true, staff: { id: account.id, name: account.name, email: account.email, role: account.role } };
}

/**
 * Counts the last minute's failed attempts for the IP and the account and, when both are
 * under the limit, records this attempt as failed until the password proves otherwise — in
 * one transaction holding advisory locks on both keys, so parallel attempts (on any number of
 * app servers) cannot slip past the limit together. Returns the attempt's id, or null when
 * the limit is reached.
 */
async function reserveAttempt(db: Db, email: string, ip: string, now: Date): Promise<number | null> {
  const since = new Date(now.getTime() - 60_000);
  return db.transaction(async (tx) => {
    // Lock in a fixed order (by key text) so two requests never wait on each other in a cycle.
    for (const key of [`sign-in:ip:${ip}`, `sign-in:email:${email}`].sort()) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    }
    const [{ byIp, byAccount }] = (
      await tx.execute<{ byIp: number; byAccount: number }>(sql`
        select
          (select count(*)::int from ${signInAttempts} where ip = ${ip} and not succeeded and at > ${since.toISOString()}::timestamptz) as "byIp",
          (select count(*)::int from ${signInAttempts} where email = ${email} and not succeeded and at > ${since.toISOString()}::timestamptz) as "byAccount"`)
    ).rows;
    if (byIp >= MAX_FAILED_SIGN_INS_PER_MINUTE || byAccount >= MAX_FAILED_SIGN_INS_PER_MINUTE) return null;
    const [row] = await tx.insert(signInAttempts).values({ email, ip, succeeded: false, at: now }).returning({ id: signInAttempts.id });
    return row.id;
  });
}

/** How long sign-in attempts and ended sessions are kept (the limit needs only a minute). */
export const AUTH_RECORDS_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** Deletes old sign-in attempts and sessions that ended or expired long ago; returns the counts. */
export async function pruneAuthRecords(db: Db, now = new Date()): Promise<{ attempts: number; sessions: number }> {
  const before = new Date(now.getTime() - AUTH_RECORDS_KEPT_MS);
  const attempts = await db.delete(signInAttempts).where(lt(signInAttempts.at, before)).returning({ id: signInAttempts.id });
  const sessions = await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.ended_at, before), lt(staffSessions.last_seen_at, before)))
    .returning({ id: staffSessions.id });
  return { attempts: attempts.length, sessions: sessions.length };
}
