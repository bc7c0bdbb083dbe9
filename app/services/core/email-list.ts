/**
 * A list of e-mail addresses as configuration writes it: comma-separated text, as in an
 * environment variable. Pure, so both the start-up configuration (core/env.server.ts) and the
 * areas that keep such lists (settings/finance-approvers.ts) read it the same way.
 */
import { z } from "zod";

/** One e-mail address, trimmed and lower-cased. */
export const emailAddress = z.string().trim().toLowerCase().email();

/**
 * Parses a comma-separated list of e-mails: trimmed, lower-cased, de-duplicated, in the given
 * order. Throws naming the list and the bad entry, so a typo in the configuration stops the
 * server at start-up instead of silently locking people out.
 */
export function parseEmailList(raw: string, listName: string): string[] {
  const out: string[] = [];
  for (const part of raw.split(",")) {
    if (part.trim() === "") continue;
    const parsed = emailAddress.safeParse(part);
    if (!parsed.success) throw new Error(`${listName}: '${part.trim()}' is not an e-mail address`);
    if (!out.includes(parsed.data)) out.push(parsed.data);
  }
  if (out.length === 0) throw new Error(`${listName}: the list is empty`);
  return out;
}
