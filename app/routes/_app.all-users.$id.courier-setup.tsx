/**
 * The All Couriers tab (docs/product.md §2, §3 "All couriers data", §4 courier toggle, §6 vp, §7
 * fetch-active-bl-user-courier-list and activate-bl-user-courier; decision 027). The spec's
 * `/all-users/{id}/courier-setup` is its canonical URL; `/all-couriers` redirects here.
 * Filter and search are in the URL; the toggle's 'Are you sure?' is `?confirm=<courier_id>`,
 * rendered by the server, so it works without JavaScript. A vp edits a service's package limits
 * (decision 071) in the dialog `?limits=<courier service id>`, a plain form post.
 */
import "~/ui/courier-setup.css";

import { Alert, Button, TextInput } from "@mantine/core";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, type ShouldRevalidateFunction, useLoaderData } from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import {
  allCouriersHref,
  COURIER_FILTERS,
  COURIER_TOGGLE_INVALID,
  courierToggleValidator,
  parseAllCouriersQuery,
  TOGGLE_CONFIRM_TITLE,
} from "~/services/courier-setup/all-couriers";
import {
  activateBlUserCourier,
  COURIER_TOGGLE_FORBIDDEN,
  fetchActiveBlUserCourierList,
} from "~/services/courier-setup/all-couriers.server";
import { updateCourierLimits } from "~/services/courier-setup/courier-limits.server";
import {
  COURIER_LIMITS_FORM,
  courierLimitsValidator,
  LIMITS_FORBIDDEN,
} from "~/services/courier-setup/courier-limits-form";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, readForm } from "~/services/http/form-errors.server";
import { count, CourierCard, LimitsForm, ToggleConfirm } from "~/ui/courier-setup/AllCouriersParts";
import { Figure } from "~/ui/Figure";
import { Group, Stack, Title } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const view = parseAllCouriersQuery(new URL(request.url).searchParams);
  const data = await fetchActiveBlUserCourierList(db, client.id, view);
  const canToggle = can(staff, "courier.toggle");
  const confirming =
    canToggle && view.confirm ? (data.courier_list.find((c) => c.courier_id === view.confirm) ?? null) : null;
  const canEditLimits = can(staff, "courier.limits");
  const editingLimits =
    canEditLimits && view.limits
      ? (data.courier_list.flatMap((c) => c.rate_list).find((s) => s.courier_service_id === view.limits) ?? null)
      : null;
  return { clientId: client.id, view, data, canToggle, confirming, canEditLimits, editingLimits };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, { permission: "courier.view" });
  const form = await request.formData();
  const intent = form.get("intent");
  // Both of the tab's changes are a vp's: anyone else is refused whatever the post says.
  if (!can(staff, "courier.toggle") && !can(staff, "courier.limits"))
    throw new Response(intent === "limits" ? LIMITS_FORBIDDEN : COURIER_TOGGLE_FORBIDDEN, { status: 403 });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  if (intent === "limits") {
    const read = await readForm(form, courierLimitsValidator, COURIER_LIMITS_FORM);
    if (!read.ok) return read.response;
    const result = await updateCourierLimits(db, staff, client.id, read.data);
    if (!result.ok) return failureAnswer(result, read.submitted, COURIER_LIMITS_FORM);
    const { filter, q } = read.data;
    return redirectWithToast(request, allCouriersHref(client.id, { filter, q }), {
      kind: "success",
      message: result.changed ? `Limits of ${result.limits.courier_service} saved` : "No change to save",
    });
  }
  if (intent !== "toggle") throw new Response("Unknown action.", { status: 400 });
  // Hidden fields only, nothing a person typed to refill: a refusal is the error boundary's (docs/forms.md §2).
  const read = await readForm(form, courierToggleValidator);
  if (!read.ok) throw new Response(COURIER_TOGGLE_INVALID, { status: 400 });
  const { courier_id, is_activate, filter, q } = read.data;
  const result = await activateBlUserCourier(db, staff, {
    clientId: client.id,
    courierId: courier_id,
    isActivate: is_activate,
  });
  if (!result.ok) throw new Response(result.message, { status: result.status });
  return redirectWithToast(request, allCouriersHref(client.id, { filter, q }), {
    kind: "success",
    message: "Updated Successfully",
  });
}

/** After a 409 the dialog shows the limits stored now: reload. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 ? true : defaultShouldRevalidate;

const FILTER_LABELS = {
  all: "All",
  active: "Active",
  inactive: "Inactive",
  express: "Express",
  regular: "Regular",
} as const;

export default function AllCouriersTab() {
  const { clientId, view, data, canToggle, confirming, canEditLimits, editingLimits } = useLoaderData<typeof loader>();
  const { counts } = data;
  const here = allCouriersHref(clientId, { filter: view.filter, q: view.q });
  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        All Couriers
      </Title>
      <Group gap="xl" data-testid="courier-figures">
        {(
          [
            ["Pickup pincodes (fm_count)", "fm-count", count(data.fm_count)],
            ["Serviceable pincodes (lm_count)", "lm-count", count(data.lm_count)],
            ["All couriers", "count-all", counts.allCourier],
            ["Active", "count-active", counts.activeCourier],
            ["Inactive", "count-inactive", counts.inActiveCourier],
            ["Express", "count-express", counts.expressCourier],
            ["Regular", "count-regular", counts.regularCourier],
          ] as const
        ).map(([label, testId, value]) => (
          <Figure key={testId} label={label} testId={testId}>
            {value}
          </Figure>
        ))}
      </Group>
      <Group justify="space-between" align="end" wrap="wrap">
        <nav className="tab-nav" aria-label="Courier filter">
          {COURIER_FILTERS.map((f) => (
            <Link
              key={f}
              to={allCouriersHref(clientId, { filter: f, q: view.q })}
              aria-current={view.filter === f ? "page" : undefined}
              preventScrollReset
            >
              {FILTER_LABELS[f]}
            </Link>
          ))}
        </nav>
        <Form method="get" role="search" aria-label="Search couriers">
          {view.filter !== "all" && <input type="hidden" name="filter" value={view.filter} />}
          <Group gap="xs" align="end">
            <TextInput name="q" label="Courier name" defaultValue={view.q} maxLength={100} size="sm" />
            <Button type="submit" variant="default" size="sm">
              Search
            </Button>
          </Group>
        </Form>
      </Group>
      {data.courier_list.length === 0 ? (
        <Alert color="gray" data-testid="no-couriers">
          {counts.allCourier === 0 ? "This client has no couriers yet." : "No courier matches this filter and search."}
        </Alert>
      ) : (
        <Stack gap="sm">
          {data.courier_list.map((c) => (
            <CourierCard
              key={c.courier_id}
              clientId={clientId}
              courier={c}
              canToggle={canToggle}
              confirmHref={allCouriersHref(clientId, {
                ...view,
                confirm: c.courier_id,
              })}
              limitsHref={
                canEditLimits
                  ? (serviceId: number) =>
                      allCouriersHref(clientId, { filter: view.filter, q: view.q, limits: serviceId })
                  : null
              }
            />
          ))}
        </Stack>
      )}
      {confirming && (
        <UrlDialog title={TOGGLE_CONFIRM_TITLE} closeTo={here}>
          <ToggleConfirm courier={confirming} action={here} view={view} />
        </UrlDialog>
      )}
      {editingLimits && (
        <UrlDialog title={`Limits of ${editingLimits.name}`} closeTo={here}>
          <LimitsForm
            service={editingLimits}
            action={allCouriersHref(clientId, {
              filter: view.filter,
              q: view.q,
              limits: editingLimits.courier_service_id,
            })}
            cancel={here}
            view={view}
          />
        </UrlDialog>
      )}
    </Stack>
  );
}
