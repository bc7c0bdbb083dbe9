/**
 * Who may do what with rate cards (spec part 1 §6). The screens use this to show or hide
 * controls; the service checks it again on every change, so a forged post is refused.
 */
import type { StaffRole } from "../core/roles";

/** Spec §6: a client without an auth token has its rate card downloads and upload disabled, with this tooltip. */
export const NO_AUTH_TOKEN_MESSAGE = "Auth token is not present";

export type RateCardPermissions = {
  /** Client and segment rate cards, downloads (everyone but legal). */
  canView: boolean;
  /** The Operation column: Edit, Save, Cancel. */
  canEditRates: boolean;
  canEditWeightSlabs: boolean;
  canApplySegment: boolean;
  canUpdateRtoFromForward: boolean;
  /** Upload rate card and download sample CSV: not for kam. */
  canUpload: boolean;
  canDownloadSample: boolean;
};

export function rateCardPermissions(role: StaffRole): RateCardPermissions {
  const vp = role === "vp";
  const staffWithCards = role !== "legal";
  return {
    canView: staffWithCards,
    canEditRates: vp,
    canEditWeightSlabs: vp,
    canApplySegment: vp,
    canUpdateRtoFromForward: vp,
    canUpload: staffWithCards && role !== "kam",
    canDownloadSample: staffWithCards && role !== "kam",
  };
}
