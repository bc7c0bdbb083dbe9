/**
 * The Courier Rules tab's forms (docs/product.md §4; docs/forms.md): one page, several forms told
 * apart by a hidden `intent` — the selection type cards, the custom priority dialog, its
 * delete, and the Pickrr Select rows' toggle, move, clone and delete. One zod schema each,
 * wrapped by `withZod`, shared by the forms' field names and the action. The schemas bound
 * the fields and turn them into what the services take; the rules themselves (a known rule
 * code, each courier once…) are the services' (courier-setup/custom-rules.server.ts).
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { TEXT_LIMITS } from "../core/text-input";
import { type SLOT_FIELDS } from "./custom-rule-form";
import { customRuleFields } from "./custom-rule-values";

export { CUSTOM_RULE_FORM } from "./custom-rule-values";
import { listField, textField } from "./rules-form-fields";

export const RULE_INTENTS = [
  "rule_type",
  "custom_create",
  "custom_edit",
  "custom_delete",
  "select_toggle",
  "select_move",
  "select_clone",
  "select_delete",
] as const;
export type RuleIntent = (typeof RULE_INTENTS)[number];

export function isRuleIntent(value: unknown): value is RuleIntent {
  return typeof value === "string" && (RULE_INTENTS as readonly string[]).includes(value);
}

/** The tab's success toasts (docs/product.md §8). */
export const RULE_TOASTS = {
  ruleType: (name: string) => `Updated Successfully! Selection type: ${name}.`,
  customCreated: "Rule Created Successfully!",
  customEdited: "Rule Edited Successfully!",
  deleted: "Deleted Successfully!",
  updated: "Updated Successfully!",
  cloned: "Rule created successfully!",
} as const;

/** Rules' ids and versions are PostgreSQL integers. */
const PG_INT_MAX = 2_147_483_647;
const ruleId = z.coerce.number().int().positive().max(PG_INT_MAX);
const version = z.coerce.number().int().nonnegative().max(PG_INT_MAX);

export const ruleTypeSchema = z.object({ rule_code: z.string().max(2) });
export const ruleTypeValidator = withZod(ruleTypeSchema);

/** A row's action that names only its rule: custom_delete, select_clone, select_delete. */
export const ruleIdSchema = z.object({ rule_id: ruleId });
export const ruleIdValidator = withZod(ruleIdSchema);

export const selectToggleSchema = z.object({
  rule_id: ruleId,
  active: z.enum(["true", "false"]).transform((v) => v === "true"),
});
export const selectToggleValidator = withZod(selectToggleSchema);

export const selectMoveSchema = z.object({ rule_id: ruleId, direction: z.enum(["up", "down"]) });
export const selectMoveValidator = withZod(selectMoveSchema);

/** The dialog's fields as posted: a service type, zones and order types (checkbox groups), five slots. */
const customRuleShape = {
  service_type: textField(TEXT_LIMITS.name),
  zone_list: listField(TEXT_LIMITS.name),
  order_type: listField(TEXT_LIMITS.name),
  slot_1: textField(TEXT_LIMITS.name),
  slot_2: textField(TEXT_LIMITS.name),
  slot_3: textField(TEXT_LIMITS.name),
  slot_4: textField(TEXT_LIMITS.name),
  slot_5: textField(TEXT_LIMITS.name),
} satisfies Record<(typeof SLOT_FIELDS)[number], z.ZodTypeAny> & Record<string, z.ZodTypeAny>;

export const customCreateSchema = z
  .object(customRuleShape)
  .transform((fields) => ({ values: customRuleFields(fields) }));
export const customCreateValidator = withZod(customCreateSchema);

/** Edit posts the rule and the version the person saw (a stale edit is refused, not saved over). */
export const customEditSchema = z
  .object({ ...customRuleShape, rule_id: ruleId, version })
  .transform(({ rule_id, version, ...fields }) => ({ ruleId: rule_id, version, values: customRuleFields(fields) }));
export const customEditValidator = withZod(customEditSchema);
