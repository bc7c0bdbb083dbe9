/**
 * E-mail to a client's sales hierarchy (avp, bdm, tl, vp — the spec's email_sender_list)
 * about a change to the client's rates. Queued in the caller's transaction (the outbox), so
 * the e-mail goes out exactly when the change commits and never slows or fails the save.
 */
import { eq, inArray } from "drizzle-orm";

import type { Db, Tx } from "../db/client.server";
import { clients, staff } from "../db/schema";
import { enqueueMail } from "../mail/outbox.server";
import { changeLines, type RowChange } from "./changes";

export type RateChangeKind = "rate" | "weight" | "upload" | "rto" | "segment" | "plan_rate" | "bulk";

const SUBJECTS: Record<RateChangeKind, string> = {
  rate: "Rate card updated",
  weight: "Weight slab updated",
  upload: "Rate card uploaded",
  rto: "RTO rates updated from forward",
  segment: "Segment rates applied",
  plan_rate: "Advantage plan rate card updated",
  bulk: "Rate card prices changed",
};

/** The client's avp, bdm, tl and vp e-mail addresses (those that are set). */
export async function hierarchyEmails(
  tx: Pick<Db, "select">,
  clientId: number,
): Promise<{ client: { name: string; company_name: string; email: string } | null; to: string[] }> {
  const [client] = await tx
    .select({
      name: clients.name,
      company_name: clients.company_name,
      email: clients.email,
      avp: clients.avp_id,
      bdm: clients.bdm_id,
      tl: clients.tl_id,
      vp: clients.vp_id,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client) return { client: null, to: [] };
  const ids = [client.avp, client.bdm, client.tl, client.vp].filter((id): id is number => id != null);
  const people = ids.length ? await tx.select({ email: staff.email }).from(staff).where(inArray(staff.id, ids)) : [];
  return {
    client: { name: client.name, company_name: client.company_name, email: client.email },
    to: people.map((p) => p.email),
  };
}

export async function queueRateChangeMail(
  tx: Tx,
  actor: { email: string; role: string },
  clientId: number,
  kind: RateChangeKind,
  changes: readonly RowChange[],
  note?: string,
): Promise<void> {
  if (changes.length === 0) return;
  const { client, to } = await hierarchyEmails(tx, clientId);
  if (!client) return;
  const card = `${client.company_name} (${client.name}, ${client.email})`;
  await enqueueMail(tx, {
    to,
    subject: `${SUBJECTS[kind]}: ${client.company_name}`,
    text: rateChangeText(SUBJECTS[kind], card, actor, changes, note),
  });
}

/**
 * The same notice for a segment card (decision 074), which has no client and so no hierarchy:
 * it goes to every vp, the role that may change segment cards (auth/permissions.ts).
 */
export async function queueSegmentRateChangeMail(
  tx: Tx,
  actor: { email: string; role: string },
  segmentName: string,
  kind: RateChangeKind,
  changes: readonly RowChange[],
  note?: string,
): Promise<void> {
  if (changes.length === 0) return;
  const vps = await tx.select({ email: staff.email }).from(staff).where(eq(staff.role, "vp")).orderBy(staff.id);
  await enqueueMail(tx, {
    to: vps.map((v) => v.email),
    subject: `${SUBJECTS[kind]}: ${segmentName}`,
    text: rateChangeText(SUBJECTS[kind], `the ${segmentName} rate card`, actor, changes, note),
  });
}

function rateChangeText(
  subject: string,
  card: string,
  actor: { email: string; role: string },
  changes: readonly RowChange[],
  note?: string,
): string {
  const lines = changeLines(changes);
  const shown = lines.slice(0, 500);
  return [
    `${subject} for ${card} by ${actor.email} (${actor.role}).`,
    note ?? "",
    "",
    "Changes (old → new):",
    ...shown.map((l) => `- ${l}`),
    lines.length > shown.length ? `… and ${lines.length - shown.length} more changes.` : "",
  ]
    .filter((l, i, all) => l !== "" || (i > 0 && all[i - 1] !== ""))
    .join("\n");
}
