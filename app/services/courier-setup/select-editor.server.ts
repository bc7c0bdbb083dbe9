/**
 * The Pickrr Select editor page's reads and its save (docs/product.md §4, §5, §7; decision 033):
 * the rule as the editor opens it (long lists as summaries), the CSV files that replace a
 * list's text, and the save, whose refusals carry what the page shows again — the values
 * posted, whole, after a refused save (a list of 100,000 pincodes is not cut to a refill's
 * length), the rule as stored now after a stale one (its long lists still summaries).
 */
import { type Conflict, conflict, invalid, type NotFound, notFound } from "../core/result";
import type { Db } from "../db/client.server";
import type { CourierSetupActor } from "./all-couriers.server";
import { editorRuleId } from "./select-editor-fields";
import { type EditorInvalid, readListFiles } from "./select-list-files.server";
import {
  LIST_FIELDS,
  type ListField,
  longListSummaries,
  type SelectRuleValues,
  valuesOfRule,
} from "./select-rule-form";
import {
  getSelectRuleForEditor,
  type SaveSelectResult,
  saveSelectRule,
  selectRuleCouriers,
  selectRuleListEntries,
} from "./select-rules.server";

export const SELECT_RULE_MISSING = "This rule does not exist.";
export const SELECT_LIST_MISSING = "This list does not exist.";

/** A new rule (`ruleId` null) or a stored one as the editor opens it, with the names its priority list and blacklist offer. */
export async function selectRuleEditorPage(db: Db, clientId: number, ruleId: number | null) {
  const [stored, names] = await Promise.all([
    ruleId === null ? null : getSelectRuleForEditor(db, clientId, ruleId),
    selectRuleCouriers(db, clientId),
  ]);
  if (ruleId !== null && !stored) return notFound(SELECT_RULE_MISSING);
  return {
    ok: true as const,
    values: valuesOfRule(stored?.rule ?? null, stored?.version ?? null, stored?.sizes),
    /** Long stored lists: their size and first entries only. */
    lists: longListSummaries(stored?.rule ?? null, stored?.sizes),
    names,
  };
}

type EditorRefusal = Exclude<SaveSelectResult, { ok: true }>;
export type EditorSaveResult =
  | { ok: true; id: number; created: boolean }
  | EditorInvalid
  | Conflict<SelectRuleValues>
  | Exclude<EditorRefusal, { status: 400 } | { status: 409 }>
  | NotFound;

/**
 * Saves the editor's post: its list files first, then the rule (saveSelectRule). A refusal
 * carries the values posted; a stale save, the rule as stored now in the editor's values.
 */
export async function saveSelectRuleFromEditor(
  db: Db,
  actor: CourierSetupActor,
  input: { clientId: number; ruleId: number | null; values: SelectRuleValues; form: FormData },
): Promise<EditorSaveResult> {
  const read = await readListFiles(input.form, input.values);
  if (!read.ok) return read;
  const result = await saveSelectRule(db, actor, {
    clientId: input.clientId,
    ruleId: input.ruleId,
    values: read.values,
  });
  if (result.ok) return result;
  if (result.status === 409) return conflict(result.message, valuesOfRule(result.current.rule, result.current.version));
  if (result.status === 400) return invalid(result.message, { fieldErrors: result.fieldErrors, values: read.values });
  return result;
}

/**
 * One product or pincode list of a rule as a one-column CSV's parts (the editor shows a long
 * list as a summary and links here). The header is the one the list upload skips, so the file
 * uploads back as it is. `ruleParam` and `listParam` are the URL's.
 */
export async function selectRuleListFile(
  db: Db,
  clientId: number,
  ruleParam: string | undefined,
  listParam: string | undefined,
) {
  const ruleId = editorRuleId(ruleParam);
  const field = LIST_FIELDS.find((f) => f === listParam);
  if (typeof ruleId !== "number" || !field) return notFound(SELECT_LIST_MISSING);
  const list = await selectRuleListEntries(db, clientId, ruleId, field);
  if (!list) return notFound(SELECT_RULE_MISSING);
  return {
    ok: true as const,
    header: listHeader(field),
    rows: list.entries.map((e) => [e]),
    filename: `${list.name.replace(/[^A-Za-z0-9]+/g, "_").slice(0, 60)}_${field}.csv`,
  };
}

const listHeader = (field: ListField) => [field === "product_list" ? "product" : "pincode"];
