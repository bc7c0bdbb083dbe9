/**
 * The Pickrr Select rule editor's form (docs/product.md §4, §5): a multipart post, so the product
 * and pincode lists can come as CSV files; native controls, so it posts without JavaScript.
 * With JavaScript the same checks as the server show as the person types, and Save waits for a
 * name, a criterion and a selection type.
 */
import { Alert, Button, TextInput } from "@mantine/core";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";

import {
  type ListField,
  type ListSummary,
  parseSelectRule,
  selectRuleReady,
  type SelectRuleValues,
} from "~/services/courier-setup/select-rule-form";
import { Group, Stack } from "~/ui/layout";
import { useHydrated } from "~/ui/useHydrated";

import { SelectCourierChoice } from "./SelectCourierChoice";
import { SelectCriteria } from "./SelectCriteria";

/**
 * The answer's sentence above the form. Each field's own message is said by that field only
 * (every key parseSelectRule can refuse has its field on the form), not repeated here: one
 * problem, one message (decision 070).
 */
export function EditorErrors({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" data-testid="editor-error">
      {message}
    </Alert>
  );
}

export function SelectRuleEditorForm({
  initial,
  errors,
  names,
  lists,
  download,
  cancel,
}: {
  initial: SelectRuleValues;
  errors: Record<string, string>;
  names: { services: string[]; brands: string[] };
  lists: Partial<Record<ListField, ListSummary>>;
  download: (field: ListField) => string;
  cancel: string;
}) {
  const [values, setValues] = useState(initial);
  /** The list fields whose CSV file input has a file chosen (uncontrolled inputs: tracked for Save). */
  const [chosenFiles, setChosenFiles] = useState<ReadonlySet<string>>(new Set());
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";
  const all = [...names.brands, ...names.services];
  // With JavaScript the same checks as the server show as the person types.
  const live = hydrated ? parseSelectRule(values, all) : null;
  const liveErrors = live && !live.ok ? live.fieldErrors : {};
  const errorOf = (field: string) =>
    errors[field] ?? (field.includes("_max_") || field.startsWith("priority_") ? liveErrors[field] : undefined);
  const set = (patch: Partial<SelectRuleValues>) => setValues({ ...values, ...patch });
  const fileChosen = (fileField: string, chosen: boolean) => {
    const next = new Set(chosenFiles);
    if (chosen) next.add(fileField);
    else next.delete(fileField);
    setChosenFiles(next);
  };
  return (
    <Form method="post" encType="multipart/form-data" noValidate>
      <input type="hidden" name="version" value={values.version} />
      <Stack gap="md">
        <TextInput
          name="name"
          label="Rule name"
          required
          maxLength={100}
          value={values.name}
          onChange={(e) => set({ name: e.currentTarget.value })}
          error={errors.name}
        />
        <SelectCriteria
          values={values}
          set={set}
          errors={errors}
          errorOf={errorOf}
          lists={lists}
          hydrated={hydrated}
          download={download}
          onFileChosen={fileChosen}
        />
        <SelectCourierChoice values={values} set={set} names={all} errors={errors} errorOf={errorOf} />
        <Group justify="flex-end">
          <Button component={Link} to={cancel} variant="default">
            Cancel
          </Button>
          <Button type="submit" loading={busy} disabled={hydrated && !selectRuleReady(values, chosenFiles.size > 0)}>
            Save
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}
