/**
 * What Pickrr Advantage plans promise and say (docs/product.md §4, §6, §8, §9), shared by the
 * service, the seller endpoint and the screens; the plan names are core/plans.ts. Pure: no
 * I/O, no drizzle imports, so the browser bundle can use it.
 */
import { can } from "../auth/permissions";
import type { AdvantagePlanName, AdvantagePlanType } from "../core/plans";
import type { StaffRole } from "../core/roles";
import { type Zone, ZONE_TAT_DAYS } from "../core/zones";

/** The share of shipments the plan table promises within the zones' turnaround days (core/zones.ts; docs/product.md §9 "a 90% promise"). */
export const PLAN_PROMISE_PERCENT = 90;

/** What the plan table's turnaround row shows, and whose days they are. */
export type PlanTurnaround = { days: Record<Zone, number>; source: "standard" | "client" };

/**
 * The plan table's turnaround: the plan's standard days (docs/product.md §9), except on Premium for a
 * client whose Advantage Settings were saved — then the TAT per zone the client was promised.
 */
export function planTurnaround(
  plan: AdvantagePlanName,
  cashback: { configured: boolean; settings: Record<`tat_zone${Zone}`, number> } | null,
): PlanTurnaround {
  if (plan !== "advantage_premium" || !cashback?.configured) return { days: { ...ZONE_TAT_DAYS }, source: "standard" };
  const s = cashback.settings;
  return { days: { A: s.tat_zoneA, B: s.tat_zoneB, C: s.tat_zoneC, D: s.tat_zoneD, E: s.tat_zoneE }, source: "client" };
}

// Messages (docs/product.md §4, §8), quoted exactly.
export const CHANGE_NOT_ALLOWED = "Change not allowed. Please connect with tech-support.";
export const ACTIVE_MUST_BE_OFFERED = "active must be in offered.";
export const CANNOT_DISABLE_ACTIVATED =
  "You can not disable a plan that is activated by seller, please deactivate plan from seller dashboard.";
/** docs/product.md §8: the refusal above shows for 15 seconds. */
export const CANNOT_DISABLE_ACTIVATED_MS = 15_000;
export const NOT_ABLE_TO_UPDATE_PLAN = "Not able to update plan.";
export const ERROR_FETCHING_PLANS = "Error occurred while fetching plans";
export const ERROR_FETCHING_RATE_CARDS = "Error occurred while fetching rate cards";
export const NOT_ABLE_TO_UPDATE_SETTINGS = "Not able to update settings";

/** A refused settings save as the console says it: "Not able to update settings. " and the service's sentence. */
export function notAbleToUpdateSettings<F extends { message: string }>(failure: F): F {
  return { ...failure, message: `${NOT_ABLE_TO_UPDATE_SETTINGS}. ${failure.message}` };
}
export const CHANGES_SAVED = "Changes Saved.";

/** Who may do what with advantage plans (docs/product.md §6; the rules are in auth/permissions.ts). */
export type AdvantagePermissions = {
  /** Enable (offer) or disable (withdraw) a plan for the client. */
  canOfferPlans: boolean;
  canEditPlanRates: boolean;
  /** Premium cashback settings; inputs are disabled for everyone else. */
  canEditCashback: boolean;
};

/** The advantage screens' view of the permission table (auth/permissions.ts). */
export function advantagePermissions(role: StaffRole): AdvantagePermissions {
  const actor = { role };
  return {
    canOfferPlans: can(actor, "plan.toggle"),
    canEditPlanRates: can(actor, "plan.rate.edit"),
    canEditCashback: can(actor, "cashback.edit"),
  };
}

/** The spec's advantage plan state: `offered` as `{type, name}` and at most one `active`. */
export type AdvantageRatePlan = {
  offered: { type: AdvantagePlanType; name: AdvantagePlanName }[];
  active: { type: AdvantagePlanType; name: AdvantagePlanName } | null;
};
