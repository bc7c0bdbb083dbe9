/**
 * Who may release held COD remittances (docs/product.md §6: a fixed list of six finance
 * approvers). The list is configuration: `FINANCE_APPROVER_EMAILS` in the environment
 * (comma-separated) wins; otherwise the `settings` row staff may change without a deploy;
 * otherwise the six demo approvers. Pure parsing lives here; the lookup is in
 * finance-approvers.server.ts.
 */
import { emailAddress, parseEmailList } from "../core/email-list";

export const FINANCE_APPROVERS_SETTING = "FINANCE_APPROVER_EMAILS";
export const DEFAULT_FINANCE_APPROVER_EMAILS: readonly string[] = [1, 2, 3, 4, 5, 6].map(
  (n) => `approver${n}@demo.test`,
);

/** Parses a comma-separated list of e-mails (the environment variable's form); see core/email-list.ts. */
export function parseApproverList(raw: string): string[] {
  return parseEmailList(raw, FINANCE_APPROVERS_SETTING);
}

/** A stored settings value, or null when it is not a usable list (then the default applies). */
export function approverListFromSetting(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const emails = value.map((v) => (typeof v === "string" ? emailAddress.safeParse(v) : { success: false as const }));
  if (emails.some((e) => !e.success)) return null;
  return [...new Set(emails.map((e) => (e as { data: string }).data))];
}

/** The effective list: environment, then the stored setting, then the default six. */
export function resolveFinanceApprovers(fromEnv: string | undefined, stored: unknown): string[] {
  if (fromEnv !== undefined && fromEnv.trim() !== "") return parseApproverList(fromEnv);
  return approverListFromSetting(stored) ?? [...DEFAULT_FINANCE_APPROVER_EMAILS];
}
