/**
 * Enable or disable an advantage plan for the client (docs/product.md §2 "enable-plan
 * confirmation", §4, §6 vp, §7 user-rate-plan/offer, §8): a dialog over the Pickrr Advantage
 * tab (`/rate-card/advantage/plan?plan=…`), opened by the plan's switch. Confirm is a plain POST; the answer comes back as a toast.
 * A plan the seller has activated cannot be changed here.
 */
import { Alert, Button } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";

import { getClientPlanStates, offerPlan, withdrawPlan } from "~/services/advantage/advantage.server";
import { planSwitchValidator } from "~/services/advantage/plan-forms";
import {
  ACTIVE_MUST_BE_OFFERED,
  CANNOT_DISABLE_ACTIVATED,
  CANNOT_DISABLE_ACTIVATED_MS,
  CHANGE_NOT_ALLOWED,
  NOT_ABLE_TO_UPDATE_PLAN,
} from "~/services/advantage/plans";
import { requireStaff } from "~/services/auth/guard.server";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { isPlanType, PLAN_LABELS, PLAN_NAME_OF } from "~/services/core/plans";
import { logServerError } from "~/services/core/server-log";
import { getDb } from "~/services/db/client.server";
import { readForm } from "~/services/http/form-errors.server";
import { rateCardHref } from "~/services/ratecards/view-query";
import { Group, Stack, Text } from "~/ui/layout";
import { RateCardDialogError } from "~/ui/RateCardDialogError";
import { UrlDialog } from "~/ui/UrlDialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "plan.toggle" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const plan = url.searchParams.get("plan");
  if (!isPlanType(plan)) throw new Response("Choose the Basic or Premium plan.", { status: 400 });
  const state = (await getClientPlanStates(db, client.id))[PLAN_NAME_OF[plan]];
  return {
    clientName: client.name,
    plan,
    label: PLAN_LABELS[plan],
    mode: state.active ? ("activated" as const) : state.offered ? ("withdraw" as const) : ("offer" as const),
    closeTo: rateCardHref(client.id, url),
    self: `${url.pathname}${url.search}`,
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "plan.toggle" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const url = new URL(request.url);
  const read = await readForm(request, planSwitchValidator);
  if (!read.ok) throw new Response("Unknown action.", { status: 400 });
  const { intent, plan } = read.data;
  const input = { clientId: client.id, plan: PLAN_NAME_OF[plan] };
  const back = rateCardHref(client.id, url);
  let result: Awaited<ReturnType<typeof offerPlan>>;
  try {
    result = intent === "offer" ? await offerPlan(db, staff, input) : await withdrawPlan(db, staff, input);
  } catch (error) {
    // A failed call (the database, say) is the spec's 'Not able to update plan.', not an error page.
    logServerError(
      error,
      `Advantage plan not ${intent === "offer" ? "offered" : "withdrawn"} (client ${client.id}, ${plan})`,
    );
    return redirectWithToast(request, back, { kind: "error", message: NOT_ABLE_TO_UPDATE_PLAN });
  }
  if (result.ok) return redirectWithToast(request, back, { kind: "success", message: "Updated Successfully" });
  if (result.status === 403) throw new Response(result.message, { status: 403 });
  // The platform refuses to withdraw an activated plan with 'active must be in offered.',
  // which the console explains for 15 seconds (docs/product.md §8); any other refusal is 'Not able to update plan.'
  if (result.message === ACTIVE_MUST_BE_OFFERED) {
    return redirectWithToast(request, back, {
      kind: "error",
      message: CANNOT_DISABLE_ACTIVATED,
      durationMs: CANNOT_DISABLE_ACTIVATED_MS,
    });
  }
  return redirectWithToast(request, back, { kind: "error", message: NOT_ABLE_TO_UPDATE_PLAN });
}

export default function AdvantagePlanDialog() {
  const { clientName, plan, label, mode, closeTo, self } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const title =
    mode === "offer" ? `Enable ${label} plan` : mode === "withdraw" ? `Disable ${label} plan` : `${label} plan`;
  return (
    <UrlDialog title={title} closeTo={closeTo}>
      {mode === "activated" ? (
        <Stack gap="sm">
          <Alert color="orange" role="alert" data-testid="plan-change-refused">
            {CHANGE_NOT_ALLOWED}
          </Alert>
          <Text size="sm">
            {clientName} has activated the {label} plan from the seller dashboard.
          </Text>
          <Group justify="flex-end">
            <Button component={Link} to={closeTo} variant="default" preventScrollReset>
              Close
            </Button>
          </Group>
        </Stack>
      ) : (
        <Form method="post" action={self} preventScrollReset>
          <input type="hidden" name="intent" value={mode} />
          <input type="hidden" name="plan" value={plan} />
          <Stack gap="sm">
            <Text size="sm">
              {mode === "offer"
                ? `Offer the ${label} plan to ${clientName}? The seller can then activate it from the seller dashboard.`
                : `Withdraw the ${label} plan from ${clientName}? The seller will no longer be able to activate it.`}
            </Text>
            <Group justify="flex-end">
              <Button component={Link} to={closeTo} variant="default" preventScrollReset>
                Cancel
              </Button>
              <Button type="submit" loading={busy} color={mode === "withdraw" ? "red" : undefined}>
                {mode === "offer" ? "Enable" : "Disable"}
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
    </UrlDialog>
  );
}

export const ErrorBoundary = () => <RateCardDialogError title="Advantage plan" fallback={NOT_ABLE_TO_UPDATE_PLAN} />;
