/**
 * Change prices in bulk on a client's rate card (decision 074, vp): a dialog over the card.
 * The form is a GET (`?step=preview&by=…`), so the preview of every change is a URL; Apply is a
 * plain POST carrying the plan's digest, refused when the card changed since the preview.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { applyPriceChange } from "~/services/ratecards/price-change.server";
import { priceChangeDialog } from "~/services/ratecards/price-change-dialog.server";
import { PRICE_CHANGE_PARAMS, priceChangeRequest, priceChangeValidator } from "~/services/ratecards/price-change-form";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { rateCardHref } from "~/services/ratecards/view-query";
import { PriceChangeDialog } from "~/ui/PriceChangeDialog";
import { RateCardDialogError } from "~/ui/RateCardDialogError";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.bulk-change" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const search = searchParamsOf(request);
  const data = await priceChangeDialog(db, staff, { clientId: client.id }, search);
  if (!data) throw new Response("This client has no rate card.", { status: 404 });
  const url = new URL(request.url);
  return {
    clientId: client.id,
    clientName: client.name,
    data,
    keep: [...search].filter(([k]) => !PRICE_CHANGE_PARAMS.includes(k)),
    closeTo: rateCardHref(client.id, url, PRICE_CHANGE_PARAMS),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.bulk-change" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  if (form.get("intent") !== "apply") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, priceChangeValidator);
  if (!read.ok) return read.response;
  const result = await applyPriceChange(
    db,
    staff,
    { clientId: client.id },
    priceChangeRequest(read.data),
    read.data.planToken ?? "",
    read.data.effective_from,
  );
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted);
  return redirectWithToast(request, rateCardHref(client.id, new URL(request.url), PRICE_CHANGE_PARAMS), {
    kind: "success",
    message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Updated Successfully",
  });
}

/** After a refused Apply (409: the card changed since the preview) the preview is made again from the card as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function ChangePricesDialog() {
  const { clientId, clientName, data, keep, closeTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormFailure | undefined;
  // A refused "Effective from" is told at the field; any other refusal above the preview.
  const effectiveFromError = answer?.fieldErrors?.effective_from ?? null;
  const refusal = answer && !effectiveFromError ? (answer.message ?? Object.values(answer.fieldErrors ?? {})[0]) : null;
  return (
    <PriceChangeDialog
      cardName={clientName}
      data={data}
      self={`/all-users/${clientId}/rate-card/change-prices`}
      keep={keep}
      closeTo={closeTo}
      refusal={refusal ?? null}
      effectiveFromError={effectiveFromError}
    />
  );
}

export function ErrorBoundary() {
  return (
    <RateCardDialogError
      title="Change prices"
      fallback={"Something went wrong; nothing was changed."}
      dialogParams={PRICE_CHANGE_PARAMS}
    />
  );
}
