/**
 * The finance approvers in effect (see finance-approvers.ts for the order of precedence).
 * COD release checks `isFinanceApprover` on the server, per request.
 */
import { eq } from "drizzle-orm";

import { env } from "../core/env.server";
import type { Db } from "../db/client.server";
import { settings } from "../db/schema";
import { FINANCE_APPROVERS_SETTING, resolveFinanceApprovers } from "./finance-approvers";

export async function financeApproverEmails(db: Db): Promise<string[]> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, FINANCE_APPROVERS_SETTING));
  return resolveFinanceApprovers(env().FINANCE_APPROVER_EMAILS, row?.value);
}

export async function isFinanceApprover(db: Db, email: string): Promise<boolean> {
  return (await financeApproverEmails(db)).includes(email.trim().toLowerCase());
}
