/**
 * Courier selection types (docs/product.md §4): the codes the server sends as strings and the
 * names the screens show. How each type picks a courier is the quote engine's
 * (quote/allocation.ts); the stored rules are the rules area's.
 */

export const RULE_CODES = { cheapest: "3", fastest: "4", custom: "0", pickrr_select: "5" } as const;
export type RuleCode = (typeof RULE_CODES)[keyof typeof RULE_CODES];

export const RULE_CODE_NAMES: Readonly<Record<RuleCode, string>> = {
  "3": "cheapest",
  "4": "fastest",
  "0": "custom",
  "5": "pickrr_select",
};

export function isRuleCode(value: unknown): value is RuleCode {
  return typeof value === "string" && (Object.values(RULE_CODES) as string[]).includes(value);
}
