/**
 * The names of the Pickrr Advantage plans (docs/product.md §2, §3, §4, §9): what the schema
 * stores, the seller endpoint sends and the screens show. What a plan does is the advantage
 * area's (advantage/plans.ts).
 */

/** The two plans (docs/product.md §3 "Plan names advantage_basic and advantage_premium"). */
export const ADVANTAGE_PLAN_NAMES = ["advantage_basic", "advantage_premium"] as const;
export type AdvantagePlanName = (typeof ADVANTAGE_PLAN_NAMES)[number];

/** The Basic / Premium sub-tabs; also the plan's `type` in the spec's `{type, name}`. */
export const ADVANTAGE_PLAN_TYPES = ["basic", "premium"] as const;
export type AdvantagePlanType = (typeof ADVANTAGE_PLAN_TYPES)[number];

export const PLAN_NAME_OF: Record<AdvantagePlanType, AdvantagePlanName> = {
  basic: "advantage_basic",
  premium: "advantage_premium",
};
export const PLAN_TYPE_OF: Record<AdvantagePlanName, AdvantagePlanType> = {
  advantage_basic: "basic",
  advantage_premium: "premium",
};
export const PLAN_LABELS: Record<AdvantagePlanType, string> = { basic: "Basic", premium: "Premium" };

export function isPlanName(value: unknown): value is AdvantagePlanName {
  return (ADVANTAGE_PLAN_NAMES as readonly unknown[]).includes(value);
}

export function isPlanType(value: unknown): value is AdvantagePlanType {
  return (ADVANTAGE_PLAN_TYPES as readonly unknown[]).includes(value);
}
