/**
 * Deadline reminders for mandatory legal documents (decision 062), the pure part: which
 * reminder is due on a day, and the e-mail it sends. The deadline is the document's expiry date,
 * the first day its seller's new orders are refused (documents.ts `isOverdue`).
 */
import { daysBetween, dmy } from "../core/ist-dates";

export const REMINDER_KINDS = ["3d", "1d"] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];
export const REMINDER_LABELS: Record<ReminderKind, string> = { "3d": "3 days before", "1d": "1 day before" };

/**
 * The reminder due on `today` for a deadline: '3d' from three days before it (two days before
 * too, so a job that did not run on the day still sends it), '1d' the day before; none otherwise.
 * Only the latest due kind is sent: on the day before, a '3d' never sent is not sent late.
 */
export function reminderDue(deadline: string, today: string): ReminderKind | null {
  const left = daysBetween(today, deadline);
  if (left === 1) return "1d";
  if (left === 2 || left === 3) return "3d";
  return null;
}

/** The reminder's e-mail to one seller. */
export function reminderMail(r: {
  seller_name: string;
  label: string;
  version: number;
  publish_at: string;
  deadline: string;
  kind: ReminderKind;
}): { subject: string; text: string } {
  const when = r.kind === "1d" ? "tomorrow" : `on ${dmy(r.deadline)}`;
  return {
    subject: `Reminder: please accept the ${r.label} (version ${r.version}) before ${dmy(r.deadline)}`,
    text:
      `Dear ${r.seller_name},\n\n` +
      `The ${r.label} (version ${r.version}) published on ${dmy(r.publish_at)} is mandatory and not yet accepted. ` +
      `Please read and accept it before ${dmy(r.deadline)}: new orders are refused from ${when} until it is accepted.\n\n` +
      `You can read and accept it in your seller account (GET /api/seller/legal-docs).\n`,
  };
}
