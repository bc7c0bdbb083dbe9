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
import {
  Form,
  Link,
  type ShouldRevalidateFunction,
  useActionData,
  useLoaderData,
  useNavigation,
} from "@remix-run/react";

import { requireStaff } from "~/services/auth/guard.server";
import { can } from "~/services/auth/permissions";
import { redirectWithToast } from "~/services/auth/session.server";
import { requireClientForViewer } from "~/services/clients/clients.server";
import { formatInr, rupeesToPaise } from "~/services/core/money";
import { ZONES } from "~/services/core/zones";
import {
  allCouriersHref,
  COURIER_FILTERS,
  COURIER_TOGGLE_INVALID,
  type CourierEntry,
  courierToggleValidator,
  parseAllCouriersQuery,
  type ServiceRow,
  TOGGLE_CONFIRM_TITLE,
  toggleConfirmText,
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
  LIMIT_FIELD_MAX_LENGTH,
  LIMIT_FIELDS,
  LIMIT_LABELS,
} from "~/services/courier-setup/courier-limits-form";
import { getDb } from "~/services/db/client.server";
import { failureAnswer, type FormFailure, readForm } from "~/services/http/form-errors.server";
import { formatTwoDecimals } from "~/services/ratecards/money";
import { Figure } from "~/ui/Figure";
import { Group, Stack, Text, Title } from "~/ui/layout";
import { UrlDialog } from "~/ui/UrlDialog";
import { UrlSwitch } from "~/ui/UrlSwitch";

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
  // Both of the tab's changes are a vp's: anyone else is refused before the post is read.
  if (!can(staff, "courier.toggle") && !can(staff, "courier.limits"))
    throw new Response(COURIER_TOGGLE_FORBIDDEN, { status: 403 });
  const db = getDb();
  const client = await requireClientForViewer(db, staff, params.id);
  const form = await request.formData();
  const intent = form.get("intent");
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
const count = (n: number) => n.toLocaleString("en-IN");
const inr = (rupees: string) => formatInr(rupeesToPaise(rupees));

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

function ToggleConfirm({
  courier,
  action,
  view,
}: {
  courier: CourierEntry;
  action: string;
  view: { filter: string; q: string };
}) {
  const busy = useNavigation().state === "submitting";
  const activate = courier.status !== "active";
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="courier_id" value={courier.courier_id} />
      <input type="hidden" name="is_activate" value={String(activate)} />
      <input type="hidden" name="filter" value={view.filter} />
      <input type="hidden" name="q" value={view.q} />
      <Stack gap="sm">
        <Text size="sm" data-testid="toggle-confirm-text">
          {toggleConfirmText(activate)}
        </Text>
        <Text size="sm" c="dimmed">
          {courier.courier_name}: {courier.rate_list.map((s) => s.name).join(", ")}
        </Text>
        <Group justify="flex-end">
          <Button component={Link} to={action} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy} color={activate ? undefined : "red"}>
            {activate ? "Activate" : "Deactivate"}
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

type LimitsAnswer = FormFailure<{ conflict?: true }>;

/** A service's package limits (decision 071): the stored values, or after a refusal what was typed (after a 409, what is stored now). */
function LimitsForm({
  service,
  action,
  cancel,
  view,
}: {
  service: ServiceRow;
  action: string;
  cancel: string;
  view: { filter: string; q: string };
}) {
  const answer = useActionData<LimitsAnswer>();
  const busy = useNavigation().state === "submitting";
  const mine = answer?.formId === COURIER_LIMITS_FORM ? answer : undefined;
  const typed = (name: string) => {
    const v = mine && !mine.conflict ? mine.repopulateFields?.[name] : undefined;
    return typeof v === "string" ? v : undefined;
  };
  return (
    <Form method="post" action={action} preventScrollReset aria-label={`Limits of ${service.name}`}>
      <input type="hidden" name="intent" value="limits" />
      <input type="hidden" name="courier_service_id" value={service.courier_service_id} />
      <input type="hidden" name="limits_version" value={service.limits_version} />
      <input type="hidden" name="filter" value={view.filter} />
      <input type="hidden" name="q" value={view.q} />
      <Stack gap="sm">
        {mine?.message ? (
          <Alert color="red" role="alert" data-testid="limits-message">
            {mine.message}
          </Alert>
        ) : null}
        <Text size="sm" c="dimmed">
          The limits are the service's own: every client's quotes and orders use them. A shipment exactly at a limit is
          carried.
        </Text>
        {LIMIT_FIELDS.map((name) => (
          <TextInput
            key={`${name}-${service.limits_version}-${mine?.conflict ? "current" : "typed"}`}
            id={`limits-${name}`}
            name={name}
            label={LIMIT_LABELS[name]}
            defaultValue={typed(name) ?? service[name]}
            inputMode="decimal"
            maxLength={LIMIT_FIELD_MAX_LENGTH}
            required
            error={mine?.fieldErrors?.[name]}
          />
        ))}
        <Group justify="flex-end">
          <Button component={Link} to={cancel} variant="default" preventScrollReset>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save limits
          </Button>
        </Group>
      </Stack>
    </Form>
  );
}

/** "30 kg · 50 kg · 120 cm": stored numeric text without trailing zeros. */
const plain = (n: string) => String(Number(n));

function CourierCard({
  clientId,
  courier,
  canToggle,
  confirmHref,
  limitsHref,
}: {
  clientId: number;
  courier: CourierEntry;
  canToggle: boolean;
  confirmHref: string;
  limitsHref: ((serviceId: number) => string) | null;
}) {
  const active = courier.status === "active";
  return (
    // Plain elements with classes (courier-setup.css), not Mantine layout components: the tab
    // shows every courier of the client, and each card's chrome was most of its render cost.
    <section className="courier-card" aria-label={courier.courier_name} data-testid="courier-card">
      <div className="courier-card-head">
        <div className="courier-card-name">
          <h3>{courier.courier_name}</h3>
          <span className="courier-badge" data-kind={active ? "active" : "inactive"} data-testid="courier-status">
            {courier.status}
          </span>
          <span className="courier-badge" data-kind="type" data-testid="courier-type">
            {courier.type}
          </span>
        </div>
        <div className="courier-card-switch">
          <span>{active ? "Active" : "Inactive"}</span>
          <UrlSwitch
            label={`${courier.courier_name} active`}
            on={active}
            href={confirmHref}
            canChange={canToggle}
            testId="courier-switch"
          />
        </div>
      </div>
      <p className="courier-card-note">
        Serviceable pincodes: <span data-testid="courier-pincodes">{count(courier.serviceable_pin_codes)}</span>
      </p>
      <div className="table-scroll" tabIndex={0} role="region" aria-label={`${courier.courier_name} rates`}>
        <table className="plain-table courier-rates" aria-label={`${courier.courier_name} rates`}>
          <thead>
            <tr>
              <th>Service</th>
              <th>Rates</th>
              {ZONES.map((z) => (
                <th key={z}>Zone {z}</th>
              ))}
              <th>COD charge</th>
              <th>COD %</th>
              <th>NDD charge</th>
              <th>Surcharge</th>
              <th>Surface</th>
              <th>Limits (dead · chargeable · side)</th>
              <th>Pincodes</th>
            </tr>
          </thead>
          <tbody>
            {courier.rate_list.flatMap((s) => {
              const rates = s.rates.length ? s.rates : [null];
              return rates.map((r, i) => (
                <tr key={`${s.courier_service_id}-${r?.delivery_type ?? "none"}`}>
                  <td>{i === 0 ? `${s.name}${s.is_active ? "" : " (inactive)"}` : ""}</td>
                  <td>{r ? `${r.delivery_type}, first ${formatTwoDecimals(r.first_slab)} kg` : "No forward rates"}</td>
                  {ZONES.map((z) => (
                    <td key={z}>{r ? inr(r.zone_base[z]) : "—"}</td>
                  ))}
                  <td>{r ? inr(r.cod_charge) : "—"}</td>
                  <td>{r ? `${formatTwoDecimals(r.cod_percentage)}%` : "—"}</td>
                  <td>{r ? inr(r.ndd_charge) : "—"}</td>
                  <td>{r ? inr(r.surcharge) : "—"}</td>
                  <td>{s.has_surface ? "Yes" : "No"}</td>
                  <td data-testid={i === 0 ? "courier-limits" : undefined}>
                    {i === 0 && (
                      <>
                        {`${plain(s.max_dead_weight)} kg · ${plain(s.max_chargeable_weight)} kg · ${plain(s.max_side)} cm`}
                        {limitsHref && (
                          <>
                            {" "}
                            <Link to={limitsHref(s.courier_service_id)} preventScrollReset>
                              Edit limits<span className="visually-hidden"> of {s.name}</span>
                            </Link>
                          </>
                        )}
                      </>
                    )}
                  </td>
                  <td>
                    {i === 0 && (
                      <a href={`/all-users/${clientId}/serviceability/courier/${s.courier_service_id}.csv`} download>
                        Pincode list
                        <span className="visually-hidden"> of {s.name}</span>
                      </a>
                    )}
                  </td>
                </tr>
              ));
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
