/**
 * remix-auth's form strategy wired to our credential check. Built per request because the
 * rate limit needs the client's address from the server's load context.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import type { Db } from "../db/client.server";
import { checkStaffCredentials } from "./sign-in.server";
import { signInSchema } from "./sign-in-form";
import type { StaffRole } from "../core/roles";

export type AuthenticatedStaff = { id: number; name: string; email: string; role: StaffRole };

export class SignInError extends Error {
  constructor(
    message: string,
    readonly rateLimited = false,
  ) {
    super(message);
  }
}

export function staffAuthenticator(db: Db, ip: string) {
  const authenticator = new Authenticator<AuthenticatedStaff>();
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const parsed = signInSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) throw new SignInError(parsed.error.issues[0]?.message ?? "Invalid sign-in");
      const result = await checkStaffCredentials(db, parsed.data, ip);
      if (!result.ok) throw new SignInError(result.message, result.rateLimited);
      return result.staff;
    }),
    "staff-form",
  );
  return authenticator;
}
