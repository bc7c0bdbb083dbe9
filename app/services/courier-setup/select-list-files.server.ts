/**
 * The Pickrr Select editor's multipart post (docs/product.md §4 CSV uploads): its limits, its text
 * fields (for the form's schema), and its list files — a chosen one-column CSV replaces its
 * list's text; anything else is refused by that list, with the values posted kept to refill
 * the form.
 */
import { type Invalid, invalid, type Result } from "../core/result";
import { type MultipartLimits, takeFile } from "../http/upload.server";
import { LIST_FILES, MAX_LIST_BYTES } from "./select-editor-fields";
import { MAX_LIST_ENTRIES, SELECT_RULE_MESSAGES, type SelectRuleValues } from "./select-rule-form";

export const WRONG_LIST_FILE = "You can only upload csv file!";

/** The editor's multipart post: a file or a list's text up to 2 MB. */
export const SELECT_RULE_UPLOAD: MultipartLimits = {
  maxFileBytes: MAX_LIST_BYTES,
  messages: {
    tooLarge: `A list may hold at most ${MAX_LIST_ENTRIES.toLocaleString("en-IN")} entries (files up to 2 MB).`,
    notMultipart: "Please submit the rule form.",
  },
};

/** A multipart post's text fields only (its files are read by readListFiles). */
export function textFieldsOf(form: FormData): FormData {
  const fields = new FormData();
  for (const [key, value] of form) if (typeof value === "string") fields.append(key, value);
  return fields;
}

export type EditorInvalid = Invalid<{ fieldErrors: Record<string, string>; values: SelectRuleValues }>;

/** The values with each list whose CSV file was chosen read from that file (it replaces the text); a file that is not a CSV is refused by its list. */
export async function readListFiles(
  form: FormData,
  posted: SelectRuleValues,
): Promise<Result<{ values: SelectRuleValues }, EditorInvalid>> {
  const values = { ...posted };
  const fieldErrors: Record<string, string> = {};
  for (const [field, fileField] of LIST_FILES) {
    const chosen = form.getAll(fileField).some((f) => typeof f !== "string" && !(f.name === "" && f.size === 0));
    if (!chosen) continue;
    const taken = await takeFile(form, fileField, { kinds: ["csv"], messages: { wrongKind: WRONG_LIST_FILE } });
    if (!taken.ok || taken.file.text === null) fieldErrors[field] = taken.ok ? WRONG_LIST_FILE : taken.message;
    else values[field] = taken.file.text;
  }
  if (Object.keys(fieldErrors).length > 0) return invalid(SELECT_RULE_MESSAGES.invalid, { fieldErrors, values });
  return { ok: true, values };
}
