/**
 * Change prices in bulk on a segment rate card (decision 074, vp): a dialog over
 * `/rate-cards?segment=…`, at `/rate-cards/change-prices?segment=…`. The same two steps as on a
 * client's card: a GET form whose preview is a URL, then Apply, a plain POST.
 */
import { Alert } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useLocation,
  useRouteError,
} from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { isSegment } from "~/services/core/rate-fields";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { searchParamsOf } from "~/services/http/query-params";
import { SEGMENT_NAMES } from "~/services/ratecards/fields";
import { applyPriceChange } from "~/services/ratecards/price-change.server";
import { priceChangeDialog } from "~/services/ratecards/price-change-dialog.server";
import { PRICE_CHANGE_PARAMS, priceChangeRequest, priceChangeValidator } from "~/services/ratecards/price-change-form";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { PriceChangeDialog } from "~/ui/PriceChangeDialog";
import { UrlDialog } from "~/ui/UrlDialog";

/** The segment card under the dialog, with its own view (segment, tab) and without the dialog's parameters. */
function cardHref(search: URLSearchParams): string {
  const keep = new URLSearchParams([...search].filter(([k]) => !PRICE_CHANGE_PARAMS.includes(k)));
  const s = keep.toString();
  return `/rate-cards${s ? `?${s}` : ""}`;
}

function segmentOf(search: URLSearchParams): 0 | 1 | 2 {
  const n = Number(search.get("segment") ?? "0");
  if (!isSegment(n)) throw new Response("There is no such segment rate card.", { status: 404 });
  return n;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.bulk-change" });
  const search = searchParamsOf(request);
  const segment = segmentOf(search);
  const data = await priceChangeDialog(getDb(), staff, { segment }, search);
  if (!data) throw new Response("There is no such segment rate card.", { status: 404 });
  return {
    name: SEGMENT_NAMES[segment],
    data,
    keep: [...search].filter(([k]) => !PRICE_CHANGE_PARAMS.includes(k)),
    closeTo: cardHref(search),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "ratecard.bulk-change" });
  const search = searchParamsOf(request);
  const segment = segmentOf(search);
  const form = await request.formData();
  if (form.get("intent") !== "apply") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, priceChangeValidator);
  if (!read.ok) return read.response;
  const result = await applyPriceChange(
    getDb(),
    staff,
    { segment },
    priceChangeRequest(read.data),
    read.data.planToken ?? "",
    read.data.effective_from,
  );
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted);
  return redirectWithToast(request, cardHref(search), {
    kind: "success",
    message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Updated Successfully",
  });
}

/** After a refused Apply (409: the card changed since the preview) the preview is made again from the card as it is now. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

export default function SegmentChangePricesDialog() {
  const { name, data, keep, closeTo } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as FormFailure | undefined;
  // A refused "Effective from" is told at the field; any other refusal above the preview.
  const effectiveFromError = answer?.fieldErrors?.effective_from ?? null;
  const refusal = answer && !effectiveFromError ? (answer.message ?? Object.values(answer.fieldErrors ?? {})[0]) : null;
  return (
    <PriceChangeDialog
      cardName={name}
      data={data}
      self="/rate-cards/change-prices"
      keep={keep}
      closeTo={closeTo}
      refusal={refusal ?? null}
      effectiveFromError={effectiveFromError}
    />
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const location = useLocation();
  const message =
    isRouteErrorResponse(error) && typeof error.data === "string"
      ? error.data
      : "Something went wrong; nothing was changed.";
  return (
    <UrlDialog title="Change prices" closeTo={cardHref(new URLSearchParams(location.search))}>
      <Alert color="red" role="alert">
        {message}
      </Alert>
    </UrlDialog>
  );
}
