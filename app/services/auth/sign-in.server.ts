/**
 * Checks a sign-in attempt: rate limits (per IP and per account), the password, and that the
 * account holds the chosen role. Every attempt is recorded so limits hold across app servers.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/client.server";
import { signInAttempts, staff, type StaffRole } from "../db/schema";
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
  const since = new Date(now.getTime() - 60_000);
  const [byIp] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), eq(signInAttempts.succeeded, false), gt(signInAttempts.at, since)));
  const [byAccount] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.email, email), eq(signInAttempts.succeeded, false), gt(signInAttempts.at, since)));
  if (byIp.n >= MAX_FAILED_SIGN_INS_PER_MINUTE || byAccount.n >= MAX_FAILED_SIGN_INS_PER_MINUTE) {
    return { ok: false, message: RATE_LIMIT_MESSAGE, rateLimited: true };
  }

  const [account] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email}`);
  // Always run one hash so an unknown email takes as long as a wrong password.
  const passwordOk = await verifyPassword(input.password, account?.password_hash ?? DUMMY_HASH);
  const ok = Boolean(account && account.password_hash && passwordOk && account.role === input.role);
  await db.insert(signInAttempts).values({ email, ip, succeeded: ok, at: now });
  if (!ok || !account) return { ok: false, message: BAD_CREDENTIALS_MESSAGE };
  return { ok: true, staff: { id: account.id, name: account.name, email: account.email, role: account.role } };
}
