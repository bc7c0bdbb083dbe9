/**
 * remix-auth's form strategy wired to our credential check. Built per request because the
 * rate limit needs the client's address from the server's load context.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";

import { fail, type Failure } from "../core/result";
import type { StaffRole } from "../core/roles";
import type { Db } from "../db/client.server";
import { checkStaffCredentials } from "./sign-in.server";
import { signInSchema } from "./sign-in-form";

export type AuthenticatedStaff = { id: number; name: string; email: string; role: StaffRole };

/** A refused sign-in, thrown through remix-auth: the refusal (401 or 429) as the service made it. */
export class SignInError extends Error {
  constructor(readonly failure: Failure<401 | 429, { rateLimited?: boolean; retryAfterMs?: number }>) {
    super(failure.message);
  }
}

export function staffAuthenticator(db: Db, ip: string) {
  const authenticator = new Authenticator<AuthenticatedStaff>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = signInSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new SignInError(fail(401, parsed.error.issues[0]?.message ?? "Invalid sign-in"));
      const result = await checkStaffCredentials(db, parsed.data, ip);
      if (!result.ok) throw new SignInError(result);
      return result.staff;
    }),
    "staff-form",
  );
  return authenticator;
}
