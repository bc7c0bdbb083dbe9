/**
 * The vocabulary of Pickrr Advantage plans (spec part 1 §2, §3, §4, §6, §8, §9), shared by
 * the schema, the seed, the service, the seller endpoint and the screens. Pure: no I/O, no
 * drizzle imports, so the browser bundle can use it.
 */
import { can } from "../auth/permissions";
import type { StaffRole } from "../db/schema";

/** The two plans (spec §3 "Plan names advantage_basic and advantage_premium"). */
export const ADVANTAGE_PLAN_NAMES = ["advantage_basic", "advantage_premium"] as const;
export type AdvantagePlanName = (typeof ADVANTAGE_PLAN_NAMES)[number];

/** The Basic / Premium sub-tabs; also the plan's `type` in the spec's `{type, name}`. */
export const ADVANTAGE_PLAN_TYPES = ["basic", "premium"] as const;
export type AdvantagePlanType = (typeof ADVANTAGE_PLAN_TYPES)[number];

export const PLAN_NAME_OF: Record<AdvantagePlanType, AdvantagePlanName> = { basic: "advantage_basic", premium: "advantage_premium" };
export const PLAN_TYPE_OF: Record<AdvantagePlanName, AdvantagePlanType> = { advantage_basic: "basic", advantage_premium: "premium" };
export const PLAN_LABELS: Record<AdvantagePlanType, string> = { basic: "Basic", premium: "Premium" };

export function isPlanName(value: unknown): value is AdvantagePlanName {
  return value === "advantage_basic" || value === "advantage_premium";
}

export function isPlanType(value: unknown): value is AdvantagePlanType {
  return value === "basic" || value === "premium";
}

/** Turnaround in days the plan table shows per zone A–E (spec §9), also the cashback settings' default TATs. */
export const PLAN_TAT_DAYS = { A: 2, B: 3, C: 4, D: 5, E: 8 } as const;
/** The share of shipments the plan table promises within those days (spec §9 "a 90% promise"). */
export const PLAN_PROMISE_PERCENT = 90;

export type TurnaroundZone = keyof typeof PLAN_TAT_DAYS;

/** What the plan table's turnaround row shows, and whose days they are. */
export type PlanTurnaround = { days: Record<TurnaroundZone, number>; source: "standard" | "client" };

/**
 * The plan table's turnaround: the plan's standard days (spec §9), except on Premium for a
 * client whose Advantage Settings were saved — then the TAT per zone the client was promised.
 */
export function planTurnaround(
  plan: AdvantagePlanName,
  cashback: { configured: boolean; settings: Record<`tat_zone${TurnaroundZone}`, number> } | null,
): PlanTurnaround {
  if (plan !== "advantage_premium" || !cashback?.configured) return { days: { ...PLAN_TAT_DAYS }, source: "standard" };
  const s = cashback.settings;
  return { days: { A: s.tat_zoneA, B: s.tat_zoneB, C: s.tat_zoneC, D: s.tat_zoneD, E: s.tat_zoneE }, source: "client" };
}

// Messages (spec §4, §8), quoted exactly.
export const CHANGE_NOT_ALLOWED = "Change not allowed. Please connect with tech-support.";
export const ACTIVE_MUST_BE_OFFERED = "active must be in offered.";
export const CANNOT_DISABLE_ACTIVATED =
  "You can not disable a plan that is activated by seller, please deactivate plan from seller dashboard.";
/** Spec §8: the refusal above shows for 15 seconds. */
export const CANNOT_DISABLE_ACTIVATED_MS = 15_000;
export const NOT_ABLE_TO_UPDATE_PLAN = "Not able to update plan.";
export const ERROR_FETCHING_PLANS = "Error occurred while fetching plans";
export const ERROR_FETCHING_RATE_CARDS = "Error occurred while fetching rate cards";
export const NOT_ABLE_TO_UPDATE_SETTINGS = "Not able to update settings";
export const CHANGES_SAVED = "Changes Saved.";

/** Who may do what with advantage plans (spec §6; the rules are in auth/permissions.ts). */
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
  return { canOfferPlans: can(actor, "plan.toggle"), canEditPlanRates: can(actor, "plan.rate.edit"), canEditCashback: can(actor, "cashback.edit") };
}

/** The spec's advantage plan state: `offered` as `{type, name}` and at most one `active`. */
export type AdvantageRatePlan = {
  offered: { type: AdvantagePlanType; name: AdvantagePlanName }[];
  active: { type: AdvantagePlanType; name: AdvantagePlanName } | null;
};
