/**
 * The Pickrr Advantage tab of a client's rate card (docs/product.md §2, §4, §9): Basic and
 * Premium sub-tabs (links), whether each plan is offered or activated, the switch that opens
 * the enable/disable confirmation (a child route, so it works without JavaScript), the
 * plan's turnaround and promise, and the plan's rate card in the one rate table.
 */
import { Badge } from "@mantine/core";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { CHANGE_NOT_ALLOWED, PLAN_PROMISE_PERCENT, type PlanTurnaround } from "~/services/advantage/plans";
import { ADVANTAGE_PLAN_TYPES, type AdvantagePlanType, PLAN_LABELS } from "~/services/core/plans";
import { ZONE_COLUMNS } from "~/services/core/zones";
import { Group, Stack, Text, Title } from "~/ui/layout";

import { RatePanels, type RateSection } from "./RatePanels";
import type { RateTableEditing } from "./RateTable";
import { UrlSwitch } from "./UrlSwitch";

export type PlanStatus = { offered: boolean; active: boolean };

export function planStatusText(s: PlanStatus): string {
  return s.active ? "Activated" : s.offered ? "Offered" : "Not offered";
}

function PlanSwitch({
  plan,
  status,
  href,
  canChange,
}: {
  plan: AdvantagePlanType;
  status: PlanStatus;
  href: string;
  canChange: boolean;
}) {
  return (
    <UrlSwitch
      label={`${PLAN_LABELS[plan]} plan offered`}
      on={status.offered}
      href={href}
      canChange={canChange}
      testId={canChange ? "plan-switch" : undefined}
    />
  );
}

export function AdvantagePlans({
  plan,
  planHref,
  switchHref,
  states,
  turnaround,
  canOffer,
  canEditRates,
  sections,
  applyDefault,
  editing,
  editHref,
  scheduled,
  settings,
}: {
  plan: AdvantagePlanType;
  /** The link to a sub-tab (keeps the rest of the view). */
  planHref: (plan: AdvantagePlanType) => string;
  switchHref: string;
  states: Record<AdvantagePlanType, PlanStatus>;
  /** The turnaround row: the plan's standard days, or on Premium the client's saved TAT. */
  turnaround: PlanTurnaround;
  canOffer: boolean;
  canEditRates: boolean;
  sections: RateSection[];
  applyDefault: boolean;
  editing: RateTableEditing | null;
  editHref: (rowId: number) => string;
  /** This plan's changes scheduled to take effect later (decision 076), shown with the plan's card they change. */
  scheduled?: ReactNode;
  /** The premium Advantage Settings block. */
  settings: ReactNode;
}) {
  const status = states[plan];
  return (
    <Stack gap="md">
      <nav className="tab-nav" aria-label="Advantage plans">
        {ADVANTAGE_PLAN_TYPES.map((p) => (
          <Link key={p} to={planHref(p)} aria-current={p === plan ? "page" : undefined} preventScrollReset>
            {PLAN_LABELS[p]}
          </Link>
        ))}
      </nav>

      <Group gap="lg" aria-label="Plan status" role="group">
        {ADVANTAGE_PLAN_TYPES.map((p) => (
          <Text key={p} component="div" size="sm" data-testid={`plan-status-${p}`}>
            {PLAN_LABELS[p]}:{" "}
            <Badge variant="light" color={states[p].active ? "teal" : states[p].offered ? "indigo" : "gray"} tt="none">
              {planStatusText(states[p])}
            </Badge>
          </Text>
        ))}
      </Group>

      <Group gap="sm" align="center">
        <PlanSwitch plan={plan} status={status} href={switchHref} canChange={canOffer} />
        <Text size="sm" fw={600}>
          Enable {PLAN_LABELS[plan]} plan
        </Text>
        {status.active ? (
          <>
            <Badge color="teal" tt="none" data-testid="plan-activated">
              Activated
            </Badge>
            <Text size="sm" c="dimmed">
              {CHANGE_NOT_ALLOWED}
            </Text>
          </>
        ) : null}
      </Group>

      {/* docs/product.md §2.6: the settings come before the plan's rate card (a few thousand cells), not below it. */}
      {settings}

      <div className="table-scroll" tabIndex={0} role="region" aria-label="Plan turnaround and promise">
        <table className="plain-table plain-table-columns" style={{ maxWidth: 900 }}>
          <caption>Promise: {PLAN_PROMISE_PERCENT}% of shipments delivered within the turnaround</caption>
          <thead>
            <tr>
              <th scope="col">Turnaround</th>
              {ZONE_COLUMNS.map((z) => (
                <th key={z.key} scope="col">
                  {z.name} &apos;{z.label}&apos;
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr data-testid="plan-tat" data-source={turnaround.source}>
              <th scope="row">
                {turnaround.source === "client" ? "Days (this client's Advantage Settings)" : "Days (plan standard)"}
              </th>
              {ZONE_COLUMNS.map((z) => (
                <td key={z.key} data-zone={z.zone}>
                  {turnaround.days[z.zone]}
                </td>
              ))}
            </tr>
          </tbody>
        </table>
      </div>

      <Stack gap="xs">
        <Title order={2} size="h4">
          {PLAN_LABELS[plan]} plan rate card
        </Title>
        <Text size="sm" c="dimmed" data-testid="plan-card-mode">
          {applyDefault
            ? "This client uses the plan's default rates. The first saved edit gives the client its own copy (exclusive)."
            : "This client has its own (exclusive) copy of the plan's rates."}
        </Text>
      </Stack>
      {scheduled}
      {sections.every((s) => s.panels.length === 0) ? (
        <Text size="sm">This plan has no rates yet.</Text>
      ) : (
        <RatePanels sections={sections} showAll operation={canEditRates} editing={editing} editHref={editHref} />
      )}
    </Stack>
  );
}
