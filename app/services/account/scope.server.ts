/** Who is acting on a client's account set-up, and the area's refusals. */
import type { AuditActor } from "../audit/audit.server";
import { type Actor, can, type Permission } from "../auth/permissions";
import { conflict, type Forbidden, forbidden } from "../core/result";
import { LEGAL_FLAG_NOTE } from "./forms";

/** A member of staff as the guard returns them: audit identity plus what they may do. */
export type AccountActor = AuditActor & Actor;

export const ACCOUNT_REFUSALS = {
  kyc: "You are not allowed to change this client's KYC or business details.",
  config: "You are not allowed to change this client's Pickrr Configuration.",
  walletFlag: "Only an AVP or VP may change Activate Wallet.",
  legalFlag: `${LEGAL_FLAG_NOTE}.`,
  bankLocked: "Bank details are locked once set; only a VP may unlock them.",
  bankUnlock: "Only a VP may unlock bank details.",
  token: "Only a VP or KAM may see or rotate a client's API token.",
  wallet: "Wallet Configuration is managed by one configured account only.",
  noWallet: "This client has no wallet.",
  noToken: "This client has no API token yet.",
  kycSubmitted: "KYC has already been submitted and can no longer be changed.",
  conflict:
    "Someone else changed this section since you opened it. Nothing was saved; the values now stored are shown.",
} as const;

export function refuseUnless(actor: AccountActor, permission: Permission, message: string): Forbidden | null {
  return can(actor, permission) ? null : forbidden(message);
}

export const sectionConflict = <C>(current: C) => conflict(ACCOUNT_REFUSALS.conflict, current);

/** The fields whose values differ, old and new sides (for the audit row). */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T, fields: readonly (keyof T)[]) {
  const oldValue: Record<string, string | number | boolean | null> = {};
  const newValue: Record<string, string | number | boolean | null> = {};
  for (const f of fields) {
    const a = (before[f] ?? null) as string | number | boolean | null;
    const b = (after[f] ?? null) as string | number | boolean | null;
    if (a !== b) {
      oldValue[f as string] = a;
      newValue[f as string] = b;
    }
  }
  return { oldValue, newValue, changed: Object.keys(newValue).length > 0 };
}
