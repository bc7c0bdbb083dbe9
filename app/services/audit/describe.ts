/**
 * Audit entries as people read them in a History dialog: a label for the action ("Premium
 * plan · Rate edit") and what changed — a rate row's fields old → new, or one sentence for a
 * card-wide or plan-wide change. Labels are per entity kind (kinds.ts); a new area adds its
 * kinds' labels and summaries here.
 */
import { PLAN_LABELS, PLAN_TYPE_OF, type AdvantagePlanName } from "../core/plans";
import { CHANGED_FIELD_LABELS, showFieldValue, type ChangedField } from "../ratecards/changes";
import { PRICE_TYPE_LABELS } from "../ratecards/fields";
import { ZONES } from "../core/zones";
import { type DeliveryType, type ShipmentType } from "../core/rate-fields";
import { formatTwoDecimals } from "../ratecards/money";
import type { AuditDetails, RateCardDetails } from "./kinds";

/** What the History dialog knows of one entry (ratecards/history.server.ts reads them). */
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
};

/** Pickrr Advantage changes are labelled with their plan ("Premium plan · Rate edit"); these are theirs alone. */
const PLAN_ACTION_LABELS: Partial<Record<keyof AuditDetails, Record<string, string>>> = {
  plan_rate_card: { copy_defaults: "First edit (defaults copied)" },
  advantage_plan: { offer: "Plan offered", withdraw: "Plan withdrawn", activate: "Activated by seller", deactivate: "Deactivated by seller" },
  cashback_settings: { create: "Advantage Settings", update: "Advantage Settings" },
};

export function actionLabel(entry: Pick<DescribedEntry, "entity" | "action" | "plan">): string {
  const label = PLAN_ACTION_LABELS[entry.entity as keyof AuditDetails]?.[entry.action] ?? ACTION_LABELS[entry.action] ?? entry.action;
  return entry.plan ? `${PLAN_LABELS[PLAN_TYPE_OF[entry.plan]]} plan · ${label}` : label;
}

const num = (v: unknown) => (typeof v === "number" ? v : Number(v ?? 0));

/** The recorded details of an entry, read as its kind's (older rows may lack fields: each use has a fallback). */
const detailsOf = <K extends keyof AuditDetails>(entry: DescribedEntry, _kind: K) => (entry.details ?? {}) as Partial<AuditDetails[K]>;

/** One sentence for a plan-wide entry: the first edit's copy, an offer or activation, the cashback settings. */
function planSummary(entry: DescribedEntry): string | null {
  switch (entry.entity) {
    case "plan_rate_card":
      return `The plan's default rates (${num(detailsOf(entry, "plan_rate_card").rows)} rows) were copied for this client, which now has its own (exclusive) copy`;
    case "advantage_plan": {
      const d = detailsOf(entry, "advantage_plan");
      const offered = Array.isArray(d.offered) ? d.offered.map((o) => String(o?.type ?? "")).filter(Boolean) : [];
      const active = d.active?.type;
      const names = (types: string[]) => types.map((t) => (t === "basic" || t === "premium" ? PLAN_LABELS[t] : t)).join(", ");
      return `Offered: ${offered.length ? names(offered) : "none"} · Active: ${active ? names([active]) : "none"}`;
    }
    case "cashback_settings": {
      const d = detailsOf(entry, "cashback_settings") as Partial<Record<string, unknown>> & Partial<AuditDetails["cashback_settings"]>;
      const tat = ZONES.map((z) => String(d[`tat_zone${z}`] ?? "?")).join("/");
      return `Return plan ${String(d.return_cashback?.plan ?? "?")}, delivered-breach plan ${String(d.delivered_cashback?.plan ?? "?")}, TAT ${tat} days, max cashback liability ₹${formatTwoDecimals(String(d.max_tat_liability ?? "0"))}`;
    }
    default:
      return null;
  }
}

/** One sentence for a card-wide entry (upload, apply segment, RTO from forward). */
function cardWideSummary(entry: DescribedEntry): string {
  const d = (entry.details ?? {}) as Partial<RateCardDetails["apply_segment"] & RateCardDetails["rto_from_forward"] & RateCardDetails["upload"]>;
  switch (entry.action) {
    case "apply_segment":
      return `Applied ${String(d.segment_name ?? `segment ${String(d.segment)}`)}: ${num(d.updated)} rows updated, ${num(d.created)} added, ${num(d.deleted)} removed`;
    case "rto_from_forward": {
      const couriers = Array.isArray(d.couriers) ? d.couriers.map(String).join(", ") : "";
      return `RTO rates set from forward for ${couriers || "the chosen couriers"}: ${num(d.changed_rows)} rows changed`;
    }
    case "upload":
      return `Uploaded ${String(d.file_name ?? "a rate card")}: ${num(d.row_count)} rows, ${num(d.changed_rows)} changed`;
    default:
      return Object.entries(entry.details ?? {})
        .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
        .join(", ");
  }
}

function showValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return "—";
  return field in CHANGED_FIELD_LABELS ? showFieldValue(field as ChangedField, String(value)) : String(value);
}

/** The label and the what-changed of one entry of a client's rate history. */
export function describeRateEntry(entry: DescribedEntry): EntryDescription {
  const label = actionLabel(entry);
  if (entry.entity !== "rate_row" && entry.entity !== "plan_rate_row") {
    return { actionLabel: label, head: null, lines: [], summary: planSummary(entry) ?? cardWideSummary(entry) };
  }
  const priceType = entry.shipment_type ? PRICE_TYPE_LABELS[entry.shipment_type] : "";
  const head = [entry.courier ?? "Unknown courier", `${priceType}${entry.delivery_type ? ` (${entry.delivery_type})` : ""}`].filter(Boolean).join(" · ");
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
