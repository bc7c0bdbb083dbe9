/**
 * Who may do what with rate cards (docs/product.md §6), as the screens and the rate card service
 * ask it: a view of the one permission table, auth/permissions.ts. The screens use this to show
 * or hide controls; the service checks it again on every change, so a forged post is refused.
 */
import { can } from "../auth/permissions";
import type { StaffRole } from "../core/roles";

/** docs/product.md §6: a client without an auth token has its rate card downloads and upload disabled, with this tooltip. */
export const NO_AUTH_TOKEN_MESSAGE = "Auth token is not present";

export type RateCardPermissions = {
  /** Client and segment rate cards, downloads (everyone but legal). */
  canView: boolean;
  /** The Operation column: Edit, Save, Cancel. */
  canEditRates: boolean;
  canEditWeightSlabs: boolean;
  canApplySegment: boolean;
  canUpdateRtoFromForward: boolean;
  /** Change prices in bulk, on a client's or a segment's card (decision 074). */
  canBulkChange: boolean;
  /** Upload rate card and download sample CSV: not for kam. */
  canUpload: boolean;
  canDownloadSample: boolean;
};

/** The rate card screens' view of the permission table (auth/permissions.ts). */
export function rateCardPermissions(role: StaffRole): RateCardPermissions {
  const actor = { role };
  return {
    canView: can(actor, "ratecard.view"),
    canEditRates: can(actor, "ratecard.edit"),
    canEditWeightSlabs: can(actor, "weight-slab.edit"),
    canApplySegment: can(actor, "segment.apply"),
    canUpdateRtoFromForward: can(actor, "rto.from-forward"),
    canBulkChange: can(actor, "ratecard.bulk-change"),
    canUpload: can(actor, "ratecard.upload"),
    canDownloadSample: can(actor, "ratecard.sample"),
  };
}
