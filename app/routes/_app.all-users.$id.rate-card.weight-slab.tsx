/**
 * Weight slab edit (docs/product.md §5 "Weight slab edit", §6 vp, §9 the fixed list): a dialog over
 * the client's rate card for `?row=ID`. Base and additional weight are native selects; the
 * form posts with the row's version, so a stale edit is refused with the current values.
 */
import "~/ui/small-table.css";

import { Alert, Button } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ValidatedForm } from "remix-validated-form";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { updateWeightSlab } from "~/services/ratecards/edit.server";
import { DELIVERY_TYPE_LABELS, PRICE_TYPE_LABELS } from "~/services/ratecards/fields";
import { formatKg } from "~/services/ratecards/money";
import { getClientRateCard } from "~/services/ratecards/read.server";
import {
  notAbleToUpdateRateCard,
  WEIGHT_SLAB_SELECT_OPTIONS,
  weightSlabValidator as validator,
} from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { rateCardHref } from "~/services/ratecards/view-query";
import { FormNativeSelect, SubmitButton } from "~/ui/form-fields";
import { Group, Stack, Text } from "~/ui/layout";
import { RateCardDialogError } from "~/ui/RateCardDialogError";
import { EffectiveFromField } from "~/ui/ScheduledRateChanges";
import { UrlDialog } from "~/ui/UrlDialog";

const OWN_PARAMS = ["row"];
const FORM_ID = "weight-slab";

const slabText = (first: string, second: string) =>
  `Base upto ${formatKg(first)} KG + Every Additional ${formatKg(second)} KG`;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "weight-slab.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const rowId = Number(url.searchParams.get("row"));
  const card = await getClientRateCard(db, client.id, { showAll: true });
  const row = card?.rows.find((r) => r.id === rowId);
  if (!row)
    throw new Response("This rate row was not found; it may have been removed. Close this dialog and try again.", {
      status: 404,
    });
  return {
    clientId: client.id,
    closeTo: rateCardHref(client.id, url, OWN_PARAMS),
    selfSearch: url.search,
    row: {
      courier: row.courier_name,
      courier_service_id: row.courier_service_id,
      shipment_type: row.shipment_type,
      delivery_type: row.delivery_type,
      priceType: PRICE_TYPE_LABELS[row.shipment_type],
      deliveryLabel: DELIVERY_TYPE_LABELS[row.delivery_type],
      first_slab: formatKg(row.first_slab),
      second_slab: formatKg(row.second_slab),
      slabs: slabText(row.first_slab, row.second_slab),
      version: row.version,
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "weight-slab.edit" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const read = await readForm(request, validator, FORM_ID);
  if (!read.ok) return read.response;
  const { effective_from: effectiveAt, ...slabs } = read.data;
  const outcome = await updateWeightSlab(db, staff, { clientId: client.id, ...slabs, effectiveAt });
  if (outcome.ok) {
    return redirectWithToast(request, rateCardHref(client.id, new URL(request.url), OWN_PARAMS), {
      kind: "success",
      message: outcome.scheduled ? scheduledToast(outcome.scheduled.effectiveAt) : "Updated Successfully",
    });
  }
  // After a conflict the dialog says what the slabs are now.
  const refusal =
    "conflict" in outcome
      ? { ...outcome, current: { slabs: slabText(outcome.current.first_slab, outcome.current.second_slab) } }
      : outcome;
  return failureAnswer(notAbleToUpdateRateCard(refusal), read.submitted, FORM_ID);
}

export default function WeightSlabDialog() {
  const { closeTo, selfSearch, clientId, row } = useLoaderData<typeof loader>();
  // A refusal for the whole form (docs/forms.md §3); field errors show by their fields.
  const answer = useActionData<typeof action>() as
    FormFailure<{ conflict?: true; current?: { slabs: string } }> | undefined;
  const failure = answer?.message ? answer : null;
  const effectiveFromError = answer?.fieldErrors?.effective_from ?? null;

  return (
    <UrlDialog title="Edit weight slab" closeTo={closeTo}>
      <Stack gap="sm">
        <table className="small-table small-table-bordered small-table-compact" aria-label="Rate row">
          <tbody>
            <tr>
              <th scope="row">Courier</th>
              <td data-testid="slab-courier">{row.courier}</td>
            </tr>
            <tr>
              <th scope="row">Price type</th>
              <td>{row.priceType}</td>
            </tr>
            <tr>
              <th scope="row">Delivery type</th>
              <td>{row.deliveryLabel}</td>
            </tr>
            <tr>
              <th scope="row">Current slabs</th>
              <td data-testid="slab-current">{row.slabs}</td>
            </tr>
          </tbody>
        </table>

        {failure?.conflict && failure.current ? (
          <Alert color="orange" role="alert" title="Not saved" data-testid="slab-conflict">
            <Text size="sm">{failure.message}</Text>
            <Text size="sm" fw={600}>
              {`Current slabs: ${failure.current.slabs}`}
            </Text>
          </Alert>
        ) : failure ? (
          <Alert color="red" role="alert" data-testid="slab-error">
            {failure.message}
          </Alert>
        ) : null}

        <ValidatedForm
          validator={validator}
          method="post"
          id={FORM_ID}
          action={`/all-users/${clientId}/rate-card/weight-slab${selfSearch}`}
          defaultValues={{ first_slab: row.first_slab, second_slab: row.second_slab }}
          noValidate
          preventScrollReset
        >
          <Stack gap="sm">
            <input type="hidden" name="courier_service_id" value={row.courier_service_id} />
            <input type="hidden" name="shipment_type" value={row.shipment_type} />
            <input type="hidden" name="delivery_type" value={row.delivery_type} />
            <input type="hidden" name="version" value={row.version} />
            <FormNativeSelect
              name="first_slab"
              label="Base weight"
              options={WEIGHT_SLAB_SELECT_OPTIONS}
              placeholder=""
            />
            <FormNativeSelect
              name="second_slab"
              label="Additional weight"
              options={WEIGHT_SLAB_SELECT_OPTIONS}
              placeholder=""
            />
            <EffectiveFromField error={effectiveFromError} />
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                Cancel
              </Button>
              <SubmitButton>Save</SubmitButton>
            </Group>
          </Stack>
        </ValidatedForm>
      </Stack>
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  return (
    <RateCardDialogError
      title="Edit weight slab"
      fallback={"Something went wrong; nothing was changed."}
      dialogParams={OWN_PARAMS}
    />
  );
}
