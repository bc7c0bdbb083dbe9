/**
 * A rate row edit as a form action, the same on a client's card and on a plan card (the
 * Pickrr Advantage tab): Save posts `preview` (answered with the confirmation: new values
 * beside the old), Confirm posts `save` (answered with a redirect and a toast, or the
 * refusal). The route says which rows and which save. Refusals are answered as every form's
 * are (docs/forms.md), under the row edit's form id.
 */
import { data } from "@remix-run/node";

import { redirectWithToast } from "../auth/session.server";
import { type AdvantagePlanName } from "../core/plans";
import { type RateField } from "../core/rate-fields";
import { type Conflict, type Failure, notFound } from "../core/result";
import { failureAnswer, readForm } from "../http/form-errors.server";
import { type CardRow, rateValuesOf } from "./fields";
import { notAbleToUpdateRateCard, rateRowValidator, ROW_EDIT_FORM_ID } from "./row-form";
import { scheduledToast } from "./scheduled";
import { ROW_GONE_MESSAGE } from "./scope.server";

/** A plan row edit (Pickrr Advantage tab) says which plan, and whether the editor saw the plan's defaults. */
export type PlanTarget = { plan: AdvantagePlanName; applyDefault: boolean };

/** The answer to Save: what Confirm would change, for the confirmation dialog. */
export type RowConfirm = {
  formId: typeof ROW_EDIT_FORM_ID;
  confirm: {
    rowId: number;
    version: number;
    courier: string;
    values: Record<RateField, string>;
    old: Record<RateField, string>;
    plan?: PlanTarget;
  };
};

export type RowEditTarget = {
  plan?: PlanTarget;
  /** The card's rows as the editor sees them (for the confirmation's old values). */
  rows: () => Promise<CardRow[]>;
  save: (input: {
    rowId: number;
    version: number;
    values: Record<RateField, string>;
    /** Confirm's "Effective from" (decisions 075, 076: a client's card and a plan card): null applies the edit now. */
    effectiveAt: Date | null;
  }) => Promise<{ ok: true; scheduled?: { effectiveAt: Date } } | Failure | Conflict<CardRow>>;
};

/** Where a successful change returns: the same view, out of edit mode. */
export function backTo(request: Request): string {
  const back = new URL(request.url);
  back.searchParams.delete("edit");
  return back.pathname + back.search;
}

export async function rowEditAction(request: Request, form: FormData, step: "preview" | "save", target: RowEditTarget) {
  const { plan } = target;
  const read = await readForm(form, rateRowValidator, ROW_EDIT_FORM_ID);
  if (!read.ok) return read.response;
  const { rowId, version, effective_from: effectiveAt, ...values } = read.data;

  if (step === "preview") {
    const row = (await target.rows()).find((r) => r.id === rowId);
    if (!row) return failureAnswer(notFound(ROW_GONE_MESSAGE), read.submitted, ROW_EDIT_FORM_ID);
    return data<RowConfirm>({
      formId: ROW_EDIT_FORM_ID,
      confirm: { rowId: row.id, version, courier: row.courier_name, values, old: rateValuesOf(row), plan },
    });
  }

  const result = await target.save({ rowId, version, values, effectiveAt });
  if (result.ok)
    return redirectWithToast(request, backTo(request), {
      kind: "success",
      message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Updated Successfully",
    });
  // After a conflict the page shows the row as it is now: its courier and values, not the whole stored row.
  const refusal =
    "conflict" in result
      ? {
          ...result,
          current: {
            rowId: result.current.id,
            courier: result.current.courier_name,
            values: rateValuesOf(result.current),
          },
        }
      : result;
  return failureAnswer(notAbleToUpdateRateCard(refusal), read.submitted, ROW_EDIT_FORM_ID);
}
