/**
 * The Pickrr Advantage tab of a client's rate card (docs/product.md §2 "Courier-wise plan and
 * Advantage", §4, §9; decision 009): the Basic and Premium plans offered to the client, each plan's
 * card with row edits for vp, and Premium's Advantage Settings (cashback). Its dialogs — the
 * plan switch (`/plan`) and History — are child routes rendered over it. It was
 * `/rate-card?tab=advantage`; the card's loader redirects such links here.
 */
import { Alert, Anchor } from "@mantine/core";
import {
  type ActionFunctionArgs,
  data,
  type HeadersFunction,
  type LoaderFunctionArgs,
  redirect,
} from "@remix-run/node";
import { Link, Outlet, type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";

import { getPlanRateCard, saveCashbackSettings, updatePlanRateRow } from "~/services/advantage/advantage.server";
import { cashbackValidator } from "~/services/advantage/cashback-form";
import { planRowTargetValidator } from "~/services/advantage/plan-forms";
import {
  advantagePermissions,
  CHANGES_SAVED,
  NOT_ABLE_TO_UPDATE_SETTINGS,
  notAbleToUpdateSettings,
} from "~/services/advantage/plans";
import { advantagePlanCookie, readAdvantagePlanChoice } from "~/services/advantage/preference.server";
import { advantageTab } from "~/services/advantage/tab.server";
import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast, type SignedInStaff } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { PLAN_LABELS, PLAN_NAME_OF } from "~/services/core/plans";
import { fail } from "~/services/core/result";
import { logServerError } from "~/services/core/server-log";
import { type Db, getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { rateCardPermissions } from "~/services/ratecards/permissions";
import { backTo, rowEditAction } from "~/services/ratecards/row-action.server";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { CANCEL_SCHEDULED_FORM_ID, cancelScheduledValidator } from "~/services/ratecards/scheduled";
import { cancelScheduledChange, pendingChanges } from "~/services/ratecards/scheduled.server";
import { advantageHref, parseRateCardView } from "~/services/ratecards/view-query";
import { AdvantagePlans } from "~/ui/AdvantagePlans";
import { AdvantageSettings, CASHBACK_FORM_ID } from "~/ui/AdvantageSettings";
import { Stack, Text } from "~/ui/layout";
import { RateCardHeader } from "~/ui/RateCardHeader";
import { rowAnswer, RowEditAlerts, RowEditConfirm, rowEditing, rowVersion } from "~/ui/RateRowEdit";
import { ScheduledRateChanges } from "~/ui/ScheduledRateChanges";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const { plan, editRowId } = parseRateCardView(url.searchParams);
  // The Basic / Premium choice: the URL says, else this browser's last choice, else Basic.
  const remembered = await readAdvantagePlanChoice(request);
  if (!plan) {
    url.searchParams.set("plan", remembered ?? "basic");
    throw redirect(url.pathname + url.search);
  }
  const headers = new Headers();
  if (remembered !== plan) headers.append("Set-Cookie", await advantagePlanCookie.serialize(plan));
  const [advantage, pending] = await Promise.all([
    advantageTab(db, client.id, plan, staff.role),
    pendingChanges(db, { clientId: client.id, plan: PLAN_NAME_OF[plan] }),
  ]);
  return data(
    {
      clientId: client.id,
      hasAuthToken: Boolean(client.auth_token),
      permissions: rateCardPermissions(staff.role),
      view: { plan, editRowId: advantage.permissions.canEditPlanRates ? editRowId : null },
      advantage,
      // This plan card's changes scheduled to take effect later (decision 076), soonest first.
      pending: pending.map(({ kind: _k, effectiveAt: _e, ...p }) => p),
    },
    { headers },
  );
}

/** Document requests carry the loader's Set-Cookie (the remembered plan sub-tab). */
export const headers: HeadersFunction = ({ loaderHeaders }) => {
  const cookie = loaderHeaders.get("Set-Cookie");
  return cookie ? { "Set-Cookie": cookie } : new Headers();
};

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent"));
  if (intent === "cashback") return saveCashback(request, db, staff, client.id, form);
  if (intent === "cancel-scheduled") return cancelScheduled(request, db, staff, client.id, form);
  const step = ({ "plan-preview": "preview", "plan-save": "save" } as const)[intent as "plan-preview" | "plan-save"] as
    "preview" | "save" | undefined;
  if (!step) throw new Response("Unknown action.", { status: 400 });
  if (!advantagePermissions(staff.role).canEditPlanRates)
    throw new Response("Only a vp can change rates.", { status: 403 });
  const target = await readForm(form, planRowTargetValidator);
  if (!target.ok) throw new Response("Unknown plan.", { status: 400 });
  const { plan, apply_default: applyDefault } = target.data;
  return rowEditAction(request, form, step, {
    plan: { plan, applyDefault },
    rows: async () => (await getPlanRateCard(db, client.id, plan)).rows,
    save: (input) => updatePlanRateRow(db, staff, { ...input, clientId: client.id, plan, applyDefault }),
  });
}

/** Cancel of a plan card's pending change (decision 076): audited by the service; a refusal is shown above the list. */
async function cancelScheduled(request: Request, db: Db, staff: SignedInStaff, clientId: number, form: FormData) {
  const read = await readForm(form, cancelScheduledValidator, CANCEL_SCHEDULED_FORM_ID);
  if (!read.ok) throw new Response("Unknown action.", { status: 400 });
  const plan = PLAN_NAME_OF[parseRateCardView(new URL(request.url).searchParams).plan ?? "basic"];
  const result = await cancelScheduledChange(db, staff, { clientId, plan, id: read.data.id });
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted, CANCEL_SCHEDULED_FORM_ID);
  return redirectWithToast(request, backTo(request), {
    kind: "success",
    message: `Cancelled: the change will not take effect on ${result.effectiveAtText}.`,
  });
}

/** Premium Advantage Settings (cashback): a failed save is the spec's 'Not able to update settings', not an error page. */
async function saveCashback(request: Request, db: Db, staff: SignedInStaff, clientId: number, form: FormData) {
  if (!advantagePermissions(staff.role).canEditCashback)
    throw new Response("Only a vp can change advantage settings.", { status: 403 });
  const read = await readForm(form, cashbackValidator, CASHBACK_FORM_ID);
  if (!read.ok) return read.response;
  let saved: Awaited<ReturnType<typeof saveCashbackSettings>> | null = null;
  try {
    saved = await saveCashbackSettings(db, staff, {
      clientId,
      plan: "advantage_premium",
      version: read.data.version,
      settings: read.data.settings,
    });
  } catch (error) {
    logServerError(error, `Advantage Settings not saved (client ${clientId})`);
  }
  if (saved?.ok) return redirectWithToast(request, backTo(request), { kind: "success", message: CHANGES_SAVED });
  if (!saved) return failureAnswer(fail(500, NOT_ABLE_TO_UPDATE_SETTINGS), read.submitted, CASHBACK_FORM_ID);
  // The form keeps what was typed (a no-JS page is re-rendered from this), except after a
  // conflict, where it shows the values someone else saved.
  return failureAnswer(
    notAbleToUpdateSettings(saved),
    saved.status === 409 ? undefined : read.submitted,
    CASHBACK_FORM_ID,
  );
}

/** The text fields of a submitted form, to refill it. */
function textFields(submitted: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(submitted).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * Remix skips reloading after an error answer; a 409 (someone else changed the row or the
 * settings) must reload, so the page shows the values now stored.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function AdvantageTab() {
  const { clientId, view, permissions, hasAuthToken, advantage, pending } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const cancelRefusal =
    actionData &&
    typeof actionData === "object" &&
    "formId" in actionData &&
    actionData.formId === CANCEL_SCHEDULED_FORM_ID
      ? ((actionData as { message?: string }).message ?? null)
      : null;
  const rowData = rowAnswer(actionData);
  const base = `/all-users/${clientId}/rate-card`;
  const href = (patch: { plan?: typeof view.plan; editRowId?: number | null } = {}) =>
    advantageHref(clientId, { ...view, ...patch });
  const here = href();
  const editing = rowEditing(rowData, {
    canEdit: advantage.permissions.canEditPlanRates,
    editRowId: view.editRowId,
    cancelHref: href({ editRowId: null }),
    editHref: (rowId) => href({ editRowId: rowId }),
  });
  // The settings form's answer (docs/forms.md §3): its field errors, or one message, and what was typed.
  const settingsAnswer =
    actionData && typeof actionData === "object" && "formId" in actionData && actionData.formId === CASHBACK_FORM_ID
      ? (actionData as FormFailure)
      : null;
  const cashbackServerInvalid = !!settingsAnswer?.fieldErrors;
  const cashbackTyped = settingsAnswer?.repopulateFields ? textFields(settingsAnswer.repopulateFields) : null;
  const cashbackValues =
    advantage.cashback && cashbackTyped
      ? { ...advantage.cashback.values, ...cashbackTyped }
      : advantage.cashback?.values;

  return (
    <Stack gap="md">
      <RateCardHeader
        current="advantage"
        courierWiseHref={base}
        advantageHref={href({ editRowId: null })}
        toolbar={{ base: `${base}/advantage`, search: `?plan=${view.plan}`, hasAuthToken, permissions }}
      />
      {view.plan === "premium" ? (
        <Text size="sm">
          <Anchor
            component={Link}
            underline="always"
            to={`/all-users/${clientId}/cashback`}
            data-testid="cashback-statement-link"
          >
            Cashback statement
          </Anchor>{" "}
          — each late delivery or return credited, by cycle.
        </Text>
      ) : null}
      {advantage.errors.map((message) => (
        <Alert key={message} color="red" role="alert" data-testid="advantage-load-error">
          {message}
        </Alert>
      ))}
      <RowEditAlerts
        rowData={rowData}
        editing={editing}
        action={here}
        version={editing ? rowVersion(advantage.sections, undefined, editing.rowId) : ""}
        plan={{ plan: advantage.planName, apply_default: String(advantage.applyDefault) }}
      />
      <AdvantagePlans
        plan={advantage.plan}
        planHref={(p) => href({ plan: p, editRowId: null })}
        switchHref={`${base}/advantage/plan?plan=${view.plan}`}
        states={advantage.states}
        turnaround={advantage.turnaround}
        canOffer={advantage.permissions.canOfferPlans && advantage.statesLoaded}
        canEditRates={advantage.permissions.canEditPlanRates}
        sections={advantage.sections}
        applyDefault={advantage.applyDefault}
        editing={editing}
        editHref={(rowId) => href({ editRowId: rowId })}
        scheduled={
          <ScheduledRateChanges
            pending={pending}
            action={here}
            canCancel={advantage.permissions.canEditPlanRates}
            refusal={cancelRefusal}
            title={`Scheduled changes to the ${PLAN_LABELS[view.plan]} plan's rates`}
          />
        }
        settings={
          advantage.cashback && cashbackValues ? (
            <AdvantageSettings
              key={advantage.cashback.version}
              action={href({ editRowId: null })}
              values={cashbackValues}
              version={advantage.cashback.version}
              canEdit={advantage.permissions.canEditCashback}
              serverInvalid={cashbackServerInvalid}
              message={settingsAnswer?.message ?? null}
            />
          ) : null
        }
      />

      {/* Child routes render their dialogs here: the plan switch and History. */}
      <Outlet />

      <RowEditConfirm rowData={rowData} action={here} backHref={(rowId) => href({ editRowId: rowId })} schedulable />
    </Stack>
  );
}
