/**
 * The preview of a publish in words (decision 063): which version replaces which, for whom, how
 * many sellers have not accepted the version in force, when the new one comes into force and,
 * for a mandatory document, from which day orders are refused. Pure; dates DD-MM-YYYY.
 */
import { addDays, dmy } from "../core/ist-dates";
import { DOC_NAME_LABELS, type DocName, type OrderBlocking } from "./forms";

/** The PDF kept between the posts of a publish (a pending stored file, decision 063). */
export type KeptPdf = { id: number; fileName: string; size: number };

export type PublishPreview = {
  doc_name: DocName;
  version: number;
  /** The version in force for the name and audience today, if any. */
  replaces: number | null;
  /** "Segment 2", or the one seller's e-mail. */
  audience: string;
  sellers: number;
  /** Of the audience's sellers, those who have not accepted the version in force. */
  not_accepted: number;
  publish_at: string;
  today: string;
  order_blocking: OrderBlocking;
  days: number | null;
  file: { name: string; size: number };
};

const sellersWord = (n: number) => `${n.toLocaleString("en-IN")} ${n === 1 ? "seller" : "sellers"}`;

export function previewSentences(p: PublishPreview): string[] {
  const label = `${DOC_NAME_LABELS[p.doc_name]} v${p.version}`;
  const old = p.replaces === null ? null : `v${p.replaces}`;
  const sentences = [
    old
      ? `${label} replaces ${old} for ${p.audience} (${sellersWord(p.sellers)}).`
      : `${label} is the first version for ${p.audience} (${sellersWord(p.sellers)}).`,
  ];
  if (old)
    sentences.push(
      `${p.not_accepted.toLocaleString("en-IN")} ${p.not_accepted === 1 ? "has" : "have"} not accepted ${old}.`,
    );
  if (p.publish_at > p.today)
    sentences.push(
      old
        ? `${old} stays in force until ${dmy(addDays(p.publish_at, -1))}; v${p.version} comes into force on ${dmy(p.publish_at)}.`
        : `It comes into force on ${dmy(p.publish_at)}; until then sellers are not shown it.`,
    );
  else if (p.publish_at === p.today) sentences.push(`It comes into force today, ${dmy(p.today)}.`);
  else sentences.push(`It is in force at once: its publish date, ${dmy(p.publish_at)}, is past.`);
  if (p.order_blocking === "mandatory" && p.days !== null) {
    const refusedFrom = addDays(p.publish_at, p.days);
    sentences.push(
      `Mandatory: sellers who have not accepted by ${dmy(addDays(refusedFrom, -1))} will have new orders refused from ${dmy(refusedFrom)}.`,
    );
  } else sentences.push("Optional: sellers are asked to accept it; no order is refused.");
  return sentences;
}

/** "12.3 KB" for the chosen PDF. */
export const fileSize = (bytes: number) =>
  bytes < 1024 ? `${bytes} bytes` : `${(bytes / 1024).toLocaleString("en-IN", { maximumFractionDigits: 1 })} KB`;
