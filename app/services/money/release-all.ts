/**
 * "Select all N matching" on On Hold COD (decision 066): the confirmation states how many held
 * remittances the filter matches and what they hold, and carries what was confirmed — each
 * remittance's id with its pending amount in paise, the fingerprint — so the release pays exactly
 * those and reports any that changed in between (released by someone else, taken off hold, paid
 * in part) instead of releasing them, and leaves alone any that joined the filter since. Pure.
 */
import { formatInr, type Paise } from "../core/money";
import { countOf } from "../core/plural";

/** The most remittances one "select all" may release at once (one transaction, one e-mail each). */
export const MAX_SELECT_ALL = 1000;

/** A confirmed remittance: its id and the pending amount the approver saw. */
export type Confirmed = { id: number; paise: Paise };

/** The fingerprint: "id:paise" pairs in id order, comma-separated. */
export function encodeConfirmed(rows: readonly Confirmed[]): string {
  return [...rows]
    .sort((a, b) => a.id - b.id)
    .map((r) => `${r.id}:${r.paise}`)
    .join(",");
}

const PAIR = /^([1-9]\d{0,9}):(\d{1,13})$/;

/** The confirmed set back from its fingerprint, or null when it is not one (empty, malformed, repeated, too long). */
export function decodeConfirmed(text: string): Confirmed[] | null {
  if (!text) return null;
  const parts = text.split(",");
  if (parts.length > MAX_SELECT_ALL) return null;
  const out: Confirmed[] = [];
  const seen = new Set<number>();
  for (const part of parts) {
    const m = PAIR.exec(part);
    if (!m) return null;
    const id = Number(m[1]);
    const paise = Number(m[2]);
    if (id > 2_147_483_647 || !Number.isSafeInteger(paise) || seen.has(id)) return null;
    seen.add(id);
    out.push({ id, paise });
  }
  return out;
}

/** The longest fingerprint a form may post: MAX_SELECT_ALL pairs of a 10-digit id and a 13-digit amount. */
export const MAX_FINGERPRINT_LENGTH = MAX_SELECT_ALL * 25;

export const sumOf = (rows: readonly Confirmed[]): Paise => rows.reduce((s, r) => s + r.paise, 0);

/** A remittance as the release finds it, locked: its state now, and whether it still matches the filter. */
export type FoundNow = {
  id: number;
  pickrr_reference_id: string;
  status: string;
  current_action: string | null;
  paise: Paise;
  matches: boolean;
};

export type ChangedReason = "missing" | "released" | "not_held" | "amount" | "filter";
export type Changed = { id: number; ref: string; reason: ChangedReason; now?: Paise; was: Paise };

export const CHANGED_LABELS: Record<ChangedReason, (c: Changed) => string> = {
  missing: () => "no longer yours to release",
  released: () => "already released",
  not_held: () => "no longer on hold",
  amount: (c) => `pending amount now ${formatInr(c.now ?? 0)}, was ${formatInr(c.was)}`,
  filter: () => "no longer matches the filter",
};

/**
 * Which confirmed remittances may be released: those still held, still matching the filter, with
 * the pending amount the approver saw. Every other confirmed one is reported with why.
 */
export function splitConfirmed(
  confirmed: readonly Confirmed[],
  found: readonly FoundNow[],
): { release: number[]; changed: Changed[] } {
  const byId = new Map(found.map((f) => [f.id, f]));
  const release: number[] = [];
  const changed: Changed[] = [];
  for (const c of confirmed) {
    const f = byId.get(c.id);
    const ref = f?.pickrr_reference_id ?? `remittance ${c.id}`;
    if (!f) changed.push({ id: c.id, ref, reason: "missing", was: c.paise });
    else if (f.status === "RELEASED") changed.push({ id: c.id, ref, reason: "released", was: c.paise });
    else if (f.current_action !== "HOLD") changed.push({ id: c.id, ref, reason: "not_held", was: c.paise });
    else if (f.paise !== c.paise) changed.push({ id: c.id, ref, reason: "amount", now: f.paise, was: c.paise });
    else if (!f.matches) changed.push({ id: c.id, ref, reason: "filter", was: c.paise });
    else release.push(c.id);
  }
  return { release, changed };
}

/** The sentence after a "select all" release: what was released, what changed and was not, what joined and was left. */
export function releaseAllMessage(
  released: { count: number; paise: Paise },
  changed: readonly Changed[],
  joined: number,
) {
  const parts: string[] = [];
  parts.push(
    released.count === 0
      ? "Nothing was released."
      : `${released.count === 1 ? "1 COD remittance" : `${released.count} COD remittances`} released (${formatInr(released.paise)}).`,
  );
  if (changed.length > 0) {
    const shown = changed
      .slice(0, 10)
      .map((c) => `${c.ref} (${CHANGED_LABELS[c.reason](c)})`)
      .join(", ");
    const more = changed.length > 10 ? ` and ${changed.length - 10} more` : "";
    parts.push(`Not released, changed since you confirmed: ${shown}${more}.`);
  }
  if (joined > 0)
    parts.push(
      `${countOf(joined, "remittance", "remittances")} now matching the filter ${joined === 1 ? "was" : "were"} not in what you confirmed and ${joined === 1 ? "stays" : "stay"} on hold.`,
    );
  return parts.join(" ");
}
