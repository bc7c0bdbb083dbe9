/**
 * The custom priority dialog's values (docs/product.md §4, §5): read from a posted form's fields
 * (the action, through tab-form.ts's schema) or from a refused post's answer (the dialog
 * refills), and the values the dialog opens with. Pure.
 */
import type { CustomPriorityRuleEntry } from "../rules/rules.server";
import { type CustomRuleValues, SLOT_FIELDS } from "./custom-rule-form";
import { fieldList, type Fields, fieldText } from "./rules-form-fields";

/** The formId of the custom priority dialog's answers: the dialog shows them by its fields. */
export const CUSTOM_RULE_FORM = "custom-rule";

/** An answer to a refused post on the Courier Rules tab (docs/forms.md §3). */
export type RulesAnswer = {
  status?: number;
  message?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Fields;
  formId?: string;
};

export function customRuleFields(fields: Fields): CustomRuleValues {
  return {
    service_type: fieldText(fields, "service_type"),
    zone_list: fieldList(fields, "zone_list"),
    order_type: fieldList(fields, "order_type"),
    slots: SLOT_FIELDS.map((k) => fieldText(fields, k).trim()),
  };
}

const EMPTY: CustomRuleValues = { service_type: "", zone_list: [], order_type: [], slots: ["", "", "", "", ""] };

/**
 * What the New Rule / Edit Rule dialog shows: the values a refused save posted (`refill`), else
 * the rule being edited, else an empty rule.
 */
export function customRuleInitialValues(
  editing: Pick<CustomPriorityRuleEntry, "service_type" | "zone_list" | "order_type" | "courier_list"> | null,
  refill: Fields | null,
): CustomRuleValues {
  if (refill) return customRuleFields(refill);
  if (!editing) return { ...EMPTY, slots: [...EMPTY.slots] };
  return {
    service_type: editing.service_type,
    zone_list: [...editing.zone_list],
    order_type: [...editing.order_type],
    slots: SLOT_FIELDS.map((_, i) => editing.courier_list[i]?.name ?? ""),
  };
}
