/**
 * The Pickrr Select editor's fields (docs/product.md §4, §5; decision 033): which list fields take
 * a CSV file, the editor's rule id in the URL, its fields read from a post (the action, through
 * select-editor-form.ts's schema) or from a refused post's answer, and what the form opens with.
 * Pure: the page and the action both use it.
 */
import { fieldList, type Fields, fieldText } from "./rules-form-fields";
import {
  LANE_ROWS,
  LIST_FIELDS,
  type ListField,
  type ListMode,
  PRIORITY_ROWS,
  RANGE_ROWS,
  SELECT_RULE_MESSAGES,
  type SelectRuleValues,
} from "./select-rule-form";

/** 100,000 pincodes of 6 digits with separators, and some room: the CSV file and the text fields. */
export const MAX_LIST_BYTES = 2 * 1024 * 1024;

/** Each list field, the file field whose one-column CSV replaces its text, and its label. */
export const LIST_FILES: readonly (readonly [ListField, string, string])[] = [
  ["product_list", "product_csv", "Product list"],
  ["fm_list", "fm_csv", "Pickup pincode list"],
  ["lm_list", "lm_csv", "Destination pincode list"],
];

/** The editor's URL names a new rule (`new`, null) or a stored one by its id; anything else is no rule ("bad"). */
export function editorRuleId(param: string | undefined): number | null | "bad" {
  if (param === "new") return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : "bad";
}

const LONG_LIST_MODES: readonly string[] = ["keep", "replace", "clear"];

/** The editor's fields as its values: text trimmed as the form shows it, lists as posted, unknown list modes as 'edit'. */
export function selectRuleFields(fields: Fields): SelectRuleValues {
  const text = (k: string) => fieldText(fields, k);
  const rows = <K extends string>(n: number, prefix: string, keys: readonly K[]) =>
    Array.from(
      { length: n },
      (_, i) => Object.fromEntries(keys.map((k) => [k, text(`${prefix}_${k}_${i}`).trim()])) as Record<K, string>,
    );
  return {
    name: text("name").trim(),
    version: text("version"),
    service_type: fieldList(fields, "service_type"),
    order_type: fieldList(fields, "order_type"),
    zone_list: fieldList(fields, "zone_list"),
    product_list: text("product_list"),
    fm_list: text("fm_list"),
    lm_list: text("lm_list"),
    list_mode: Object.fromEntries(
      LIST_FIELDS.map((f) => {
        const mode = text(`${f}_mode`);
        return [f, LONG_LIST_MODES.includes(mode) ? (mode as ListMode) : "edit"];
      }),
    ) as Record<ListField, ListMode>,
    weight: rows(RANGE_ROWS, "weight", ["min", "max"] as const),
    invoice: rows(RANGE_ROWS, "invoice", ["min", "max"] as const),
    lanes: rows(LANE_ROWS, "lane", ["from", "to"] as const),
    selection: text("selection"),
    priority_list: Array.from({ length: PRIORITY_ROWS }, (_, i) => text(`priority_${i}`).trim()),
    bl_list: fieldList(fields, "bl_parent"),
  };
}

/** What an answer to a refused save carries for the editor (docs/forms.md §3). */
export type EditorAnswer = {
  status?: number;
  message?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Fields;
  /** The values posted, whole (a list of 100,000 pincodes typed or uploaded), after a refused save. */
  values?: SelectRuleValues;
  /** The rule as stored now, after a stale save (409). */
  current?: SelectRuleValues;
};

/**
 * The form's values after an answer: the stored rule after a stale save, the values posted
 * after a refused one (whole, or read back from the refill when the fields' schema refused
 * them), else the stored rule (`stored`: the loader's).
 */
export function editorInitialValues(
  stored: SelectRuleValues,
  answer: EditorAnswer | null | undefined,
): SelectRuleValues {
  if (answer?.current) return answer.current;
  if (answer?.values) return answer.values;
  if (answer?.fieldErrors && answer.repopulateFields) return selectRuleFields(answer.repopulateFields);
  return stored;
}

/** The sentence over the editor's field errors, or the answer's own message; null when all is well. */
export function editorMessage(answer: EditorAnswer | null | undefined): string | null {
  if (!answer) return null;
  if (answer.message) return answer.message;
  return answer.fieldErrors && Object.keys(answer.fieldErrors).length > 0 ? SELECT_RULE_MESSAGES.invalid : null;
}
