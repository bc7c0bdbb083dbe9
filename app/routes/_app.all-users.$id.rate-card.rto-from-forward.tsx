/**
 * Update RTO with forward (docs/product.md §7 update-rto-ratecard-data-with-forward-ratecard-data,
 * §6 vp): a dialog over the client's rate card. Step one chooses couriers (native
 * checkboxes); Update posts them back and the action answers with a confirmation step
 * listing them; Confirm applies. Both steps are plain form posts, so no JavaScript is needed.
 */
import "@mantine/core/styles/Checkbox.css";
import "@mantine/core/styles/List.css";

import { Alert, Button, Checkbox, List } from "@mantine/core";
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { type ForwardCourier, reviewRtoFromForward, updateRtoFromForward } from "~/services/ratecards/bulk.server";
import { rtoFromForwardValidator } from "~/services/ratecards/bulk-forms";
import { getClientRateCard } from "~/services/ratecards/read.server";
import { notAbleToUpdateRateCard } from "~/services/ratecards/row-form";
import { scheduledToast } from "~/services/ratecards/scheduled";
import { rateCardHref } from "~/services/ratecards/view-query";
import { Group, Stack, Text } from "~/ui/layout";
import { RateCardDialogError } from "~/ui/RateCardDialogError";
import { EffectiveFromField } from "~/ui/ScheduledRateChanges";
import { UrlDialog } from "~/ui/UrlDialog";

const OWN_PARAMS = ["confirm"];

/** The client's courier services that have forward rates, by name (the only ones RTO can copy from). */
async function forwardCouriers(clientId: number): Promise<ForwardCourier[] | null> {
  const card = await getClientRateCard(getDb(), clientId, { showAll: true });
  if (!card) return null;
  const seen = new Map<number, ForwardCourier>();
  for (const r of card.rows) {
    if (r.shipment_type === "FORWARD" && !seen.has(r.courier_service_id))
      seen.set(r.courier_service_id, { id: r.courier_service_id, name: r.courier_name, active: r.is_active });
  }
  return [...seen.values()];
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "rto.from-forward" });
  const client = await requireClientForViewer(getDb(), staff, params.id);
  const couriers = await forwardCouriers(client.id);
  if (!couriers) throw new Response("This client has no rate card.", { status: 404 });
  const url = new URL(request.url);
  return {
    clientId: client.id,
    clientName: client.name,
    couriers,
    closeTo: rateCardHref(client.id, url, OWN_PARAMS),
    selfSearch: url.search,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "rto.from-forward" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent !== "review" && intent !== "apply") throw new Response("Unknown action.", { status: 400 });
  const read = await readForm(form, rtoFromForwardValidator);
  if (!read.ok) return read.response;
  const input = { clientId: client.id, courierServiceIds: read.data.courier };

  if (intent === "review") {
    const review = await reviewRtoFromForward(db, staff, input);
    if (!review.ok) return failureAnswer(notAbleToUpdateRateCard(review), read.submitted);
    return data({ confirm: review.couriers });
  }

  const result = await updateRtoFromForward(db, staff, { ...input, effectiveAt: read.data.effective_from });
  if (!result.ok) return failureAnswer(notAbleToUpdateRateCard(result), read.submitted);
  return redirectWithToast(request, rateCardHref(client.id, new URL(request.url), OWN_PARAMS), {
    kind: "success",
    message: result.scheduled ? scheduledToast(result.scheduled.effectiveAt) : "Updated Successfully",
  });
}

/** The courier ids a refused post chose (the checkboxes are ticked again from them). */
function chosenIds(typed: Record<string, unknown> | undefined): Set<number> {
  const courier = typed?.courier;
  return new Set((Array.isArray(courier) ? courier : courier === undefined ? [] : [courier]).map(Number));
}

export default function RtoFromForwardDialog() {
  const { clientId, clientName, couriers, closeTo, selfSearch } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { confirm: ForwardCourier[] } | FormFailure | undefined;
  const confirm = actionData && "confirm" in actionData ? actionData.confirm : null;
  const refused = actionData && !("confirm" in actionData) ? actionData : null;
  const message = refused ? (refused.message ?? Object.values(refused.fieldErrors ?? {})[0]) : null;
  const navigation = useNavigation();
  const self = `/all-users/${clientId}/rate-card/rto-from-forward${selfSearch}`;
  const submitting = navigation.state === "submitting";

  if (confirm) {
    return (
      <UrlDialog title="Update RTO with forward" closeTo={closeTo}>
        <Form method="post" action={self} preventScrollReset>
          <Stack gap="sm">
            <Text size="sm">
              Copy the forward rates and weight slabs of these couriers into their RTO rates for <b>{clientName}</b>?
              Their current RTO rates are replaced.
            </Text>
            <List size="sm" data-testid="rto-confirm-couriers">
              {confirm.map((c) => (
                <List.Item key={c.id}>{c.name}</List.Item>
              ))}
            </List>
            <input type="hidden" name="intent" value="apply" />
            {confirm.map((c) => (
              <input key={c.id} type="hidden" name="courier" value={c.id} />
            ))}
            <EffectiveFromField />
            <Group justify="flex-end">
              <Button component={Link} to={self} variant="default" preventScrollReset>
                Back
              </Button>
              <Button type="submit" loading={submitting}>
                Confirm
              </Button>
            </Group>
          </Stack>
        </Form>
      </UrlDialog>
    );
  }

  // After a refused post, show the choice that was posted; otherwise every courier is chosen.
  const chosen = refused ? chosenIds(refused.repopulateFields) : null;
  return (
    <UrlDialog title="Update RTO with forward" closeTo={closeTo}>
      <Form method="post" action={self} preventScrollReset key={actionData ? JSON.stringify(actionData) : "fresh"}>
        <Stack gap="sm">
          <input type="hidden" name="intent" value="review" />
          {message ? (
            <Alert color="red" role="alert" data-testid="rto-error">
              {message}
            </Alert>
          ) : null}
          {couriers.length === 0 ? (
            <Text size="sm">This client has no forward rates to copy.</Text>
          ) : (
            <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
              <legend>
                <Text size="sm" fw={600}>
                  Couriers whose RTO rates take their forward rates
                </Text>
              </legend>
              <Stack gap={6} mt="xs" style={{ maxHeight: 320, overflow: "auto" }}>
                {couriers.map((c) => (
                  <Checkbox
                    key={c.id}
                    name="courier"
                    value={c.id}
                    defaultChecked={chosen ? chosen.has(c.id) : true}
                    label={c.active ? c.name : `${c.name} (switched off)`}
                  />
                ))}
              </Stack>
            </fieldset>
          )}
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              Cancel
            </Button>
            <Button type="submit" loading={submitting} disabled={couriers.length === 0}>
              Update
            </Button>
          </Group>
        </Stack>
      </Form>
    </UrlDialog>
  );
}

export function ErrorBoundary() {
  return (
    <RateCardDialogError
      title="Update RTO with forward"
      fallback={"Something went wrong; nothing was changed."}
      dialogParams={OWN_PARAMS}
    />
  );
}
