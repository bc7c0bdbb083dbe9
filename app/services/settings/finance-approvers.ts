/**
 * Who may release held COD remittances (spec part 2 §6: a fixed list of six finance
 * approvers). The list is configuration: `FINANCE_APPROVER_EMAILS` in the environment
 * (comma-separated) wins; otherwise the `settings` row staff may change without a deploy;
 * otherwise the six demo approvers. Pure parsing lives here; the lookup is in
 * finance-approvers.server.ts.
 */
import { z } from "zod";

export const FINANCE_APPROVERS_SETTING = "FINANCE_APPROVER_EMAILS";
export const DEFAULT_FINANCE_APPROVER_EMAILS: readonly string[] = [1, 2, 3, 4, 5, 6].map((n) => `approver${n}@demo.test`);

const email = z.string().trim().toLowerCase().email();

/**
 * Parses a comma-separated list of e-mails (the environment variable's form): trimmed,
 * lower-cased, de-duplicated, in the given order. Throws naming the bad entry, so a typo in
 * the configuration stops the server at start-up instead of silently locking approvers out.
 */
export function parseApproverList(raw: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(",")) {
    if (part.trim() === "") continue;
    const parsed = email.safeParse(part);
    if (!parsed.success) throw new Error(`FINANCE_APPROVER_EMAILS: '${part.trim()}' is not an e-mail address`);
    if (!out.includes(parsed.data)) out.push(parsed.data);
  }
  if (out.length === 0) throw new Error("FINANCE_APPROVER_EMAILS: the list is empty");
  return out;
}

/** A stored settings value, or null when it is not a usable list (then the default applies). */
export function approverListFromSetting(value: unknown): string[] | null {
  if (!Array.isArray(value) || value.length === 0) return null;
  const emails = value.map((v) => (typeof v === "string" ? email.safeParse(v) : { success: false as const }));
  if (emails.some((e) => !e.success)) return null;
  return [...new Set(emails.map((e) => (e as { data: string }).data))];
}

/** The effective list: environment, then the stored setting, then the default six. */
export function resolveFinanceApprovers(fromEnv: string | undefined, stored: unknown): string[] {
  if (fromEnv !== undefined && fromEnv.trim() !== "") return parseApproverList(fromEnv);
  return approverListFromSetting(stored) ?? [...DEFAULT_FINANCE_APPROVER_EMAILS];
}
