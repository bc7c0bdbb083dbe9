/**
 * A rate row edit as a form action, the same on a client's card and on a plan card (the
 * Pickrr Advantage tab): Save posts `preview` (answered with the confirmation: new values
 * beside the old), Confirm posts `save` (answered with a redirect and a toast, or the
 * refusal). The route says which rows and which save.
 */
import { data } from "@remix-run/node";
import { type AdvantagePlanName } from "../core/plans";
import { redirectWithToast } from "../auth/session.server";
import type { Conflict, Failure } from "../core/result";
import { rateValuesOf, type CardRow } from "./fields";
import { RATE_FIELDS, type RateField } from "../core/rate-fields";
import { NOT_ABLE_TO_UPDATE_RATE_CARD, rateRowFormSchema, SOME_FIELD_NOT_VALID } from "./row-form";

type FieldErrors = Partial<Record<RateField, string>>;
/** A plan row edit (Pickrr Advantage tab) says which plan, and whether the editor saw the plan's defaults. */
export type PlanTarget = { plan: AdvantagePlanName; applyDefault: boolean };

export type RowActionData =
  | { kind: "invalid"; rowId: number; values: Partial<Record<RateField, string>>; errors: FieldErrors; message: string; plan?: PlanTarget }
  | { kind: "confirm"; rowId: number; version: number; courier: string; values: Record<RateField, string>; old: Record<RateField, string>; plan?: PlanTarget }
  | { kind: "conflict"; rowId: number; message: string; current: Record<RateField, string>; courier: string; plan?: PlanTarget }
  | { kind: "error"; message: string };

export type RowEditTarget = {
  plan?: PlanTarget;
  /** The card's rows as the editor sees them (for the confirmation's old values). */
  rows: () => Promise<CardRow[]>;
  save: (input: { rowId: number; version: number; values: Record<RateField, string> }) => Promise<{ ok: true } | Failure | Conflict<CardRow>>;
};

function rawValues(form: FormData): Partial<Record<RateField, string>> {
  return Object.fromEntries(RATE_FIELDS.map((f) => [f, String(form.get(f) ?? "")])) as Partial<Record<RateField, string>>;
}

/** Where a successful change returns: the same view, out of edit mode. */
export function backTo(request: Request): string {
  const back = new URL(request.url);
  back.searchParams.delete("edit");
  return back.pathname + back.search;
}

export async function rowEditAction(request: Request, form: FormData, step: "preview" | "save", target: RowEditTarget) {
  const { plan } = target;
  const parsed = rateRowFormSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])) as FieldErrors;
    const rowId = Number(form.get("rowId"));
    return data<RowActionData>({ kind: "invalid", rowId, values: rawValues(form), errors, message: SOME_FIELD_NOT_VALID, plan }, { status: 400 });
  }
  const { rowId, version, ...values } = parsed.data;

  if (step === "preview") {
    const row = (await target.rows()).find((r) => r.id === rowId);
    if (!row) return data<RowActionData>({ kind: "error", message: "This rate row was not found." }, { status: 404 });
    return data<RowActionData>({ kind: "confirm", rowId: row.id, version, courier: row.courier_name, values, old: rateValuesOf(row), plan });
  }

  const result = await target.save({ rowId, version, values });
  if (result.ok) return redirectWithToast(request, backTo(request), { kind: "success", message: "Updated Successfully" });
  if ("conflict" in result) {
    const { current } = result;
    const message = `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${result.message}`;
    return data<RowActionData>({ kind: "conflict", rowId: current.id, message, current: rateValuesOf(current), courier: current.courier_name, plan }, { status: 409 });
  }
  return data<RowActionData>({ kind: "error", message: `${NOT_ABLE_TO_UPDATE_RATE_CARD} ${result.message}` }, { status: result.status });
}
