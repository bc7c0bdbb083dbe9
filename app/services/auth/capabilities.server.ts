/**
 * Which capabilities a member of staff holds (see permissions.ts): the one place that says
 * what makes someone a finance approver or the wallet admin. Looked up only when an action
 * needs it, at most once per request (guard.server.ts).
 */
import type { Db } from "../db/client.server";
import { isFinanceApprover } from "../settings/finance-approvers.server";
import type { Capability } from "./permissions";

export async function capabilitiesOf(db: Db, person: { email: string }): Promise<Capability[]> {
  const held: Capability[] = [];
  if (await isFinanceApprover(db, person.email)) held.push("finance-approver");
  // "wallet-admin" (one configured account) arrives with the client account set-up work;
  // until then nobody holds it, so Wallet Configuration stays refused.
  return held;
}
