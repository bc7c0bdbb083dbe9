/**
 * What the audit log records for a rate card's changes (a client's card and its plans' cards),
 * merged into audit/kinds.ts's AuditDetails: audit/ imports no domain area (decision 055).
 */
import type { AdvantagePlanName } from "../core/plans";
import type { DeliveryType, ShipmentType } from "../core/rate-fields";
import type { ChangedField } from "./changes";

/** One side of a rate row entry: the row's identity and the changed fields' values on that side. */
export type RateRowSide = {
  /** Plan rows only. */
  plan?: AdvantagePlanName;
  /** Segment card rows only (decision 074): they have no client. */
  segment?: number;
  courier: string;
  courier_service_id: number;
  shipment_type: ShipmentType;
  delivery_type: DeliveryType;
} & Partial<Record<ChangedField, string | number | null>>;

/** A card-wide change to a client's card, by action. */
export type RateCardDetails = {
  apply_segment: { segment: number; segment_name: string; updated: number; created: number; deleted: number };
  rto_from_forward: { courier_service_ids: number[]; couriers: string[]; changed_rows: number };
  upload: { file_name: string; row_count: number; changed_rows: number };
  /** A change scheduled, cancelled or applied at its time (decision 075): which, what, when, how many rows. */
  schedule: ScheduledChangeDetails;
  schedule_cancel: ScheduledChangeDetails;
  schedule_apply: ScheduledChangeDetails & { refused: number };
  /** One row change of a scheduled change refused at its time because the row changed since (decision 075). */
  schedule_refused: Omit<ScheduledChangeDetails, "changes"> & {
    courier: string;
    shipment_type: ShipmentType;
    delivery_type: DeliveryType;
    reason: string;
  };
};

export type ScheduledChangeDetails = {
  /** A plan card's or a segment card's change (decision 076); neither for a client's courier-wise card. */
  plan?: AdvantagePlanName;
  segment?: number;
  scheduled_change_id: number;
  kind: string;
  effective_at: string;
  changes: number;
};

/** A plan card's first edit: the defaults copied as the client's own (exclusive) copy. */
export type PlanRateCardDetails = {
  plan: AdvantagePlanName;
  plan_type: "default" | "exclusive";
  apply_default: boolean;
  rows?: number;
};

declare module "../audit/kinds" {
  interface AuditDetails {
    rate_row: RateRowSide;
    plan_rate_row: RateRowSide;
    rate_card: RateCardDetails[keyof RateCardDetails];
    plan_rate_card: PlanRateCardDetails;
  }
}
