/**
 * The Pickrr Select editor's form (docs/product.md §4, §5; docs/forms.md): one zod schema over the
 * fields the editor posts, wrapped by `withZod`. It bounds each field and reads them into the
 * editor's values (select-editor-fields.ts); whether they make a rule — a name, a criterion, a
 * selection type, pincodes of 6 digits, couriers of the client — is parseSelectRule's, which the
 * page runs live and the service runs on save, so the messages are one set.
 */
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";

import { TEXT_LIMITS } from "../core/text-input";
import { listField, textField } from "./rules-form-fields";
import { MAX_LIST_BYTES, selectRuleFields } from "./select-editor-fields";
import { LANE_ROWS, LIST_FIELDS, PRIORITY_ROWS, RANGE_ROWS } from "./select-rule-form";

const short = textField(TEXT_LIMITS.name);
const rows = (prefix: string, ends: readonly string[], n: number) =>
  Object.fromEntries(
    Array.from({ length: n }, (_, i) => ends.map((end) => [`${prefix}_${end}_${i}`, short])).flat(),
  ) as Record<string, typeof short>;

export const selectRuleFormSchema = z
  .object({
    ...rows("weight", ["min", "max"], RANGE_ROWS),
    ...rows("invoice", ["min", "max"], RANGE_ROWS),
    ...rows("lane", ["from", "to"], LANE_ROWS),
    ...Object.fromEntries(Array.from({ length: PRIORITY_ROWS }, (_, i) => [`priority_${i}`, short])),
    ...Object.fromEntries(LIST_FIELDS.map((f) => [`${f}_mode`, short])),
  })
  .extend({
    // The name's own limit (100) is parseSelectRule's, with its message; this bounds what is read.
    name: textField(TEXT_LIMITS.freeText),
    version: textField(20),
    selection: short,
    service_type: listField(TEXT_LIMITS.name),
    order_type: listField(TEXT_LIMITS.name),
    zone_list: listField(TEXT_LIMITS.name),
    bl_parent: listField(TEXT_LIMITS.name, 500),
    // A list's text is bounded by the upload's field size (readMultipart refuses more with 413).
    product_list: textField(MAX_LIST_BYTES),
    fm_list: textField(MAX_LIST_BYTES),
    lm_list: textField(MAX_LIST_BYTES),
  })
  .transform((fields) => selectRuleFields(fields));

export const selectRuleFormValidator = withZod(selectRuleFormSchema);
