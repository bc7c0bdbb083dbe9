/**
 * The Pickrr Select editor's post read straight from a FormData, written apart from the app's
 * reader (courier-setup/select-editor-fields.ts's selectRuleFields behind the form's validator):
 * the tests compare the two, so a change in how remix-validated-form hands fields over shows.
 */
import {
  LANE_ROWS,
  LIST_FIELDS,
  type ListField,
  type ListMode,
  PRIORITY_ROWS,
  RANGE_ROWS,
  type SelectRuleValues,
} from "~/services/courier-setup/select-rule-form";

export function selectRuleValues(form: FormData): SelectRuleValues {
  const text = (k: string) => String(form.get(k) ?? "");
  const rows = <K extends string>(n: number, prefix: string, keys: readonly K[]) =>
    Array.from(
      { length: n },
      (_, i) => Object.fromEntries(keys.map((k) => [k, text(`${prefix}_${k}_${i}`).trim()])) as Record<K, string>,
    );
  return {
    name: text("name").trim(),
    version: text("version"),
    service_type: form.getAll("service_type").map(String),
    order_type: form.getAll("order_type").map(String),
    zone_list: form.getAll("zone_list").map(String),
    product_list: text("product_list"),
    fm_list: text("fm_list"),
    lm_list: text("lm_list"),
    list_mode: Object.fromEntries(
      LIST_FIELDS.map((f) => {
        const mode = text(`${f}_mode`);
        return [f, ["keep", "replace", "clear"].includes(mode) ? (mode as ListMode) : "edit"];
      }),
    ) as Record<ListField, ListMode>,
    weight: rows(RANGE_ROWS, "weight", ["min", "max"] as const),
    invoice: rows(RANGE_ROWS, "invoice", ["min", "max"] as const),
    lanes: rows(LANE_ROWS, "lane", ["from", "to"] as const),
    selection: text("selection"),
    priority_list: Array.from({ length: PRIORITY_ROWS }, (_, i) => text(`priority_${i}`).trim()),
    bl_list: form.getAll("bl_parent").map(String),
  };
}
