/**
 * Which capabilities a member of staff holds (see permissions.ts): the one place that says
 * what makes someone a finance approver or the wallet admin. Looked up only when an action
 * needs it, at most once per request (guard.server.ts).
 */
import { env } from "../core/env.server";
import type { Db } from "../db/client.server";
import { isFinanceApprover } from "../settings/finance-approvers.server";
import type { Capability } from "./permissions";

export async function capabilitiesOf(db: Db, person: { email: string }): Promise<Capability[]> {
  const held: Capability[] = [];
  if (await isFinanceApprover(db, person.email)) held.push("finance-approver");
  // The one account configured to manage wallets (WALLET_ADMIN_EMAIL, docs/product.md §6).
  if (person.email.trim().toLowerCase() === env().WALLET_ADMIN_EMAIL) held.push("wallet-admin");
  return held;
}
