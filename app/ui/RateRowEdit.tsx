/**
 * The pieces of a rate row edit shared by the client's card and the Pickrr Advantage tab:
 * the hidden edit form the row's inputs belong to, the alerts (invalid, refused, changed by
 * someone else), and the confirmation dialog with the new values beside the old ones.
 * Without JavaScript each is a server-rendered answer of the page's action
 * (ratecards/row-action.server.ts).
 */
import { Alert, Anchor, Button } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { useEffect, useRef } from "react";
import { useFormContext, ValidatedForm } from "remix-validated-form";

import { PLAN_LABELS, PLAN_TYPE_OF } from "~/services/core/plans";
import { RATE_FIELDS, type RateField } from "~/services/core/rate-fields";
import { RATE_FIELD_LABELS } from "~/services/ratecards/fields";
import type { PlanTarget, RowConfirm } from "~/services/ratecards/row-action.server";
import { rateValuesSchema, ROW_EDIT_FORM_ID, SOME_FIELD_NOT_VALID } from "~/services/ratecards/row-form";
import { Group, Stack, Text } from "~/ui/layout";

import type { RateTableEditing } from "./RateTable";
import { UrlDialog } from "./UrlDialog";

export { ROW_EDIT_FORM_ID };
/** The browser checks the prices only; the action checks the whole form again (rateRowFormSchema). */
const rateValuesValidator = withZod(rateValuesSchema);

/** A row edit's answer as the page shows it: refused fields, the confirmation, someone else's change, or a refusal. */
export type RowActionData =
  | {
      kind: "invalid";
      rowId: number;
      values: Partial<Record<RateField, string>>;
      errors: Partial<Record<RateField, string>>;
      message: string;
    }
  | ({ kind: "confirm" } & RowConfirm["confirm"])
  | {
      kind: "conflict";
      rowId: number;
      message: string;
      current: Record<RateField, string>;
      courier: string;
      plan?: PlanTarget;
    }
  | { kind: "error"; message: string };

/** What the action answers a row edit with (ratecards/row-action.server.ts, docs/forms.md §3). */
type RowAnswerBody = Partial<RowConfirm> & {
  formId?: string;
  fieldErrors?: Record<string, string>;
  repopulateFields?: Record<string, unknown>;
  message?: string;
  conflict?: true;
  current?: { rowId: number; courier: string; values: Record<RateField, string> };
};

/** The action's answer when it is a row edit's (a page's action may answer other forms too). */
export function rowAnswer(actionData: unknown): RowActionData | undefined {
  if (!actionData || typeof actionData !== "object") return undefined;
  const answer = actionData as RowAnswerBody;
  if (answer.formId !== ROW_EDIT_FORM_ID) return undefined;
  if (answer.confirm) return { kind: "confirm", ...answer.confirm };
  if (answer.fieldErrors) {
    const typed = answer.repopulateFields ?? {};
    return {
      kind: "invalid",
      rowId: Number(typed.rowId),
      values: Object.fromEntries(RATE_FIELDS.map((f) => [f, typeof typed[f] === "string" ? typed[f] : ""])),
      errors: answer.fieldErrors,
      message: SOME_FIELD_NOT_VALID,
    };
  }
  if (answer.conflict && answer.current) {
    return {
      kind: "conflict",
      rowId: answer.current.rowId,
      message: answer.message ?? "",
      current: answer.current.values,
      courier: answer.current.courier,
    };
  }
  return { kind: "error", message: answer.message ?? "" };
}

/** The row being edited (the URL's, or the one an invalid answer or confirmation names) and its inputs' state. */
export function rowEditing(
  rowData: RowActionData | undefined,
  opts: { canEdit: boolean; editRowId: number | null; cancelHref: string },
): RateTableEditing | null {
  const rowId = rowData && "rowId" in rowData && rowData.kind !== "conflict" ? rowData.rowId : opts.editRowId;
  if (!opts.canEdit || !rowId) return null;
  return {
    rowId,
    formId: ROW_EDIT_FORM_ID,
    values: rowData?.kind === "invalid" ? rowData.values : rowData?.kind === "confirm" ? rowData.values : {},
    errors: rowData?.kind === "invalid" ? rowData.errors : {},
    cancelHref: opts.cancelHref,
    validated: true,
  };
}

/** The version of the row being edited, as the editor saw it (panels, or the uploaded-card list). */
export function rowVersion(
  sections: { panels: { couriers: { id: number; version: number }[] }[] }[] | null,
  uploadedRows: { id: number; version: number }[] | undefined,
  rowId: number,
): number | string {
  for (const s of sections ?? [])
    for (const p of s.panels) for (const c of p.couriers) if (c.id === rowId) return c.version;
  for (const r of uploadedRows ?? []) if (r.id === rowId) return r.version;
  return "";
}

/** With JavaScript, an invalid Save is refused in the browser: the spec's toast text, at once. */
function ClientInvalidNotice({ formId }: { formId: string }) {
  const form = useFormContext(formId);
  if (!form.hasBeenSubmitted || form.isValid) return null;
  return (
    <Alert color="red" role="alert" title={SOME_FIELD_NOT_VALID} data-testid="rate-error">
      Correct the highlighted fields and save again.
    </Alert>
  );
}

/**
 * Someone else saved the row first (docs/architecture.md §5): the refusal shows where the eye is — with
 * JavaScript it scrolls into view and takes focus — with the current values and a one-click
 * way to edit from them. Without JavaScript the answer is a new page that starts here.
 */
function ConflictAlert({
  rowData,
  editHref,
}: {
  rowData: Extract<RowActionData, { kind: "conflict" }>;
  editHref: (rowId: number) => string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: "center" });
    ref.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Alert ref={ref} tabIndex={-1} color="orange" role="alert" title="Not saved" data-testid="rate-conflict">
      <Stack gap="xs">
        <Text size="sm">{rowData.message}</Text>
        <Text size="sm" fw={600}>
          Current values for {rowData.courier}:
        </Text>
        <Text size="sm" ff="monospace">
          {RATE_FIELDS.map((f) => `${RATE_FIELD_LABELS[f]} ${rowData.current[f]}`).join(" · ")}
        </Text>
        <Anchor component={Link} to={editHref(rowData.rowId)} reloadDocument size="sm">
          Load current values
        </Anchor>
      </Stack>
    </Alert>
  );
}

/** The alerts of a row edit, and the form the edited row's inputs post with. */
export function RowEditAlerts({
  rowData,
  editing,
  action,
  version,
  editHref,
  plan,
}: {
  rowData: RowActionData | undefined;
  editing: RateTableEditing | null;
  /** The page's URL (the form posts to it). */
  action: string;
  version: number | string;
  editHref: (rowId: number) => string;
  /** On a plan card: which plan, and whether the editor sees its defaults. */
  plan?: { plan: string; apply_default: string } | null;
}) {
  return (
    <>
      {rowData?.kind === "invalid" ? (
        <Alert color="red" role="alert" title={rowData.message} data-testid="rate-error">
          Correct the highlighted fields and save again.
        </Alert>
      ) : null}
      {rowData?.kind === "error" ? (
        <Alert color="red" role="alert" data-testid="rate-error">
          {rowData.message}
        </Alert>
      ) : null}
      {rowData?.kind === "conflict" ? (
        <ConflictAlert key={rowData.rowId} rowData={rowData} editHref={editHref} />
      ) : null}
      {editing && rowData?.kind !== "invalid" ? <ClientInvalidNotice formId={editing.formId} /> : null}
      {editing ? (
        // The row's inputs (in the table, form="rate-row-edit") are checked in the browser with the
        // action's own price rules; without JavaScript the action checks them and answers 400.
        <ValidatedForm
          validator={rateValuesValidator}
          method="post"
          id={editing.formId}
          action={action}
          preventScrollReset
        >
          <input type="hidden" name="intent" value={plan ? "plan-preview" : "preview"} />
          <input type="hidden" name="rowId" value={editing.rowId} />
          <input type="hidden" name="version" value={version} />
          {plan ? (
            <>
              <input type="hidden" name="plan" value={plan.plan} />
              <input type="hidden" name="apply_default" value={plan.apply_default} />
            </>
          ) : null}
        </ValidatedForm>
      ) : null}
    </>
  );
}

function ValuesDiff({ old, next }: { old: Record<RateField, string>; next: Record<RateField, string> }) {
  return (
    <table className="plain-table" aria-label="New values beside the old ones">
      <thead>
        <tr>
          <th>Field</th>
          <th>Value</th>
        </tr>
      </thead>
      <tbody>
        {RATE_FIELDS.map((f) => {
          const changed = old[f] !== next[f];
          return (
            <tr key={f} data-changed={changed || undefined}>
              <td>{RATE_FIELD_LABELS[f]}</td>
              <td>
                {changed ? (
                  <>
                    <Text span fw={700} data-testid={`new-${f}`}>
                      {next[f]}
                    </Text>{" "}
                    <Text span c="dimmed" td="line-through" aria-label={`was ${old[f]}`}>
                      {old[f]}
                    </Text>
                  </>
                ) : (
                  next[f]
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The confirmation of a row edit: the new values beside the old, Confirm posts `save`. */
export function RowEditConfirm({
  rowData,
  action,
  backHref,
}: {
  rowData: RowActionData | undefined;
  action: string;
  backHref: (rowId: number) => string;
}) {
  if (rowData?.kind !== "confirm") return null;
  const confirmPlan = rowData.plan;
  return (
    <UrlDialog title="Confirm rate update" closeTo={backHref(rowData.rowId)}>
      <Stack gap="sm">
        <Text size="sm">
          Update the rates of <b>{rowData.courier}</b>
          {confirmPlan ? ` on the ${PLAN_LABELS[PLAN_TYPE_OF[confirmPlan.plan]]} plan` : ""}? New values are shown
          beside the old ones, struck through.
        </Text>
        {confirmPlan?.applyDefault ? (
          <Text size="sm" c="dimmed">
            This is the first edit: the plan&apos;s default rates are copied for this client first.
          </Text>
        ) : null}
        <ValuesDiff old={rowData.old} next={rowData.values} />
        <Form method="post" action={action} preventScrollReset>
          <input type="hidden" name="intent" value={confirmPlan ? "plan-save" : "save"} />
          <input type="hidden" name="rowId" value={rowData.rowId} />
          <input type="hidden" name="version" value={rowData.version} />
          {confirmPlan ? (
            <>
              <input type="hidden" name="plan" value={confirmPlan.plan} />
              <input type="hidden" name="apply_default" value={String(confirmPlan.applyDefault)} />
            </>
          ) : null}
          {RATE_FIELDS.map((f) => (
            <input key={f} type="hidden" name={f} value={rowData.values[f]} />
          ))}
          <Group justify="flex-end">
            <Button component={Link} to={backHref(rowData.rowId)} variant="default">
              Cancel
            </Button>
            <Button type="submit">Confirm</Button>
          </Group>
        </Form>
      </Stack>
    </UrlDialog>
  );
}
