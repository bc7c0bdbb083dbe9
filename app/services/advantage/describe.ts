/**
 * The Advantage plans' entries in a client's rate history as people read them: a plan's offer
 * or activation, the first edit's copy of the defaults, the cashback settings — each labelled
 * with its plan ("Premium plan · Plan offered"). Every other entry (the card's, a plan card's
 * rows) is the rate card's to describe (ratecards/describe.ts, decision 055).
 */
import type { AuditDetails } from "../audit/kinds";
import { PLAN_LABELS } from "../core/plans";
import { countOf } from "../core/plural";
import { ZONES } from "../core/zones";
import { actionLabel, describeCardEntry, type DescribedEntry, type EntryDescription, num } from "../ratecards/describe";
import { formatTwoDecimals } from "../ratecards/money";

/** The plans' own actions, by entity. */
const PLAN_ACTION_LABELS: Partial<Record<keyof AuditDetails, Record<string, string>>> = {
  plan_rate_card: { copy_defaults: "First edit (defaults copied)" },
  advantage_plan: {
    offer: "Plan offered",
    withdraw: "Plan withdrawn",
    activate: "Activated by seller",
    deactivate: "Deactivated by seller",
  },
  cashback_settings: { create: "Advantage Settings", update: "Advantage Settings" },
};

/** The recorded details of an entry, read as its kind's (older rows may lack fields: each use has a fallback). */
const detailsOf = <K extends keyof AuditDetails>(entry: DescribedEntry, _kind: K) =>
  (entry.details ?? {}) as Partial<AuditDetails[K]>;

/** One sentence for a plan-wide entry: the first edit's copy, an offer or activation, the cashback settings; null for any other entry. */
function planSummary(entry: DescribedEntry): string | null {
  switch (entry.entity) {
    case "plan_rate_card":
      return `The plan's default rates (${countOf(num(detailsOf(entry, "plan_rate_card").rows), "row", "rows")}) were copied for this client, which now has its own (exclusive) copy`;
    case "advantage_plan": {
      const d = detailsOf(entry, "advantage_plan");
      const offered = Array.isArray(d.offered) ? d.offered.map((o) => String(o?.type ?? "")).filter(Boolean) : [];
      const active = d.active?.type;
      const names = (types: string[]) =>
        types.map((t) => (t === "basic" || t === "premium" ? PLAN_LABELS[t] : t)).join(", ");
      return `Offered: ${offered.length ? names(offered) : "none"} · Active: ${active ? names([active]) : "none"}`;
    }
    case "cashback_settings": {
      const d = detailsOf(entry, "cashback_settings") as Partial<Record<string, unknown>> &
        Partial<AuditDetails["cashback_settings"]>;
      const tat = ZONES.map((z) => String(d[`tat_zone${z}`] ?? "?")).join("/");
      return `Return plan ${String(d.return_cashback?.plan ?? "?")}, delivered-breach plan ${String(d.delivered_cashback?.plan ?? "?")}, TAT ${tat} days, max cashback liability ₹${formatTwoDecimals(String(d.max_tat_liability ?? "0"))}`;
    }
    default:
      return null;
  }
}

/** The label and the what-changed of one entry of a client's rate history, its card's or its plans'. */
export function describeRateEntry(entry: DescribedEntry): EntryDescription {
  const summary = planSummary(entry);
  if (summary === null) return describeCardEntry(entry);
  return {
    actionLabel: actionLabel(entry, PLAN_ACTION_LABELS[entry.entity as keyof AuditDetails]?.[entry.action]),
    head: null,
    lines: [],
    summary,
  };
}
