/** The All Couriers tab's pieces (decision 027; limits decision 071): a courier's card, the toggle's confirmation and the limits form. */
import { Alert, Button, TextInput } from "@mantine/core";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";

import { formatInr, rupeesToPaise } from "~/services/core/money";
import { ZONES } from "~/services/core/zones";
import { type CourierEntry, type ServiceRow, toggleConfirmText } from "~/services/courier-setup/all-couriers";
import {
  COURIER_LIMITS_FORM,
  LIMIT_FIELD_MAX_LENGTH,
  LIMIT_FIELDS,
  LIMIT_LABELS,
} from "~/services/courier-setup/courier-limits-form";
import type { FormFailure } from "~/services/http/form-errors.server";
import { formatTwoDecimals } from "~/services/ratecards/money";
import { Group, Stack, Text } from "~/ui/layout";
import { UrlSwitch } from "~/ui/UrlSwitch";

export const count = (n: number) => n.toLocaleString("en-IN");
const inr = (rupees: string) => formatInr(rupeesToPaise(rupees));

export function ToggleConfirm({
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
export function LimitsForm({
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

export function CourierCard({
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
              <th className="courier-limits-cell">Limits (dead · chargeable · side)</th>
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
                  <td className="courier-limits-cell" data-testid={i === 0 ? "courier-limits" : undefined}>
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
