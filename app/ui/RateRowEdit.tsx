/**
 * The pieces of a rate row edit shared by the client's card and the Pickrr Advantage tab:
 * the hidden edit form the row's inputs belong to, the alerts (invalid, refused, changed by
 * someone else), and the confirmation dialog with the new values beside the old ones.
 * Without JavaScript each is a server-rendered answer of the page's action
 * (ratecards/row-action.server.ts).
 */
import { Button } from "@mantine/core";
import { Form, Link } from "@remix-run/react";
import { withZod } from "@remix-validated-form/with-zod";
import { ValidatedForm } from "remix-validated-form";

import { PLAN_LABELS, PLAN_TYPE_OF } from "~/services/core/plans";
import { RATE_FIELDS, type RateField } from "~/services/core/rate-fields";
import { RATE_FIELD_LABELS } from "~/services/ratecards/fields";
import type { PlanTarget, RowConfirm } from "~/services/ratecards/row-action.server";
import {
  NOT_ABLE_TO_UPDATE_RATE_CARD,
  rateValuesSchema,
  ROW_EDIT_FORM_ID,
  SOME_FIELD_NOT_VALID,
} from "~/services/ratecards/row-form";
import { Group, Stack, Text } from "~/ui/layout";

import { ClientInvalidRow, RowConflict, RowGone, RowInvalid, RowRefused } from "./RateRowNotice";
import { EDITING_ROW_ID, NoticeRow, type RateTableEditing } from "./RateTable";
import { EffectiveFromField } from "./ScheduledRateChanges";
import { UrlDialog } from "./UrlDialog";

export { ROW_EDIT_FORM_ID };
const CONFIRM_FORM_ID = "rate-row-confirm";
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
      /** The values the person confirmed (kept in the row's inputs). */
      mine: Partial<Record<RateField, string>>;
      courier: string;
      plan?: PlanTarget;
    }
  | {
      kind: "error";
      /** The row the refused post named (0 when none): shown in that row while the page has it. */
      rowId: number;
      message: string;
    };

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
  const typed = answer.repopulateFields ?? {};
  const typedValues = Object.fromEntries(RATE_FIELDS.map((f) => [f, typeof typed[f] === "string" ? typed[f] : ""]));
  // A refused "Effective from" (a time not in the future, decision 075) is said in the row being edited.
  if (answer.fieldErrors?.effective_from) {
    return {
      kind: "error",
      rowId: Number(typed.rowId) || 0,
      message: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${answer.fieldErrors.effective_from}`,
    };
  }
  if (answer.fieldErrors) {
    return {
      kind: "invalid",
      rowId: Number(typed.rowId),
      values: typedValues,
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
      mine: typedValues,
      courier: answer.current.courier,
    };
  }
  return { kind: "error", rowId: Number(typed.rowId) || 0, message: answer.message ?? "" };
}

/**
 * The row being edited (the URL's, or the one an answer names) and its inputs' state. After
 * someone else's change the inputs keep the person's values; the row's notice shows theirs
 * (decision 070).
 */
export function rowEditing(
  rowData: RowActionData | undefined,
  opts: { canEdit: boolean; editRowId: number | null; cancelHref: string; editHref: (rowId: number) => string },
): RateTableEditing | null {
  const rowId = rowData && "rowId" in rowData && rowData.rowId ? rowData.rowId : opts.editRowId;
  if (!opts.canEdit || !rowId) return null;
  const values =
    rowData?.kind === "invalid" || rowData?.kind === "confirm"
      ? rowData.values
      : rowData?.kind === "conflict"
        ? rowData.mine
        : {};
  return {
    rowId,
    formId: ROW_EDIT_FORM_ID,
    values,
    errors: rowData?.kind === "invalid" ? rowData.errors : {},
    cancelHref: opts.cancelHref,
    validated: true,
    notice: (columns) =>
      rowData?.kind === "conflict" ? (
        <NoticeRow columns={columns}>
          {/* `theirs=1` (read by no one) makes it a new URL: a fresh page, not a jump within this one. */}
          <RowConflict
            key={rowData.rowId}
            conflict={rowData}
            useTheirsHref={`${opts.editHref(rowData.rowId)}&theirs=1#${EDITING_ROW_ID}`}
          />
        </NoticeRow>
      ) : rowData?.kind === "invalid" ? (
        <NoticeRow columns={columns}>
          <RowInvalid message={rowData.message} />
        </NoticeRow>
      ) : rowData?.kind === "error" ? (
        <NoticeRow columns={columns}>
          <RowRefused message={rowData.message} />
        </NoticeRow>
      ) : (
        <ClientInvalidRow formId={ROW_EDIT_FORM_ID} columns={columns} />
      ),
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

/** The alerts of a row edit, and the form the edited row's inputs post with. */
export function RowEditAlerts({
  rowData,
  editing,
  action,
  version,
  plan,
}: {
  rowData: RowActionData | undefined;
  editing: RateTableEditing | null;
  /** The page's URL (the form posts to it). */
  action: string;
  /** The edited row's version on this page; "" when the page does not show the row. */
  version: number | string;
  /** On a plan card: which plan, and whether the editor sees its defaults. */
  plan?: { plan: string; apply_default: string } | null;
}) {
  return (
    <>
      {/* A refusal is shown in its row (rowEditing); above the card only when the page lacks the row. */}
      {rowData?.kind === "error" && (!editing || version === "") ? <RowGone message={rowData.message} /> : null}
      {editing ? (
        // The row's inputs (in the table, form="rate-row-edit") are checked in the browser with the
        // action's own price rules; without JavaScript the action checks them and answers 400.
        <ValidatedForm
          validator={rateValuesValidator}
          method="post"
          id={editing.formId}
          action={`${action}#${EDITING_ROW_ID}`}
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
  schedulable = false,
}: {
  rowData: RowActionData | undefined;
  action: string;
  backHref: (rowId: number) => string;
  /** Offer "Effective from" (a client's card and a plan card, decisions 075 and 076). */
  schedulable?: boolean;
}) {
  if (rowData?.kind !== "confirm") return null;
  const confirmPlan = rowData.plan;
  // Cancel and Confirm return to the row (decision 070); the buttons stay in view however tall the list.
  const back = `${backHref(rowData.rowId)}#${EDITING_ROW_ID}`;
  return (
    <UrlDialog
      title="Confirm rate update"
      closeTo={back}
      actions={
        <Group justify="flex-end">
          <Button component={Link} to={back} variant="default">
            Cancel
          </Button>
          <Button type="submit" form={CONFIRM_FORM_ID}>
            Confirm
          </Button>
        </Group>
      }
    >
      <Stack gap="sm">
        <Text size="sm">
          Update the rates of <b>{rowData.courier}</b>
          {confirmPlan ? ` on the ${PLAN_LABELS[PLAN_TYPE_OF[confirmPlan.plan]]} plan` : ""}? New values are shown
          beside the old ones, struck through.
        </Text>
        {confirmPlan?.applyDefault ? (
          <Text size="sm" c="dimmed">
            This is the first edit: the plan&apos;s default rates are copied for this client first (when the change
            takes effect, if it is scheduled).
          </Text>
        ) : null}
        <ValuesDiff old={rowData.old} next={rowData.values} />
        <Form id={CONFIRM_FORM_ID} method="post" action={`${action}#${EDITING_ROW_ID}`} preventScrollReset>
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
          {schedulable ? <EffectiveFromField /> : null}
        </Form>
      </Stack>
    </UrlDialog>
  );
}
