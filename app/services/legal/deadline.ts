/**
 * The publish-date rule of Add New Document (decision 063). Pure; `today` is India's day
 * (core/ist-dates.ts), passed in.
 *
 * A mandatory document's acceptance deadline is its publish date + its days (as documents.ts
 * `expiryDate`): from that day on, a seller who has not accepted has new orders refused. A
 * deadline of today or earlier would refuse orders the moment the document is published, so it
 * is refused; and a mandatory document may not be backdated at all (a past publish date is for
 * optional documents only, which refuse nothing).
 */
import { addDays, dmy } from "../core/ist-dates";

/** What the date rule needs of a document. */
export type DatedDocument = { publish_at: string; order_blocking: string; days: number | null };

export const deadlineMessages = {
  deadlineToday: (deadline: string) =>
    `The acceptance deadline (publish date + days) is today, ${dmy(deadline)}: every seller who has not accepted would have new orders refused at once. Choose a later publish date or more days.`,
  deadlinePast: (deadline: string) =>
    `The acceptance deadline (publish date + days), ${dmy(deadline)}, is already past: every seller who has not accepted would have new orders refused at once. Choose a publish date from today on.`,
  backdated: (today: string) =>
    `A past publish date is allowed only for optional documents: choose today (${dmy(today)}) or a later date.`,
} as const;

/** Why the publish date is refused (a message for the date field), or null when it may be published. */
export function publishDateProblem(doc: DatedDocument, today: string): string | null {
  if (doc.order_blocking !== "mandatory" || doc.days == null) return null;
  const deadline = addDays(doc.publish_at, doc.days);
  if (deadline === today) return deadlineMessages.deadlineToday(deadline);
  if (deadline < today) return deadlineMessages.deadlinePast(deadline);
  if (doc.publish_at < today) return deadlineMessages.backdated(today);
  return null;
}
