/**
 * Courier-selection rules as stored and as the engine reads them (docs/product.md §3, §4, §7).
 * Pure: conversions between the stored shapes and the engine's, with validation, so a bad
 * row in the tables is skipped with a reason instead of breaking quotes.
 */
import { z } from "zod";

import { boundedString, TEXT_LIMITS } from "../core/text-input";
import { type Zone, ZONES } from "../core/zones";

// The shapes the quote engine reads (quote/allocation.ts applies them).

export type ServiceType = "express" | "surface";
export type OrderType = "cod" | "prepaid" | "reverse";

export type PriorityEntry = { name: string; priority: number };

export type CustomRule = {
  service_type: ServiceType;
  zone_list: Zone[];
  order_type: OrderType[];
  /** Priority 1 is tried first; at most 5 slots count. */
  courier_list: PriorityEntry[];
};

/** Inclusive at both ends; weight in kg, invoice value in rupees. */
export type ValueRange = { min: string | number; max: string | number };

export type SelectRuleCriterias = {
  order_type?: { list: OrderType[] };
  service_type?: { list: ServiceType[] };
  product_list?: { list: string[] };
  pincode_list?: { fm?: string[]; lm?: string[] };
  weight?: { list: ValueRange[] };
  invoice_value?: { list: ValueRange[] };
  zone_list?: { list: Zone[] };
  /** from / to are state or city names. */
  lane_list?: { list: { from: string; to: string }[] };
};

export type SelectRule = {
  name: string;
  /** Higher numbers are tried first (a new rule gets 100 minus the count of rules). */
  priority: number;
  validity: { active: boolean };
  criterias: SelectRuleCriterias;
  courier: {
    courier_selection_rule_type: SelectionRuleType;
    /** Tried by ascending priority value for the 'priority' type. */
    active_parent: PriorityEntry[];
    /** Never chosen by this rule. */
    bl_parent: string[];
    /** Advantage rules only (docs/product.md §3, §9): standard '_0' and promise '_85'. */
    standard?: string;
    promise?: string;
  };
};

/**
 * How a Pickrr Select rule chooses among the couriers left after its blacklist. 'advantage'
 * is the spec's advantage option (docs/product.md §4): the cheapest courier whose delivery estimate
 * keeps the advantage plan's turnaround promise for the zone (quote/allocation.ts).
 */
export const SELECTION_RULE_TYPES = ["cheapest", "fastest", "priority", "advantage"] as const;
export type SelectionRuleType = (typeof SELECTION_RULE_TYPES)[number];

/** What an advantage rule carries (docs/product.md §9: "Advantage rule sends standard '_0' and promise '_85'"). */
export const ADVANTAGE_STANDARD = "_0";
export const ADVANTAGE_PROMISE = "_85";

/** The spec's server stores custom priority slots 1–5 as 100 down to 96. */
export const TOP_STORED_PRIORITY = 100;
export const MAX_PRIORITY_SLOTS = 5;

export function storedPriorityOfSlot(slot: number): number {
  if (!Number.isInteger(slot) || slot < 1 || slot > MAX_PRIORITY_SLOTS)
    throw new RangeError(`Priority slot must be 1–5: ${slot}`);
  return TOP_STORED_PRIORITY + 1 - slot;
}

export function slotOfStoredPriority(stored: number): number {
  const slot = TOP_STORED_PRIORITY + 1 - stored;
  if (!Number.isInteger(slot) || slot < 1 || slot > MAX_PRIORITY_SLOTS)
    throw new RangeError(`Stored priority must be 96–100: ${stored}`);
  return slot;
}

const zone = z.enum(ZONES);
const orderType = z.enum(["cod", "prepaid", "reverse"]);
const serviceType = z.enum(["express", "surface"]);
const priorityEntry = z.object({ name: boundedString(TEXT_LIMITS.name).min(1), priority: z.number().int() });

export const storedCustomRuleSchema = z.object({
  service_type: serviceType,
  zone_list: z.array(zone).min(1),
  order_type: z.array(orderType).min(1),
  courier_list: z.array(priorityEntry).max(MAX_PRIORITY_SLOTS),
});
export type StoredCustomRule = z.infer<typeof storedCustomRuleSchema>;

/** A stored custom rule (priorities 100…96) as the engine reads it (slots 1…5); throws on bad data. */
export function customRuleFromStored(stored: unknown): CustomRule {
  const rule = storedCustomRuleSchema.parse(stored);
  return {
    ...rule,
    courier_list: rule.courier_list.map((c) => ({ name: c.name, priority: slotOfStoredPriority(c.priority) })),
  };
}

export function customRuleToStored(rule: CustomRule): StoredCustomRule {
  const slots = [...rule.courier_list].sort((a, b) => a.priority - b.priority).slice(0, MAX_PRIORITY_SLOTS);
  return { ...rule, courier_list: slots.map((c, i) => ({ name: c.name, priority: storedPriorityOfSlot(i + 1) })) };
}

const decimal = z.union([z.string().regex(/^\d+(\.\d+)?$/), z.number().nonnegative()]);
const range = z.object({ min: decimal, max: decimal });
const list = <T extends z.ZodTypeAny>(item: T) => z.object({ list: z.array(item) });

export const selectRuleCriteriasSchema = z
  .object({
    order_type: list(orderType),
    service_type: list(serviceType),
    product_list: list(boundedString(TEXT_LIMITS.name)),
    pincode_list: z.object({
      fm: z.array(boundedString(TEXT_LIMITS.name)).optional(),
      lm: z.array(boundedString(TEXT_LIMITS.name)).optional(),
    }),
    weight: list(range),
    invoice_value: list(range),
    zone_list: list(zone),
    lane_list: list(z.object({ from: boundedString(TEXT_LIMITS.name), to: boundedString(TEXT_LIMITS.name) })),
  })
  .partial();

export const selectRuleSchema = z.object({
  name: boundedString(TEXT_LIMITS.name).min(1),
  priority: z.number().int(),
  validity: z.object({ active: z.boolean() }),
  criterias: selectRuleCriteriasSchema,
  courier: z.object({
    courier_selection_rule_type: z.enum(SELECTION_RULE_TYPES),
    active_parent: z.array(priorityEntry),
    bl_parent: z.array(boundedString(TEXT_LIMITS.name)),
    standard: z.string().max(10).optional(),
    promise: z.string().max(10).optional(),
  }),
});

/** A stored Pickrr Select rule in the spec's shape; throws on bad data. */
export function selectRuleFromStored(stored: unknown): SelectRule {
  return selectRuleSchema.parse(stored) as SelectRule;
}
