/**
 * Rate history entries as people read them in the History dialog: a label for the action
 * ("Premium plan · Rate edit") and what changed — a rate row's fields old → new, or one
 * sentence for a card-wide change. The Advantage plans' own entries (an offer, the first
 * edit's copy, the cashback settings) are described beside their plans, in advantage/describe.ts,
 * which hands every other entry to describeCardEntry (decision 055).
 */
import { istDmyTime } from "../core/ist-dates";
import { type AdvantagePlanName, PLAN_LABELS, PLAN_TYPE_OF } from "../core/plans";
import { countOf } from "../core/plural";
import { type DeliveryType, type ShipmentType } from "../core/rate-fields";
import type { RateCardDetails } from "./audit-kinds";
import { CHANGED_FIELD_LABELS, type ChangedField, showFieldValue } from "./changes";
import { PRICE_TYPE_LABELS } from "./fields";
import { KIND_LABELS, type ScheduledKind } from "./scheduled";

/** What the History dialog knows of one entry (history.server.ts reads them). */
export type DescribedEntry = {
  entity: string;
  action: string;
  /** The Advantage plan a plan change belongs to; null for the client's card. */
  plan: AdvantagePlanName | null;
  courier: string | null;
  shipment_type: ShipmentType | null;
  delivery_type: DeliveryType | null;
  /** Row entries: each changed field old → new. */
  changes: { field: string; old: unknown; new: unknown }[];
  /** Card-wide and plan-wide entries: what the audit recorded. */
  details: Record<string, unknown> | null;
};

export type EntryDescription = {
  actionLabel: string;
  /** A row entry's courier and price type. */
  head: string | null;
  lines: { field: string; old: string | null; next: string | null }[];
  summary: string | null;
};

/** What an audit action means to a reader; the code itself is kept beside it for searching. */
const ACTION_LABELS: Record<string, string> = {
  update: "Rate edit",
  "update:courier_terms": "Rate edit (courier terms)",
  weight_slab: "Weight slab",
  upload: "Upload",
  "upload:create": "Upload (row added)",
  "upload:delete": "Upload (row removed)",
  apply_segment: "Apply segment",
  "apply_segment:create": "Apply segment (row added)",
  "apply_segment:delete": "Apply segment (row removed)",
  rto_from_forward: "RTO from forward",
  "rto_from_forward:create": "RTO from forward (row added)",
  "rto_from_forward:delete": "RTO from forward (row removed)",
  schedule: "Change scheduled",
  schedule_cancel: "Scheduled change cancelled",
  schedule_apply: "Scheduled change took effect",
  schedule_refused: "Scheduled change refused",
};

/** The action's label (`label`, or the rate actions' own), prefixed with its plan for a plan's entry ("Premium plan · Rate edit"). */
export function actionLabel(
  entry: Pick<DescribedEntry, "action" | "plan">,
  label: string = ACTION_LABELS[entry.action] ?? entry.action,
): string {
  return entry.plan ? `${PLAN_LABELS[PLAN_TYPE_OF[entry.plan]]} plan · ${label}` : label;
}

export const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0));

/** One sentence for a card-wide entry (upload, apply segment, RTO from forward). */
function cardWideSummary(entry: DescribedEntry): string {
  const d = (entry.details ?? {}) as Partial<
    RateCardDetails["apply_segment"] & RateCardDetails["rto_from_forward"] & RateCardDetails["upload"]
  >;
  switch (entry.action) {
    case "apply_segment":
      return `Applied ${String(d.segment_name ?? `segment ${String(d.segment)}`)}: ${countOf(num(d.updated), "row", "rows")} updated, ${num(d.created)} added, ${num(d.deleted)} removed`;
    case "rto_from_forward": {
      const couriers = Array.isArray(d.couriers) ? d.couriers.map(String).join(", ") : "";
      return `RTO rates set from forward for ${couriers || "the chosen couriers"}: ${countOf(num(d.changed_rows), "row", "rows")} changed`;
    }
    case "schedule":
    case "schedule_cancel":
    case "schedule_apply":
    case "schedule_refused":
      return scheduledSummary(entry.action, (entry.details ?? {}) as Partial<ScheduledDetails>);
    case "upload":
      return `Uploaded ${String(d.file_name ?? "a rate card")}: ${countOf(num(d.row_count), "row", "rows")}, ${num(d.changed_rows)} changed`;
    default:
      return Object.entries(entry.details ?? {})
        .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
        .join(", ");
  }
}

type ScheduledDetails = RateCardDetails["schedule_apply"] & RateCardDetails["schedule_refused"];

/** A scheduled change's entries (decision 075): what, when it takes effect, and a refusal's reason. */
function scheduledSummary(action: string, d: Partial<ScheduledDetails>): string {
  const what = `${KIND_LABELS[d.kind as ScheduledKind] ?? String(d.kind ?? "Rate change")} #${num(d.scheduled_change_id)}`;
  const when = d.effective_at ? istDmyTime(new Date(d.effective_at)) : "its time";
  const rows = countOf(num(d.changes), "row change", "row changes");
  switch (action) {
    case "schedule":
      return `${what}: ${rows} to take effect on ${when}`;
    case "schedule_cancel":
      return `${what} cancelled: ${rows} will not take effect on ${when}`;
    case "schedule_apply":
      return `${what} took effect on ${when}: ${rows} applied, ${num(d.refused)} refused`;
    default: {
      const priceType = d.shipment_type ? PRICE_TYPE_LABELS[d.shipment_type] : "";
      return `${what} not applied to ${String(d.courier ?? "a row")} · ${priceType} (${String(d.delivery_type ?? "")}) on ${when}: ${String(d.reason ?? "the row changed after it was scheduled")}. The row keeps its current values.`;
    }
  }
}

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  return field in CHANGED_FIELD_LABELS ? showFieldValue(field as ChangedField, String(value)) : String(value);
}

/** The label and the what-changed of a card or row entry (a client's card, or a plan card's row). */
export function describeCardEntry(entry: DescribedEntry): EntryDescription {
  const label = actionLabel(entry);
  if (entry.entity !== "rate_row" && entry.entity !== "plan_rate_row") {
    return { actionLabel: label, head: null, lines: [], summary: cardWideSummary(entry) };
  }
  const priceType = entry.shipment_type ? PRICE_TYPE_LABELS[entry.shipment_type] : "";
  const head = [
    entry.courier ?? "Unknown courier",
    `${priceType}${entry.delivery_type ? ` (${entry.delivery_type})` : ""}`,
  ]
    .filter(Boolean)
    .join(" · ");
  if (entry.action.endsWith(":create")) return { actionLabel: label, head, lines: [], summary: "Row added" };
  if (entry.action.endsWith(":delete")) return { actionLabel: label, head, lines: [], summary: "Row removed" };
  return {
    actionLabel: label,
    head,
    lines: entry.changes.map((c) => ({
      field: CHANGED_FIELD_LABELS[c.field as ChangedField] ?? c.field,
      old: showValue(c.field, c.old),
      next: showValue(c.field, c.new),
    })),
    summary: null,
  };
}
